// Entry point of the site build: `npx tsx build/cli.ts`. Resolves configuration once, opens the warehouse, reads
// the export, writes it into a temp folder, verifies it, checks the night guard against the live export and
// publishes it atomically, then commits the night's staged state; logs each stage with timings.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createReporter, shownPath, toReporter, type LogTarget } from '../cli/reporter.ts';
import { resolveConfig, type Config } from '../config/resolve.ts';
import { openWarehouse } from '../pipeline/db/warehouse.ts';
import { assertNight, checkNight, describeAccepted } from '../pipeline/guard/night-guard.ts';
import { commitStagedState } from '../pipeline/lib/night-state.ts';
import { bulkExport } from './bulk-export.ts';
import { readFeedRows } from './feeds/read-rows.ts';
import { feedsExport } from './feeds/write-feeds.ts';
import { linkQualityFile, quarantineFile } from './bulk/side-files.ts';
import type { SideFile } from './bulk/write-bulk.ts';
import { writeHostConfig } from './host/write.ts';
import { publishSite, type PublishResult } from './publish.ts';
import { fileEffects } from './site/effects.ts';
import { toExportId } from './site/input.ts';
import { readSiteInput } from './site/read-warehouse.ts';
import { writeSite } from './site/write-site.ts';

/** Build and publish the site for the warehouse named by the configuration. */
export async function runBuild(config: Readonly<Config>, logTo: LogTarget = console.log): Promise<PublishResult> {
  const report = toReporter(logTo);
  const log = report.detail;
  const started = performance.now();
  const wh = await openWarehouse(config.warehousePath, { readOnly: true });
  let result: PublishResult;
  let runId: string;
  try {
    // lazy: each route's rows are read while it is written and dropped after (the warehouse stays open until then)
    const input = await readSiteInput(wh, {
      baseUrl: config.baseUrl,
      cursorSecret: config.cursorSecret,
      rateLimits: { anonymous: config.rateLimitAnon, withKey: config.rateLimitKey },
      log,
      lazy: true,
    });
    runId = input.runId;
    // the bulk export's side files: the night's link quality and what it set aside
    const quarantine = await quarantineFile(wh);
    const sideFiles: SideFile[] = [await linkQualityFile(wh, path.join(path.dirname(config.warehousePath), 'link-quality.json')), ...(quarantine ? [quarantine] : [])];
    log(`read export ${input.exportDate} (${Math.round(performance.now() - started)} ms)`);
    result = await publishSite({
      siteRoot: config.siteRoot,
      exportIdFor: (generation) => toExportId(input.exportDate, input.runId, generation),
      build: (dir, exportId, previous) => writeSite({ ...input, exportId }, dir, fileEffects(log, report.progress), undefined, [bulkExport({
        siteRoot: config.siteRoot, baseUrl: config.baseUrl, exportDate: input.exportDate, runId: input.runId, sideFiles,
      }), feedsExport({ baseUrl: config.baseUrl, readRows: () => readFeedRows(wh) })], previous),
      // The night guard once more, against the export live now: the pipeline checked against the one live then.
      beforeSwitch: (live, next) => {
        // the pipeline records the night's counts in the warehouse it swaps in (pipeline/run.ts)
        if (!next.night) throw new Error('the warehouse holds no night counts: run the pipeline (make pipeline) before the site build');
        if (live?.export_id === next.export_id) return;
        const result = checkNight({
          tonight: next.night, files: [], published: live?.night ?? null,
          maxDropPercent: config.guard.maxDropPercent, accept: config.guard.acceptDrops,
        });
        for (const line of describeAccepted(result)) log(line);
        assertNight(result, live ? `the live export ${live.export_id}` : 'nothing published yet', 'before publishing');
      },
      keep: config.keepExports,
      keepBulk: config.keepBulkExports,
      log,
    });
  } finally {
    wh.close();
  }
  // nginx in front of the gateway serves the export just published once reloaded (docs/static-hosting.md)
  const hostConfig = await writeHostConfig(config, result.manifest.export_id);
  log(`static host: ${path.relative(process.cwd(), hostConfig) || hostConfig} names export ${result.manifest.export_id} (reload nginx to serve it)`);
  // The night published: its state (registry history, id map) becomes the state the next night starts from.
  const state = await commitStagedState(config.stateDir, runId);
  log(`state: ${state === 'committed' ? `committed the state of run ${runId}` : `${state}; state unchanged`}`);
  const files = Object.keys(result.manifest.files).length;
  log(`site build done: ${files} files in ${((performance.now() - started) / 1000).toFixed(1)} s → ${path.relative(process.cwd(), result.dir) || result.dir}`);
  report.done(`export ${result.manifest.export_id}: ${files.toLocaleString('en')} files ${result.reused ? 'already in' : 'published to'} ${shownPath(result.dir)}, ` +
    `now served as ${shownPath(path.join(config.siteRoot, 'current'))}`);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = resolveConfig();
  const reporter = createReporter({
    title: config.output.title ?? 'Site: warehouse → static export, published atomically', stage: config.output.stage,
    verbose: config.output.verbose, logFile: path.join(config.output.logDir, 'site.log'),
  });
  runBuild(config, reporter).catch((err: unknown) => {
    reporter.fail(err instanceof Error ? err.message : String(err));
    if (err instanceof Error && err.stack) console.error(err.stack);
    process.exitCode = 1;
  });
}
