// The reference a search benchmark is compared with: a bare node:http server answering the same /search and list
// `search` requests from SQLite FTS5 (better-sqlite3, `porter unicode61 remove_diacritics 2`) over the same search
// documents, one table per searchable list. /search: each table's best `limit` hits by bm25() with the same column
// weights, merged, with snippet(); a list: the first `limit` matching rows' ids and titles in row order. Started by
// bench/search.ts in its own process (SEARCH_EXPORT: the export folder; PORT, default any free one, which it prints).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SEARCH_SOURCES } from '../api/search/documents.ts';
import { exportLayout } from '../export/layout.ts';
import { searchFileDocs } from '../export/search-file.ts';

const dir = process.env.SEARCH_EXPORT!;
const db = new Database(':memory:');
const tables = SEARCH_SOURCES.map((source, t) => {
  const file = searchFileDocs(readFileSync(path.join(dir, exportLayout.searchIndex(source.resource))));
  const cols = file.fields.map((_, i) => `f${i}`);
  db.exec(`create virtual table t${t} using fts5(${cols.join(', ')}, tokenize='porter unicode61 remove_diacritics 2')`);
  const insert = db.prepare(`insert into t${t}(rowid, ${cols.join(', ')}) values (?, ${cols.map(() => '?').join(', ')})`);
  db.transaction(() => file.rows.forEach((row, i) => insert.run(i, ...row)))();
  const weights = source.fields.map((f) => f.weight).join(', ');
  return {
    source, file,
    hits: db.prepare(`select rowid as r, -bm25(t${t}, ${weights}) as s, snippet(t${t}, -1, '<mark>', '</mark>', '…', 28) as snip
      from t${t} where t${t} match ? order by bm25(t${t}, ${weights}) limit ?`),
    rows: db.prepare(`select rowid as r from t${t} where t${t} match ? order by rowid limit ?`),
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
    const rows = t.rows.all(toFts5(url.searchParams.get('search') ?? ''), limit) as { r: number }[];
    body = { data: rows.map((r) => ({ id: t.file.ids[r.r], title: t.file.titles[r.r] })), limit };
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`listening on ${(server.address() as { port: number }).port}`));
