// Publication of an export into its own immutable folder, `<siteRoot>/<export-id>/`: under the publish lock, build
// into `.tmp-<id>-<random>/`, verify, rename to the export id and repoint the `current` symlink with a rename
// (atomic on POSIX: a reader resolves the old export or the new, never none). A published folder is never written
// again: republishing the same bytes reuses it, and other bytes under an id already taken get the next
// generation's id. A failed build, verification or guard removes its temp folder and leaves `current` and every
// published export untouched. The last `keep` exports stay on disk so gateways can finish cursor walks begun on them.
// The build is handed the live export so it can link the files it has unchanged (site/previous-export.ts), and the
// verification then trusts a file that is the very inode the live export verified.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readlink, rename, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { EXPORT_ID_PATTERN, exportLayout, type ExportManifest } from '../export/layout.ts';
import { acquirePublishLock } from './publish-lock.ts';
import type { PreviousExport } from './site/previous-export.ts';
import { recordAndPrune, removeLeftovers } from './published-exports.ts';
import { verifySite } from './site/verify.ts';

export interface PublishOptions {
  siteRoot: string;
  /** The export id of generation n (0 first; the next one when a folder of that id holds other bytes). */
  exportIdFor: (generation: number) => string;
  /** Writes the export with the given id into the given (empty, existing) folder; `previous` is the live export
   *  (null when nothing is published), whose unchanged files it may link. */
  build: (dir: string, exportId: string, previous: PreviousExport | null) => Promise<ExportManifest>;
  /** Defaults to verifySite; injectable so tests can simulate a failed check. */
  verify?: (dir: string, previous: PreviousExport | null) => Promise<unknown>;
  /** Last check before `current` moves, with the lock held: the live export's manifest (null when nothing is
   *  published) and the new one; throwing refuses the publication (the night guard). */
  beforeSwitch?: (live: ExportManifest | null, next: ExportManifest) => Promise<void> | void;
  /** Exports kept on disk (the live one always is). */
  keep?: number;
  /** Exports whose bulk files stay (pruned ones beyond `keep` keep only those, in the bulk archive). */
  keepBulk?: number;
  log?: (message: string) => void;
  now?: () => Date;
}

export interface PublishResult {
  dir: string;
  manifest: ExportManifest;
  /** The folder already held these bytes (a rebuild of a published export): nothing was written. */
  reused: boolean;
  pruned: string[];
}

const MAX_GENERATIONS = 20;

export async function publishSite(opts: PublishOptions): Promise<PublishResult> {
  const { siteRoot } = opts;
  const log = opts.log ?? (() => {});
  const now = opts.now ?? (() => new Date());
  await mkdir(siteRoot, { recursive: true });
  const release = await acquirePublishLock(siteRoot, now);
  try {
    const leftovers = await removeLeftovers(siteRoot);
    if (leftovers.length) log(`removed what an interrupted build left: ${leftovers.join(', ')}`);
    // read once under the lock, which keeps it live until `current` moves: the build links from it, the guard compares
    const live = await _liveExport(siteRoot);
    const { id, tmp, manifest } = await _buildNew(opts, log, live);
    const final = path.join(siteRoot, id);
    try {
      await opts.beforeSwitch?.(live?.manifest ?? null, manifest);
      if (tmp) await rename(tmp, final);
    } finally {
      if (tmp) await rm(tmp, { recursive: true, force: true });
    }
    await _pointCurrent(siteRoot, id);
    const pruned = await recordAndPrune(siteRoot, { export_id: id, export_date: manifest.export_date, published_at: now().toISOString() },
      opts.keep ?? 3, id, opts.keepBulk);
    log(`${tmp ? 'published' : 'republished the identical'} export ${id}; current → ${id}`);
    if (pruned.length) log(`pruned ${pruned.join(', ')}`);
    return { dir: final, manifest, reused: tmp === null, pruned };
  } finally {
    await release();
  }
}

/** The export folder name `current` points at, or null when nothing is published. */
export async function currentExport(siteRoot: string): Promise<string | null> {
  try {
    return path.basename(await readlink(path.join(siteRoot, 'current')));
  } catch {
    return null;
  }
}

/** The live export's folder and manifest (null when nothing is published; a `current` naming no export throws, and
 *  nothing is published); the lock keeps it from being pruned. */
async function _liveExport(siteRoot: string): Promise<PreviousExport | null> {
  const live = await currentExport(siteRoot);
  if (live === null) return null;
  const dir = path.join(siteRoot, live);
  return { dir, manifest: JSON.parse(await readFile(path.join(dir, exportLayout.manifest), 'utf8')) as ExportManifest };
}

/** Build and verify a generation whose folder is free (tmp set) or already holds the same bytes (tmp null). */
async function _buildNew(opts: PublishOptions, log: (m: string) => void, previous: PreviousExport | null): Promise<{ id: string; tmp: string | null; manifest: ExportManifest }> {
  for (let generation = 0; generation < MAX_GENERATIONS; generation++) {
    const id = opts.exportIdFor(generation);
    if (!EXPORT_ID_PATTERN.test(id)) throw new Error(`export id must look like 2026-11-20-0123abcd, got "${id}"`);
    const tmp = path.join(opts.siteRoot, `.tmp-${id}-${randomBytes(6).toString('hex')}`);
    await mkdir(tmp);
    let manifest: ExportManifest;
    try {
      manifest = await opts.build(tmp, id, previous);
      if (manifest.export_id !== id) throw new Error(`build wrote export ${manifest.export_id}, asked for ${id}`);
      const started = performance.now();
      await (opts.verify ?? ((dir, live) => verifySite(dir, undefined, live)))(tmp, previous);
      log(`verified ${Object.keys(manifest.files).length} files (${Math.round(performance.now() - started)} ms)`);
    } catch (err) {
      await rm(tmp, { recursive: true, force: true });
      throw err;
    }
    const existing = await _manifestOf(path.join(opts.siteRoot, id));
    if (existing === null) return { id, tmp, manifest };
    await rm(tmp, { recursive: true, force: true });
    if (_sameFiles(existing, manifest)) return { id, tmp: null, manifest: existing };
    log(`export ${id} is already published with other bytes (other code or settings, same data); building the next generation`);
  }
  throw new Error(`${MAX_GENERATIONS} generations of this export are already published with other bytes`);
}

async function _manifestOf(dir: string): Promise<ExportManifest | null> {
  try {
    await stat(dir);
  } catch {
    return null;
  }
  return JSON.parse(await readFile(path.join(dir, exportLayout.manifest), 'utf8')) as ExportManifest;
}

/** Whether two builds hold the same bytes, the bulk manifest aside: it says when the export was generated, which a
 *  rebuild of the same data does not change (the published folder keeps its first generation time). */
function _sameFiles(a: ExportManifest, b: ExportManifest): boolean {
  const ka = Object.keys(a.files).filter((k) => k !== exportLayout.bulkManifest);
  return ka.length === Object.keys(b.files).filter((k) => k !== exportLayout.bulkManifest).length
    && ka.every((k) => b.files[k]?.sha256 === a.files[k]!.sha256);
}

/** New relative symlink under a temp name, then rename over `current`: readers see the old or the new, never none. */
async function _pointCurrent(siteRoot: string, target: string): Promise<void> {
  const link = path.join(siteRoot, `.current-${randomBytes(6).toString('hex')}`);
  await symlink(target, link);
  try {
    await rename(link, path.join(siteRoot, 'current'));
  } catch (err) {
    await rm(link, { force: true });
    throw err;
  }
}
