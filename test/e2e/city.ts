// The end-to-end cities: a sample city built end to end (generate → pipeline → reviewers' decisions → pipeline →
// link-quality evaluation → site) once per test run, by whichever suite asks first; the others wait for it. A
// directory lock makes each build happen exactly once across the parallel test processes. The e2e city (scale 0.004,
// a snapshot every 10 days) serves most suites; the default city (`make sample`: scale 0.02, daily snapshots) is for
// the tests that must find the sample's planted effects at the default scale.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolveConfig, type Config } from '../../config/resolve.ts';
import { generateSampleCity } from '../../sample/generate.ts';
import { runPipeline } from '../../pipeline/run.ts';
import { runBuild } from '../../build/cli.ts';
import { evaluateLinkQuality } from '../../links-fitting/evaluate-cli.ts';
import { writeSampleReview } from '../../links-fitting/review-sample.ts';

export const E2E_SCALE = 0.004;
export const DEFAULT_SCALE = 0.02;

interface CitySpec { folder: string; scale: number; snapshotEvery: number }
const E2E: CitySpec = { folder: 'e2e', scale: E2E_SCALE, snapshotEvery: 10 };
const DEFAULT: CitySpec = { folder: 'e2e-default', scale: DEFAULT_SCALE, snapshotEvery: 1 };

/** The folders of every city a test run may build (global-setup clears them). */
export const CITY_FOLDERS = [E2E.folder, DEFAULT.folder]; // global-setup.ts clears these (spelled out there)

function configFor(spec: CitySpec): Config {
  const root = path.resolve('.tmp', spec.folder);
  return resolveConfig({
    rawDir: path.join(root, 'raw'),
    stateDir: path.join(root, 'state'),
    warehousePath: path.join(root, 'warehouse', 'warehouse.duckdb'),
    siteRoot: path.join(root, 'site'),
    baseUrl: 'http://localhost/api/v1',
    cursorSecret: 'e2e-secret',
    rateLimitAnon: 1_000_000,
    rateLimitKey: 1_000_000,
    sample: { scale: spec.scale },
  }, {});
}

/** The e2e city's configuration, building it first if no suite of this run has. */
export function e2eCity(): Promise<Config> {
  return builtCity(E2E);
}

/** The default-scale city's configuration (what `make build` makes), building it first if no suite of this run has. */
export function defaultCity(): Promise<Config> {
  return builtCity(DEFAULT);
}

async function builtCity(spec: CitySpec): Promise<Config> {
  const root = path.resolve('.tmp', spec.folder);
  const ready = path.join(root, 'ready.json');
  const lock = path.resolve('.tmp', `${spec.folder}.lock`);
  const run = process.env.E2E_RUN_ID ?? 'standalone';
  for (let waited = 0; waited < 600_000; waited += 200) {
    if (existsSync(ready) && JSON.parse(readFileSync(ready, 'utf8')).run === run) return configFor(spec);
    mkdirSync(path.dirname(lock), { recursive: true }); // a fresh clone has no .tmp yet
    try {
      mkdirSync(lock); // atomic: only one process builds
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // only "someone else is building" waits
      await sleep(200);
      continue;
    }
    try {
      if (existsSync(ready) && JSON.parse(readFileSync(ready, 'utf8')).run === run) return configFor(spec);
      rmSync(root, { recursive: true, force: true });
      const config = configFor(spec);
      const quiet = () => {};
      await generateSampleCity({
        outDir: config.rawDir, seed: config.sample.seed, scale: spec.scale, asOf: config.sample.asOf, snapshotEvery: spec.snapshotEvery,
      }, quiet);
      await runPipeline(config, quiet);
      // the sample's reviewers decide (L5, L7, position need confirmations), then the night runs again with them
      await writeSampleReview(config, quiet);
      await runPipeline(config, quiet);
      await evaluateLinkQuality(config, quiet); // link-quality.json beside the warehouse (link-quality.test.ts)
      await runBuild(config, quiet);
      writeFileSync(ready, JSON.stringify({ run }));
      return config;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  throw new Error(`timed out waiting for the ${spec.folder} city`);
}
