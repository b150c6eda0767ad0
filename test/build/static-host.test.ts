// The static host for real: the nginx configuration the build writes (build/host/nginx.ts), run by a real nginx in
// front of a real gateway over the e2e sample city. Every canonical URL answers byte-identical bodies with the same
// content type, coding, ETag, CORS, Vary, X-Export-Id and Cache-Control through nginx (from files: no RateLimit
// headers) and through the gateway alone, in identity, gzip and br; everything else is proxied; and rate limiting
// sees the client's own address through the proxy (TRUST_PROXY_HOPS=1).
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportLayout, type ExportManifest } from '../../export/layout.ts';
import { canonicalUrls } from '../../export/canonical-urls.ts';
import { nginxSiteConfig, STATIC_CORS } from '../../build/host/nginx.ts';
import { NGINX_CONF } from '../../build/host/write.ts';
import { CORS_HEADERS } from '../../gateway/http/cors.ts';
import { startServer, type GatewayServer } from '../../gateway/server.ts';
import { e2eCity } from '../e2e/city.ts';
import { startNginx, type NginxServer } from '../helpers/nginx-server.ts';
import { freePort } from '../helpers/redis-server.ts';

const KEY = 'static-host-test-key';
let gateway: GatewayServer;
let nginx: NginxServer;
let nginxRoot: string;
let manifest: ExportManifest;
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

beforeAll(async () => {
  const city = await e2eCity();
  const exportDir = await import('node:fs/promises').then((fs) => fs.realpath(path.join(city.siteRoot, 'current')));
  manifest = JSON.parse(await readFile(path.join(exportDir, exportLayout.manifest), 'utf8')) as ExportManifest;
  gateway = await startServer({
    SITE_DIR: city.siteRoot, CURSOR_SECRET: city.cursorSecret, BASE_URL: city.baseUrl, PORT: '0', HOST: '127.0.0.1',
    TRUST_PROXY_HOPS: '1', RATE_LIMIT_ANON: '3', API_KEYS: KEY, RATE_LIMIT_KEY: '1000000',
  }, { quiet: true, signals: false, warm: false });
  const port = await freePort();
  nginxRoot = `http://127.0.0.1:${port}`;
  nginx = await startNginx(nginxSiteConfig({
    exportDir, exportId: manifest.export_id, basePath: new URL(city.baseUrl).pathname.replace(/\/$/, ''),
    gateway: `127.0.0.1:${gateway.address.port}`, listen: `127.0.0.1:${port}`, serverName: 'localhost', refreshHourUtc: 6,
  }), port);
}, 600_000);
afterAll(async () => {
  await nginx?.stop();
  await gateway?.close();
  agent.destroy();
});

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

function get(url: string, headers: Record<string, string> = {}, options: { method?: string; localAddress?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: options.localAddress ? false : agent, method: options.method ?? 'GET', headers, localAddress: options.localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject).end();
  });
}

const SAME = ['content-type', 'content-encoding', 'content-length', 'etag', 'vary', 'x-export-id',
  'access-control-allow-origin', 'access-control-expose-headers', 'last-modified'] as const;

/** The headers both must agree on; Cache-Control as its directives, max-age within 3 s (the two answers differ in time). */
function comparable(a: Answer) {
  const cc = String(a.headers['cache-control'] ?? '').split(',').map((d) => d.trim()).filter(Boolean);
  const maxAge = Number(cc.find((d) => d.startsWith('max-age='))?.slice(8) ?? NaN);
  return {
    status: a.status,
    ...Object.fromEntries(SAME.map((h) => [h, a.headers[h]])),
    cacheControl: cc.filter((d) => !d.startsWith('max-age=')).sort(),
    maxAge,
  };
}

it('is written by the build beside the exports, naming the live export', async () => {
  const city = await e2eCity();
  const written = await readFile(path.join(city.siteRoot, NGINX_CONF), 'utf8');
  expect(written).toContain(`root ${path.resolve(city.siteRoot, manifest.export_id)};`);
  expect(written).toContain(`add_header X-Export-Id "${manifest.export_id}" always;`);
  expect(written).toContain(`server ${city.host}:${city.port};`);
  // the headers a file answer repeats are the gateway's own
  for (const [name, value] of Object.entries(CORS_HEADERS)) expect(STATIC_CORS[name.replace(/(^|-)[a-z]/g, (c) => c.toUpperCase()) as keyof typeof STATIC_CORS]).toBe(value);
});

