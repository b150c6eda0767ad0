// Runs the models layer by layer in the order derived from what each reads (model-graph.ts): each `<name>.sql` file
// is a select that becomes a table of the same name; a `<name>.ts` model (for work SQL cannot do here, e.g. map
// projections) exports `build(wh)` that creates that table. Timings and row counts are logged per model and returned
// for the run report.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { LayerName } from '../models/manifest.ts';
import { modelLayers, modelPath, modelsDir } from './model-graph.ts';
import { quoteIdent, type Warehouse } from '../db/warehouse.ts';

export interface ModelRun {
  layer: LayerName;
  model: string;
  rows: number;
  ms: number;
}

/** What a TypeScript model exports. */
export interface TsModel {
  /** Create (or replace) the table named after the model. */
  build(wh: Warehouse): Promise<void>;
}

/** Settings the models read from the one-row table `meta_settings` (from the configuration, resolved once). */
export interface ModelSettings {
  /** When strong-mayor powers took effect: the mayor-share interrupted time series' intervention (YYYY-MM-DD). */
  itsInterventionDate: string;
}

export const DEFAULT_MODEL_SETTINGS: ModelSettings = { itsInterventionDate: '2022-11-23' };

export interface RunModelsOptions {
  /** Only these layers (tests). */
  only?: ReadonlySet<LayerName>;
  /** Progress through each layer's models (a bar on a terminal). */
  progress?: (layer: string, done: number, total: number, model: string) => void;
  settings?: ModelSettings;
}

/** What every model needs before it runs: the shared macros and `meta_settings`. */
export async function prepareModels(wh: Warehouse, settings: ModelSettings = DEFAULT_MODEL_SETTINGS): Promise<void> {
  await wh.exec(await readFile(path.join(modelsDir, 'macros.sql'), 'utf8'));
  await wh.exec('create or replace table meta_settings as select cast($its as date) as its_intervention_date',
    { its: settings.itsInterventionDate });
}

/** Prepare (macros, settings), then run every model of every layer, in order. */
export async function runModels(wh: Warehouse, log: (msg: string) => void, options: RunModelsOptions = {}): Promise<ModelRun[]> {
  const { only, progress = () => {} } = options;
  const layers = modelLayers(); // derived before anything runs: a model reading a later one stops the night here
  log(`models: ${layers.map((l) => `${l.name} ${l.models.length}`).join(', ')}, each after the models it reads`);
  await prepareModels(wh, options.settings);
  const runs: ModelRun[] = [];
  for (const layer of layers) {
    if (only && !only.has(layer.name)) continue;
    const started = Date.now();
    for (const [i, model] of layer.models.entries()) {
      progress(layer.name, i, layer.models.length, model);
      runs.push(await runModel(wh, layer.name, model));
    }
    const layerRuns = runs.filter((r) => r.layer === layer.name);
    log(`${layer.name}: ${layerRuns.length} models in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(${layerRuns.map((r) => `${r.model} ${r.rows}`).join(', ')})`);
  }
  return runs;
}

/** Run one model file into a table named after it. */
export async function runModel(wh: Warehouse, layer: LayerName, model: string): Promise<ModelRun> {
  const started = Date.now();
  const file = modelPath(layer, model);
  try {
    if (file.endsWith('.ts')) {
      const module = (await import(pathToFileURL(file).href)) as TsModel;
      await module.build(wh);
    } else {
      const sql = (await readFile(file, 'utf8')).trim().replace(/;\s*$/, '');
      await wh.exec(`create or replace table ${quoteIdent(model)} as\n${sql}`);
    }
  } catch (error) {
    throw new Error(`model ${layer}/${model} failed: ${(error as Error).message}`);
  }
  const [{ n }] = await wh.all<{ n: number }>(`select count(*)::integer as n from ${quoteIdent(model)}`);
  return { layer, model, rows: n, ms: Date.now() - started };
}
