// Fuzzing the app through app.fetch over the e2e city, bounded and seeded so every run sends the same
// 3,000 requests: registry paths with real and mutated ids, valid and broken parameters, real, altered and foreign
// cursors, whole-answer formats (format=, Accept), odd encodings, methods and headers. Never a 5xx; every 4xx carries the error body; a detail request
// answers 200 exactly when its decoded id is a published name and 404 otherwise (no look-alike is ever served).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { routes } from '../../api/routes.ts';
import type { DetailRoute, ListRoute, Route, SearchRoute } from '../../api/routes/types.ts';
import { createApp } from '../../gateway/app.ts';
import { createExportHolder } from '../../export/serve/export-holder.ts';
import { e2eCity } from '../e2e/city.ts';
import { expectErrorBody, publishedNames, seeded, type Rng } from './fuzz-helpers.ts';

const REQUESTS = 3_000;
const ORIGIN = 'http://localhost';
let app: ReturnType<typeof createApp>;
let names: Map<string, Set<string>>;
let cursors: string[];
const logged: unknown[] = [];

beforeAll(async () => {
  const config = await e2eCity();
  const holder = createExportHolder(config.siteRoot, { cursorSecret: config.cursorSecret, log: () => {} });
  await holder.refresh();
  app = createApp({ config, site: holder, log: (_m, e) => logged.push(e) });
  const dir = path.join(config.siteRoot, 'current');
  names = new Map(routes.filter((r): r is DetailRoute => r.kind === 'detail').map((r) => [r.path, publishedNames(dir, r)]));
  // real cursors: the canonical walk's page files, plus next_cursor of a filtered page of each list
  const manifest = JSON.parse(readFileSync(path.join(dir, '_manifest.json'), 'utf8')) as { files: Record<string, unknown> };
  cursors = Object.keys(manifest.files).filter((f) => f.includes('/_pages/')).map((f) => path.basename(f, '.json'));
  for (const r of routes.filter((x): x is ListRoute => x.kind === 'list')) {
    const body = (await (await app.fetch(new Request(`${ORIGIN}/api/v1${r.path}?limit=3`))).json()) as { next_cursor?: string };
    if (body.next_cursor) cursors.push(body.next_cursor);
  }
  for (const q of ['housing', 'hous*']) {
    const body = (await (await app.fetch(new Request(`${ORIGIN}/api/v1/search?q=${q}&limit=2`))).json()) as { next_cursor?: string };
    if (body.next_cursor) cursors.push(body.next_cursor);
  }
});

