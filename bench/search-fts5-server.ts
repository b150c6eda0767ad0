// The reference a search benchmark is compared with: a bare node:http server answering the same /search and list
// `search` requests from SQLite FTS5 (better-sqlite3, `porter unicode61 remove_diacritics 2`) over the same search
// documents, one table per searchable list. /search: each table's best `limit` hits by bm25() with the same column
// weights, merged, with snippet(); a list: the page the gateway answers, the first `limit` matching rows' public
// records in the list's order (its rows' order in the export) with a signed cursor, licence and attribution. Each
// answer is gzipped at the gateway's level for computed answers when the request accepts gzip, so both servers send
// the same kind of bytes. Started by bench/search.ts in its own process (SEARCH_EXPORT: the export folder; PORT,
// default any free one, which it prints).
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { tableFromIPC } from 'apache-arrow';
import Database from 'better-sqlite3';
import { ATTRIBUTION, LICENCE } from '../api/licence.ts';
import { SEARCH_SOURCES } from '../api/search/documents.ts';
import { exportLayout } from '../export/layout.ts';
import { searchFileDocs } from '../export/search-file.ts';

/** The gateway's gzip level for answers it computes (export/representations.ts, 'dynamic'). */
const GZIP_LEVEL = 3;
const secret = 'fts5-reference';

const dir = process.env.SEARCH_EXPORT!;
const db = new Database(':memory:');
const tables = SEARCH_SOURCES.map((source, t) => {
  const file = searchFileDocs(readFileSync(path.join(dir, exportLayout.searchIndex(source.resource))));
  const cols = file.fields.map((_, i) => `f${i}`);
  db.exec(`create virtual table t${t} using fts5(${cols.join(', ')}, tokenize='porter unicode61 remove_diacritics 2')`);
  const insert = db.prepare(`insert into t${t}(rowid, ${cols.join(', ')}) values (?, ${cols.map(() => '?').join(', ')})`);
  db.transaction(() => file.rows.forEach((row, i) => insert.run(i, ...row)))();
  // a list's public records, row r of its Arrow file being row r of its search file
  if (source.listFilter) {
    const records = tableFromIPC(readFileSync(path.join(dir, exportLayout.data(source.resource)))).getChild('_json')!;
    if (records.length !== file.rows.length) throw new Error(`${source.resource}: ${records.length} records for ${file.rows.length} search rows`);
    db.exec(`create table r${t}(json text not null)`);
    const add = db.prepare(`insert into r${t}(rowid, json) values (?, ?)`);
    db.transaction(() => { for (let i = 0; i < records.length; i++) add.run(i, records.get(i)); })();
  }
  const weights = source.fields.map((f) => f.weight).join(', ');
  return {
    source, file,
    hits: db.prepare(`select rowid as r, -bm25(t${t}, ${weights}) as s, snippet(t${t}, -1, '<mark>', '</mark>', '…', 28) as snip
      from t${t} where t${t} match ? order by bm25(t${t}, ${weights}) limit ?`),
    page: source.listFilter ? db.prepare(`select rowid as r, json from r${t} where rowid in
      (select rowid from t${t} where t${t} match ? order by rowid limit ?) order by rowid`) : null,
  };
});

/** Our query language in FTS5's syntax: each term quoted (FTS5 tokenizes it), prefixes starred, exclusions after NOT. */
function toFts5(q: string): string {
  const parts = q.match(/-?"[^"]*"|-?[^\s"]+/g) ?? [];
  const quote = (p: string) => { const body = p.replace(/^-/, ''); const prefix = body.endsWith('*'); const inner = body.replace(/^"|"$|\*+$/g, ''); return `"${inner.replace(/"/g, '""')}"${prefix ? '*' : ''}`; };
  const wanted = parts.filter((p) => !p.startsWith('-')).map(quote);
  return [`(${wanted.join(' AND ')})`, ...parts.filter((p) => p.startsWith('-')).map((p) => `NOT ${quote(p)}`)].join(' ');
}

const server = createServer((req, res) => {
  const url = new URL(req.url!, 'http://x');
  const limit = Number(url.searchParams.get('limit') ?? 100);
  let body: unknown;
  if (url.pathname.endsWith('/search')) {
    const match = toFts5(url.searchParams.get('q') ?? '');
    const all = tables.flatMap((t) => (t.hits.all(match, limit) as { r: number; s: number; snip: string }[]).map((h) => ({
      type: t.source.type, id: t.file.ids[h.r], title: t.file.titles[h.r], snippet: h.snip, score: h.s, url: t.file.paths[h.r],
    })));
    body = { data: all.sort((a, b) => b.score - a.score).slice(0, limit), limit };
  } else {
    const t = tables.find((x) => url.pathname.endsWith(`/${x.source.resource}`))!;
    const rows = t.page!.all(toFts5(url.searchParams.get('search') ?? ''), limit + 1) as { r: number; json: string }[];
    const shown = rows.slice(0, limit);
    const next = rows.length > limit ? _cursor(url.search, shown.at(-1)!.r) : null;
    body = `{"data":[${shown.map((r) => r.json).join(',')}],"next_cursor":${JSON.stringify(next)},"limit":${limit},`
      + `"licence":${JSON.stringify(LICENCE)},"attribution":${JSON.stringify(ATTRIBUTION)}}`;
  }
  const json = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
  res.end(gzip ? gzipSync(json, { level: GZIP_LEVEL }) : json);
});

/** A keyset cursor as the gateway's: the last row and the query, signed. */
function _cursor(query: string, row: number): string {
  const payload = Buffer.from(JSON.stringify([row, query])).toString('base64url');
  return `${payload}.${createHmac('sha256', secret).update(payload).digest().subarray(0, 16).toString('base64url')}`;
}
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`listening on ${(server.address() as { port: number }).port}`));
