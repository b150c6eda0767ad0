// Every scored candidate's evidence and extra, as a view over the link tasks' features tables (same tasks as
// int_link_scores): the evidence JSON is gigabytes at City volume and is read only for published links, the review
// queue, L5's confirming records and L7's contributions, so it is joined from where it already lies, never copied.
import type { Warehouse } from '../../db/warehouse.ts';
import { quoteIdent } from '../../db/warehouse.ts';
import { featureTable, LINK_TASKS } from '../../links/model-file.ts';

/** Build the view int_link_evidence (task, from_type, from_id, to_type, to_id, evidence, extra). */
export async function build(wh: Warehouse): Promise<void> {
  const present = new Set((await wh.all<{ t: string }>(`select table_name as t from duckdb_tables()`)).map((r) => r.t));
  const parts = LINK_TASKS.map(featureTable).filter((table) => present.has(table)).map((table) => `select
        task, from_type, cast(from_id as varchar) as from_id, to_type, cast(to_id as varchar) as to_id,
        cast(evidence as json) as evidence, cast(coalesce(extra, '{}') as json) as extra
      from ${quoteIdent(table)}`);
  await wh.exec(`create or replace view int_link_evidence as ${parts.length ? parts.join('\nunion all\n')
    : `select * from (values (null::varchar, null::varchar, null::varchar, null::varchar, null::varchar, null::json, null::json))
        as v(task, from_type, from_id, to_type, to_id, evidence, extra) where false`}`);
}
