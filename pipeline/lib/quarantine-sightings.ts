// When each quarantined record was first set aside: tonight's quarantine rows get the night a record was first
// quarantined (kept across nights in STATE_DIR/quarantine-sightings.parquet, committed with the rest of the night's
// state only when the night publishes), and `quarantine_published` holds what the bulk export may show of them:
// source, file, position, record key, reason, first night — never the excerpt, which can hold private text.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { quoteLiteral, type Warehouse } from '../db/warehouse.ts';

export const QUARANTINE_SIGHTINGS_FILE = 'quarantine-sightings.parquet';

/** Date tonight's quarantine rows, update the sightings file in `stateDir`, and build `quarantine_published`. */
export async function recordQuarantineSightings(wh: Warehouse, stateDir: string, exportDate: string): Promise<number> {
  const file = path.join(stateDir, QUARANTINE_SIGHTINGS_FILE);
  const seen = existsSync(file)
    ? `select identity, first_seen from read_parquet(${quoteLiteral(file)})`
    : 'select null::varchar as identity, null::date as first_seen where false';
  // A record's identity survives the nightly file names (snapshots/<date>/ changes every night) and moving
  // positions: its source, its file without the snapshot date, its reason, its key and its text.
  await wh.exec(`create or replace temp table quarantine_identified as
    select *, sha256(concat_ws('|', source, regexp_replace(source_file, '/\\d{4}-\\d{2}-\\d{2}/', '/*/'), reason,
        coalesce(record_key, ''), coalesce(excerpt, ''))) as identity
    from quarantine`);
  await wh.exec(`create or replace table quarantine_published as
    with seen as (${seen})
    select q.source, q.source_file, q.source_position, q.record_key, q.reason,
        strftime(coalesce(s.first_seen, cast($tonight as date)), '%Y-%m-%d') as first_seen
    from quarantine_identified as q
    left join seen as s using (identity)
    order by q.source, q.source_file, q.source_position nulls first, q.reason, q.identity`, { tonight: exportDate });
  // every identity ever seen keeps its first night, so a record that leaves and comes back is not new
  await wh.exec(`copy (
      select identity, min(first_seen) as first_seen from (
        ${seen}
        union all select identity, cast($tonight as date) from quarantine_identified
      ) group by identity order by identity
    ) to ${quoteLiteral(file)} (format parquet)`, { tonight: exportDate });
  const [{ n }] = await wh.all<{ n: number }>('select count(*)::integer as n from quarantine_published');
  return n;
}
