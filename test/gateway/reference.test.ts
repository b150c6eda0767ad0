// The reference page (/docs/) in a real headless Chromium (Debian package, driven by puppeteer-core; no browser
// download): it loads with no console error and no request leaving the host, lists every operation of openapi.json
// with a live example answer, and its "try it" call against the local gateway returns 200. The screenshot is kept in
// test-artifacts/reference-page.png.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type GatewayServer } from '../../gateway/server.ts';
import { e2eCity } from '../e2e/city.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts');
let gateway: GatewayServer;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  const city = await e2eCity();
  gateway = await startServer({
    SITE_DIR: city.siteRoot, CURSOR_SECRET: city.cursorSecret, BASE_URL: city.baseUrl, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_ANON: '1000',
  }, { quiet: true, signals: false, warm: false });
  origin = new URL(gateway.url).origin;
  browser = await puppeteer.launch({
    executablePath: CHROMIUM, headless: true,
    // root in a container: no sandbox; /dev/shm is small there
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

it('renders every operation with live examples, with no console error, and "try it" answers 200', async () => {
  const spec = await (await fetch(`${origin}/docs/openapi.json`)).json() as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { example?: unknown }> }> }>> };
  const operations = Object.entries(spec.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m} ${p}`)).sort();
  expect(operations.length).toBeGreaterThan(30);
  // every operation carries an example answer from the live export
  // (a bulk file answers CSV, Parquet, JSON Lines…: its operation keeps the media types without an example)
  // (an Atom feed and the OPML are XML: their example is the request, named in the description)
  const feed = (spec.paths['/feeds/{id}.atom'] as unknown as { get: { description: string; 'x-extension'?: boolean } }).get;
  expect(feed.description).toMatch(/Example\*\* \(answered by the live export [^)]*\): `GET \/api\/v1\/feeds\/[a-z0-9_-]+\.atom`/);
  expect(feed['x-extension']).toBe(true);
  for (const [p, methods] of Object.entries(spec.paths)) {
    if (p.endsWith('/bulk/{date}/{file}') || p === '/feeds.opml' || p === '/feeds/{id}.atom') continue;
    // an SVG chart's example is the chart itself, shown in its description
    if (p.endsWith('/chart.svg')) {
      expect(methods.get!.responses['200']!.content['image/svg+xml'], p).toBeDefined();
      expect((methods.get as unknown as { description: string }).description, p).toMatch(/!\[The chart of this example\]\(\/api\/v1\/insights\/.+\/chart\.svg\)/);
      continue;
    }
    expect(methods.get!.responses['200']!.content['application/json']!.example, p).toBeDefined();
  }

  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 1600 });
  const errors: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  page.on('request', (r) => { if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) elsewhere.push(r.url()); });

  const loaded = await page.goto(`${origin}/docs/`, { waitUntil: 'networkidle0' });
  expect(loaded?.status()).toBe(200);
  await page.waitForSelector('.opblock-summary-path');
  const listed = await page.$$eval('.opblock', (blocks) => blocks.map((b) => {
    const method = b.querySelector('.opblock-summary-method')?.textContent?.toLowerCase() ?? '';
    return `${method} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? ''}`;
  }));
  expect(listed.sort()).toEqual(operations);

  // "try it" on a list: expand the operation, Try it out, Execute (the example limit is filled in)
  const target = await page.$('.opblock[id$="-organizationsList"]');
  expect(target).not.toBeNull();
  await target!.$eval('.opblock-summary-control', (e) => (e as HTMLElement).click());
  await page.waitForSelector('.opblock.is-open .try-out__btn');
  const opened = await page.$eval('.opblock.is-open', (e) => e.textContent ?? '');
  expect(opened).toMatch(/Example \(answered by the live export/);
  // a parameter that extends the v1 contract says so, in words and by its x-extension mark
  expect(opened).toMatch(/labels[\s\S]*Extension \(not in the v1 contract\)/);
  expect(opened).toMatch(/format[\s\S]*Extension \(not in the v1 contract\): csv or jsonl/);
  expect(opened).toMatch(/x-extension/);
  await page.$eval('.opblock.is-open .try-out__btn', (e) => (e as HTMLElement).click());
  await page.waitForSelector('.opblock.is-open .execute');
  await page.$eval('.opblock.is-open .execute', (e) => (e as HTMLElement).click());
  await page.waitForSelector('.opblock.is-open .live-responses-table .response-col_status');
  const status = await page.$eval('.opblock.is-open .live-responses-table .response .response-col_status', (e) => e.textContent?.trim());
  expect(status).toMatch(/^200/);
  const requestUrl = await page.$eval('.opblock.is-open .request-url pre', (e) => e.textContent?.trim());
  expect(requestUrl).toMatch(new RegExp(`^${origin}/`));

  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'reference-page.png'), fullPage: false });
  expect(errors).toEqual([]);
  expect(elsewhere).toEqual([]);
});

it('lets a browser app on another origin call the API with a key and read ETag and RateLimit (CORS)', async () => {
  const page = await browser.newPage();
  // localhost and 127.0.0.1 are different origins to the browser: the call below is cross-origin, with a preflight
  const other = origin.replace('127.0.0.1', 'localhost');
  await page.goto(`${other}/docs/`, { waitUntil: 'domcontentloaded' });
  const seen = await page.evaluate(async (api: string) => {
    const res = await fetch(`${api}/organizations?limit=1`, { headers: { 'x-api-key': 'not-a-key' } });
    const ok = await fetch(`${api}/organizations?limit=1`);
    return {
      keyed: res.status, status: ok.status,
      etag: ok.headers.get('etag'), ratelimit: ok.headers.get('ratelimit'), policy: ok.headers.get('ratelimit-policy'),
      exportId: ok.headers.get('x-export-id'),
    };
  }, gateway.url);
  // the key header was allowed through the preflight (an invalid key is then the gateway's 401, readable by the app)
  expect(seen.keyed).toBe(401);
  expect(seen.status).toBe(200);
  expect(seen.etag).toMatch(/^"/);
  expect(seen.ratelimit).toMatch(/^"anonymous";r=\d+;t=\d+$/);
  expect(seen.policy).toMatch(/^"anonymous";q=1000;w=60$/);
  expect(seen.exportId).toBeTruthy();
  await page.close();
});
