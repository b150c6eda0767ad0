// Runs only the models a test needs: those that build its target tables, in the derived run order, over the tables
// the test made by hand (every table already in the warehouse counts as given, so none of them is rebuilt).
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { modelsFor, type ModelRef } from '../../pipeline/lib/model-graph.ts';
import { runModel } from '../../pipeline/lib/models.ts';

/** Run the models that build `targets` and are not in the warehouse yet; returns the models run, in order. */
export async function runModelsFor(wh: Warehouse, targets: readonly string[]): Promise<ModelRef[]> {
  const given = (await wh.all<{ t: string }>('select table_name as t from duckdb_tables() union select view_name from duckdb_views()')).map((r) => r.t);
  const models = modelsFor(targets, given);
  for (const { layer, model } of models) await runModel(wh, layer, model);
  return models;
}
