// The desk's security model through app.fetch: no session → 401; a POST without the CSRF token, with another's token
// or from another origin → 403; traversal, malformed ids and oversized input → 400; sign-in attempts rate limited;
// the reviewer's name comes from the credential, not the form; a non-loopback bind without credentials is refused.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesk } from '../../review/app.ts';
import { createLoginLimiter, createSessions } from '../../review/auth/sessions.ts';
import { hashLine, parseUsers } from '../../review/auth/users.ts';
import { resolveReviewConfig } from '../../review/config.ts';
import { openDecisionLog } from '../../review/decisions/decision-log.ts';
import { parseDecisions } from '../../review/decisions/format.ts';
import { orderQueue, type Queue } from '../../review/queue/queue-file.ts';
import { startDesk } from '../../review/server.ts';

const ORIGIN = 'http://127.0.0.1:3100';
const FAST = { N: 1024, r: 8, p: 1 }; // cheap hashing for tests; the real one is OWASP's
let dir = '';
let app: ReturnType<typeof createDesk>;
let file = '';
let makeApp: () => Promise<ReturnType<typeof createDesk>>;

const item = { task: 'L7', from_type: 'contribution', from_id: '107', to_type: 'organization', to_id: '31', probability: 1, confidence: 'high' as const,
  model_version: 'L7-test', published_without_review: null, evidence: { contribution: { contributor: 'Bajwa, Alan' } }, extra: { tier: 2 }, expected_linked_dollars: 1000 };
const KEY = 'L7|contribution|107|organization|31';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'desk-sec-'));
  file = path.join(dir, 'review', 'decisions.csv');
  const items = orderQueue([item]);
  const queue: Queue = { items, byKey: new Map(items.map((i) => [i.key, i])), writtenAt: 0 };
  const users = parseUsers(`${await hashLine('Ana Reviewer', 'a long enough password', FAST)}\n${await hashLine('Ben', 'another long password', FAST)}\n`);
  const decisions = await openDecisionLog(file);
  makeApp = async () => createDesk({
    decisions, queue: async () => queue,
    records: async () => ({ from: { type: 'contribution', id: '107', doc: null, apiPath: null }, to: { type: 'organization', id: '31', doc: null, apiPath: null }, contribution: null }),
    users, sessions: createSessions(), loginLimiter: createLoginLimiter(5), origins: new Set([ORIGIN]), apiBaseUrl: 'http://localhost/api/v1',
  });
  app = await makeApp();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const req = (p: string, init: RequestInit = {}) => Promise.resolve(app.fetch(new Request(`${ORIGIN}${p}`, init)));
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (p: string, body: string, headers: Record<string, string> = {}) =>
  req(p, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers } });

/** Sign in as a reviewer; returns the session cookie and CSRF token. */
async function signIn(name: string, password: string, client = '192.0.2.1'): Promise<{ cookie: string; csrf: string }> {
  const login = await req('/login');
  const pre = /desk_prelogin=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1];
  const r = await post('/login', form({ csrf: pre, name, password }), { cookie: `desk_prelogin=${pre}`, 'x-forwarded-for': client });
  expect(r.status).toBe(303);
  const setCookie = r.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Strict/);
  const cookie = /desk_session=[^;]+/.exec(setCookie)![0];
  const html = await (await req('/', { headers: { cookie } })).text();
  return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(html)![1] };
}

