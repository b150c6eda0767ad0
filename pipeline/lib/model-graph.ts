// The models and their run order, derived from what each reads, as dbt derives it from ref(): the layers run in the
// order manifest.ts gives, and within a layer a model runs after every model its SQL names. Ties go by name, so the
// order is the same night after night. A model that reads a model of a later layer, itself, or a circle of models is
// refused, with the models named.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { alsoCreates, computedReads, LAYERS, type LayerName } from '../models/manifest.ts';
import { relationArguments, sqlNames, tsSqlNames } from './model-refs.ts';

export const modelsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'models');

/** One layer's models in run order; each becomes a table (or view) of the same name. */
export interface Layer {
  name: LayerName;
  models: readonly string[];
}

export interface ModelRef {
  layer: LayerName;
  model: string;
}

/** A model file's text: `<model>.sql` (a select) or `<model>.ts` (exports `build(wh)`). */
export interface ModelSource extends ModelRef {
  kind: 'sql' | 'ts';
  text: string;
}

/** What the files cannot show (manifest.ts): reads under computed names, and tables made besides the model's own. */
export interface Declarations {
  reads: Readonly<Record<string, readonly string[]>>;
  creates: Readonly<Record<string, readonly string[]>>;
}

/** The models in run order, and the models each reads. */
export interface ModelGraph {
  layers: readonly Layer[];
  reads: ReadonlyMap<string, readonly string[]>;
}

const DECLARED: Declarations = { reads: computedReads, creates: alsoCreates };

/** Path of a model's file: its SQL, or its TypeScript when it has no SQL. */
export function modelPath(layer: LayerName, model: string): string {
  const sql = path.join(modelsDir, layer, `${model}.sql`);
  return existsSync(sql) ? sql : path.join(modelsDir, layer, `${model}.ts`);
}

/** Every model file under `dir`, layer by layer (other files, such as a README, are not models). */
export function readModelSources(dir = modelsDir): ModelSource[] {
  return LAYERS.flatMap((layer) => readdirSync(path.join(dir, layer)).sort().flatMap((file) => {
    const kind = file.endsWith('.sql') ? 'sql' : file.endsWith('.ts') ? 'ts' : null;
    if (!kind) return [];
    return [{ layer, model: file.slice(0, file.lastIndexOf('.')), kind, text: readFileSync(path.join(dir, layer, file), 'utf8') }];
  }));
}

/** Order the models (`macros`: the shared macros' SQL, for the macros that read a relation named by an argument);
 *  throws one error listing every model that reads a later layer, itself, or a circle. */
export function orderModels(sources: readonly ModelSource[], macros = '', declared: Declarations = DECLARED): ModelGraph {
  const problems: string[] = [];
  const relations = relationArguments(macros);
  const layerOf = new Map<string, LayerName>();
  for (const s of sources) {
    if (layerOf.has(s.model)) problems.push(`${s.model} has two files (${layerOf.get(s.model)}/, ${s.layer}/): one model per name`);
    layerOf.set(s.model, s.layer);
  }
  const maker = new Map([...layerOf.keys()].map((m) => [m, m]));
  for (const [model, tables] of Object.entries(declared.creates)) for (const t of tables) maker.set(t, model);
  for (const model of [...Object.keys(declared.reads), ...Object.keys(declared.creates)]) {
    if (!layerOf.has(model)) problems.push(`manifest.ts declares ${model}, which has no model file`);
  }
  const reads = new Map<string, string[]>();
  for (const s of sources) {
    const named = [...(s.kind === 'sql' ? sqlNames(s.text, relations) : tsSqlNames(s.text, relations))].map((n) => maker.get(n));
    const declaredReads = (declared.reads[s.model] ?? []).map((n) => maker.get(n) ?? `${n} (not a model)`);
    // a TypeScript model names the table it creates; a SQL model is a select, which cannot read its own table
    if (s.kind === 'sql' && named.includes(s.model)) problems.push(`${s.layer}/${s.model} reads itself`);
    reads.set(s.model, [...new Set([...named, ...declaredReads])].filter((m): m is string => !!m && m !== s.model).sort());
  }
  for (const s of sources) {
    for (const m of reads.get(s.model)!) {
      const at = layerOf.get(m);
      if (!at) problems.push(`manifest.ts: ${s.model} reads ${m}`);
      else if (LAYERS.indexOf(at) > LAYERS.indexOf(s.layer)) {
        problems.push(`${s.layer}/${s.model} reads ${at}/${m}, a model of a later layer (${at} runs after ${s.layer})`);
      }
    }
  }
  const layers = LAYERS.map((name) => ({ name, models: _sortLayer(sources.filter((s) => s.layer === name).map((s) => s.model), reads, problems) }));
  if (problems.length) throw new Error(`model order: ${problems.join('; ')}`);
  return { layers, reads };
}

/** The project's models in run order, derived once per process. */
export function modelLayers(): readonly Layer[] {
  return _graph().layers;
}

/** The models another model reads (its dependencies among the models). */
export function modelReads(model: string): readonly string[] {
  const reads = _graph().reads.get(model);
  if (!reads) throw new Error(`${model} is not a model`);
  return reads;
}

/**
 * In run order, the models that build `targets`: each target and, transitively, every model it reads, except the
 * tables in `given` (made by hand, as a test fixture makes its inputs) and what only they read.
 */
export function modelsFor(targets: readonly string[], given: Iterable<string> = []): ModelRef[] {
  const skip = new Set(given);
  const needed = new Set<string>();
  const queue = [...targets]; // modelReads below throws on a target that is no model
  while (queue.length) {
    const model = queue.shift()!;
    if (needed.has(model)) continue;
    needed.add(model);
    queue.push(...modelReads(model).filter((m) => !skip.has(m)));
  }
  return _graph().layers.flatMap((l) => l.models.filter((m) => needed.has(m)).map((model) => ({ layer: l.name, model })));
}

/** One layer's models ordered so each follows the models it reads of the same layer (Kahn's algorithm, least name
 *  first among the ready ones); what is left is a circle, reported. */
function _sortLayer(models: readonly string[], reads: ReadonlyMap<string, readonly string[]>, problems: string[]): string[] {
  const inLayer = new Set(models);
  const waiting = new Map(models.map((m) => [m, new Set(reads.get(m)!.filter((r) => inLayer.has(r)))]));
  const order: string[] = [];
  for (;;) {
    const ready = [...waiting].filter(([, deps]) => deps.size === 0).map(([m]) => m).sort()[0];
    if (ready === undefined) break;
    order.push(ready);
    waiting.delete(ready);
    for (const deps of waiting.values()) deps.delete(ready);
  }
  if (waiting.size) {
    // every model left waits on another one left: from the least name, follow the least read until a model repeats
    const walk: string[] = [];
    let at = [...waiting.keys()].sort()[0]!;
    while (!walk.includes(at)) {
      walk.push(at);
      at = [...waiting.get(at)!].sort()[0]!;
    }
    problems.push(`models read each other in a circle: ${[...walk.slice(walk.indexOf(at)), at].join(' reads ')}`);
  }
  return order;
}

let _memo: ModelGraph | null = null;

function _graph(): ModelGraph {
  return (_memo ??= orderModels(readModelSources(), readFileSync(path.join(modelsDir, 'macros.sql'), 'utf8')));
}
