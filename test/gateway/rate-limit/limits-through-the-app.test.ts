// Rate limiting through the app: budgets, 429 with Retry-After, window reset on the injected clock, invalid keys,
// proxy trust, IPv6 /56 grouping and IPv4-mapped IPv6 addresses.
import { describe, expect, it } from 'vitest';
import { errorOf, makeApp, useFixtureSite } from '../helpers.ts';

const fixture = useFixtureSite();

const DEFAULT_LIMITS = { rateLimitAnon: 60, rateLimitKey: 600, apiKeys: ['k-valid'] };

async function spend(t: ReturnType<typeof makeApp>, n: number, init: RequestInit & { ip?: string } = {}) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await t.get('/topics', init)).status);
  return statuses;
}

describe('rate limits', () => {
  it('allows 60 anonymous requests a minute, then 429 with retry-after 60', async () => {
    const t = makeApp(fixture.holder, DEFAULT_LIMITS);
    const first = await t.get('/topics');
    expect(first.headers.get('ratelimit-policy')).toBe('"anonymous";q=60;w=60');
    expect(first.headers.get('ratelimit')).toBe('"anonymous";r=59;t=60');
    expect(new Set(await spend(t, 59))).toEqual(new Set([200]));
    t.advance(23_000);
    const over = await t.get('/topics');
    expect(over.headers.get('retry-after')).toBe('60');
    // the RateLimit header agrees with Retry-After: the refusal restarts the window, 60 s from now
    expect(over.headers.get('ratelimit')).toBe('"anonymous";r=0;t=60');
    expect(over.headers.get('cache-control')).toBe('no-store');
    expect(await errorOf(over)).toMatchObject({ status: 429, error: 'rate_limited' });
    // Other clients are unaffected.
    expect((await t.get('/topics', { ip: '192.0.2.2' })).status).toBe(200);
  });

  it('resets a whole window after the last refused request, as Retry-After says', async () => {
    const t = makeApp(fixture.holder, DEFAULT_LIMITS);
    await spend(t, 60);
    t.advance(30_000);
    expect((await t.get('/topics')).status).toBe(429);
    t.advance(59_999);
    const again = await t.get('/topics'); // the first window ended long ago, but the client did not wait 60 s
    expect(again.status).toBe(429);
    expect(again.headers.get('ratelimit')).toBe('"anonymous";r=0;t=60');
    t.advance(59_999);
    expect((await t.get('/topics')).status).toBe(429);
    t.advance(60_000);
    const res = await t.get('/topics');
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit')).toBe('"anonymous";r=59;t=60');
  });

  it('gives a valid key 600 a minute, independent of the address', async () => {
    const t = makeApp(fixture.holder, DEFAULT_LIMITS);
    const headers = { 'x-api-key': 'k-valid' };
    const first = await t.get('/topics', { headers });
    expect(first.headers.get('ratelimit-policy')).toBe('"key";q=600;w=60');
    const statuses = [first.status];
    for (let i = 0; i < 599; i++) statuses.push((await t.get('/topics', { headers, ip: `198.51.100.${i % 200}` })).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect((await t.get('/topics', { headers })).status).toBe(429);
    // The address's anonymous budget was never touched.
    expect((await t.get('/topics')).headers.get('ratelimit')).toBe('"anonymous";r=59;t=60');
  });

  it('answers an invalid key with 401 before the rate limit, reading the anonymous budget without spending it', async () => {
    const t = makeApp(fixture.holder, DEFAULT_LIMITS);
    const res = await t.get('/topics', { headers: { 'x-api-key': 'mistyped-1' } });
    expect(await errorOf(res)).toMatchObject({ status: 401, error: 'invalid_api_key' });
    expect(res.headers.get('ratelimit')).toBe('"anonymous";r=60;t=60');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const tries = [];
    for (let i = 0; i < 70; i++) tries.push((await t.get('/topics', { headers: { 'x-api-key': `mistyped-${i}` } })).status);
    expect(new Set(tries)).toEqual(new Set([401]));
    expect(new Set(await spend(t, 60))).toEqual(new Set([200]));
    // with the anonymous budget spent, a mistyped key still learns that its key is wrong, not to "send a key"
    const spent = await t.get('/topics', { headers: { 'x-api-key': 'mistyped-x' } });
    expect(await errorOf(spent)).toMatchObject({ status: 401, error: 'invalid_api_key' });
    expect(spent.headers.get('ratelimit')).toBe('"anonymous";r=0;t=60');
    expect((await t.get('/topics')).status).toBe(429);
  });

  it('ignores a spoofed X-Forwarded-For by default', async () => {
    const t = makeApp(fixture.holder, DEFAULT_LIMITS);
    const statuses = [];
    for (let i = 0; i < 61; i++) statuses.push((await t.get('/topics', { headers: { 'x-forwarded-for': `203.0.113.${i}` } })).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it('honours X-Forwarded-For with trustProxyHops=1 (right-most entry)', async () => {
    const t = makeApp(fixture.holder, { ...DEFAULT_LIMITS, trustProxyHops: 1 });
    // Same proxy socket; distinct clients behind it each get their own budget.
    await spend(t, 60, { headers: { 'x-forwarded-for': '203.0.113.7' }, ip: '10.0.0.1' });
    expect((await t.get('/topics', { headers: { 'x-forwarded-for': '203.0.113.7' }, ip: '10.0.0.1' })).status).toBe(429);
    expect((await t.get('/topics', { headers: { 'x-forwarded-for': '203.0.113.8' }, ip: '10.0.0.1' })).status).toBe(200);
    // A client prepending its own entry is still keyed by what the proxy appended.
    expect((await t.get('/topics', { headers: { 'x-forwarded-for': '1.1.1.1, 203.0.113.7' }, ip: '10.0.0.1' })).status).toBe(429);
  });

  it('groups IPv6 clients by /56', async () => {
    const t = makeApp(fixture.holder, DEFAULT_LIMITS);
    for (let i = 0; i < 60; i++) await t.get('/topics', { ip: `2001:db8:abcd:12${(i % 100).toString(16).padStart(2, '0')}::${i}` });
    expect((await t.get('/topics', { ip: '2001:db8:abcd:12ff::1' })).status).toBe(429);
    expect((await t.get('/topics', { ip: '2001:db8:abcd:1300::1' })).status).toBe(200);
  });

  it('counts IPv4-mapped IPv6 clients as their IPv4 address, from the socket and from trusted X-Forwarded-For', async () => {
    // regression: a mapped spelling must not open a fresh budget beside the IPv4 client's
    const mapped = ['::ffff:198.51.100.9', '::FFFF:c633:6409', '0:0:0:0:0:ffff:198.51.100.9', '[::ffff:198.51.100.9]:443'];
    const t = makeApp(fixture.holder, DEFAULT_LIMITS);
    await spend(t, 60, { ip: '198.51.100.9' });
    for (const ip of mapped.slice(0, 3)) expect((await t.get('/topics', { ip })).status, ip).toBe(429);
    expect((await t.get('/topics', { ip: '::ffff:198.51.100.10' })).status).toBe(200);

    const proxied = makeApp(fixture.holder, { ...DEFAULT_LIMITS, trustProxyHops: 1 });
    await spend(proxied, 60, { headers: { 'x-forwarded-for': '198.51.100.9' }, ip: '10.0.0.1' });
    for (const entry of mapped) {
      const res = await proxied.get('/topics', { headers: { 'x-forwarded-for': `1.1.1.1, ${entry}` }, ip: '10.0.0.1' });
      expect(res.status, entry).toBe(429);
    }
  });

  it('does not spend budget on CORS preflights', async () => {
    const t = makeApp(fixture.holder, DEFAULT_LIMITS);
    for (let i = 0; i < 70; i++) expect((await t.get('/topics', { method: 'OPTIONS' })).status).toBe(204);
    expect((await t.get('/topics')).headers.get('ratelimit')).toBe('"anonymous";r=59;t=60');
  });
});
