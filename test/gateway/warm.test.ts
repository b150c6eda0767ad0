// The warm-up before listening: it asks the fast path for the requests clients start with in every coding, so
// afterwards their bytes come from the cache (shown by removing the files from disk: a warmed page is still answered,
// a cold one is not); it sends nothing and spends nobody's rate limit, however many it asks for; and what it is given
// is what the fast path serves.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/resolve.ts';
import { routes } from '../../api/routes.ts';
import { createGateway } from '../../gateway/app.ts';
import { createMemoryStore } from '../../gateway/rate-limit/stores/memory.ts';
import type { ExportHolder } from '../../export/serve/export-holder.ts';
import { warmUp, type WarmOptions } from '../../gateway/fast-path/warm.ts';
import { FIXTURE_SECRET, makeFixtureSite } from './fixtures/site.ts';
import { BASE, makeApp, NOON, openHolder } from './helpers.ts';

let root: string;
beforeEach(async () => {
  root = await makeFixtureSite();
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** A gateway as server.ts makes it (the default 60-a-minute anonymous limit), and its warm-up. */
function gatewayOf(holder: ExportHolder) {
  const config = resolveConfig({ cursorSecret: FIXTURE_SECRET }, {});
  const gateway = createGateway({ config, site: holder, store: createMemoryStore({ windowMs: 60_000, clock: () => NOON }), clock: () => NOON, log: () => {} });
  return { ...gateway, warm: (options: WarmOptions = {}) => warmUp(gateway.warmGet, options) };
}

/** Remove the canonical files behind `/organizations` (the first page, and the page after it) from the export. */
async function removeFiles(next?: string) {
  const dir = path.join(root, 'current', 'api', 'v1', 'organizations');
  await rm(path.join(dir, 'index.json'));
  if (next) await rm(path.join(dir, '_pages', `${next}.json`));
}

describe('warmUp', () => {
  it('caches the first pages, later canonical pages and their codings before any client asks', async () => {
    const holder = await openHolder(root);
    const gateway = gatewayOf(holder);
    const result = await gateway.warm();
    // past the anonymous limit, every request answered, and nobody's budget spent
    expect(result.requests).toBeGreaterThan(60);
    expect(result.failed).toBe(0);
    const own = await gateway.app.request(`${BASE}/topics`, {}, { clientAddress: '127.0.0.1' } as never);
    expect(own.headers.get('ratelimit')).toBe('"anonymous";r=59;t=60');

    const t = makeApp(holder, { rateLimitAnon: 60 });
    const first = await t.get('/organizations');
    const next = ((await first.clone().json()) as { next_cursor: string }).next_cursor;
    await removeFiles(next);
    for (const coding of ['br', 'gzip', 'identity']) {
      for (const p of ['/organizations', `/organizations?cursor=${next}`]) {
        const res = await t.get(p, { headers: { 'accept-encoding': coding } });
        expect(res.status, `${p} ${coding}`).toBe(200);
        expect(res.headers.get('content-encoding'), `${p} ${coding}`).toBe(coding === 'identity' ? null : coding);
      }
    }
    // the warm-up went through its own app: this client's budget is whole but for its own 7 requests
    expect((await t.get('/topics')).headers.get('ratelimit')).toBe('"anonymous";r=52;t=60');
  });

  it('is what keeps those pages answerable: without it the removed files are missed', async () => {
    const holder = await openHolder(root);
    const t = makeApp(holder);
    await removeFiles();
    expect((await t.get('/organizations', { headers: { 'accept-encoding': 'br' } })).status).not.toBe(200);
  });

  it('warms only the essential requests when the budget is spent', async () => {
    const holder = await openHolder(root);
    const full = await gatewayOf(holder).warm();
    const essential = await gatewayOf(holder).warm({ budgetMs: 0 });
    expect(essential.requests).toBeLessThan(full.requests);
  });

  it('warms the document of the first record whose id is its own file key', async () => {
    const registry = routes.filter((r) => r.path === '/organizations' || r.path === '/organizations/{id}');
    const asked: string[] = [];
    const page = (ids: string[]) => new TextEncoder().encode(JSON.stringify({ data: ids.map((id) => ({ id })), next_cursor: null }));
    await warmUp(async (p, coding) => {
      if (coding === null) asked.push(p);
      return { status: 200, body: p.endsWith('limit=7') ? page(['05 102138 NNY', 'A0123/24', 'org-7', 'org-8']) : page([]) };
    }, { registry });
    expect(asked).toEqual(['/organizations', '/organizations?limit=7', '/organizations/org-7']);
  });

  it('is given what the fast path serves, in the coding asked, and 404 for what it hands to the app', async () => {
    const holder = await openHolder(root);
    const { warmGet } = gatewayOf(holder);
    const t = makeApp(holder);
    for (const p of ['/', '/organizations', '/organizations?limit=2', '/organizations/org-1', '/topics']) {
      for (const coding of ['gzip', 'br', null]) {
        const served = await t.get(p, { headers: coding ? { 'accept-encoding': coding } : {} });
        const warmed = await warmGet(p, coding);
        expect(warmed.status, `${p} ${coding}`).toBe(200);
        expect(Buffer.from(warmed.body).equals(Buffer.from(await served.arrayBuffer())), `${p} ${coding}`).toBe(true);
      }
    }
    for (const p of ['/organizations/no-such-org', '/organizations?limit=0', '/nothing']) expect((await warmGet(p, 'gzip')).status, p).toBe(404);
  });
});