it(`answers ${REQUESTS} fuzzed requests without a 5xx, each 4xx with the error body`, async () => {
  const rng = seeded(20261124);
  const statuses = new Map<number, number>();
  // earlier 200 answers, replayed now and then as a client revalidating its copy: same request, its ETag → 304
  const seen: { url: string; headers: Record<string, string>; etag: string }[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const replay = seen.length && rng.chance(0.03) ? rng.pick(seen) : null;
    const { url, init, expectDetail } = replay
      ? { url: replay.url, init: { method: 'GET', headers: { ...replay.headers, 'if-none-match': replay.etag } }, expectDetail: null }
      : fuzzRequest(rng);
    const what = `#${i} ${init.method} ${url.slice(0, 200)}`;
    const res = await app.fetch(new Request(url, init));
    const body = await res.text();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    expect(res.status, what).toBeLessThan(500);
    if (replay) expect(res.status, `${what} (revalidated with its own ETag)`).toBe(304);
    const etag = res.headers.get('etag');
    if (!replay && res.status === 200 && init.method === 'GET' && etag && seen.length < 500) {
      seen.push({ url, headers: init.headers as Record<string, string>, etag });
    }
    if (res.status >= 400) {
      if (init.method === 'HEAD') expect(res.headers.get('content-type'), what).toBe('application/json; charset=utf-8');
      else expectErrorBody(res.status, res.headers.get('content-type'), body, what);
    }
    if (expectDetail !== null) expect(res.status, `${what} (published: ${expectDetail})`).toBe(expectDetail ? 200 : 404);
    // a whole answer asked for by format is that form, whatever Accept says
    const format = /[?&]format=(csv|jsonl)(&|$)/.exec(url)?.[1];
    if (res.status === 200 && format) {
      expect(res.headers.get('content-type'), what).toBe(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
      if (format === 'csv' && init.method === 'GET') expect(body.startsWith('Licence: '), what).toBe(true);
    }
  }
  expect(logged).toEqual([]);
  // the fuzzer reaches every family of answer (a generator that only made 404s would prove little)
  for (const status of [200, 304, 400, 401, 404, 405, 414]) expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(10);
});

/** One request: a registry route (or none), a path with a real or mutated id, parameters, method and headers. */
function fuzzRequest(rng: Rng): { url: string; init: RequestInit & { method: string }; expectDetail: boolean | null } {
  const route: Route = rng.pick(routes);
  const headers: Record<string, string> = {};
  const method = rng.chance(0.8) ? rng.pick(['GET', 'GET', 'GET', 'HEAD']) : rng.pick(['OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'FOO', 'get', 'PROPFIND', 'M-SEARCH']);
  let pathPart = route.path;
  let detailId: string | null = null;
  if (route.kind === 'detail') {
    const segment = idSegment(rng, names.get(route.path)!);
    pathPart = route.path.replace('{id}', segment);
    detailId = decodeOrNull(segment);
  }
  const prefixed = rng.chance(0.05);
  if (prefixed) pathPart = rng.pick(['', '/', '//', '/..', '/%2e%2e/', '/people/1/2', '/nope', `/${'x'.repeat(rng.int(1, 9000))}`]) + pathPart;
  const query = route.kind === 'list' || route.kind === 'search' ? listQuery(rng, route) : rng.chance(0.1) ? `?${rng.pick(['a=1', 'limit=5', 'cursor=x', '%zz', '&&', '='])}` : '';
  // headers clients send, and some they should not
  if (rng.chance(0.5)) headers['accept-encoding'] = rng.pick(['br', 'gzip', 'gzip, deflate, br', 'identity', '*', 'br;q=0, gzip;q=0', 'x;q=abc', '']);
  if (rng.chance(0.1)) headers['if-none-match'] = rng.pick(['*', '"abc"', 'W/"x", "y"', '""', 'garbage']);
  if (rng.chance(0.05)) headers['x-api-key'] = rng.pick(['', 'k', 'x'.repeat(500), 'cl\xe9']);
  if (rng.chance(0.1)) headers['x-forwarded-for'] = rng.pick(['::ffff:198.51.100.9', '1.2.3.4, 5.6.7.8', 'garbage', '[::1]:80', '999.1.1.1']);
  if (rng.chance(0.05)) headers.range = 'bytes=0-10';
  if (rng.chance(0.05)) headers.origin = 'https://example.org';
  if (rng.chance(0.1)) headers.accept = rng.pick(['text/csv', 'application/x-ndjson', 'text/csv;q=0.5, application/json', '*/*', 'text/*', 'csv;;q=x', '']);
  const url = `${ORIGIN}/api/v1${pathPart}${query}`;
  // the oracle: a GET/HEAD of a detail path with a well-formed id and nothing else in the way
  const plain = route.kind === 'detail' && !prefixed && (method === 'GET' || method === 'HEAD')
    && headers['x-api-key'] === undefined && headers['if-none-match'] === undefined && url.length < 4000;
  const expectDetail = plain && detailId !== null && !['', '.', '..'].includes(detailId) ? names.get(route.path)!.has(detailId) : null;
  return { url, init: { method, headers }, expectDetail };
}

/** A detail id segment: a published name as is, encoded or mutated, or a made-up one. */
function idSegment(rng: Rng, published: Set<string>): string {
  const real = rng.pick([...published]);
  const enc = encodeURIComponent(real);
  switch (rng.int(0, 9)) {
    case 0: return enc;
    case 1: return rng.pick(['-', '+', '0', ' ', '%20', '%00', '%27', '%22', '.', '%2F', '%C2%A0', '%E2%80%8B']) + enc;
    case 2: return enc + rng.pick(['-', '0', '%20', '%00', '%27', '%22', '%0A', '.json', '.', '%2F', ';', '%3B', '~', '%EF%BC%91']);
    case 3: return encodeURIComponent(rng.chance(0.5) ? real.toUpperCase() : real.toLowerCase());
    case 4: return [...enc].map((c) => (/[A-Za-z0-9]/.test(c) && rng.chance(0.2) ? `%${c.charCodeAt(0).toString(16)}` : c)).join('');
    case 5: return encodeURIComponent(enc); // double-encoded
    case 6: return rng.pick(['index', '_pages', '..%2F_manifest', '%2e%2e', '_data', 'null', 'undefined', '%', '%zz', '%E0%A4%A']);
    case 7: return String(rng.int(-5, 100000));
    case 8: return enc.slice(0, Math.max(1, enc.length - 1));
    default: return encodeURIComponent(String.fromCharCode(...Array.from({ length: rng.int(1, 12) }, () => rng.int(1, 0x2fff))));
  }
}

/** A query string for a list route or /search: valid and broken filters, full-text queries, limits and cursors,
 *  repeated and unknown parameters. */
function listQuery(rng: Rng, route: ListRoute | SearchRoute): string {
  const parts: string[] = [];
  for (let n = rng.int(0, 3) + (route.kind === 'search' && rng.chance(0.8) ? 1 : 0); n > 0; n--) {
    const param = route.kind === 'search' && n === 1 && !parts.some((p) => p.startsWith('q=')) ? route.params[0]! : rng.pick(route.params);
    const valid = param.search ? rng.pick(SEARCH_QUERIES) : param.name === 'type' && route.kind === 'search' ? rng.pick(['person', 'registration,site', 'contract,agenda_item,application', 'vote', 'person,'])
      : param.enum ? rng.pick(param.enum) : param.format === 'date' ? '2024-02-29' : param.type === 'integer' ? String(rng.int(0, 50)) : 'a';
    const value = rng.chance(0.6) ? valid : rng.pick(['', '-1', '2023-02-30', '2023-1-1', 'abc', '99999999999', '%00', '%ZZ', 'x'.repeat(300), 'é', '1e3', ' 1']);
    parts.push(`${param.name}=${value.startsWith('%') ? value : encodeURIComponent(value)}`);
    if (rng.chance(0.05)) parts.push(`${param.name}=${encodeURIComponent(valid)}`); // repeated
  }
  if (rng.chance(0.3)) parts.push(`limit=${rng.pick(['1', '7', '100', '500', '0', '501', '-1', 'ten', '1.5', ''])}`);
  if (rng.chance(0.35) && cursors.length > 0) {
    const c = rng.pick(cursors);
    const cursor = rng.pick([c, c, c.slice(0, -1), `${c}A`, c.replace('.', ''), c.toUpperCase(), '', 'bogus.bogus', `${c}.${c}`]);
    parts.push(`cursor=${cursor}`);
  }
  if (rng.chance(0.2)) parts.push(`format=${rng.pick(['csv', 'csv', 'jsonl', 'jsonl', 'json', 'CSV', 'xml', '', 'csv%00', '%63sv'])}`);
  if (rng.chance(0.05)) parts.push(rng.pick(['unknown=1', 'LIMIT=5', '=', '&', 'a', '%3D=1']));
  if (rng.chance(0.02)) parts.push(`pad=${'p'.repeat(rng.int(7000, 12000))}`);
  return parts.length ? `?${parts.join('&')}` : rng.chance(0.1) ? '?' : '';
}

/** Full-text queries, readable and not: words, phrases, prefixes, exclusions, accents, operators alone. */
const SEARCH_QUERIES = [
  'housing', 'Housing TRANSIT', '"ontario place"', 'hous*', 'park -lane', 'café', 'rooming-houses', '-x', '"open', '*', '""',
  '- - -', 'a "b c" d* -e', '"', 'x'.repeat(199), 'w '.repeat(17), '\u0000', 'é*', '**', '"-"', 'ﬁre', '1990s',
];

function decodeOrNull(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
