// Link-quality evaluation, a step of its own after the pipeline (sample cities only): the built warehouse's scored
// links against RAW_DIR/sample-truth/planted-truth.json, written as link-quality.json next to the warehouse, with one
// log line per task and one per missed floor. Kept out of the night so the nightly path never reads planted truth.
//   npx tsx links-fitting/evaluate-cli.ts   (RAW_DIR, WAREHOUSE as for the pipeline; `make evaluate-links`)
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveConfig, type Config } from '../config/resolve.ts';
import { openWarehouse } from '../pipeline/lib/warehouse.ts';
import { evaluateLinks, type TaskQuality } from './evaluate.ts';
import { missedFloors } from './floors.ts';

/** Evaluate the built warehouse and write link-quality.json beside it; null (nothing written) without planted truth. */
export async function evaluateLinkQuality(config: Pick<Config, 'rawDir' | 'warehousePath'>,
  log: (msg: string) => void = console.log): Promise<TaskQuality[] | null> {
  const truthFile = path.join(config.rawDir, 'sample-truth', 'planted-truth.json');
  if (!existsSync(truthFile)) {
    log(`links: no planted truth in ${config.rawDir} (real City files); no link-quality report written`);
    return null;
  }
  // read-only: the site build or the gateway may hold the warehouse open at the same time
  const wh = await openWarehouse(config.warehousePath, { readOnly: true });
  let report: TaskQuality[] | null;
  try {
    report = await evaluateLinks(wh, config.rawDir);
  } finally {
    wh.close();
  }
  if (!report) return null;
  await writeFile(path.join(path.dirname(config.warehousePath), 'link-quality.json'), JSON.stringify(report, null, 2));
  for (const t of report) {
    log(`links: ${t.task} ${t.bands.map((b) => `${b.band} ${b.links} (precision ${b.precision ?? '–'})`).join(', ')}, recall ${t.recall ?? '–'}`);
  }
  // a sample city says loudly when a model no longer holds (the tests and the bench fail on it)
  for (const line of missedFloors(report)) log(`links: FLOOR MISSED ${line}`);
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  evaluateLinkQuality(resolveConfig()).catch((error: Error) => {
    console.error(`evaluate-links failed: ${error.message}`);
    process.exit(1);
  });
}