it('answers every canonical URL from files exactly as the gateway does', async () => {
  const base = new URL(gateway.url).pathname;
  const urls = canonicalUrls(manifest);
  expect(urls.length).toBeGreaterThan(200);
  expect(urls.some((u) => u.url.includes('?cursor='))).toBe(true);
  // the charts too (docs/charts.md): the insight's own and the per-key ones
  expect(urls.some((u) => u.url === '/insights/mayor-share/chart.svg')).toBe(true);
  expect(urls.some((u) => /^\/insights\/topic-volume\/topics\/[a-z_]+\/chart\.vl\.json$/.test(u.url))).toBe(true);
  const codings: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'gzip, deflate, br' }];
  let compared = 0;
  for (const { url } of urls) {
    for (const coding of codings) {
      const [viaNginx, direct] = await Promise.all([get(`${nginxRoot}${base}${url}`, coding), get(`${gateway.url}${url}`, { ...coding, 'x-api-key': KEY })]);
      if (viaNginx.headers.ratelimit !== undefined) throw new Error(`${url} was proxied, not served from a file:\n${await nginx.errors()}`);
      expect(viaNginx.status, url).toBe(200);
      const [n, d] = [comparable(viaNginx), comparable(direct)];
      expect({ url, ...n, maxAge: 0 }).toEqual({ url, ...d, maxAge: 0 });
      expect(Math.abs(n.maxAge - d.maxAge), `${url} max-age ${n.maxAge} vs ${d.maxAge}`).toBeLessThanOrEqual(3);
      if (!viaNginx.body.equals(direct.body)) throw new Error(`${url} (${JSON.stringify(coding)}): bodies differ`);
      compared++;
    }
  }
  expect(compared).toBe(urls.length * 3);
  // the feeds are among them, served as Atom and OPML with the writer's twins and validators
  const feed = urls.find((u) => u.url === '/feeds/registrations.atom')!;
  expect(feed).toBeDefined();
  expect(urls.some((u) => u.url === '/feeds') && urls.some((u) => u.url === '/feeds.opml')).toBe(true);
  const atom = await get(`${nginxRoot}${base}${feed.url}`, { 'accept-encoding': 'br' });
  expect([atom.headers['content-type'], atom.headers['content-encoding']]).toEqual(['application/atom+xml; charset=utf-8', 'br']);
  expect((await get(`${nginxRoot}${base}${feed.url}`, { 'accept-encoding': 'br', 'if-none-match': String(atom.headers.etag) })).status).toBe(304);
  expect((await get(`${nginxRoot}${base}/feeds.opml`)).headers['content-type']).toBe('text/x-opml; charset=utf-8');
  // an SVG chart is image/svg+xml from the file as from the gateway (compared above), never JSON
  expect((await get(`${nginxRoot}${base}/insights/mayor-share/chart.svg`)).headers['content-type']).toBe('image/svg+xml');
  // the writer's twins are what is sent
  const big = urls.find((u) => manifest.files[`${u.file}.br`])!;
  expect((await get(`${nginxRoot}${base}${big.url}`, { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
  // validators work from the file too
  const first = await get(`${nginxRoot}${base}${big.url}`, { 'accept-encoding': 'gzip' });
  expect((await get(`${nginxRoot}${base}${big.url}`, { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) })).status).toBe(304);
});

it('sends everything that is not canonical to the gateway', async () => {
  const base = new URL(gateway.url).pathname;
  const list = canonicalUrls(manifest).find((u) => u.file.endsWith('/index.json') && !u.url.includes('/insights'))!.url;
  const detail = canonicalUrls(manifest).find((u) => !u.file.endsWith('index.json') && !u.url.includes('?') && u.url.split('/').length === 3)!.url;
  for (const [url, method] of [[`${list}?limit=5`, 'GET'], [`/topics?limit=100`, 'GET'], [`${detail}?limit=100`, 'GET'], [`${detail}.json`, 'GET'], [`${list}/index`, 'GET'],
    ['/no-such-route', 'GET'], [`${list}?cursor=bad.cursor`, 'GET'], [list, 'OPTIONS'], [list, 'DELETE']] as const) {
    const headers = { 'x-api-key': KEY, origin: 'https://example.org', 'access-control-request-method': 'GET' };
    const [viaNginx, direct] = await Promise.all([get(`${nginxRoot}${base}${url}`, headers, { method }), get(`${gateway.url}${url}`, headers, { method })]);
    expect(viaNginx.headers.ratelimit, `${method} ${url} proxied`).toBeDefined();
    expect([viaNginx.status, viaNginx.body.toString()], `${method} ${url}`).toEqual([direct.status, direct.body.toString()]);
  }
  // a canonical list URL asked for whole by Accept is the gateway's CSV, not the page file
  for (const accept of ['text/csv', 'application/x-ndjson']) {
    const headers = { accept, 'x-api-key': KEY };
    const [viaNginx, direct] = await Promise.all([get(`${nginxRoot}${base}/communications`, headers), get(`${gateway.url}/communications`, headers)]);
    expect(String(viaNginx.headers['content-type']), accept).toBe(`${accept}; charset=utf-8`);
    expect(viaNginx.body.equals(direct.body), accept).toBe(true);
  }
});

it('rate limits the client nginx saw, not nginx (TRUST_PROXY_HOPS=1)', async () => {
  const base = new URL(gateway.url).pathname;
  const list = canonicalUrls(manifest).find((u) => u.file.endsWith('/index.json') && !u.url.includes('/insights'))!.url;
  const filtered = `${nginxRoot}${base}${list}?limit=7`;
  const from = (localAddress: string, headers: Record<string, string> = {}) => get(filtered, headers, { localAddress }).then((a) => a.status);
  expect([await from('127.0.0.2'), await from('127.0.0.2'), await from('127.0.0.2')]).toEqual([200, 200, 200]);
  expect(await from('127.0.0.2')).toBe(429);
  // a forged X-Forwarded-For buys no fresh budget: nginx appends the real peer, the one the gateway trusts
  expect(await from('127.0.0.2', { 'x-forwarded-for': '203.0.113.9' })).toBe(429);
  // another client through the same proxy has its own budget
  expect(await from('127.0.0.3')).toBe(200);
});
