// Export swaps: the holder follows the export id `current` names (a republished date included), requests already
// holding the old export finish on it, cursor walks begun on a kept earlier export are answered from it (also after a
// restart) and with cursor_expired once it is pruned, a broken new export leaves the old one serving, and nothing
// published means 503 until something is.
import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExportHolder } from '../../export/serve/export-holder.ts';
import { FIXTURE_SECRET, fixtureExportId, makeFixtureSite } from '../gateway/fixtures/site.ts';
import { makeApp } from '../gateway/helpers.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'gateway-holder-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

type Page = { data: { id: number }[]; next_cursor: string | null };
const quiet = { cursorSecret: FIXTURE_SECRET, log: () => {} };

describe('export holder', () => {
  it('serves 503 until an export is published, then swaps on refresh', async () => {
    const logged: unknown[] = [];
    const holder = createExportHolder(root, { cursorSecret: FIXTURE_SECRET, log: (_m, e) => logged.push(e) });
    expect(await holder.refresh()).toBe(false);
    const t = makeApp(holder);
    expect((await t.get('/organizations')).status).toBe(503);

    await makeFixtureSite('2026-11-20', root);
    expect(await holder.refresh()).toBe(true);
    expect(await holder.refresh()).toBe(false);
    const first = await t.get('/organizations?limit=5');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-export-id')).toBe(fixtureExportId('2026-11-20'));
    const old = holder.current()!;

    await makeFixtureSite('2026-11-21', root);
    expect(await holder.refresh()).toBe(true);
    expect(holder.current()!.exportId).toBe(fixtureExportId('2026-11-21'));
    // A request that took the old export before the swap still reads from it.
    expect((await old.represent('api/v1/organizations/index.json', null))?.body.byteLength).toBeGreaterThan(0);
    expect((await t.get('/organizations')).headers.get('x-export-id')).toBe(fixtureExportId('2026-11-21'));

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

  it('follows the export id of a republished date, and answers walks of the earlier export from it until pruned', async () => {
    const r = await makeFixtureSite('2026-11-22', undefined, 'night-a');
    try {
      const holder = createExportHolder(r, quiet);
      await holder.refresh();
      const t = makeApp(holder);
      const page1 = (await (await t.get('/organizations?limit=100')).json()) as Page;
      const filtered1 = (await (await t.get('/organizations?limit=7&q=holdings')).json()) as Page;

      // The same date again from another run: a new export id, a new folder, `current` moved.
      await makeFixtureSite('2026-11-22', r, 'night-b');
      expect(await holder.refresh()).toBe(true);
      expect(holder.current()!.exportId).toBe(fixtureExportId('2026-11-22', 'night-b'));
      expect((await t.get('/organizations')).headers.get('x-export-id')).toBe(fixtureExportId('2026-11-22', 'night-b'));

      // The walks begun on night a go on from night a, canonical and filtered alike.
      for (const cursor of [page1.next_cursor!, filtered1.next_cursor!]) {
        const res = await t.get(`/organizations?${cursor === page1.next_cursor ? 'limit=100' : 'limit=7&q=holdings'}&cursor=${cursor}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-export-id')).toBe(fixtureExportId('2026-11-22', 'night-a'));
      }

      // After a restart the kept folder is opened on demand for the walk.
      const restarted = createExportHolder(r, quiet);
      await restarted.refresh();
      const again = await makeApp(restarted).get(`/organizations?limit=100&cursor=${page1.next_cursor}`);
      expect(again.headers.get('x-export-id')).toBe(fixtureExportId('2026-11-22', 'night-a'));

      // Pruned (its folder gone): the walk is told its cursor expired, never a 500.
      await rm(path.join(r, fixtureExportId('2026-11-22', 'night-a')), { recursive: true });
      const fresh = createExportHolder(r, quiet);
      await fresh.refresh();
      for (const app of [t, makeApp(fresh)]) {
        const res = await app.get(`/organizations?limit=7&q=holdings&cursor=${filtered1.next_cursor}`);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: string }).error).toBe('cursor_expired');
      }
      const canonical = await t.get(`/organizations?limit=100&cursor=${page1.next_cursor}`);
      expect(canonical.status).toBe(400);
      expect(((await canonical.json()) as { error: string }).error).toBe('cursor_expired');
    } finally {
      await rm(r, { recursive: true, force: true });
    }
  });

  it('keeps at most `keep` exports at hand, and never opens a folder for a cursor it did not issue', async () => {
    const r = await makeFixtureSite('2026-11-23', undefined, 'k1');
    try {
      const holder = createExportHolder(r, { ...quiet, keep: 2 });
      await holder.refresh();
      const t = makeApp(holder);
      const c1 = ((await (await t.get('/organizations?limit=5')).json()) as Page).next_cursor!;
      await makeFixtureSite('2026-11-23', r, 'k2');
      await holder.refresh();
      const c2 = ((await (await t.get('/organizations?limit=5')).json()) as Page).next_cursor!;
      await makeFixtureSite('2026-11-23', r, 'k3');
      await holder.refresh();
      // k2 is kept (keep 2 = live + one); k1 was let go but its folder is still there, so it is opened again.
      expect((await t.get(`/organizations?limit=5&cursor=${c2}`)).headers.get('x-export-id')).toBe(fixtureExportId('2026-11-23', 'k2'));
      expect((await t.get(`/organizations?limit=5&cursor=${c1}`)).headers.get('x-export-id')).toBe(fixtureExportId('2026-11-23', 'k1'));
      // An altered cursor names no folder: invalid_cursor from the live export.
      const forged = `${c1.slice(0, -2)}AA`;
      const res = await t.get(`/organizations?limit=5&cursor=${forged}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('x-export-id')).toBe(fixtureExportId('2026-11-23', 'k3'));
    } finally {
      await rm(r, { recursive: true, force: true });
    }
  });

  it('answers 503 with the error body when the live export vanishes under it', async () => {
    const r = await makeFixtureSite('2026-11-24');
    try {
      const holder = createExportHolder(r, quiet);
      await holder.refresh();
      const t = makeApp(holder);
      await rename(path.join(r, fixtureExportId('2026-11-24')), path.join(r, 'moved-away'));
      const res = await t.get('/organizations/1');
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: string }).error).toBe('service_unavailable');
    } finally {
      await rm(r, { recursive: true, force: true });
    }
  });

  it('never serves bytes its manifest does not hash: a changed file is a 503, not a wrong ETag', async () => {
    const r = await makeFixtureSite('2026-11-25');
    try {
      const holder = createExportHolder(r, quiet);
      await holder.refresh();
      await writeFile(path.join(r, fixtureExportId('2026-11-25'), 'api/v1/organizations/2.json'), '{"data":{"id":"rewritten"}}');
      const res = await makeApp(holder).get('/organizations/2');
      expect(res.status).toBe(503);
      expect(res.headers.get('etag')).toBeNull();
      expect(((await res.json()) as { error: string }).error).toBe('service_unavailable');
    } finally {
      await rm(r, { recursive: true, force: true });
    }
  });

  it('joins concurrent refreshes into one', async () => {
    const r = await makeFixtureSite('2026-11-22');
    try {
      const holder = createExportHolder(r, { cursorSecret: FIXTURE_SECRET });
      const [a, b] = await Promise.all([holder.refresh(), holder.refresh()]);
      expect([a, b]).toEqual([true, true]);
      expect(await holder.refresh()).toBe(false);
    } finally {
      await rm(r, { recursive: true, force: true });
    }
  });
});
