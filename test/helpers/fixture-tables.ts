// Hand-made input tables for model tests: each table created with only the columns a model reads (name → DuckDB
// type) on a warehouse, and the test's rows inserted through a JSON Lines file read with those exact types.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { quoteIdent, type Warehouse } from '../../pipeline/db/warehouse.ts';

export type Row = Record<string, unknown>;
export type TableColumns = Record<string, Record<string, string>>;

/** Create every table of `tables` (empty unless `inputs` has rows for it), plus the entity-id state the macros name. */
export async function loadFixtureTables(wh: Warehouse, tables: TableColumns, inputs: Partial<Record<string, Row[]>>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fixture-tables-'));
  try {
    for (const [table, columns] of Object.entries(tables)) {
      const cols = Object.entries(columns).map(([k, v]) => `${quoteIdent(k)} ${v}`).join(', ');
      await wh.exec(`create table ${quoteIdent(table)} (${cols})`);
      const rows = inputs[table] ?? [];
      if (!rows.length) continue;
      const file = path.join(dir, `${table}.jsonl`);
      writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n'));
      const spec = Object.entries(columns).map(([k, v]) => `${quoteIdent(k)}: '${v}'`).join(', ');
      await wh.exec(`insert into ${quoteIdent(table)} select * from read_json('${file}', format = 'newline_delimited', columns = {${spec}})`);
    }
    await wh.exec('create table state_entity_ids (entity varchar, natural_key varchar, id integer)'); // the macros name it
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
