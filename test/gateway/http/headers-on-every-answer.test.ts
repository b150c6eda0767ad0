// HTTP care on every answer: headers present everywhere, ETag / If-None-Match, Cache-Control timing, CORS preflight,
// gzip / br negotiation and HEAD.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileEtag } from '../../../export/representations.ts';
import { fixedExportHolder } from '../../../export/serve/export-holder.ts';
import { fixtureExportId } from '../fixtures/site.ts';
import { makeApp, useFixtureSite } from '../helpers.ts';

const fixture = useFixtureSite();

describe('headers on every response', () => {
  const paths: [string, RequestInit][] = [
    ['/organizations', {}], ['/organizations?type=other', {}], ['/organizations/1', {}], ['/topics', {}],
    ['/organizations/999999', {}], ['/nope', {}], ['/organizations?limit=0', {}], ['/organizations', { method: 'POST' }],
    ['/organizations', { method: 'OPTIONS' }], ['/organizations', { method: 'HEAD' }],
    ['/topics', { headers: { 'x-api-key': 'wrong' } }],
  ];
  for (const [p, init] of paths) {
    it(`${init.method ?? 'GET'} ${p}`, async () => {
      const res = await makeApp(fixture.holder).get(p, init);
      expect(res.headers.get('ratelimit-policy')).toMatch(/^"anonymous";q=\d+;w=60$/);
      expect(res.headers.get('ratelimit')).toMatch(/^"anonymous";r=\d+;t=\d+$/);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toContain('RateLimit-Policy');
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBeTruthy();
      if (res.status !== 204) expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      if (res.status === 200) expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{1,8}-[0-9a-f]+"$|^"[0-9a-f]{32}"$/);
      expect(res.headers.get('x-export-id')).toBe(fixtureExportId('2026-11-20'));
    });
  }

  it('also on 503 and 304', async () => {
    const res = await makeApp(fixedExportHolder(null)).get('/organizations');
    expect(res.headers.get('ratelimit')).toBeTruthy();
    const t = makeApp(fixture.holder);
    const etag = (await t.get('/topics')).headers.get('etag')!;
    const nm = await t.get('/topics', { headers: { 'if-none-match': etag } });
    expect(nm.status).toBe(304);
    expect(nm.headers.get('ratelimit')).toBeTruthy();
    expect(nm.headers.get('etag')).toBe(etag);
  });
});

