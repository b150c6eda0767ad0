// Writes the bulk export of one site export into `<export>/bulk/`: every list route's table as JSON Lines, CSV and
// Parquet with its changes since the previous export, the data dictionary (dictionary.md, datapackage.json), the
// night's side files (link quality, quarantine), and manifest.json — the body of GET /bulk — listing every file with
// its rows, bytes, SHA-256 and URL (path-absolute, so it works at whatever host serves the export). Adding a route to the registry adds its files here; nothing names a table.
import path from 'node:path';
import type { ListRoute } from '../../api/routes/types.ts';
import { primaryKeyOf } from '../../api/routes/define.ts';
import { ATTRIBUTION, LICENCE } from '../../api/licence.ts';
import { mkdir } from 'node:fs/promises';
import { diffRecords, noChanges, type ChangeCounts } from './changes.ts';
import { toDataPackage } from './datapackage.ts';
import { toDictionary } from './dictionary.ts';
import { writeHashed, type FileDigest } from './hashed-file.ts';
import { bulkBaseName, BULK_FORMATS, OTHER_MEDIA_TYPES, type BulkFormat } from '../../export/bulk-names.ts';
import { writeTableFiles, type TableFile } from './table-files.ts';
import { bulkFormatVersion, linkUnchangedTable, previousFiles } from './table-reuse.ts';

/** A file of the export beside the tables (link quality, quarantine): its name, what it holds and its text. */
export interface SideFile {
  name: string;
  description: string;
  mediaType: string;
  content: string;
  rows: number | null;
}

export interface BulkInput {
  exportId: string;
  exportDate: string;
  /** BASE_URL: only its path is written into the file URLs. */
  baseUrl: string;
  generatedAt: Date;
  tables: { route: ListRoute; records: readonly string[] }[];
  /** The previous export's bulk folder and id (for the changes files), or null on the first export. */
  previous: { dir: string; exportId: string } | null;
  sideFiles: SideFile[];
}

export interface BulkFileEntry {
  name: string;
  resource: string | null;
  format: BulkFormat | 'changes' | 'markdown' | 'json' | 'csv';
  media_type: string;
  rows: number | null;
  bytes: number;
  sha256: string;
  /** Path-absolute (`/api/v1/bulk/<date>/<name>`), resolved against the address the manifest was fetched from. */
  url: string;
  /** The gzip-compressed twin (`<name>.gz`), served to clients that accept gzip. */
  gzip: FileDigest | null;
}

export interface BulkManifest {
  export_id: string;
  export_date: string;
  previous_export_id: string | null;
  /** A hash of the code and libraries that write the table files: equal JSON Lines and equal format_version mean
   *  byte-identical CSV and Parquet files too. */
  format_version: string;
  generated_at: string;
  licence: string;
  attribution: string;
  files: BulkFileEntry[];
}

export const BULK_MANIFEST = 'manifest.json';

/** Write every bulk file into `dir` (which must not hold them yet); returns the manifest it also writes there and
 *  that file's digest. */
export async function writeBulk(input: BulkInput, dir: string): Promise<{ manifest: BulkManifest; manifestDigest: FileDigest }> {
  // Without scheme and host: the file is served unchanged wherever the export is (the gateway at another host name, a
  // mirror behind its own nginx), and a reference without a host resolves against the manifest's own address there,
  // with or without a trailing slash (a path relative to the manifest would not).
  const basePath = new URL(input.baseUrl).pathname.replace(/\/+$/, '');
  const url = (name: string) => `${basePath}/bulk/${input.exportDate}/${name}`;
  const entries: BulkFileEntry[] = [];
  const tables: { route: ListRoute; files: TableFile[]; changes: ChangeCounts }[] = [];
  const formatVersion = await bulkFormatVersion();
  const before = await previousFiles(input.previous?.dir ?? null, formatVersion);
  await mkdir(dir, { recursive: true });
  for (const { route, records } of input.tables) {
    // a table unchanged since the previous export keeps its files (linked); the others are written
    const linked = input.previous && before.size ? await linkUnchangedTable(route, records, input.previous.dir, before, dir) : null;
    const files = linked ?? await writeTableFiles(route, records, dir);
    for (const f of files) {
      entries.push({ name: f.name, resource: route.resource, format: f.format, media_type: BULK_FORMATS[f.format].mediaType,
        rows: f.rows, bytes: f.digest.bytes, sha256: f.digest.sha256, url: url(f.name), gzip: f.gzip });
    }
    const previousJsonl = input.previous ? path.join(input.previous.dir, `${bulkBaseName(route.resource)}.jsonl`) : null;
    const changes = linked ? noChanges(primaryKeyOf(route)) : await diffRecords(records, primaryKeyOf(route), previousJsonl);
    const changesName = `${bulkBaseName(route.resource)}-changes.csv`;
    const digest = await writeHashed(path.join(dir, changesName), [changes.csv]);
    entries.push({ name: changesName, resource: route.resource, format: 'changes', media_type: 'text/csv',
      rows: changes.counts.added + changes.counts.changed + changes.counts.removed, bytes: digest.bytes, sha256: digest.sha256,
      url: url(changesName), gzip: null });
    tables.push({ route, files, changes: changes.counts });
  }
  for (const side of input.sideFiles) {
    const digest = await writeHashed(path.join(dir, side.name), [side.content]);
    entries.push({ name: side.name, resource: null, format: side.name.endsWith('.json') ? 'json' : 'csv', media_type: side.mediaType,
      rows: side.rows, bytes: digest.bytes, sha256: digest.sha256, url: url(side.name), gzip: null });
  }
  const others = Object.fromEntries(input.sideFiles.map((s) => [s.name, s.description]));
  const packageJson = `${JSON.stringify(toDataPackage({ exportId: input.exportId, exportDate: input.exportDate, tables }), null, 2)}\n`;
  const dictionary = toDictionary({ exportId: input.exportId, exportDate: input.exportDate, tables, others, previousExportId: input.previous?.exportId ?? null });
  for (const [name, content, format, mediaType] of [
    ['datapackage.json', packageJson, 'json', OTHER_MEDIA_TYPES.json],
    ['dictionary.md', dictionary, 'markdown', OTHER_MEDIA_TYPES.md],
  ] as const) {
    const digest = await writeHashed(path.join(dir, name), [content]);
    entries.push({ name, resource: null, format, media_type: mediaType, rows: null, bytes: digest.bytes, sha256: digest.sha256, url: url(name), gzip: null });
  }
  const manifest: BulkManifest = {
    export_id: input.exportId,
    export_date: input.exportDate,
    previous_export_id: input.previous?.exportId ?? null,
    format_version: formatVersion,
    generated_at: input.generatedAt.toISOString(),
    licence: LICENCE,
    attribution: ATTRIBUTION,
    files: entries,
  };
  const manifestDigest = await writeHashed(path.join(dir, BULK_MANIFEST), [`${JSON.stringify(manifest, null, 2)}\n`]);
  return { manifest, manifestDigest };
}

/** Every file written (relative to the bulk folder) with its digest, gzip twins and the manifest included, for the
 *  site manifest. */
export function bulkFiles(manifest: BulkManifest, manifestDigest: FileDigest): { name: string; digest: FileDigest }[] {
  return [{ name: BULK_MANIFEST, digest: manifestDigest }, ...manifest.files.flatMap((f) => [
    { name: f.name, digest: { bytes: f.bytes, sha256: f.sha256 } },
    ...(f.gzip ? [{ name: `${f.name}.gz`, digest: f.gzip }] : []),
  ])];
}

