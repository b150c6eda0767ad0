// Full-text search through the gateway on the e2e city: the lists' `search` filter (alone and with another filter,
// followed with cursors) against the index's own answer over the documents of the export's search files, GET /search's order,
// paging, types, snippets and URLs, and the 400s of malformed queries and of a cursor sent with another query.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TYPES } from '../../api/schemas/vocabulary.ts';
import { SEARCH_SOURCES } from '../../api/search/documents.ts';
import { buildSearchIndex } from '../../api/search/index.ts';
import { matchRows } from '../../api/search/match.ts';
import { parseSearch } from '../../api/search/query.ts';
import { exportLayout } from '../../export/layout.ts';
import { searchFileDocs, type SearchFile } from '../../export/search-file.ts';
import { e2eConfig, openE2eApp, type E2eApp } from './harness.ts';
import { walkAll } from './walk.ts';

type Hit = { type: string; id: string; title: string; snippet: string; field: string; score: number; url: string };
let gw: E2eApp;
const files = new Map<string, SearchFile>();

beforeAll(async () => {
  const config = await e2eConfig();
  gw = await openE2eApp();
  for (const s of SEARCH_SOURCES) {
    files.set(s.resource, searchFileDocs(readFileSync(path.join(config.siteRoot, 'current', exportLayout.searchIndex(s.resource)))));
  }
});

/** The ids a query finds in a list, in the list's order (its data file's rows). */
function expected(resource: string, q: string): string[] {
  const file = files.get(resource)!;
  return [...matchRows(buildSearchIndex(file), parseSearch(q))].map((row) => file.ids[row]!);
}

/** A word of the list's first rows that some rows have and others do not. */
function wordOf(resource: string): string {
  const file = files.get(resource)!;
  for (const row of file.rows) {
    for (const w of (row.find((t) => t)?.match(/\p{L}{5,}/gu) ?? [])) {
      const n = expected(resource, w).length;
      if (n > 1 && n < file.rows.length) return w;
    }
  }
  throw new Error(`${resource}: no word to search`);
}

