// Checks a freshly written export folder before it is published: the manifest matches the files on disk byte for
// byte (SHA-256), nothing unlisted is present, every JSON file parses and every route has its files. A file linked
// unchanged from the live export (the same inode, the same manifest entry) was read and hashed when that export was
// verified and is not read again.
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileIndexFromBytes } from '../../export/file-index-file.ts';
import type { Route } from '../../api/routes/types.ts';
import { routes as registry } from '../../api/routes.ts';
import { answeringFile } from '../../export/answering-file.ts';
import { exportLayout, type ExportManifest } from '../../export/layout.ts';
import { contentMtime } from '../../export/representations.ts';
import { isVerifiedLink, type PreviousExport } from './previous-export.ts';

/** Throws with every problem found (at most 20 listed). */
export async function verifySite(dir: string, routes: readonly Route[] = registry, previous: PreviousExport | null = null): Promise<ExportManifest> {
  const problems: string[] = [];
  const manifest = JSON.parse(await readFile(path.join(dir, exportLayout.manifest), 'utf8')) as ExportManifest;
  const onDisk = new Set(await _walk(dir));
  onDisk.delete(exportLayout.manifest);
  onDisk.delete(exportLayout.fileIndex);
  problems.push(...await _checkFileIndex(dir, manifest));
  for (const rel of onDisk) if (!(rel in manifest.files)) problems.push(`unlisted file ${rel}`);
  for (const rel of Object.keys(manifest.files)) if (!onDisk.has(rel)) problems.push(`missing file ${rel}`);

  const listed = Object.entries(manifest.files)
    .filter(([rel, want]) => onDisk.has(rel) && !isVerifiedLink(previous, dir, rel, want, _writtenMtime(manifest, rel, want)));
  for (let i = 0; i < listed.length; i += 64) {
    await Promise.all(listed.slice(i, i + 64).map(async ([rel, want]) => {
      const bytes = await readFile(path.join(dir, rel));
      if (bytes.byteLength !== want.bytes || createHash('sha256').update(bytes).digest('hex') !== want.sha256) {
        problems.push(`hash mismatch ${rel}`);
      }
      if (rel.endsWith('.json')) {
        try {
          JSON.parse(bytes.toString('utf8'));
        } catch {
          problems.push(`invalid JSON ${rel}`);
        }
      }
    }));
  }
  for (const route of routes) {
    // the feeds are an extra part of an export (build/feeds/), like the bulk files: required once it has them
    if (route.kind === 'feed' && manifest.counts.feeds === undefined) continue;
    // the file of the route's bare request (none for a detail, or a list with a required parameter), and the data the
    // gateway reads beside it
    const bare = route.kind === 'detail' ? null : answeringFile(route, '');
    const data = route.kind === 'list' ? [exportLayout.data(route.resource)] : route.kind === 'detail' ? [exportLayout.detailIds(route.resource)] : [];
    const need = [...(bare === null ? [] : [bare]), ...data];
    for (const rel of need) if (!(rel in manifest.files)) problems.push(`${route.id}: missing ${rel}`);
    if (route.kind === 'detail' && manifest.counts[`${route.resource}.details`] === undefined) problems.push(`${route.id}: no detail count`);
  }
  if (problems.length) throw new Error(`site verification failed (${problems.length} problems):\n  ${problems.slice(0, 20).join('\n  ')}`);
  return manifest;
}

/** The file index names the manifest's file list exactly: its bytes are the ones the head names, and it lists every
 *  path with the manifest's digest and size and no other. */
async function _checkFileIndex(dir: string, manifest: ExportManifest): Promise<string[]> {
  const want = manifest.file_index;
  if (!want) return [`${exportLayout.manifest} names no file index`];
  let bytes: Buffer;
  try {
    bytes = await readFile(path.join(dir, exportLayout.fileIndex));
  } catch {
    return [`missing file ${exportLayout.fileIndex}`];
  }
  if (bytes.byteLength !== want.bytes || createHash('sha256').update(bytes).digest('hex') !== want.sha256) return [`hash mismatch ${exportLayout.fileIndex}`];
  const index = fileIndexFromBytes(bytes);
  if (!index) return [`${exportLayout.fileIndex} is not a file index`];
  const entries = Object.entries(manifest.files);
  const differ = index.size !== entries.length || entries.some(([rel, entry]) => {
    const got = index.get(rel);
    return got?.sha256 !== entry.sha256 || got.bytes !== entry.bytes;
  });
  return differ ? [`${exportLayout.fileIndex} does not list the manifest's files`] : [];
}

/** The modification time the site writer gives a file: from its own hash, or for a twin its identity file's. */
function _writtenMtime(manifest: ExportManifest, rel: string, want: ExportManifest['files'][string]): number {
  const identity = /\.(gz|br)$/.test(rel) ? manifest.files[rel.slice(0, rel.lastIndexOf('.'))] : undefined;
  return contentMtime((identity ?? want).sha256);
}

/** Every file below root as a '/'-separated relative path (iterative: folders hold 100k+ files). */
async function _walk(root: string): Promise<string[]> {
  const out: string[] = [];
  const todo = [''];
  while (todo.length) {
    const rel = todo.pop()!;
    for (const entry of await readdir(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) todo.push(child);
      else out.push(child);
    }
  }
  return out;
}
