// The end-to-end city: one small sample city built end to end (generate → pipeline → reviewers' decisions →
// pipeline → link-quality evaluation → site) once per test run, by
// whichever e2e suite asks first; the others wait for it. A directory lock makes the build happen exactly once
// across the parallel test processes.
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
const root = path.resolve('.tmp', 'e2e');
const ready = path.join(root, 'ready.json');
const lock = path.resolve('.tmp', 'e2e.lock');

function configFor(): Config {
  return resolveConfig({
    rawDir: path.join(root, 'raw'),
    stateDir: path.join(root, 'state'),
    warehousePath: path.join(root, 'warehouse', 'warehouse.duckdb'),
    siteRoot: path.join(root, 'site'),
    baseUrl: 'http://localhost/api/v1',
    cursorSecret: 'e2e-secret',
    rateLimitAnon: 1_000_000,
    rateLimitKey: 1_000_000,
    sample: { scale: E2E_SCALE },
  }, {});
}

/** The built city's configuration, building it first if no suite of this run has. */
export async function e2eCity(): Promise<Config> {
  const run = process.env.E2E_RUN_ID ?? 'standalone';
  for (let waited = 0; waited < 600_000; waited += 200) {
    if (existsSync(ready) && JSON.parse(readFileSync(ready, 'utf8')).run === run) return configFor();
    mkdirSync(path.dirname(lock), { recursive: true }); // a fresh clone has no .tmp yet
    try {
      mkdirSync(lock); // atomic: only one process builds
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // only "someone else is building" waits
      await sleep(200);
      continue;
    }
    try {
      if (existsSync(ready) && JSON.parse(readFileSync(ready, 'utf8')).run === run) return configFor();
      rmSync(root, { recursive: true, force: true });
      const config = configFor();
      const quiet = () => {};
      await generateSampleCity({ outDir: config.rawDir, seed: config.sample.seed, scale: E2E_SCALE, asOf: config.sample.asOf, snapshotEvery: 10 }, quiet);
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
  throw new Error('timed out waiting for the end-to-end city');
}