async function walk(pathAndQuery: string, limit: number): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const sep = pathAndQuery.includes('?') ? '&' : '?';
    const { status, body }: { status: number; body: { data: Record<string, unknown>[]; next_cursor: string | null } } = await gw.json<{ data: Record<string, unknown>[]; next_cursor: string | null }>(
      `${pathAndQuery}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(status, pathAndQuery).toBe(200);
    out.push(...body.data);
    cursor = body.next_cursor;
    if (!cursor) return out;
  }
  throw new Error('cursor loop');
}

describe('search on the text-bearing lists', () => {
  const lists = SEARCH_SOURCES.filter((s) => s.listFilter);
  it.each(lists.map((s) => [s.resource]))('%s: the rows the index finds, in the list\'s order, page after page', async (resource) => {
    const word = wordOf(resource);
    const ids = (await walk(`/${resource}?search=${encodeURIComponent(word)}`, 7)).map((r) => String(r.id));
    expect(ids).toEqual(expected(resource, word));
  });

  it.each(lists.map((s) => [s.resource]))('%s: combines with another filter', async (resource) => {
    const word = wordOf(resource);
    const filter = { registrations: 'status=active', communications: 'from=2020-01-01', 'agenda-items': 'from=2020-01-01', applications: 'from=2020-01-01', contracts: 'from=2020-01-01' }[resource]!;
    const found = new Set(expected(resource, word));
    const filtered = (await walkAll(gw, `/${resource}?${filter}`)).map((r) => String(r.id)).filter((id) => found.has(id));
    const both = (await walk(`/${resource}?${filter}&search=${encodeURIComponent(word)}`, 5)).map((r) => String(r.id));
    expect(both).toEqual(filtered);
  });

  it.each(['', '""', '-', '-housing', '"unclosed', 'a'.repeat(201), 'w '.repeat(17)])('refuses %j with 400 invalid_search', async (q) => {
    const { status, body } = await gw.json<Record<string, unknown>>(`/registrations?search=${encodeURIComponent(q)}`);
    expect([status, body.error]).toEqual([400, 'invalid_search']);
    expect(Object.keys(body)).toEqual(['error', 'message', 'licence', 'attribution']);
  });
});

describe('GET /search', () => {
  it('ranks hits of every type by score, then type, then id, and pages through them with cursors', async () => {
    const word = wordOf('registrations');
    const all = (await walk(`/search?q=${encodeURIComponent(word)}`, 500)) as Hit[];
    const paged = (await walk(`/search?q=${encodeURIComponent(word)}`, 7)) as Hit[];
    expect(paged).toEqual(all);
    const total = SEARCH_SOURCES.reduce((n, s) => n + expected(s.resource, word).length, 0);
    expect(all.length).toBe(total);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      const order = a.score !== b.score ? a.score - b.score : SEARCH_TYPES.indexOf(a.type as never) - SEARCH_TYPES.indexOf(b.type as never);
      expect(order, `${a.type} ${a.id} before ${b.type} ${b.id}`).toBeGreaterThanOrEqual(0);
    }
    for (const hit of all.slice(0, 20)) {
      expect(hit.snippet).toMatch(/<mark>[^<]+<\/mark>/);
      expect(hit.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
      expect(hit.url.startsWith('http://localhost/api/v1/')).toBe(true);
      const { status } = await gw.json(hit.url.slice('http://localhost/api/v1'.length));
      expect([hit.url, status]).toEqual([hit.url, 200]);
    }
  });

  it('gives only the types asked for', async () => {
    const word = wordOf('agenda-items');
    const hits = (await walk(`/search?q=${encodeURIComponent(word)}&type=agenda_item,contract`, 500)) as Hit[];
    expect(new Set(hits.map((h) => h.type))).toEqual(new Set(['agenda_item', ...(expected('contracts', word).length ? ['contract'] : [])]));
    expect(hits.length).toBe(expected('agenda-items', word).length + expected('contracts', word).length);
  });

  it('binds a cursor to its query', async () => {
    const word = wordOf('registrations');
    const { body } = await gw.json<{ next_cursor: string }>(`/search?q=${encodeURIComponent(word)}&limit=1`);
    expect(body.next_cursor).toBeTruthy();
    const other = await gw.json<{ error: string }>(`/search?q=${encodeURIComponent(`${word} x`)}&limit=1&cursor=${encodeURIComponent(body.next_cursor)}`);
    expect([other.status, other.body.error]).toEqual([400, 'invalid_cursor']);
  });

  it.each([['q='], ['q=%22open'], ['q=-x'], ['q=a&type=vote'], ['type=person'], ['q=a&sort=score']])('refuses %s with a 400', async (query) => {
    const { status, body } = await gw.json<Record<string, unknown>>(`/search?${query}`);
    expect(status).toBe(400);
    expect(['invalid_search', 'invalid_parameter', 'unknown_parameter']).toContain(body.error);
  });
});

describe('the search files and the file cache', () => {
  it('are read once to build the indexes and never kept in the cache of files to send', async () => {
    const { createExportHolder } = await import('../../export/serve/export-holder.ts');
    const { createApp } = await import('../../gateway/app.ts');
    const config = await e2eConfig();
    const site = createExportHolder(config.siteRoot, { cursorSecret: config.cursorSecret, log: () => {} });
    await site.refresh();
    const app = createApp({ config, site, log: () => {} });
    const res = await app.request('http://localhost/api/v1/search?q=housing', {}, { clientAddress: '192.0.2.8' } as never);
    expect(res.status).toBe(200);
    const opened = site.current()!;
    for (const s of SEARCH_SOURCES) {
      expect(opened.files.has(exportLayout.searchIndex(s.resource)), s.resource).toBe(true);
      expect(opened.peek(exportLayout.searchIndex(s.resource), null), s.resource).toBeUndefined();
    }
  });
});
