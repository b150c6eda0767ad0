// Link-quality evaluation, a step of its own after the pipeline (sample cities only): the built warehouse's scored
// links against RAW_DIR/sample-truth/planted-truth.json, written as link-quality.json next to the warehouse, with one
// log line per task and one per missed floor. Kept out of the night so the nightly path never reads planted truth.
//   npx tsx links-fitting/evaluate-cli.ts   (RAW_DIR, WAREHOUSE as for the pipeline; `make evaluate-links`)
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createReporter, shownPath } from '../cli/reporter.ts';
import { resolveConfig, type Config } from '../config/resolve.ts';
import { openWarehouse } from '../pipeline/db/warehouse.ts';
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
    const c = t.contributions;
    log(`links: ${t.task} ${t.bands.map((b) => `${b.band} ${b.links} (precision ${b.precision ?? '–'})`).join(', ')}, recall ${t.recall ?? '–'}` +
      (c ? `; per contribution ${c.recall ?? '–'}, per dollar ${c.dollar_recall ?? '–'} (at 0.95: ${c.review_threshold_dollar_recall ?? '–'})` : ''));
  }
  // a sample city says loudly when a model no longer holds (the tests and the bench fail on it)
  for (const line of missedFloors(report)) log(`links: FLOOR MISSED ${line}`);
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const config = resolveConfig();
  const report = createReporter({
    title: config.output.title ?? 'Link quality (sample city): published links against the planted truth',
    stage: config.output.stage, verbose: config.output.verbose, logFile: path.join(config.output.logDir, 'link-quality.log'),
  });
  evaluateLinkQuality(config, report.detail).then((quality) => {
    if (!quality) return report.done('no planted truth (real City files): nothing to measure');
    const missed = missedFloors(quality);
    if (missed.length) report.warn(`${missed.length} link-quality floors missed`, missed.join('; '));
    const recalls = quality.filter((t) => t.recall !== null).map((t) => `${t.task} ${t.recall!.toFixed(2)}`);
    report.info(`recall (true pairs scored ≥ 0.7): ${recalls.join(', ')}. L5, L7 and position publish only reviewer-confirmed ` +
      'links, so their recall measures the review queue as much as the model (docs/link-models.md)');
    report.done(`${quality.length} tasks measured, ${missed.length ? `${missed.length} floors missed` : 'every precision floor held'} ` +
      `(${shownPath(path.join(path.dirname(config.warehousePath), 'link-quality.json'))})`);
  }).catch((error: Error) => {
    report.fail(error.message);
    process.exit(1);
  });
}
