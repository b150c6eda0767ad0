// The fast path (gateway/fast-path/listener.ts) against the h3 path it stands in for: over real sockets, the same status
// line, header fields and bytes for every canonical URL and filtered query in every coding, HEAD and If-None-Match;
// canonical files (held or not yet) and filtered pages are answered without the app; everything else (errors
// included) reaches the app once, with its hit counted once whichever path it took; a store that counts elsewhere
// (no incrementNow) gives the same answers.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { rm } from 'node:fs/promises';
import { toNodeHandler } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../api/routes.ts';
import { resolveConfig } from '../../config/resolve.ts';
import { createApp, createGateway } from '../../gateway/app.ts';
import { createMemoryStore } from '../../gateway/rate-limit/stores/memory.ts';
import type { RateLimitStore } from '../../gateway/rate-limit/stores/types.ts';
import { createFastPath } from '../../gateway/fast-path/listener.ts';
import { createRateLimiter, type RateLimitResult } from '../../gateway/rate-limit/limiter.ts';
import type { ExportHolder } from '../../export/serve/export-holder.ts';
import { FIXTURE_SECRET, makeFixtureSite } from './fixtures/site.ts';
import { NOON, openHolder } from './helpers.ts';
import { listenOn, wire } from '../helpers/wire.ts';

let root: string;
let holder: ExportHolder;
const servers: Server[] = [];
const config = (anon = 100_000) => resolveConfig({ cursorSecret: FIXTURE_SECRET, rateLimitAnon: anon, rateLimitKey: 1_000_000 }, {});

beforeAll(async () => {
  root = await makeFixtureSite();
  holder = await openHolder(root);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  holder.stop();
  await rm(root, { recursive: true, force: true });
});

function listen(handler: (req: IncomingMessage, res: ServerResponse) => unknown): Promise<number> {
  return listenOn(servers, handler);
}

/** The fast path alone, with `next` recorded instead of reaching the app. */
function fastPathOnly(store: RateLimitStore = createMemoryStore({ windowMs: 60_000, clock: () => NOON })) {
  const handedOver: { url: string; counted: RateLimitResult | null }[] = [];
  const cfg = config();
  const limiter = createRateLimiter({ store, clock: () => NOON, apiKeys: cfg.apiKeys, anonLimit: cfg.rateLimitAnon, keyLimit: cfg.rateLimitKey });
  const handler = createFastPath({
    routes, basePath: '/api/v1', baseUrl: cfg.baseUrl, site: holder, limiter, clock: () => NOON, cachePolicy: { refreshHourUtc: 6, maxAgeCap: 86_400 } as never,
    trustProxyHops: 0, maxUrlBytes: cfg.http.maxUrlBytes,
    next(req, res, counted) {
      handedOver.push({ url: req.url!, counted });
      res.writeHead(599).end();
    },
  }).listener;
  return { handler, handedOver };
}

async function firstCursor(port: number): Promise<string> {
  const page = await wire(port, '/organizations');
  const cursor = (JSON.parse(page.body.toString()) as { next_cursor: string | null }).next_cursor;
  expect(cursor).toBeTruthy();
  return cursor!;
}

describe('the same bytes as the h3 path', () => {
  it('for every canonical URL in every coding, HEAD and revalidation', async () => {
    const deps = () => ({ config: config(), site: holder, clock: () => NOON, store: createMemoryStore({ windowMs: 60_000, clock: () => NOON }) });
    const fast = await listen(createGateway(deps()).listener);
    const slow = await listen(toNodeHandler(createApp(deps())));
    const cursor = await firstCursor(slow);
    const filteredCursor = (JSON.parse((await wire(slow, '/registrations?status=active&limit=2')).body.toString()) as { next_cursor: string }).next_cursor;
    expect(filteredCursor).toBeTruthy();
    // both servers have now answered two requests each: their counts stay in step below
    await wire(fast, '/organizations');
    await wire(fast, '/organizations');
    const urls = ['', '/', '/organizations', '/organizations?limit=100', `/organizations?cursor=${cursor}`, '/organizations/org-1',
      '/organizations/1', '/topics', '/openapi.json', '/people', '/organizations/', '/organizations?limit=2',
      '/organizations/no-such-org', '/organizations/org%2D1', '/organizations?cursor=bogus', '/organizations?owner=x',
      // filtered pages: a walk's second page, parameters in another order, a canonical query spelled otherwise, and
      // the engine's refusals (which the app answers)
      '/registrations?status=active&limit=2', `/registrations?status=active&limit=2&cursor=${filteredCursor}`,
      `/registrations?limit=2&cursor=${filteredCursor}&status=active`, '/registrations?limit=40&status=active', '/organizations?limit=100&',
      `/registrations?status=inactive&limit=2&cursor=${filteredCursor}`, '/registrations?limit=0', '/registrations?status=active&status=closed',
      '/registrations?status=', '/registrations?status=act+ive',
      // escapes in the query (read alike on both paths), one malformed, and one in a canonical spelling
      '/registrations?status=%61ctive&limit=2', '/organizations?q=%4Frg', '/organizations?q=%zz', '/organizations?limit=%31%30%30',
      // the search, on a site without search files: refused by the app on both paths
      '/search?q=housing', '/search?q=%22open'];
    const variants: [Record<string, string>, string][] = [[{}, 'GET'], [{ 'accept-encoding': 'gzip' }, 'GET'],
      [{ 'accept-encoding': 'br, gzip' }, 'GET'], [{ 'accept-encoding': 'gzip;q=0, identity' }, 'GET'], [{ 'accept-encoding': 'gzip' }, 'HEAD'],
      // an unknown key reads the address's budget and is answered 401 by the app's rules, on either path
      [{ 'x-api-key': 'not-a-key' }, 'GET']];
    let compared = 0;
    const statuses = new Map<string, number>();
    for (const url of urls) {
      for (const [headers, method] of variants) {
        const a = await wire(fast, url, headers, method);
        const b = await wire(slow, url, headers, method);
        expect(a, `${method} ${url} ${JSON.stringify(headers)}`).toEqual(b);
        if (method === 'GET' && !headers['x-api-key']) statuses.set(url, a.status);
        const etag = a.headers.find((h) => h.startsWith('etag: '))?.slice(6);
        if (a.status === 200 && etag) {
          const a304 = await wire(fast, url, { ...headers, 'if-none-match': etag }, method);
          expect(a304.status).toBe(304);
          expect(a304).toEqual(await wire(slow, url, { ...headers, 'if-none-match': etag }, method));
        }
        compared++;
      }
    }
    expect(compared).toBe(urls.length * variants.length);
    // the filtered queries exercised both answers and refusals
    expect(urls.slice(16, 20).map((u) => statuses.get(u))).toEqual([200, 200, 200, 200]);
    expect(statuses.get('/registrations?limit=0')).toBe(400);
    expect(statuses.get(`/registrations?status=inactive&limit=2&cursor=${filteredCursor}`)).toBe(400);
  });
});

