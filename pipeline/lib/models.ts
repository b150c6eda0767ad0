// Runs the SQL models layer by layer in their declared order: each file is a select that becomes a table
// of the same name. Timings and row counts are logged per model and returned for the run report.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { layers, type Layer } from '../models/manifest.ts';
import { quoteIdent, type Warehouse } from './warehouse.ts';

export const modelsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'models');

export interface ModelRun {
  layer: Layer['name'];
  model: string;
  rows: number;
  ms: number;
}

/** Path of a model's SQL file. */
export function modelPath(layer: Layer['name'], model: string): string {
  return path.join(modelsDir, layer, `${model}.sql`);
}

/** Create the shared macros, then every model of every layer, in order. */
export async function runModels(wh: Warehouse, log: (msg: string) => void, only?: ReadonlySet<Layer['name']>): Promise<ModelRun[]> {
  await wh.exec(await readFile(path.join(modelsDir, 'macros.sql'), 'utf8'));
  const runs: ModelRun[] = [];
  for (const layer of layers) {
    if (only && !only.has(layer.name)) continue;
    const started = Date.now();
    for (const model of layer.models) runs.push(await runModel(wh, layer.name, model));
    const layerRuns = runs.filter((r) => r.layer === layer.name);
    log(`${layer.name}: ${layerRuns.length} models in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(${layerRuns.map((r) => `${r.model} ${r.rows}`).join(', ')})`);
  }
  return runs;
}

/** Run one model file into a table named after it. */
export async function runModel(wh: Warehouse, layer: Layer['name'], model: string): Promise<ModelRun> {
  const started = Date.now();
  const sql = (await readFile(modelPath(layer, model), 'utf8')).trim().replace(/;\s*$/, '');
  try {
    await wh.exec(`create or replace table ${quoteIdent(model)} as\n${sql}`);
  } catch (error) {
    throw new Error(`model ${layer}/${model} failed: ${(error as Error).message}`);
  }
  const [{ n }] = await wh.all<{ n: number }>(`select count(*)::integer as n from ${quoteIdent(model)}`);
  return { layer, model, rows: n, ms: Date.now() - started };
}
