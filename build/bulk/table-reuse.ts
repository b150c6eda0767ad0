// A table whose records are byte-identical to the previous export's (the same JSON Lines SHA-256) and whose files were
// written by the same code (the manifest's format_version) gets its JSON Lines, CSV and Parquet files and their gzip
// twins hard-linked from the previous export's bulk folder instead of written, converted and compressed again: most
// of the City's tables (development applications, sites, contracts, procurement) do not change from night to night.
import { createHash } from 'node:crypto';
import { readFile, readdir, link, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ListRoute } from '../../api/routes/types.ts';
import { codeVersion, packageJsonOf } from '../../pipeline/lib/code-version.ts';
import type { FileDigest } from './hashed-file.ts';
import { bulkFileName, BULK_FORMATS, type BulkFormat } from '../../export/bulk-names.ts';
import type { TableFile } from './table-files.ts';

/** What the previous export's manifest says of its files (name → entry), when its format version is tonight's. */
export type PreviousFiles = ReadonlyMap<string, { bytes: number; sha256: string; rows: number | null; gzip: FileDigest | null }>;

/** Size and SHA-256 of the JSON Lines file these records make (one record and a line feed each), without writing it. */
export function jsonlDigest(records: readonly string[]): FileDigest {
  const hash = createHash('sha256');
  let bytes = 0;
  for (const r of records) {
    hash.update(r, 'utf8').update('\n');
    bytes += Buffer.byteLength(r, 'utf8') + 1;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Link a table's files from the previous bulk folder when its records are unchanged; null (nothing left behind)
 *  when they changed, a file is missing from the previous manifest or on disk. */
export async function linkUnchangedTable(route: ListRoute, records: readonly string[], previousDir: string,
  previous: PreviousFiles, dir: string): Promise<TableFile[] | null> {
  const jsonl = previous.get(bulkFileName(route.resource, 'jsonl'));
  const digest = jsonlDigest(records);
  if (!jsonl || jsonl.sha256 !== digest.sha256 || jsonl.bytes !== digest.bytes || jsonl.rows !== records.length) return null;
  const formats: BulkFormat[] = ['jsonl', 'csv', 'parquet']; // writeTableFiles' order, kept in the manifest
  const files: TableFile[] = [];
  for (const format of formats) {
    const entry = previous.get(bulkFileName(route.resource, format));
    if (!entry || (BULK_FORMATS[format].gzip && !entry.gzip)) return null;
    files.push({ name: bulkFileName(route.resource, format), format, rows: records.length, digest: { bytes: entry.bytes, sha256: entry.sha256 },
      gzip: BULK_FORMATS[format].gzip ? entry.gzip : null });
  }
  const names = files.flatMap((f) => (f.gzip ? [f.name, `${f.name}.gz`] : [f.name]));
  const done: string[] = [];
  try {
    for (const name of names) {
      await link(path.join(previousDir, name), path.join(dir, name));
      done.push(name);
    }
  } catch {
    await Promise.all(done.map((name) => rm(path.join(dir, name), { force: true })));
    return null;
  }
  return files;
}

/** The previous export's table files by name, or an empty map when its bulk files were written by other code. */
export async function previousFiles(previousDir: string | null, formatVersion: string): Promise<PreviousFiles> {
  if (!previousDir) return new Map();
  try {
    const manifest = JSON.parse(await readFile(path.join(previousDir, 'manifest.json'), 'utf8')) as {
      format_version?: string; files: { name: string; bytes: number; sha256: string; rows: number | null; gzip: FileDigest | null }[];
    };
    if (manifest.format_version !== formatVersion) return new Map();
    return new Map(manifest.files.map((f) => [f.name, f]));
  } catch {
    return new Map();
  }
}

/** A hash of everything that decides a table file's bytes besides its records: the bulk writer's code, the schemas
 *  and column types, the shared CSV writer (api/csv-rows.ts), and csv-stringify's and DuckDB's (Parquet) versions. */
export async function bulkFormatVersion(): Promise<string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const schemas = path.join(here, '..', '..', 'api', 'schemas');
  const shared = ['csv-rows.ts', 'csv-transcode.ts', 'field-types.ts', 'table-columns.ts'].map((n) => path.join(here, '..', '..', 'api', n));
  const code = [...(await readdir(here)).map((n) => path.join(here, n)), ...(await readdir(schemas)).map((n) => path.join(schemas, n)), ...shared]
    .filter((f) => f.endsWith('.ts'));
  return codeVersion([...code, packageJsonOf('csv-stringify'), packageJsonOf('@duckdb/node-bindings')]);
}
