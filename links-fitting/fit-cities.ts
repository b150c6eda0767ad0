// The reproducible way the committed link models are made: build sample cities of several sizes (the test city,
// the default sample, the City's real volumes), fit every task's model on all of them pooled (each city weighing
// the same), rebuild the cities with the new models and report each city's link quality and any missed floor.
//   npx tsx links-fitting/fit-cities.ts [--scales 0.004,0.02,1 --every 10,1,30] [--tasks L1,L7] [--version 2026.11.2] [--reuse | --rerun]
// The defaults are the e2e test city (0.004, a snapshot every 10 days), `make sample` (0.02, daily) and the bench's
// City size (1, monthly snapshots: daily ones only add ingestion time).
// Cities live in .tmp/fit-cities/<scale>/ (--reuse keeps already built ones, --rerun keeps the generated files and
// runs the pipeline again, for changed features). Exits 1 when a floor is missed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { resolveConfig, type Config } from '../config/resolve.ts';
import { runPipeline } from '../pipeline/run.ts';
import { generateSampleCity } from '../sample/generate.ts';
import { evaluateLinkQuality } from './evaluate-cli.ts';
import { FIT_CITY_SCALES, fitCityRoot, fitTask, type FitCity } from './fit.ts';
import { missedFloors } from './floors.ts';
import { LINK_TASKS, type LinkTask } from '../pipeline/links/model-file.ts';
import { writeModelsDoc } from './models-doc.ts';

const arg = (name: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
const scales = arg('scales')?.split(',').map(Number) ?? [...FIT_CITY_SCALES];
const every = (arg('every') ?? '10,1,30').split(',').map(Number);
const tasks = (arg('tasks')?.split(',') ?? [...LINK_TASKS]) as LinkTask[];
const log = (msg: string) => console.error(msg);

/** The configuration of the city of one scale: its own raw, state and warehouse folders. */
function cityConfig(scale: number): Readonly<Config> {
  const root = fitCityRoot(scale);
  return resolveConfig({ rawDir: path.join(root, 'raw'), stateDir: path.join(root, 'state'),
    warehousePath: path.join(root, 'warehouse', 'warehouse.duckdb'), siteRoot: path.join(root, 'site') },
  { ...process.env, SAMPLE_SCALE: String(scale) });
}

async function build(config: Readonly<Config>, scale: number, snapshotEvery: number): Promise<void> {
  await generateSampleCity({ outDir: config.rawDir, seed: config.sample.seed, scale, asOf: config.sample.asOf, snapshotEvery }, () => {});
  await runPipeline(config, () => {});
}

const configs = scales.map((scale, i) => ({ scale, every: every[i] ?? 1, config: cityConfig(scale) }));
for (const { scale, every: snapshotEvery, config } of configs) {
  if (process.argv.includes('--rerun') && existsSync(path.join(config.rawDir, 'sample-truth'))) {
    // the generated city stands and the features changed: run the pipeline again on it before fitting
    log(`fit-cities: running the pipeline again on the city at scale ${scale}…`);
    await runPipeline(config, () => {});
    continue;
  }
  if (process.argv.includes('--reuse') && existsSync(config.warehousePath)) continue;
  log(`fit-cities: building the sample city at scale ${scale} (a snapshot every ${snapshotEvery} days)…`);
  await build(config, scale, snapshotEvery);
}
const cities: FitCity[] = configs.map(({ config }) => ({ rawDir: config.rawDir, warehouse: config.warehousePath }));
for (const task of tasks) {
  log(`fit-cities: ${await fitTask(task, cities, { version: arg('version') ? `${task}-${arg('version')}` : undefined })}`);
}
let missed = 0;
for (const { scale, config } of configs) {
  log(`fit-cities: scoring the city at scale ${scale} with the new models…`);
  await runPipeline(config, () => {});
  // writes link-quality.json beside the city's warehouse, which writeModelsDoc reads below
  const report = await evaluateLinkQuality(config, () => {});
  if (!report) throw new Error(`fit-cities: no planted truth in ${config.rawDir}`);
  for (const t of report) {
    const bands = t.bands.map((b) => `${b.band} ${b.links} @ ${b.precision ?? '–'}`).join(', ');
    console.log(`scale ${scale} ${t.task}: true ${t.true_pairs}, unalike ${t.unalike_share}, decoys ${t.decoy_share}, ${bands}, recall ${t.recall ?? '–'}`);
  }
  const lines = missedFloors(report);
  for (const line of lines) console.log(`scale ${scale} FLOOR MISSED ${line}`);
  missed += lines.length;
}
writeModelsDoc(configs.map(({ scale, config }) => ({ scale: String(scale), warehouseDir: path.dirname(config.warehousePath) })));
log('fit-cities: wrote docs/link-models.md');
process.exit(missed ? 1 : 0);
