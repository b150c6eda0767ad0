// Stable public ids across nightly runs: the id map (entity, natural_key, id) lives in data/state and is loaded
// before the core layer (int_entity_ids keeps old ids and numbers new keys) and saved after a successful run.
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { quoteIdent, quoteLiteral, type Warehouse } from '../db/warehouse.ts';

const FILE = 'entity-ids.parquet';

/** Load the id map into `state_entity_ids` (empty on the first run). */
export async function loadEntityIds(wh: Warehouse, stateDir: string): Promise<void> {
  const file = path.join(stateDir, FILE);
  if (existsSync(file)) {
    await wh.exec(`create or replace table state_entity_ids as
      select entity::varchar as entity, natural_key::varchar as natural_key, id::integer as id from read_parquet($file)`, { file });
  } else {
    await wh.exec('create or replace table state_entity_ids (entity varchar, natural_key varchar, id integer)');
  }
}

/**
 * Save the extended id map atomically (temp file, then rename): people and organisations from int_entity_ids plus
 * every other `int_<kind>_ids` model (sites, groups, campaigns… built with the stable_ids macro).
 */
export async function saveEntityIds(wh: Warehouse, stateDir: string): Promise<void> {
  const file = path.join(stateDir, FILE);
  const temp = `${file}.tmp`;
  await rm(temp, { force: true });
  const tables = await wh.all<{ t: string }>(`select table_name as t from duckdb_tables()
    where table_name like 'int\\_%\\_ids' escape '\\' order by table_name`);
  const union = tables.map(({ t }) => `select entity, natural_key, id from ${quoteIdent(t)}`).join(' union all ');
  await wh.exec(`copy (select distinct entity, natural_key, id from (${union}) order by entity, id)
    to ${quoteLiteral(temp)} (format parquet)`);
  await rename(temp, file);
}
