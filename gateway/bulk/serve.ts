// The bulk routes: GET /bulk answers the live export's bulk manifest; GET /bulk/{date}/{file} finds the newest kept
// export of that date (its folder's bulk/, or the bulk archive of a pruned one, by the publish journal) and answers a
// download of a file its manifest lists — by name only, so no request can name a path outside the export.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { ApiError, clipInput } from '../../api/errors.ts';
import { BULK_DATE_PATTERN, BULK_FILE_PATTERN } from '../../api/routes/bulk.ts';
import { BULK_ARCHIVE, JOURNAL_FILE, parseJournal, exportLayout } from '../../export/layout.ts';
import type { Download } from '../http/download.ts';
import { hashBody, toEtag } from '../../export/representations.ts';
import type { Reply } from '../http/reply.ts';
import type { OpenedExport } from '../../export/serve/open-export.ts';

interface ManifestFile {
  name: string;
  media_type: string;
  bytes: number;
  sha256: string;
  gzip: { bytes: number; sha256: string } | null;
}

interface BulkFolder {
  dir: string;
  exportId: string;
  files: Map<string, ManifestFile>;
}

const DATE = new RegExp(BULK_DATE_PATTERN);
const FILE = new RegExp(BULK_FILE_PATTERN);
// a published bulk folder never changes: its manifest can be kept as long as the process runs
const folders = new LRUCache<string, BulkFolder>({ max: 64 });

/** GET /bulk: the live export's bulk manifest, as written (404 when the export has none). */
export async function serveBulkManifest(live: OpenedExport | null): Promise<Reply> {
  if (!live) throw new ApiError(404, 'not_found', 'No data export has been published yet, so there is no bulk export');
  let body: Buffer;
  try {
    body = await readFile(path.join(live.dir, exportLayout.bulkManifest));
  } catch {
    throw new ApiError(404, 'not_found', `Export ${live.exportId} has no bulk files`);
  }
  return { status: 200, body, etag: toEtag(hashBody(body)), from: live };
}

/** GET /bulk/{date}/{file}: the download, or 404 naming what is missing. */
export async function serveBulkFile(siteRoot: string, live: OpenedExport | null, date: string | undefined, file: string | undefined): Promise<Reply> {
  if (!date || !DATE.test(date)) throw new ApiError(404, 'not_found', 'A bulk download is /bulk/{date}/{file} with an export date YYYY-MM-DD');
  const folder = await _folderFor(siteRoot, live, date);
  if (!folder) throw new ApiError(404, 'not_found', `No export of ${date} with bulk files is kept; GET /bulk lists the latest export's files`);
  const entry = file && FILE.test(file) ? folder.files.get(file) : undefined;
  if (!entry) throw new ApiError(404, 'not_found', `Export ${folder.exportId} has no bulk file "${clipInput(file ?? '')}"; its manifest lists the files`);
  const download: Download = {
    path: path.join(folder.dir, entry.name), bytes: entry.bytes, sha256: entry.sha256, mediaType: entry.media_type,
    filename: `${date}-${entry.name}`,
    ...(entry.gzip ? { gzip: { path: path.join(folder.dir, `${entry.name}.gz`), ...entry.gzip } } : {}),
  };
  return { status: 200, body: null, download, headers: { 'x-export-id': folder.exportId } };
}

/** The bulk folder of the newest kept export of `date`: the live one first, then the journal, newest first. */
async function _folderFor(siteRoot: string, live: OpenedExport | null, date: string): Promise<BulkFolder | null> {
  // the live export answers most downloads without reading the journal
  if (live && live.exportId.startsWith(`${date}-`)) {
    const folder = await _open(path.join(live.dir, 'bulk'), live.exportId);
    if (folder) return folder;
  }
  const candidates: { id: string; dirs: string[] }[] = [];
  let journal: { export_id: string; export_date: string }[] = [];
  try {
    journal = parseJournal(await readFile(path.join(siteRoot, JOURNAL_FILE), 'utf8'));
  } catch {
    // no journal yet: only the live export
  }
  for (const e of [...journal].reverse()) {
    if (e.export_date !== date || e.export_id === live?.exportId) continue;
    candidates.push({ id: e.export_id, dirs: [path.join(siteRoot, e.export_id, 'bulk'), path.join(siteRoot, BULK_ARCHIVE, e.export_id)] });
  }
  for (const c of candidates) {
    for (const dir of c.dirs) {
      const folder = await _open(dir, c.id);
      if (folder) return folder;
    }
  }
  return null;
}

async function _open(dir: string, exportId: string): Promise<BulkFolder | null> {
  const known = folders.get(dir);
  if (known) return known;
  let manifest: { export_id: string; files: ManifestFile[] };
  try {
    manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  } catch {
    return null; // pruned, or an export without bulk files
  }
  if (manifest.export_id !== exportId) return null;
  const folder = { dir, exportId, files: new Map(manifest.files.map((f) => [f.name, f])) };
  folders.set(dir, folder);
  return folder;
}