describe('the desk refuses', () => {
  it('every page without a session (401) and sends its security headers', async () => {
    for (const p of ['/', `/candidate?k=${encodeURIComponent(KEY)}`]) {
      const r = await req(p);
      expect(r.status).toBe(401);
      expect(r.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
      expect(r.headers.get('content-security-policy')).not.toMatch(/unsafe-inline/);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(await r.text()).not.toMatch(/<script>|<script [^s]|\son[a-z]+=/); // no inline script or handler
    }
    expect((await post('/decide', form({ k: KEY, verdict: 'confirmed', csrf: 'x' }))).status).toBe(401);
  });

  it('a POST without the CSRF token, with a wrong one, or from another origin (403)', async () => {
    const { cookie, csrf } = await signIn('Ana Reviewer', 'a long enough password');
    expect((await post('/decide', form({ k: KEY, verdict: 'confirmed' }), { cookie })).status).toBe(403);
    expect((await post('/decide', form({ k: KEY, verdict: 'confirmed', csrf: `${csrf.slice(1)}x` }), { cookie })).status).toBe(403);
    expect((await post('/decide', form({ k: KEY, verdict: 'confirmed', csrf }), { cookie, origin: 'http://evil.example' })).status).toBe(403);
    const { origin: _o, ...noOrigin } = { origin: '' };
    expect((await req('/decide', { method: 'POST', body: form({ k: KEY, verdict: 'confirmed', csrf }), headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...noOrigin } })).status).toBe(403);
    const other = await signIn('Ben', 'another long password', '192.0.2.2');
    expect((await post('/decide', form({ k: KEY, verdict: 'confirmed', csrf: other.csrf }), { cookie })).status).toBe(403);
    expect(parseDecisions(readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('traversal, malformed ids and oversized input (400)', async () => {
    const { cookie, csrf } = await signIn('Ana Reviewer', 'a long enough password', '192.0.2.3');
    // (`/assets/%2e%2e/…` never gets here: URL parsing resolves the dot segments first, to a 404)
    for (const p of ['/assets/..%2f..%2fpackage.json', '/assets/%2E%2E%2Fpackage.json', '/assets/desk.js%00', '/candidate?k=..%2F..%2Fetc%2Fpasswd', `/candidate?k=${'L7|contribution|1|organization|'.padEnd(400, '9')}`, `/?task=${'x'.repeat(3000)}`]) {
      expect((await req(p, { headers: { cookie } })).status, p).toBe(400);
    }
    expect((await post('/decide', form({ k: 'L7|contribution|../../x|organization|31', verdict: 'confirmed', csrf }), { cookie })).status).toBe(400);
    expect((await post('/decide', form({ k: KEY, verdict: 'maybe', csrf }), { cookie })).status).toBe(400);
    expect((await post('/decide', form({ k: KEY, verdict: 'confirmed', csrf, note: 'n'.repeat(1001) }), { cookie })).status).toBe(400);
    expect((await post('/decide', form({ k: KEY, verdict: 'confirmed', csrf, note: 'n'.repeat(20_000) }), { cookie })).status).toBe(400);
    expect(parseDecisions(readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('sign-in attempts past the limit (429), and signs the decision with the credential’s name', async () => {
    app = await makeApp(); // a fresh limiter: the earlier tests signed in from the same (unknown) address
    const login = await req('/login');
    const pre = /desk_prelogin=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1];
    const attempt = () => post('/login', form({ csrf: pre, name: 'Ana Reviewer', password: 'wrong password!!' }), { cookie: `desk_prelogin=${pre}`, 'x-forwarded-for': '198.51.100.9' });
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    app = await makeApp();
    const { cookie, csrf } = await signIn('Ben', 'another long password', '192.0.2.4');
    const r = await post('/decide', form({ k: KEY, verdict: 'rejected', csrf, reviewer: 'Someone Else' }), { cookie });
    expect(r.status).toBe(303);
    expect(parseDecisions(readFileSync(file, 'utf8')).map((d) => d.reviewer)).toEqual(['Ben']);
    // a candidate no longer in the queue: kept, and said so
    const gone = await post('/decide', form({ k: 'L7|contribution|999|organization|31', verdict: 'confirmed', csrf }), { cookie, 'hx-request': 'true' });
    expect(await gone.text()).toMatch(/no longer in the queue; the decision is kept/);
    expect(parseDecisions(readFileSync(file, 'utf8')).map((d) => d.from_id)).toEqual(['107', '999']);
    expect(await (await req('/', { headers: { cookie } })).text()).toMatch(/Decisions on candidates no longer in the queue[\s\S]*contribution 999/);
  });

  it('a confirmation of an L5 candidate with one confirming source (and says why)', async () => {
    const items = orderQueue([{ ...item, task: 'L5', from_type: 'person', from_id: '16', to_type: 'person', to_id: '63',
      evidence: { confirming_records: [{ source: 'lobbyist registry' }, { source: 'lobbyist registry' }] }, extra: {} }]);
    const l5: Queue = { items, byKey: new Map(items.map((i) => [i.key, i])), writtenAt: 0 };
    const dir5 = mkdtempSync(path.join(tmpdir(), 'desk-l5-'));
    const users = parseUsers(`${await hashLine('Ana Reviewer', 'a long enough password', FAST)}\n`);
    app = createDesk({ decisions: await openDecisionLog(path.join(dir5, 'decisions.csv')), queue: async () => l5,
      records: async () => ({ from: { type: 'person', id: '16', doc: null, apiPath: null }, to: { type: 'person', id: '63', doc: null, apiPath: null }, contribution: null }),
      users, sessions: createSessions(), loginLimiter: createLoginLimiter(5), origins: new Set([ORIGIN]), apiBaseUrl: 'http://localhost/api/v1' });
    const { cookie, csrf } = await signIn('Ana Reviewer', 'a long enough password');
    const page = await (await req(`/candidate?k=${encodeURIComponent('L5|person|16|person|63')}`, { headers: { cookie } })).text();
    expect(page).toMatch(/<button type="submit" name="verdict" value="confirmed" data-shortcut="c" disabled>/);
    expect(page).toMatch(/at least two independent confirming records/);
    const r = await post('/decide', form({ k: 'L5|person|16|person|63', verdict: 'confirmed', csrf }), { cookie, 'hx-request': 'true' });
    expect(await r.text()).toMatch(/class="flash refused"/);
    expect(parseDecisions(readFileSync(path.join(dir5, 'decisions.csv'), 'utf8'))).toEqual([]);
    rmSync(dir5, { recursive: true, force: true });
  });

  it('to listen beyond this machine without reviewers’ credentials', async () => {
    const config = resolveReviewConfig({ host: '0.0.0.0', port: 0, usersFile: null, decisionsFile: path.join(dir, 'x', 'decisions.csv') }, {});
    await expect(startDesk(config, () => {})).rejects.toThrow(/REVIEW_USERS/);
  });
});
