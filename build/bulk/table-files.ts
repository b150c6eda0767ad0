// The three files of one list route: JSON Lines (the API's own record bytes, one per line, in the API's order), CSV
// (api/csv-rows.ts: RFC 4180, UTF-8, CRLF, a header row, empty = null, lists and objects as JSON text) made from the same records, and
// Parquet with typed columns (DuckDB reads the JSON Lines with the dictionary's types and writes Parquet).
import path from 'node:path';
import type { ListRoute } from '../../api/routes/types.ts';
import { schemas } from '../../api/schemas/registry.ts';
import { csvHeader } from '../../api/csv-rows.ts';
import { csvRowsOfRecords } from '../../api/csv-transcode.ts';
import { openWarehouse, quoteIdent, quoteLiteral } from '../../pipeline/db/warehouse.ts';
import { toFieldType } from '../../api/field-types.ts';
import { gzipHashed, hashFile, writeHashed, type FileDigest } from './hashed-file.ts';
import { bulkFileName, type BulkFormat } from '../../export/bulk-names.ts';

export interface TableFile {
  name: string;
  format: BulkFormat;
  rows: number;
  digest: FileDigest;
  gzip: FileDigest | null;
}

const CSV_BATCH = 2000;

/** Write a route's JSON Lines, CSV and Parquet files into `dir` from its serialised records (API order). */
export async function writeTableFiles(route: ListRoute, records: readonly string[], dir: string): Promise<TableFile[]> {
  const jsonl = bulkFileName(route.resource, 'jsonl');
  const csv = bulkFileName(route.resource, 'csv');
  const parquet = bulkFileName(route.resource, 'parquet');
  const jsonlDigest = await writeHashed(path.join(dir, jsonl), _lines(records));
  const csvDigest = await writeHashed(path.join(dir, csv), _csvChunks(route, records));
  await _writeParquet(route, path.join(dir, jsonl), path.join(dir, parquet));
  return [
    { name: jsonl, format: 'jsonl', rows: records.length, digest: jsonlDigest, gzip: await gzipHashed(path.join(dir, jsonl)) },
    { name: csv, format: 'csv', rows: records.length, digest: csvDigest, gzip: await gzipHashed(path.join(dir, csv)) },
    { name: parquet, format: 'parquet', rows: records.length, digest: await hashFile(path.join(dir, parquet)), gzip: null },
  ];
}

function* _lines(records: readonly string[]): Generator<string> {
  for (const r of records) yield `${r}\n`;
}

/** CSV in batches of rows: the header, then every record's fields in contract order (api/csv-rows.ts through
 *  api/csv-transcode.ts, the writer the gateway's CSV answers use too). */
function* _csvChunks(route: ListRoute, records: readonly string[]): Generator<string | Uint8Array> {
  yield csvHeader(route.fields);
  for (let i = 0; i < records.length; i += CSV_BATCH) yield csvRowsOfRecords(route.fields, Buffer.from(records.slice(i, i + CSV_BATCH).join('\n'), 'utf8'));
}

/** Parquet through an in-memory DuckDB: the JSON Lines read with each field's type, written in the API's order. */
async function _writeParquet(route: ListRoute, jsonlPath: string, parquetPath: string): Promise<void> {
  const properties = (schemas[route.schema] as { properties: Record<string, object> }).properties;
  const columns = route.fields.map((f) => `${quoteLiteral(f)}: ${quoteLiteral(toFieldType(properties[f] as never).duckdb)}`).join(', ');
  // one thread: Parquet bytes then depend on the data only, so the same export gives the same file
  const db = await openWarehouse(':memory:', { threads: 1 });
  try {
    await db.exec(`copy (select ${route.fields.map(quoteIdent).join(', ')}
        from read_json($path, format = 'newline_delimited', columns = {${columns}}, maximum_object_size = 67108864))
      to ${quoteLiteral(parquetPath)} (format parquet, compression zstd, row_group_size 100000)`, { path: jsonlPath });
  } finally {
    db.close();
  }
}
