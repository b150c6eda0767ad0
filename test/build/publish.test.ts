// Atomic publish: a good build becomes `current`; a failed build or failed verification leaves `current` and the
// published exports untouched and removes its temp folder; same-date rebuilds replace safely; old exports pruned.
import { appendFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentExport, publishSite } from '../../build/publish.ts';
import { fileEffects } from '../../build/site/effects.ts';
import type { SiteManifest } from '../../api/site-layout.ts';
import { writeSite } from '../../build/site/write-site.ts';
import { smallSiteInput } from './helpers/small-site.ts';

let root: string;
beforeEach(async () => { root = await mkdtemp(path.join(os.tmpdir(), 'publish-')); });
afterEach(async () => { await rm(root, { recursive: true, force: true }); });

const quiet = () => {};
const realBuild = (exportDate: string, runId = 'run') => (dir: string) =>
  writeSite({ ...smallSiteInput(120), exportDate, runId }, dir, fileEffects(quiet));
const tinyBuild = (exportDate: string) => async (dir: string): Promise<SiteManifest> => {
  await writeFile(path.join(dir, 'marker'), exportDate);
  return { export_id: exportDate, export_date: exportDate, built_at: '', counts: {}, files: {} };
};
const leftovers = async () => (await readdir(root)).filter((n) => n.startsWith('.'));
const exportIdOfCurrent = async () => (JSON.parse(await readFile(path.join(root, 'current', '_manifest.json'), 'utf8')) as SiteManifest).export_id;

describe('publishSite', () => {
  it('publishes a verified build and points current at it', async () => {
    const res = await publishSite({ siteRoot: root, exportDate: '2026-11-19', build: realBuild('2026-11-19') });
    expect(await currentExport(root)).toBe('2026-11-19');
    expect(await exportIdOfCurrent()).toBe(res.manifest.export_id);
    expect(await leftovers()).toEqual([]);
  });

  it('keeps the previous site when the build fails', async () => {
    await publishSite({ siteRoot: root, exportDate: '2026-11-19', build: realBuild('2026-11-19') });
    const before = await exportIdOfCurrent();
    const failing = async (dir: string) => {
      await realBuild('2026-11-20')(dir);
      throw new Error('injected failure');
    };
    await expect(publishSite({ siteRoot: root, exportDate: '2026-11-20', build: failing })).rejects.toThrow('injected failure');
    expect(await currentExport(root)).toBe('2026-11-19');
    expect(await exportIdOfCurrent()).toBe(before);
    expect(await leftovers()).toEqual([]);
    expect((await readdir(root)).sort()).toEqual(['2026-11-19', 'current']);
  });

  it('keeps the previous site when verification finds a corrupted file', async () => {
    await publishSite({ siteRoot: root, exportDate: '2026-11-19', build: realBuild('2026-11-19') });
    const corrupting = async (dir: string) => {
      const manifest = await realBuild('2026-11-20')(dir);
      await appendFile(path.join(dir, 'api/v1/people/index.json'), ' ');
      return manifest;
    };
    await expect(publishSite({ siteRoot: root, exportDate: '2026-11-20', build: corrupting })).rejects.toThrow(/hash mismatch api\/v1\/people\/index.json/);
    expect(await currentExport(root)).toBe('2026-11-19');
    expect(await leftovers()).toEqual([]);
  });

  it('replaces an export of the same date', async () => {
    const first = await publishSite({ siteRoot: root, exportDate: '2026-11-19', build: realBuild('2026-11-19', 'a') });
    const second = await publishSite({ siteRoot: root, exportDate: '2026-11-19', build: realBuild('2026-11-19', 'b') });
    expect(second.manifest.export_id).not.toBe(first.manifest.export_id);
    expect(await exportIdOfCurrent()).toBe(second.manifest.export_id);
    expect(await leftovers()).toEqual([]);
  });

  it('prunes to the last 7 exports, never the live one', async () => {
    const dates = Array.from({ length: 9 }, (_, i) => `2026-11-${String(10 + i).padStart(2, '0')}`);
    const verify = async () => {};
    for (const d of dates) await publishSite({ siteRoot: root, exportDate: d, build: tinyBuild(d), verify });
    const kept = (await readdir(root)).filter((n) => /^\d/.test(n)).sort();
    expect(kept).toEqual(dates.slice(2));
    expect(await readFile(path.join(root, 'current', 'marker'), 'utf8')).toBe('2026-11-18');
    // An older date published last stays live even though it is the oldest.
    await publishSite({ siteRoot: root, exportDate: '2026-11-01', build: tinyBuild('2026-11-01'), verify, keep: 3 });
    expect(await currentExport(root)).toBe('2026-11-01');
    expect((await readdir(root)).filter((n) => /^\d/.test(n)).sort()).toEqual(['2026-11-01', '2026-11-16', '2026-11-17', '2026-11-18']);
  });
});
