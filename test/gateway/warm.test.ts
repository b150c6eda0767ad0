// The warm-up before listening: it answers the requests clients start with in every coding through a throwaway
// app, so afterwards their bytes come from the cache (shown by removing the files from disk: a warmed page is still
// answered, a cold one is not) and no client's rate-limit budget was spent.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../gateway/stores/memory.ts';
import { warmUp } from '../../gateway/utils/warm.ts';
import { makeFixtureSite } from './fixtures/site.ts';
import { BASE, makeApp, openHolder } from './helpers.ts';

let root: string;
beforeEach(async () => {
  root = await makeFixtureSite();
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** Remove the canonical files behind `/organizations` (the first page, and the page after it) from the export. */
async function removeFiles(next?: string) {
  const dir = path.join(root, 'current', 'api', 'v1', 'organizations');
  await rm(path.join(dir, 'index.json'));
  if (next) await rm(path.join(dir, '_pages', `${next}.json`));
}

describe('warmUp', () => {
  it('caches the first pages, later canonical pages and their codings before any client asks', async () => {
    const holder = await openHolder(root);
    const warm = makeApp(holder, {}, { store: createMemoryStore({ windowMs: 60_000 }) });
    const result = await warmUp((req) => warm.app.fetch(req), BASE);
    expect(result.requests).toBeGreaterThan(20);
    expect(result.failed).toBe(0);

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
    const warm = makeApp(holder);
    const full = await warmUp((req) => warm.app.fetch(req), BASE);
    const essential = await warmUp((req) => warm.app.fetch(req), BASE, { budgetMs: 0 });
    expect(essential.requests).toBeLessThan(full.requests);
  });
});
