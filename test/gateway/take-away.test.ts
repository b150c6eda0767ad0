// The limits and the HTTP of whole answers (docs/take-away.md) on the e2e city: the row cap (400 too_many_rows naming
// the bulk file), the charge of a request per 500 rows (the RateLimit header, a 429 that spends nothing), HEAD, ETag
// and 304, CORS, Accept negotiation (through the fast path's listener too: a canonical URL asked for as CSV is not its
// JSON file), an unknown format, and paging parameters refused.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig, type Config } from '../../config/resolve.ts';
import { createExportHolder, type ExportHolder } from '../../export/serve/export-holder.ts';
import { createGateway } from '../../gateway/app.ts';
import { e2eConfig } from '../e2e/harness.ts';

const BASE = 'http://localhost/api/v1';
let city: Config;
let site: ExportHolder;
let rows: number;
let exportDate: string;
const servers: Server[] = [];

beforeAll(async () => {
  city = await e2eConfig();
  site = createExportHolder(city.siteRoot, { cursorSecret: city.cursorSecret, log: () => {} });
  await site.refresh();
  const res = await appWith({}).request(`${BASE}/communications?format=jsonl`);
  rows = (await res.text()).split('\n').length - 1;
  exportDate = site.current()!.manifest.export_date;
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  site.stop();
});

function gatewayWith(options: Partial<Pick<Config, 'rateLimitAnon' | 'takeAwayMaxRows'>>) {
  const config = resolveConfig({
    siteRoot: city.siteRoot, baseUrl: BASE, cursorSecret: city.cursorSecret, rateLimitAnon: 1_000_000, rateLimitKey: 1_000_000, ...options,
  }, {});
  return createGateway({ config, site, log: () => {} });
}

function appWith(options: Partial<Pick<Config, 'rateLimitAnon' | 'takeAwayMaxRows'>>) {
  const { app } = gatewayWith(options);
  return { request: (url: string, init: RequestInit = {}, ip = '192.0.2.50') => Promise.resolve(app.request(url, init, { clientAddress: ip } as never)) };
}

function remaining(res: Response): number {
  return Number(/;r=(\d+);/.exec(res.headers.get('ratelimit') ?? '')?.[1]);
}

