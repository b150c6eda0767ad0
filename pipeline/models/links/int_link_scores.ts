// Scores every link task's candidates with its versioned model file (pipeline/links/models/<task>.json):
// probability = σ(intercept + Σ weight·feature), a feature absent from `x` counting as 0. One table for all tasks,
// carrying the model and question versions that every published link reports. Tasks whose features model is
// not part of this build are skipped and listed in `int_link_tasks`. The features and the evidence stay in the
// features tables (the evidence view, next in the layer, reads them where they are needed): copying them cost half
// a minute at City volume.
import type { Warehouse } from '../../db/warehouse.ts';
import { quoteIdent, quoteLiteral } from '../../db/warehouse.ts';
import { featureTable, LINK_TASKS, readLinkModel } from '../../links/model-file.ts';

/** Build int_link_scores and int_link_tasks. */
export async function build(wh: Warehouse): Promise<void> {
  const present = new Set((await wh.all<{ t: string }>(`select table_name as t from duckdb_tables()`)).map((r) => r.t));
  const parts: string[] = [];
  const tasks: string[] = [];
  for (const task of LINK_TASKS) {
    const table = featureTable(task);
    if (!present.has(table)) continue;
    const model = readLinkModel(task);
    const linear = [
      sqlNumber(model.intercept),
      ...Object.entries(model.weights).map(([f, w]) => `${sqlNumber(w)} * coalesce(x[${quoteLiteral(f)}], 0)`),
    ].join(' + ');
    parts.push(`select
        task, from_type, cast(from_id as varchar) as from_id, to_type, cast(to_id as varchar) as to_id,
        round(1 / (1 + exp(-(${linear}))), 4) as probability,
        ${quoteLiteral(model.model)} as model, ${quoteLiteral(model.model_version)} as model_version,
        ${quoteLiteral(model.question_version)} as question_version,
        cast(coalesce(extra, '{}') as json) as extra
      from ${quoteIdent(table)}`);
    tasks.push(`(${quoteLiteral(task)}, ${quoteLiteral(model.model_version)}, ${quoteLiteral(model.question_version)})`);
  }
  await wh.exec(`create or replace table int_link_tasks (task varchar, model_version varchar, question_version varchar)`);
  if (tasks.length) await wh.exec(`insert into int_link_tasks values ${tasks.join(', ')}`);
  await wh.exec(parts.length
    ? `create or replace table int_link_scores as ${parts.join('\nunion all\n')}`
    : `create or replace table int_link_scores (task varchar, from_type varchar, from_id varchar, to_type varchar,
        to_id varchar, probability double, model varchar, model_version varchar, question_version varchar,
        extra json)`);
}

function sqlNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`model weight ${n} is not a finite number`);
  return `(${n})::double`;
}
