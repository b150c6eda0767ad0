// Offline fitting of one link task's model: features from the warehouse (lnk_<task>), labels from the sample
// city's planted truth through the task's truth mapper; writes pipeline/links/models/<task>.json.
//   npx tsx links-fitting/fit.ts L1 --version L1-2026.11.2 [--lambda 1]
//   npx tsx links-fitting/fit.ts L1 --from <rawDir>:<warehouse> --from <rawDir>:<warehouse> …
// With several --from cities (sample cities of different scales) the rows are pooled and each city weighs the same
// in total, so a model holds at the test city's size and at the City's real volumes alike (features whose meaning
// changes with the city's size show up as a poor fit). Without --from: RAW_DIR and WAREHOUSE of the configuration.
// The nightly pipeline only reads the committed model file; it never fits.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveConfig } from '../config/resolve.ts';
import { openWarehouse, type Warehouse } from '../pipeline/db/warehouse.ts';
import { fitLogisticSigned } from './logistic.ts';
import { EVIDENCE_SIGNS } from './evidence-signs.ts';
import { featureTable, LINK_TASKS, modelsDir, readLinkModel, type LinkModel, type LinkTask } from '../pipeline/links/model-file.ts';
import { TRUTH_MAPPERS } from './truth/mappers.ts';
import type { TaskTruth } from './truth/types.ts';

/** Rows of a task's feature table with their truth label. */
export async function labelledRows(wh: Warehouse, task: LinkTask, truth: TaskTruth) {
  const rows = await wh.all<{ from_id: string; to_id: string; x: string }>(
    `select from_id, to_id, to_json(x)::varchar as x from ${featureTable(task)}`);
  // records the truth sets aside (the sample's insight plants, written to be found) would teach the model nothing real
  return rows.filter((r) => !truth.setAside?.has(String(r.from_id))).map((r) => ({
    key: `${r.from_id}|${r.to_id}`,
    x: JSON.parse(r.x) as Record<string, number>,
    y: (truth.positives.has(`${r.from_id}|${r.to_id}`) ? 1 : 0) as 0 | 1,
  }));
}

/** The truth of a task, from data/raw/sample-truth/planted-truth.json. */
export async function taskTruth(wh: Warehouse, task: LinkTask, rawDir: string): Promise<TaskTruth> {
  const planted = JSON.parse(readFileSync(path.join(rawDir, 'sample-truth', 'planted-truth.json'), 'utf8'));
  return TRUTH_MAPPERS[task](wh, planted);
}

/** The sample cities `make fit-links` fits on (scales) and where each one lives. */
export const FIT_CITY_SCALES = [0.004, 0.02, 1] as const;
export const fitCityRoot = (scale: number) => path.resolve('.tmp', 'fit-cities', String(scale));

/** One sample city to fit on: its raw folder (planted truth) and its built warehouse. */
export interface FitCity { rawDir: string; warehouse: string }

/**
 * How a task pools its cities: 'city' weighs each city the same in total (a model that holds at the test city's
 * size and the City's alike), 'row' weighs each candidate the same, so the City-size city dominates. L1 pools by
 * row: on a small agenda a registration whose words match a generic title has one candidate and is right about
 * half the time, at City size the title comes back within the active period and such matches are right in fewer
 * than one case in five; weighted per city, the small cities' few hundred rows pull those matches into the
 * moderate band at City size (measured: moderate precision 0.27 to 0.44 there). position likewise: per city, letters
 * whose name fits a look-alike almost as well as the writer land in the moderate band at City size (precision 0.73 to
 * 0.77); per row 0.99, with every floor held at the small cities too.
 */
export const POOLING: Partial<Record<LinkTask, 'city' | 'row'>> = { L1: 'row', position: 'row' };
const poolingOf = (task: LinkTask) => POOLING[task] ?? 'city';

