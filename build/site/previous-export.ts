// The export live when a build starts, as a source of unchanged files: a file whose bytes (SHA-256 and size) equal
// the live export's file of the same path is hard-linked from it with its gzip and brotli twins instead of being
// written and compressed again. Exports are immutable once published (build/publish.ts), so a shared inode is safe:
// pruning the old export only removes a name. Most detail documents are unchanged from one night to the next, and
// compressing them is most of a build's work (docs/pipeline.md).
import { statSync } from 'node:fs';
import path from 'node:path';
import type { ExportManifest } from '../../export/layout.ts';

export interface PreviousExport {
  /** The live export's folder. */
  dir: string;
  manifest: ExportManifest;
}

type FileEntry = ExportManifest['files'][string];

/** The live export's entry for `rel` when it holds exactly these bytes, else null. */
export function unchangedEntry(previous: PreviousExport | null | undefined, rel: string, sha256: string, bytes: number): FileEntry | null {
  const entry = previous?.manifest.files[rel];
  return entry && entry.sha256 === sha256 && entry.bytes === bytes ? entry : null;
}

/** Whether `dir/rel` is the very file (same inode) the verified live export lists under `rel` with the same entry,
 *  untouched since: its bytes were hashed when that export was verified, and a write since would have moved its
 *  modification time off the content-derived one the writer gave it (`mtimeSeconds`). */
export function isVerifiedLink(previous: PreviousExport | null | undefined, dir: string, rel: string, want: FileEntry,
  mtimeSeconds: number): boolean {
  const before = previous?.manifest.files[rel];
  if (!previous || !before || before.sha256 !== want.sha256 || before.bytes !== want.bytes) return false;
  // synchronous: a stat from the inode cache costs less than its hop through the thread pool, once per file
  const a = statSync(path.join(dir, rel), { throwIfNoEntry: false });
  const b = statSync(path.join(previous.dir, rel), { throwIfNoEntry: false });
  return a !== undefined && b !== undefined && a.ino === b.ino && a.dev === b.dev && a.size === want.bytes
    && Math.floor(a.mtimeMs / 1000) === mtimeSeconds;
}
