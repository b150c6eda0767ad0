// Shared shape of the CSV adapters: find files, map header → columns, quarantine malformed rows, append the rest.
import path from 'node:path';
import type { Warehouse } from '../../lib/warehouse.ts';
import { clean } from './clean.ts';
import { readCsv, toHeaderKey } from './csv-records.ts';
import { listFiles, termFromFileName, toSourceFile } from './files.ts';
import type { Quarantine } from './quarantine.ts';
import { toRow, type Row, type SourceTable } from './tables.ts';

export interface SourceContext {
  wh: Warehouse;
  rawDir: string;
  log: (msg: string) => void;
  quarantine: Quarantine;
}

export interface CsvAdapter {
  source: string;
  table: SourceTable;
  folder: string;
  pattern: RegExp;
  /** Column → header key (see toHeaderKey). `term` is taken from the file name when it names one. */
  columns: Record<string, string>;
  /** Extra per-row rule: a reason to quarantine the (cleaned) row, or null. */
  reject?: (row: Record<string, string | null>) => string | null;
}

/** Load every file of a CSV adapter; returns rows loaded. A missing folder loads nothing and says so. */
export async function loadCsvSource(ctx: SourceContext, adapter: CsvAdapter): Promise<number> {
  const files = await listFiles(path.join(ctx.rawDir, adapter.folder), adapter.pattern);
  if (files.length === 0) ctx.log(`${adapter.source}: no files in ${adapter.folder}/; ${adapter.table} left empty`);
  let total = 0;
  for (const file of files) {
    const loaded = await loadCsvFile(ctx, adapter, file);
    total += loaded;
  }
  return total;
}

async function loadCsvFile(ctx: SourceContext, adapter: CsvAdapter, file: string): Promise<number> {
  const sourceFile = toSourceFile(ctx.rawDir, file);
  const reject = (position: number | null, reason: string, excerpt: string) =>
    ctx.quarantine.add({ source: adapter.source, sourceFile, sourcePosition: position, reason, excerpt });
  const fileTerm = termFromFileName(file);
  const rows: Row[] = [];
  let indexOf = new Map<string, number>();
  let width = 0;
  let rejected = 0;
  const read = await readCsv(file, {
    onHeader(header) {
      width = header.length;
      indexOf = new Map(header.map((h, i) => [toHeaderKey(h), i]));
      const missing = Object.entries(adapter.columns).filter(([c, key]) => !indexOf.has(key) && !(c === 'term' && fileTerm));
      // A renamed column would silently empty a field: say so once per file, and load the rest.
      if (missing.length > 0) reject(null, `missing columns: ${missing.map(([, k]) => k).join(', ')}`, header.join(','));
    },
    onRecord({ position, values }) {
      const excerpt = values.join(',');
      if (values.length !== width) {
        rejected++;
        return reject(position, `wrong column count (expected ${width}, got ${values.length})`, excerpt);
      }
      const row: Record<string, string | null> = {};
      for (const [column, key] of Object.entries(adapter.columns)) {
        const i = indexOf.get(key);
        row[column] = i === undefined ? null : clean(values[i]);
      }
      // The term of a file comes from its name (the column, where there is one, is the fallback).
      if (fileTerm && 'term' in adapter.columns) row.term = fileTerm;
      const reason = adapter.reject?.(row) ?? null;
      if (reason) {
        rejected++;
        return reject(position, reason, excerpt);
      }
      rows.push(toRow(adapter.table, { ...row, source_file: sourceFile, source_position: position }));
    },
  });
  if (read.error) reject(read.error.position, 'csv parse error; rest of file not read', read.error.message);
  const loaded = await ctx.wh.appendText(adapter.table, rows);
  ctx.log(`${adapter.source}: ${sourceFile}: ${loaded} rows, ${rejected} quarantined, ${read.blank} blank rows skipped`);
  return loaded;
}
