// Export swaps: the holder picks up a newly published `current`, requests already holding the old export finish on
// it, a broken new export leaves the old one serving, and nothing published means 503 until something is.
import { mkdtemp, rm, symlink, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteHolder } from '../../gateway/utils/site-holder.ts';
import { FIXTURE_SECRET, fixtureExportId, makeFixtureSite } from './fixtures/site.ts';
import { makeApp } from './helpers.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'gateway-holder-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('site holder', () => {
  it('serves 503 until an export is published, then swaps on refresh', async () => {
    const logged: unknown[] = [];
    const holder = createSiteHolder(root, { cursorSecret: FIXTURE_SECRET, log: (_m, e) => logged.push(e) });
    expect(await holder.refresh()).toBe(false);
    const t = makeApp(holder);
    expect((await t.get('/organizations')).status).toBe(503);

    await makeFixtureSite('2026-11-20', root);
    expect(await holder.refresh()).toBe(true);
    expect(await holder.refresh()).toBe(false);
    const first = await t.get('/organizations?limit=5');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-export-id')).toBe(fixtureExportId('2026-11-20'));
    const cursor = ((await first.json()) as { next_cursor: string }).next_cursor;
    const old = holder.current()!;

    await makeFixtureSite('2026-11-21', root);
    expect(await holder.refresh()).toBe(true);
    expect(holder.current()!.exportId).toBe(fixtureExportId('2026-11-21'));
    // A request that took the old export before the swap still reads from it.
    expect((await old.readFile('api/v1/organizations/index.json'))?.bytes.byteLength).toBeGreaterThan(0);
    expect((await t.get('/organizations')).headers.get('x-export-id')).toBe(fixtureExportId('2026-11-21'));
    // Cursors of the previous export now say so.
    const stale = await t.get(`/organizations?limit=5&cursor=${cursor}`);
    expect(((await stale.json()) as { error: string }).error).toBe('cursor_expired');

    // A broken export is logged and the previous one keeps serving.
    await mkdir(path.join(root, 'broken'));
    await writeFile(path.join(root, 'broken', '_manifest.json'), '{not json');
    await rm(path.join(root, 'current'));
    await symlink('broken', path.join(root, 'current'));
    expect(await holder.refresh()).toBe(false);
    expect(logged).toHaveLength(1);
    expect(holder.current()!.exportId).toBe(fixtureExportId('2026-11-21'));
    expect((await t.get('/topics')).status).toBe(200);
  });

  it('joins concurrent refreshes into one', async () => {
    const r = await makeFixtureSite('2026-11-22');
    try {
      const holder = createSiteHolder(r, { cursorSecret: FIXTURE_SECRET });
      const [a, b] = await Promise.all([holder.refresh(), holder.refresh()]);
      expect([a, b]).toEqual([true, true]);
      expect(await holder.refresh()).toBe(false);
    } finally {
      await rm(r, { recursive: true, force: true });
    }
  });
});
