// Atomic publication of an export: build into `<siteRoot>/.tmp-<date>-<random>/`, verify, move to
// `<siteRoot>/<date>` and repoint the `current` symlink with a rename (atomic on POSIX). A failed build or
// verification removes its temp folder and leaves `current` and every published export untouched.
// Republishing a date swaps folders with two renames; a reader that resolves `current` between them gets ENOENT
// for a moment, and one that cached the old real path sees the new files: it should reopen when `_manifest.json`'s
// export_id changes.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readlink, rename, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import type { SiteManifest } from '../api/site-layout.ts';
import { verifySite } from './site/verify.ts';

export interface PublishOptions {
  siteRoot: string;
  exportDate: string;
  /** Writes the export into the given (empty, existing) folder. */
  build: (dir: string) => Promise<SiteManifest>;
  /** Defaults to verifySite; injectable so tests can simulate a failed check. */
  verify?: (dir: string) => Promise<unknown>;
  /** Number of dated exports kept (the live one is always kept). */
  keep?: number;
  log?: (message: string) => void;
}

export interface PublishResult {
  dir: string;
  manifest: SiteManifest;
  pruned: string[];
}

const DATE_DIR = /^\d{4}-\d{2}-\d{2}$/;

export async function publishSite(opts: PublishOptions): Promise<PublishResult> {
  const { siteRoot, exportDate } = opts;
  if (!DATE_DIR.test(exportDate)) throw new Error(`export date must be YYYY-MM-DD, got "${exportDate}"`);
  const log = opts.log ?? (() => {});
  await mkdir(siteRoot, { recursive: true });
  const tmp = path.join(siteRoot, `.tmp-${exportDate}-${_random()}`);
  await mkdir(tmp);
  let manifest: SiteManifest;
  try {
    manifest = await opts.build(tmp);
    const started = performance.now();
    await (opts.verify ?? verifySite)(tmp);
    log(`verified ${Object.keys(manifest.files).length} files (${Math.round(performance.now() - started)} ms)`);
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }

  const final = path.join(siteRoot, exportDate);
  let old: string | null = null;
  if (await _exists(final)) {
    old = path.join(siteRoot, `.old-${exportDate}-${_random()}`);
    await rename(final, old);
  }
  try {
    await rename(tmp, final);
  } catch (err) {
    if (old) await rename(old, final);
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
  await _pointCurrent(siteRoot, exportDate);
  if (old) await rm(old, { recursive: true, force: true });
  log(`published ${exportDate} (export ${manifest.export_id}); current → ${exportDate}`);
  const pruned = await _prune(siteRoot, opts.keep ?? 7);
  if (pruned.length) log(`pruned ${pruned.join(', ')}`);
  return { dir: final, manifest, pruned };
}

/** The export folder name `current` points at, or null when nothing is published. */
export async function currentExport(siteRoot: string): Promise<string | null> {
  try {
    return path.basename(await readlink(path.join(siteRoot, 'current')));
  } catch {
    return null;
  }
}

/** New relative symlink under a temp name, then rename over `current`: readers see the old or the new, never none. */
async function _pointCurrent(siteRoot: string, target: string): Promise<void> {
  const link = path.join(siteRoot, `.current-${_random()}`);
  await symlink(target, link);
  try {
    await rename(link, path.join(siteRoot, 'current'));
  } catch (err) {
    await rm(link, { force: true });
    throw err;
  }
}

async function _prune(siteRoot: string, keep: number): Promise<string[]> {
  const live = await currentExport(siteRoot);
  const dated = (await readdir(siteRoot, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && DATE_DIR.test(e.name))
    .map((e) => e.name)
    .sort()
    .reverse();
  const doomed = dated.slice(Math.max(keep, 1)).filter((name) => name !== live);
  for (const name of doomed) await rm(path.join(siteRoot, name), { recursive: true, force: true });
  return doomed;
}

async function _exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

function _random(): string {
  return randomBytes(6).toString('hex');
}
