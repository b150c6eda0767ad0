// Publishing into immutable export-id folders: a good build becomes `current`; a failed build, verification or guard
// leaves `current` and the published exports untouched and removes its temp folder; republishing a date makes a new
// folder (never rewriting one), identical bytes reuse theirs, other bytes under a taken id get the next generation;
// the last N exports stay; one publisher at a time; a killed build's leftovers are removed by the next one.
import { appendFile, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentExport, publishSite } from '../../build/publish.ts';
import { LOCK_FILE } from '../../build/publish-lock.ts';
import { fileEffects } from '../../build/site/effects.ts';
import { toExportId } from '../../build/site/input.ts';
import type { ExportManifest } from '../../export/layout.ts';
import { writeSite } from '../../build/site/write-site.ts';
import { smallSiteInput } from './helpers/small-site.ts';

let root: string;
beforeEach(async () => { root = await mkdtemp(path.join(os.tmpdir(), 'publish-')); });
afterEach(async () => { await rm(root, { recursive: true, force: true }); });

const quiet = () => {};
/** Options publishing the small site of `exportDate` and run `runId` (baseUrl varies the bytes without the data). */
const real = (exportDate: string, runId = 'run', baseUrl = 'https://lobbying.example.org/api/v1') => ({
  siteRoot: root,
  exportIdFor: (g: number) => toExportId(exportDate, runId, g),
  build: (dir: string, exportId: string) => writeSite({ ...smallSiteInput(120), exportDate, runId, exportId, baseUrl }, dir, fileEffects(quiet)),
});
const tiny = (exportDate: string) => ({
  siteRoot: root,
  exportIdFor: (g: number) => toExportId(exportDate, 'tiny', g),
  build: async (dir: string, exportId: string): Promise<ExportManifest> => {
    await writeFile(path.join(dir, 'marker'), exportDate);
    await writeFile(path.join(dir, '_manifest.json'), JSON.stringify({ export_id: exportId, export_date: exportDate, files: {} }));
    return { export_id: exportId, export_date: exportDate, built_at: '', counts: {}, run_id: 'tiny', file_index: { sha256: '', bytes: 0 }, files: {} };
  },
  verify: async () => {},
});
const leftovers = async () => (await readdir(root)).filter((n) => n.startsWith('.'));
const exports = async () => (await readdir(root)).filter((n) => /^\d/.test(n)).sort();
const exportIdOfCurrent = async () => (JSON.parse(await readFile(path.join(root, 'current', '_manifest.json'), 'utf8')) as ExportManifest).export_id;