/** Labelled rows of every city, weighted by the task's pooling (each city the same in total, or each row). */
export async function pooledRows(task: LinkTask, cities: readonly FitCity[]) {
  const perCity: Awaited<ReturnType<typeof labelledRows>>[] = [];
  for (const city of cities) {
    const wh = await openWarehouse(city.warehouse, { readOnly: true });
    try {
      perCity.push(await labelledRows(wh, task, await taskTruth(wh, task, city.rawDir)));
    } finally {
      wh.close();
    }
  }
  if (poolingOf(task) === 'row') return perCity.flat();
  const total = perCity.reduce((n, rows) => n + rows.length, 0);
  return perCity.flatMap((rows) => rows.map((r) => ({ ...r, w: total / (perCity.length * Math.max(1, rows.length)) })));
}

/** The sample-city description of each city (seed, scale, as-of), read from its planted truth. */
function describe(city: FitCity): string {
  const t = JSON.parse(readFileSync(path.join(city.rawDir, 'sample-truth', 'planted-truth.json'), 'utf8')) as Record<string, unknown>;
  return `seed ${t.seed}, scale ${t.scale}, as of ${t.asOf}`;
}

/**
 * The penalty each task was tuned with when none is given and the model file records none: the entity tasks'
 * planted data separates cleanly, and the default 1 would shrink every probability towards the moderate band.
 */
const DEFAULT_LAMBDA: Partial<Record<LinkTask, number>> = { L3: 0.1, L4: 0.1, L5: 0.02, L6: 0.1, L7: 0.1 };

/** Fit one task's model on the cities and write its model file; returns the training summary line. */
export async function fitTask(task: LinkTask, cities: readonly FitCity[], options: { version?: string; lambda?: number } = {}): Promise<string> {
  const previous = (() => { try { return readLinkModel(task); } catch { return undefined; } })();
  const lambda = options.lambda ?? (previous?.training?.lambda as number | undefined) ?? DEFAULT_LAMBDA[task] ?? 1;
  const rows = await pooledRows(task, cities);
  const features = [...new Set(rows.flatMap((r) => Object.keys(r.x)))].sort();
  const fit = fitLogisticSigned(features, rows, { lambda, signs: EVIDENCE_SIGNS[task] });
  writeLinkModel({
    task, model: 'logistic',
    model_version: options.version ?? previous?.model_version ?? `${task}-1`,
    question_version: previous?.question_version ?? `${task}-q1`,
    intercept: fit.intercept, weights: fit.weights,
    fitted_on: `sample cities (${cities.map(describe).join('; ')}), each ${poolingOf(task) === 'row' ? 'candidate' : 'city'} weighted equally`,
    notes: previous?.notes ?? '',
    training: { rows: rows.length, positives: rows.filter((r) => r.y).length, cities: cities.length, lambda, log_loss: Number(fit.logLoss.toFixed(5)), iterations: fit.iterations,
      ...(fit.heldAtZero.length ? { held_at_zero: fit.heldAtZero } : {}) },
  });
  return `${task}: ${rows.length} candidates from ${cities.length} cities, ${rows.filter((r) => r.y).length} true; log-loss ${fit.logLoss.toFixed(4)}`;
}

/** Write a task's model file where the night reads it (pipeline/links/models/<task>.json). */
export function writeLinkModel(model: LinkModel): void {
  writeFileSync(path.join(modelsDir, `${model.task}.json`), `${JSON.stringify(model, null, 2)}\n`);
}

async function main(): Promise<void> {
  const task = process.argv[2] as LinkTask;
  if (!LINK_TASKS.includes(task)) throw new Error(`usage: fit.ts <${LINK_TASKS.join('|')}> [--version V] [--lambda L] [--from rawDir:warehouse]…`);
  const arg = (name: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
  const config = resolveConfig();
  const from = process.argv.flatMap((a, i) => (a === '--from' ? [process.argv[i + 1] ?? ''] : []));
  const cities: FitCity[] = from.length
    ? from.map((f) => { const [rawDir, warehouse] = f.split(':'); if (!rawDir || !warehouse) throw new Error(`--from wants rawDir:warehouse, got ${f}`); return { rawDir, warehouse }; })
    : [{ rawDir: config.rawDir, warehouse: config.warehousePath }];
  console.log(await fitTask(task, cities, { version: arg('version'), lambda: arg('lambda') ? Number(arg('lambda')) : undefined }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: Error) => { console.error(e.message); process.exit(1); });
}