describe('ETag and If-None-Match', () => {
  it('gives files the static host\'s own tag, from the manifest hash and the size of the coding sent', async () => {
    const site = fixture.holder.current()!;
    const rel = 'api/v1/organizations/index.json';
    const entry = site.files.get(rel)!;
    const res = await makeApp(fixture.holder).get('/organizations');
    expect(res.headers.get('etag')).toBe(fileEtag(entry.sha256, entry.bytes));
    const gz = await makeApp(fixture.holder).get('/organizations', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('etag')).toBe(fileEtag(entry.sha256, site.files.get(`${rel}.gz`)!.bytes));
  });

  for (const p of ['/organizations', '/organizations?type=other&limit=3', '/organizations/org-1']) {
    it(`304 for ${p} (exact, weak, list and *)`, async () => {
      const t = makeApp(fixture.holder);
      const etag = (await t.get(p)).headers.get('etag')!;
      for (const inm of [etag, `W/${etag}`, `"zzz", ${etag}`, '*']) {
        const res = await t.get(p, { headers: { 'if-none-match': inm } });
        expect(res.status).toBe(304);
        expect(await res.text()).toBe('');
        expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
      }
      expect((await t.get(p, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    });
  }

  it('dynamic ETags are stable across requests and differ between queries', async () => {
    const t = makeApp(fixture.holder);
    const a = (await t.get('/organizations?type=other')).headers.get('etag');
    expect((await t.get('/organizations?type=other')).headers.get('etag')).toBe(a);
    expect((await t.get('/organizations?type=government')).headers.get('etag')).not.toBe(a);
  });

  it('errors never carry an ETag', async () => {
    expect((await makeApp(fixture.holder).get('/organizations/999999', { headers: { 'if-none-match': '*' } })).status).toBe(404);
  });
});

describe('Cache-Control', () => {
  it('lasts until the next 06:00 UTC refresh, and is configurable', async () => {
    // Clock at 12:00 UTC: 18 h to the next 06:00.
    expect((await makeApp(fixture.holder).get('/topics')).headers.get('cache-control')).toBe('public, max-age=64800');
    const t = makeApp(fixture.holder, {}, { cachePolicy: { refreshHourUtc: 13, maxAgeCap: 600 } });
    expect((await t.get('/topics')).headers.get('cache-control')).toBe('public, max-age=600');
    expect((await t.get('/nope')).headers.get('cache-control')).toBe('public, max-age=60');
  });
});

describe('CORS', () => {
  it('answers preflights with 204 and the allowed headers', async () => {
    const res = await makeApp(fixture.holder).get('/organizations', {
      method: 'OPTIONS',
      headers: { origin: 'https://example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('x-api-key, if-none-match');
    const expose = res.headers.get('access-control-expose-headers')!;
    for (const h of ['ETag', 'RateLimit', 'RateLimit-Policy', 'Retry-After']) expect(expose).toContain(h);
  });
});

describe('compression', () => {
  it('serves br or gzip by Accept-Encoding, identical once decoded', async () => {
    const t = makeApp(fixture.holder);
    for (const p of ['/organizations', '/organizations?type=other']) {
      const plain = Buffer.from(await (await t.get(p)).arrayBuffer());
      const br = await t.get(p, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('etag')).not.toBe((await t.get(p)).headers.get('etag'));
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).equals(plain)).toBe(true);
      const gz = await t.get(p, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(Number(gz.headers.get('content-length'))).toBeLessThan(plain.byteLength);
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(plain)).toBe(true);
      // The compressed variant revalidates against the plain tag and vice versa.
      const etag = gz.headers.get('etag')!;
      expect((await t.get(p, { headers: { 'if-none-match': etag } })).status).toBe(304);
    }
  });

  it('skips tiny bodies and identity requests', async () => {
    const t = makeApp(fixture.holder);
    expect((await t.get('/topics', { headers: { 'accept-encoding': 'br' } })).headers.get('content-encoding')).toBeNull();
    expect((await t.get('/organizations', { headers: { 'accept-encoding': 'identity' } })).headers.get('content-encoding')).toBeNull();
  });
});

describe('HEAD', () => {
  it('has the GET headers and no body', async () => {
    const t = makeApp(fixture.holder);
    for (const p of ['/organizations', '/organizations?type=other', '/organizations/1']) {
      const get = await t.get(p);
      const getLength = (await get.arrayBuffer()).byteLength;
      const head = await t.get(p, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
      expect(Number(head.headers.get('content-length'))).toBe(getLength);
    }
    expect((await t.get('/organizations/999999', { method: 'HEAD' })).status).toBe(404);
  });
});

describe('paths above the API', () => {
  it.each(['/', '/api', '/api/'])('%s redirects permanently to the API fixture.root, with a JSON body', async (p) => {
    const t = makeApp(fixture.holder);
    const res = await Promise.resolve(t.app.request(`http://localhost${p}`, {}, { clientAddress: '192.0.2.1' } as never));
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('http://localhost:3000/api/v1/');
    expect(res.headers.get('ratelimit')).toMatch(/^"anonymous";r=\d+;t=\d+$/);
    expect(await res.json()).toEqual({ message: 'The API is served under http://localhost:3000/api/v1/', location: 'http://localhost:3000/api/v1/' });
  });

  it('a path beside the API is still a 404 with the error body', async () => {
    const res = await Promise.resolve(makeApp(fixture.holder).app.request('http://localhost/apis', {}, { clientAddress: '192.0.2.1' } as never));
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe('route_not_found');
  });
});
