// Hand-made source rows for model tests: creates every src_* table of docs/contracts.md §2 and §5 (text columns) on an
// in-memory warehouse and fills it with a tiny, fully known city.
import { openWarehouse, type Warehouse } from '../../pipeline/db/warehouse.ts';

import { SOURCE_TABLES } from '../../pipeline/sources/common/tables.ts';

const LINEAGE = ['source_file', 'source_position'];

/** Columns of every src_* table (the adapters' own list), without the lineage columns the fixture fills itself. */
export const sourceColumns: Record<string, string[]> = Object.fromEntries(
  Object.entries(SOURCE_TABLES)
    .filter(([table]) => table.startsWith('src_'))
    .map(([table, cols]) => [table, (cols as readonly string[]).filter((c) => !LINEAGE.includes(c))]),
);

type Row = Record<string, string | null>;

/** Create empty source tables, the quarantine table and the seeds/state tables the models read. */
export async function emptySourceWarehouse(): Promise<Warehouse> {
  const wh = await openWarehouse(':memory:');
  for (const [table, cols] of Object.entries(sourceColumns)) {
    const all = table === 'src_registry__sightings' ? cols : [...LINEAGE, ...cols];
    await wh.exec(`create table ${table} (${all.map((c) => `"${c}" varchar`).join(', ')})`);
  }
  await wh.exec(`create table quarantine (source varchar, source_file varchar, source_position bigint, reason varchar, excerpt varchar)`);
  await wh.exec(`create table state_entity_ids (entity varchar, natural_key varchar, id integer)`);
  await wh.exec(`create table seed_topics as select * from (values ('transit', 'Public transit', 'TTC', 'transportation', 'Transit', 'ttc'))
    as t(id, label, description, "group", registry_subjects, keywords)`);
  return wh;
}

/** Insert rows (by column name) into a source table; missing columns are null. */
export async function insertRows(wh: Warehouse, table: string, rows: Row[]): Promise<void> {
  const cols = table === 'src_registry__sightings' ? sourceColumns[table] : [...LINEAGE, ...sourceColumns[table]];
  await wh.appendText(table, rows.map((row, i) => cols.map((c) =>
    c === 'source_file' ? (row[c] ?? `fixture/${table}`) : c === 'source_position' ? (row[c] ?? String(i + 1)) : (row[c] ?? null))));
}