describe('which requests the fast path answers', () => {
  it('answers canonical files itself, held or read on first demand, and hands the rest over counted once', async () => {
    const { handler, handedOver } = fastPathOnly();
    const port = await listen(handler);
    const pageCursor = await firstCursor(await listen(createGateway({ config: config(), site: holder }).listener));
    for (const url of ['/organizations', `/organizations?cursor=${pageCursor}`, '/organizations/org-1', '/organizations/org-2', '/topics', '', '/']) {
      for (let i = 0; i < 2; i++) expect((await wire(port, url, { 'accept-encoding': 'gzip' })).status, url).toBe(200);
    }
    expect(handedOver).toEqual([]);
    for (const url of ['/organizations?limit=2', '/registrations?status=active&limit=3', '/registrations?status=%61ctive']) {
      expect((await wire(port, url)).status, url).toBe(200);
    }
    expect(handedOver).toEqual([]);
    const others = ['/registrations?limit=0', '/organizations/no-such-org', '/organizations/org%2D1', '/organizations?cursor=bogus', '/organizations/'];
    for (const url of others) await wire(port, url);
    await wire(port, '/organizations', {}, 'OPTIONS');
    expect(handedOver.map((h) => h.url)).toEqual([...others, '/organizations'].map((u) => `/api/v1${u}`));
    // counted before handing over (the app then uses that count); targets it does not read (an escape) and the OPTIONS
    // preflight (which the app peeks) reach the app uncounted
    expect(handedOver.map((h) => h.counted?.remaining)).toEqual([100_000 - 18, 100_000 - 19, undefined, 100_000 - 20, 100_000 - 21, undefined]);
  });

  it('counts a store that counts elsewhere the same way (no answer within the turn)', async () => {
    const memory = createMemoryStore({ windowMs: 60_000, clock: () => NOON });
    const remote: RateLimitStore = { windowMs: memory.windowMs, increment: memory.increment, get: memory.get, resetKey: memory.resetKey, shutdown: memory.shutdown };
    const { handler, handedOver } = fastPathOnly(remote);
    const viaRemote = await listen(handler);
    const local = await listen(fastPathOnly().handler);
    for (const url of ['/organizations/org-1', '/organizations', '/topics']) {
      expect(await wire(viaRemote, url, { 'accept-encoding': 'gzip' })).toEqual(await wire(local, url, { 'accept-encoding': 'gzip' }));
    }
    await wire(viaRemote, '/organizations/no-such-org');
    expect(handedOver.map((h) => h.counted?.remaining)).toEqual([100_000 - 4]);
  });
});

it('one budget across both paths: the limit+1st request is a 429 whichever path would have answered it', async () => {
  const port = await listen(createGateway({ config: config(4), site: holder, clock: () => NOON }).listener);
  const seen: string[] = [];
  for (const url of ['/organizations/org-1', '/organizations?limit=2', '/organizations', '/organizations/no-such-org', '/organizations/org-1']) {
    const got = await wire(port, url);
    seen.push(`${got.status} ${got.headers.find((h) => h.startsWith('ratelimit: '))?.slice(11)}`);
  }
  expect(seen).toEqual(['200 "anonymous";r=3;t=60', '200 "anonymous";r=2;t=60', '200 "anonymous";r=1;t=60',
    '404 "anonymous";r=0;t=60', '429 "anonymous";r=0;t=60']);
});
