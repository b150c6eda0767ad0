// Builds one small sample city end to end (generate → pipeline → site) before the end-to-end suites run, and
// hands its folders to them. Scale and snapshot cadence are small so the whole suite stays within minutes.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { resolveConfig } from '../../config/resolve.ts';
import { generateSampleCity } from '../../pipeline/sample/generate.ts';
import { runPipeline } from '../../pipeline/run.ts';
import { runBuild } from '../../build/cli.ts';

export const E2E_SCALE = 0.004;

export default async function setup(project: TestProject): Promise<void> {
  const root = path.resolve('.tmp', 'e2e');
  rmSync(root, { recursive: true, force: true });
  const config = resolveConfig({
    rawDir: path.join(root, 'raw'),
    stateDir: path.join(root, 'state'),
    warehousePath: path.join(root, 'warehouse', 'warehouse.duckdb'),
    siteRoot: path.join(root, 'site'),
    baseUrl: 'http://localhost/api/v1',
    cursorSecret: 'e2e-secret',
    sample: { scale: E2E_SCALE },
  }, {});
  const quiet = () => {};
  await generateSampleCity({ outDir: config.rawDir, seed: config.sample.seed, scale: E2E_SCALE, asOf: config.sample.asOf, snapshotEvery: 10 }, quiet);
  await runPipeline(config, quiet);
  await runBuild(config, quiet);
  project.provide('e2eConfig', JSON.stringify({ ...config, apiKeys: [] }));
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eConfig: string;
  }
}
