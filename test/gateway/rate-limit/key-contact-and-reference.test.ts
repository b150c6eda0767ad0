// What the rate limit tells a newcomer: the 429 says where a free key is had (API_KEY_CONTACT, or the operator of
// this service), an invalid key is told so on either path (the fast path's listener and the app) whatever the budget,
// and the reference page's own files are not counted, on either path.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../config/resolve.ts';
import { createGateway } from '../../../gateway/app.ts';
import { FIXTURE_SECRET } from '../fixtures/site.ts';
import { errorOf, makeApp, NOON, useFixtureSite } from '../helpers.ts';

const fixture = useFixtureSite();
const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

const REFERENCE_FILES = ['/docs/', '/docs/init.js', '/docs/swagger-ui.css'];

/** A gateway listening on a loopback port (its listener: the fast path, then the app). */
async function listening(anon: number): Promise<number> {
  const config = resolveConfig({ cursorSecret: FIXTURE_SECRET, rateLimitAnon: anon, rateLimitKey: 1000, apiKeys: ['k-valid'] }, {});
  const server = createServer(createGateway({ config, site: fixture.holder, clock: () => NOON }).listener);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; ratelimit: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode!, ratelimit: res.headers.ratelimit as string | undefined, body }));
    }).on('error', reject).end();
  });
}

describe('the 429 says where a free key is had', () => {
  it('quotes API_KEY_CONTACT', async () => {
    const t = makeApp(fixture.holder, { rateLimitAnon: 1, apiKeyContact: 'api-keys@example.org' });
    expect((await t.get('/topics')).status).toBe(200);
    const over = await errorOf(await t.get('/topics'));
    expect(over).toMatchObject({ status: 429, error: 'rate_limited' });
    expect(over.message).toContain('ask api-keys@example.org for one');
  });

  it('without the setting, sends the caller to the operator of this service', async () => {
    const t = makeApp(fixture.holder, { rateLimitAnon: 1 });
    await t.get('/topics');
    expect((await errorOf(await t.get('/topics'))).message).toContain('ask the operator of this service for one');
  });

  it('reads the setting from API_KEY_CONTACT', () => {
    expect(resolveConfig({}, { API_KEY_CONTACT: ' https://example.org/keys ' }).apiKeyContact).toBe('https://example.org/keys');
    expect(resolveConfig({}, {}).apiKeyContact).toBeNull();
  });
});

describe('on both paths', () => {
  it('an invalid key is answered 401 once the anonymous budget is spent, a valid one is served', async () => {
    const port = await listening(2);
    expect((await get(port, '/api/v1/organizations')).status).toBe(200); // the fast path's file
    expect((await get(port, '/api/v1/organizations?type=other')).status).toBe(200); // the fast path's engine
    for (const path of ['/api/v1/organizations', '/api/v1/organizations?type=other', '/api/v1/organizations/org-1', '/api/v1/nope']) {
      const mistyped = await get(port, path, { 'x-api-key': 'k-valld' });
      expect([mistyped.status, JSON.parse(mistyped.body).error], path).toEqual([401, 'invalid_api_key']);
      expect((await get(port, path)).status, path).toBe(429);
    }
    expect((await get(port, '/api/v1/organizations', { 'x-api-key': 'k-valid' })).status).toBe(200);
  });

  it('the reference page and its files are not counted against the visitor\'s budget', async () => {
    const port = await listening(2);
    for (let i = 0; i < 3; i++) {
      for (const path of REFERENCE_FILES) {
        const res = await get(port, path);
        expect([path, res.status, res.ratelimit]).toEqual([path, 200, undefined]);
      }
    }
    const api = await get(port, '/api/v1/topics');
    expect([api.status, api.ratelimit]).toEqual([200, '"anonymous";r=1;t=60']);
  });

  it('through the app alone too', async () => {
    const t = makeApp(fixture.holder, { rateLimitAnon: 1 });
    for (let i = 0; i < 3; i++) for (const path of REFERENCE_FILES) expect((await t.app.request(`http://localhost${path}`)).status).toBe(200);
    expect((await t.get('/topics')).status).toBe(200);
  });
});