describe('the row cap', () => {
  it('answers a larger answer 400 too_many_rows, naming the table\'s bulk file; a smaller one is served', async () => {
    expect(rows).toBeGreaterThan(500);
    const app = appWith({ takeAwayMaxRows: rows - 1 });
    const over = await app.request(`${BASE}/communications?format=csv`);
    expect(over.status).toBe(400);
    expect(over.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await over.json() as { error: string; message: string; licence: string };
    expect(body.error).toBe('too_many_rows');
    expect(body.message).toContain(`${BASE}/bulk/${exportDate}/communications.csv`);
    expect(body.licence).toBeTruthy();
    expect((await app.request(`${BASE}/communications?format=jsonl`)).status).toBe(400);
    const at = appWith({ takeAwayMaxRows: rows });
    expect((await at.request(`${BASE}/communications?format=csv`)).status).toBe(200);
  });
});

describe('the rate limit', () => {
  it('charges a request per 500 rows, and refuses an answer the window cannot pay for without spending it', async () => {
    const cost = Math.ceil(rows / 500);
    expect(cost).toBeGreaterThan(1);
    const limit = 2 * cost + 1;
    const app = appWith({ rateLimitAnon: limit });
    const first = await app.request(`${BASE}/communications?format=csv`, {}, '192.0.2.51');
    expect(first.status).toBe(200);
    await first.text();
    expect(remaining(first)).toBe(limit - cost);
    const second = await app.request(`${BASE}/communications?format=jsonl`, {}, '192.0.2.51');
    expect(remaining(second)).toBe(limit - 2 * cost);
    await second.text();
    // one request is left: this one takes it, and the further pages it would cost are not charged
    const third = await app.request(`${BASE}/communications?format=csv`, {}, '192.0.2.51');
    expect(third.status).toBe(429);
    const body = await third.json() as { error: string; message: string };
    expect(body.error).toBe('rate_limited');
    expect(body.message).toContain(`costs ${cost} requests`);
    expect(third.headers.get('retry-after')).toBe('60');
    // a JSON page costs one request, as ever: the window is now spent
    expect((await app.request(`${BASE}/communications`, {}, '192.0.2.51')).status).toBe(429);
  });

  it('says when an answer costs more than a whole minute\'s budget', async () => {
    const app = appWith({ rateLimitAnon: 1 });
    const res = await app.request(`${BASE}/communications?format=csv`, {}, '192.0.2.52');
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toContain('more than a whole minute\'s budget');
  });

  it('charges one request for an answer of at most 500 rows, HEAD and a 304', async () => {
    const app = appWith({ rateLimitAnon: 100 });
    const small = await app.request(`${BASE}/registrations?format=csv`, {}, '192.0.2.53');
    expect(remaining(small)).toBe(99);
    const head = await app.request(`${BASE}/communications?format=csv`, { method: 'HEAD' }, '192.0.2.53');
    expect(head.status).toBe(200);
    expect(remaining(head)).toBe(98);
    expect(await head.text()).toBe('');
    expect(head.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const etag = head.headers.get('etag')!;
    const again = await app.request(`${BASE}/communications?format=csv`, { headers: { 'if-none-match': etag } }, '192.0.2.53');
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(remaining(again)).toBe(97);
  });
});

describe('HTTP', () => {
  const app = () => appWith({});

  it('tags an answer by what it answers: the same query the same ETag, another filter or form another', async () => {
    const a = await app().request(`${BASE}/communications?format=csv`);
    const b = await app().request(`${BASE}/communications?format=csv`);
    const c = await app().request(`${BASE}/communications?format=jsonl`);
    const d = await app().request(`${BASE}/communications?format=csv&labels=1`);
    expect(await a.text()).toBe(await b.text());
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    expect(new Set([a, c, d].map((r) => r.headers.get('etag'))).size).toBe(3);
    expect(a.headers.get('access-control-allow-origin')).toBe('*');
    expect(a.headers.get('vary')).toBe('Accept, Accept-Encoding');
    expect(a.headers.get('link')).toContain('rel="license"');
  });

  it('answers what Accept prefers when no format is given', async () => {
    const as = async (accept: string) => (await app().request(`${BASE}/communications`, { headers: { accept } })).headers.get('content-type');
    expect(await as('text/csv')).toBe('text/csv; charset=utf-8');
    expect(await as('application/x-ndjson')).toBe('application/x-ndjson; charset=utf-8');
    expect(await as('application/json, text/csv')).toBe('application/json; charset=utf-8');
    expect(await as('text/csv;q=0.5, application/json')).toBe('application/json; charset=utf-8');
    expect(await as('text/html,application/xhtml+xml,*/*;q=0.8')).toBe('application/json; charset=utf-8');
    // format wins over Accept
    const page = await app().request(`${BASE}/communications?format=json`, { headers: { accept: 'text/csv' } });
    expect(((await page.json()) as { data: unknown[] }).data).toHaveLength(100);
  });

  it('answers an unknown format, and paging parameters with a whole answer, 400 with the error body', async () => {
    for (const [query, code] of [['format=xlsx', 'invalid_parameter'], ['format=', 'invalid_parameter'], ['format=csv&limit=10', 'invalid_parameter'],
      ['format=jsonl&cursor=abc', 'invalid_parameter'], ['format=csv&bogus=1', 'unknown_parameter']] as const) {
      const res = await app().request(`${BASE}/communications?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error, query).toBe(code);
    }
  });

  it('streams through the Node listener, where the fast path leaves a canonical URL asked for as CSV to the app', async () => {
    const { listener } = gatewayWith({});
    const server = createServer(listener);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const get = (path: string, headers: Record<string, string>) => new Promise<{ status: number; type: string; body: string; chunked: boolean; left: number }>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: `/api/v1${path}`, headers, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => { body += c; }).on('end', () => resolve({
          status: res.statusCode!, type: String(res.headers['content-type']), body, chunked: res.headers['transfer-encoding'] === 'chunked',
          left: Number(/;r=(\d+);/.exec(String(res.headers.ratelimit))?.[1]),
        }));
      }).on('error', reject).end();
    });
    const viaAccept = await get('/communications', { accept: 'text/csv' });
    const viaFormat = await get('/communications?format=csv', {});
    expect(viaAccept.type).toBe('text/csv; charset=utf-8');
    expect(viaAccept.chunked).toBe(true);
    expect(viaAccept.body).toBe(viaFormat.body);
    // the fast path counted the request before handing it over; the app charged the further pages on top
    expect(viaFormat.left).toBe(viaAccept.left - Math.ceil(rows / 500));
    expect((parse(viaAccept.body, { relax_column_count: true }) as unknown[]).length).toBe(rows + 3); // licence lines, header, rows
    expect((await get('/communications', {})).type).toBe('application/json; charset=utf-8');
  });
});
