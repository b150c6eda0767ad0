// /search and list `search` on the fast path (gateway/fast-path/listener.ts), over the e2e city's real search files:
// answered by the fast path itself, query escapes and all (a search's words and quotes are escaped), with the same
// status line, header fields and bytes as the h3 path in every coding, HEAD and revalidation, on a first page and
// the page after its cursor; a malformed query still reaches the app, which refuses it by its rules.
import type { Server } from 'node:http';
import { toNodeHandler } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../api/routes.ts';
import { createApp, createGateway } from '../../gateway/app.ts';
import { createFastPath } from '../../gateway/fast-path/listener.ts';
import { createRateLimiter } from '../../gateway/rate-limit/limiter.ts';
import { createMemoryStore } from '../../gateway/rate-limit/stores/memory.ts';
import { createExportHolder, type ExportHolder } from '../../export/serve/export-holder.ts';
import type { Config } from '../../config/resolve.ts';
import { listenOn, wire } from '../helpers/wire.ts';
import { e2eConfig } from './harness.ts';

const NOON = Date.parse('2026-01-15T12:00:00Z');
const servers: Server[] = [];
let config: Config;
let holder: ExportHolder;

beforeAll(async () => {
  config = { ...(await e2eConfig()), rateLimitAnon: 1_000_000, rateLimitKey: 1_000_000 };
  holder = createExportHolder(config.siteRoot, { cursorSecret: config.cursorSecret, log: () => {} });
  await holder.refresh();
}, 600_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  holder.stop();
});

// small pages, so most have a next page to walk to
const QUERIES = ['/search?q=housing&limit=3', '/search?q=housing%20transit&limit=2', '/search?q=%22quillan%20wharf%22&limit=2',
  '/search?q=park*%20-parking&limit=2', '/search?q=housing&type=registration%2Ccontract&limit=2', '/search?q=ave%20-ave',
  '/registrations?search=%22quillan%20wharf%22&limit=2', '/communications?search=housing&limit=2', '/agenda-items?search=quillan&limit=2',
  '/contracts?search=snow*%20-clearing&limit=2'];

describe('searches on the fast path', () => {
  it('are answered by it, escapes and all, with the bytes of the h3 path', async () => {
    const deps = () => ({ config, site: holder, clock: () => NOON, store: createMemoryStore({ windowMs: 60_000, clock: () => NOON }) });
    const fast = await listenOn(servers, createGateway(deps()).listener);
    const slow = await listenOn(servers, toNodeHandler(createApp(deps())));
    // the page after each first page's cursor too (asked of both, so their rate-limit counts stay in step)
    const urls = [...QUERIES];
    for (const q of QUERIES) {
      await wire(fast, q);
      const cursor = (JSON.parse((await wire(slow, q)).body.toString()) as { next_cursor: string | null }).next_cursor;
      if (cursor) urls.push(`${q}&cursor=${encodeURIComponent(cursor)}`);
    }
    expect(urls.length).toBeGreaterThan(QUERIES.length + 3);
    const variants: [Record<string, string>, string][] = [[{}, 'GET'], [{ 'accept-encoding': 'gzip' }, 'GET'], [{ 'accept-encoding': 'br, gzip' }, 'GET'],
      [{ 'accept-encoding': 'gzip' }, 'HEAD']];
    for (const url of urls) {
      for (const [headers, method] of variants) {
        const a = await wire(fast, url, headers, method);
        expect(a, `${method} ${url}`).toEqual(await wire(slow, url, headers, method));
        expect(a.status, url).toBe(200);
        const etag = a.headers.find((h) => h.startsWith('etag: '))!.slice(6);
        const again = await wire(fast, url, { ...headers, 'if-none-match': etag }, method);
        expect(again.status).toBe(304);
        expect(again).toEqual(await wire(slow, url, { ...headers, 'if-none-match': etag }, method));
      }
    }
  });

  it('are not handed to the app, while a malformed query is', async () => {
    const handedOver: string[] = [];
    const store = createMemoryStore({ windowMs: 60_000, clock: () => NOON });
    const limiter = createRateLimiter({ store, clock: () => NOON, apiKeys: config.apiKeys, anonLimit: 1_000_000, keyLimit: 1_000_000 });
    const { listener } = createFastPath({
      routes, basePath: '/api/v1', baseUrl: config.baseUrl, site: holder, limiter, clock: () => NOON,
      cachePolicy: { refreshHourUtc: 6, maxAgeCap: 86_400, errorMaxAge: 60 }, trustProxyHops: 0, maxUrlBytes: config.http.maxUrlBytes,
      next(req, res) {
        handedOver.push(req.url!);
        res.writeHead(599).end();
      },
    });
    const port = await listenOn(servers, listener);
    for (const url of QUERIES) expect((await wire(port, url, { 'accept-encoding': 'gzip' })).status, url).toBe(200);
    expect(handedOver).toEqual([]);
    for (const url of ['/search?q=%22open', '/search?q=', '/registrations?search=-only']) expect((await wire(port, url)).status, url).toBe(599);
    expect(handedOver).toEqual(['/search?q=%22open', '/search?q=', '/registrations?search=-only'].map((u) => `/api/v1${u}`));
  });
});