describe('publishSite', () => {
  it('publishes a verified build under its export id and points current at it', async () => {
    const res = await publishSite(real('2026-11-19'));
    const id = toExportId('2026-11-19', 'run');
    expect(res.dir).toBe(path.join(root, id));
    expect(await currentExport(root)).toBe(id);
    expect(await exportIdOfCurrent()).toBe(id);
    expect(await leftovers()).toEqual([]);
    expect((await readdir(root)).sort()).toEqual([id, 'current', 'published.json']);
  });

  it('keeps the previous site when the build fails', async () => {
    await publishSite(real('2026-11-19'));
    const before = await exportIdOfCurrent();
    const failing = { ...real('2026-11-20'), build: async (dir: string, id: string) => {
      await real('2026-11-20').build(dir, id);
      throw new Error('injected failure');
    } };
    await expect(publishSite(failing)).rejects.toThrow('injected failure');
    expect(await exportIdOfCurrent()).toBe(before);
    expect(await leftovers()).toEqual([]);
    expect(await exports()).toEqual([before]);
  });

  it('keeps the previous site when verification finds a corrupted file, or the guard refuses', async () => {
    await publishSite(real('2026-11-19'));
    const before = await exportIdOfCurrent();
    const corrupting = { ...real('2026-11-20'), build: async (dir: string, id: string) => {
      const manifest = await real('2026-11-20').build(dir, id);
      await appendFile(path.join(dir, 'api/v1/people/index.json'), ' ');
      return manifest;
    } };
    await expect(publishSite(corrupting)).rejects.toThrow(/hash mismatch api\/v1\/people\/index.json/);
    const seen: (string | undefined)[] = [];
    const refusing = { ...real('2026-11-20'), beforeSwitch: (live: ExportManifest | null, next: ExportManifest) => {
      seen.push(live?.export_id, next.export_id);
      throw new Error('guard: refused');
    } };
    await expect(publishSite(refusing)).rejects.toThrow('guard: refused');
    expect(seen).toEqual([before, toExportId('2026-11-20', 'run')]);
    expect(await exportIdOfCurrent()).toBe(before);
    expect(await exports()).toEqual([before]);
    expect(await leftovers()).toEqual([]);
  });

  it('republishes a date into a new folder and never rewrites a published one', async () => {
    const first = await publishSite(real('2026-11-19', 'a'));
    const firstBytes = await readFile(path.join(first.dir, 'api/v1/index.json'));
    const second = await publishSite(real('2026-11-19', 'b'));
    expect(second.manifest.export_id).not.toBe(first.manifest.export_id);
    expect(await exportIdOfCurrent()).toBe(second.manifest.export_id);
    expect(await readFile(path.join(first.dir, 'api/v1/index.json'))).toEqual(firstBytes);
    expect(await exports()).toEqual([first.manifest.export_id, second.manifest.export_id].sort());
    expect(await leftovers()).toEqual([]);
  });

  it('reuses the folder of identical bytes, and gives other bytes of the same data the next generation', async () => {
    const first = await publishSite(real('2026-11-19'));
    const mtime = (await stat(path.join(first.dir, '_manifest.json'))).mtimeMs;
    const again = await publishSite(real('2026-11-19'));
    expect(again).toMatchObject({ reused: true, dir: first.dir });
    expect((await stat(path.join(first.dir, '_manifest.json'))).mtimeMs).toBe(mtime);
    const other = await publishSite(real('2026-11-19', 'run', 'https://elsewhere.example.org/api/v1'));
    expect(other.reused).toBe(false);
    expect(other.manifest.export_id).toBe(toExportId('2026-11-19', 'run', 1));
    expect(await exportIdOfCurrent()).toBe(other.manifest.export_id);
    expect(await readFile(path.join(first.dir, 'api/v1/index.json'), 'utf8')).toContain('lobbying.example.org');
  });

  it('keeps the last N published exports (publish order, not name order), never the live one', async () => {
    const dates = Array.from({ length: 5 }, (_, i) => `2026-11-${String(10 + i).padStart(2, '0')}`);
    const ids: string[] = [];
    for (const d of dates) ids.push((await publishSite({ ...tiny(d), keep: 3 })).manifest.export_id);
    expect(await exports()).toEqual(ids.slice(2).sort());
    expect(await readFile(path.join(root, 'current', 'marker'), 'utf8')).toBe('2026-11-14');
    // An older date published last is the newest export: it stays live and the oldest published goes.
    const late = (await publishSite({ ...tiny('2026-11-01'), keep: 3 })).manifest.export_id;
    expect(await currentExport(root)).toBe(late);
    expect(await exports()).toEqual([ids[3], ids[4], late].sort());
  });

  it('lets one build publish at a time, and takes over the lock of a build that died', async () => {
    await writeFile(path.join(root, LOCK_FILE), JSON.stringify({ pid: process.pid, host: os.hostname(), since: 'earlier' }));
    await expect(publishSite(real('2026-11-19'))).rejects.toThrow(/another build \(pid \d+ on .*\) is publishing/);
    expect(await exports()).toEqual([]);
    // A pid that no longer runs: a killed build. Its temp folder goes too.
    await writeFile(path.join(root, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 17, host: os.hostname(), since: 'earlier' }));
    await mkdir(path.join(root, '.tmp-2026-11-18-0123abcd-deadbeef00'));
    await writeFile(path.join(root, '.tmp-2026-11-18-0123abcd-deadbeef00', 'half.json'), '{');
    const logs: string[] = [];
    await publishSite({ ...real('2026-11-19'), log: (m) => logs.push(m) });
    expect(await leftovers()).toEqual([]);
    expect(logs.join('\n')).toContain('removed what an interrupted build left: .tmp-2026-11-18-0123abcd-deadbeef00');
  });

  it('refuses a second publisher running at the same time', async () => {
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => { inside = resolve; });
    let finish!: () => void;
    const hold = new Promise<void>((resolve) => { finish = resolve; });
    const slow = publishSite({ ...real('2026-11-19'), beforeSwitch: async () => { inside(); await hold; } });
    await entered;
    await expect(publishSite(real('2026-11-20'))).rejects.toThrow(/is publishing/);
    finish();
    await slow;
    expect(await exports()).toEqual([toExportId('2026-11-19', 'run')]);
  });
});
