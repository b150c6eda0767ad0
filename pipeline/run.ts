// Pipeline entry: raw files → DuckDB warehouse (sources → staging → core → links → api → insights → quality → checks;
// the models of each layer in the order derived from what each reads, pipeline/lib/model-graph.ts).
// The one place that opens the warehouse for writing. It builds into a new file and swaps it in only when every
// layer and check and the night guard have passed, so a failed night leaves the previous warehouse (and site) in
// place; its state (registry history, id map) is worked on in a copy and staged for the site build to commit, so a
// failed night leaves the state as it was too (docs/pipeline.md). Measuring the links against a sample city's planted
// truth is a step of its own after this one (links-fitting/evaluate-cli.ts).
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createReporter, shownPath, toReporter, type LogTarget } from '../cli/reporter.ts';
import { resolveConfig, type Config } from '../config/resolve.ts';
import { loadSources } from './sources/load-all.ts';
import { runChecks } from './lib/checks.ts';
import { runModels } from './lib/models.ts';
import { loadEntityIds, saveEntityIds } from './lib/entity-ids.ts';
import { openNightState } from './lib/night-state.ts';
import { assertNight, checkNight, describeAccepted, type GuardInput, type GuardResult } from './guard/night-guard.ts';
import { publishedTableCounts, readLiveCounts, writeNightCounts } from './guard/live-counts.ts';
import { openWarehouse, quoteIdent } from './db/warehouse.ts';
import { writeQualityReport } from './lib/quality-report.ts';
import { recordQuarantineSightings } from './lib/quarantine-sightings.ts';
import { writeReviewQueue } from './links/review-queue.ts';

const seedsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seeds');

export interface PipelineResult {
  warehousePath: string;
  exportDate: string;
  runId: string;
  seconds: number;
}

/** Run the whole pipeline with an injected logger or reporter; returns where the warehouse was written. */
export async function runPipeline(config: Config, logTo: LogTarget = console.log): Promise<PipelineResult> {
  const report = toReporter(logTo);
  const log = report.detail;
  const started = Date.now();
  const finalPath = config.warehousePath;
  const nextPath = `${finalPath}.next`;
  await mkdir(path.dirname(finalPath), { recursive: true });
  await mkdir(config.stateDir, { recursive: true });
  await rm(nextPath, { force: true });
  await rm(`${nextPath}.wal`, { force: true });

  const live = await readLiveCounts(config.siteRoot);
  const state = await openNightState(config.stateDir);
  const against = live ? `the live export ${live.exportId}${live.night ? '' : ' (it recorded no counts: files only)'}` : 'nothing published yet';
  // Once, at the end, over sources, files and published tables together: a refused night's report lists every
  // problem, so one acceptance (or one fix) covers it; the models run over damaged input only to be thrown away.
  const guard = (tonight: { sources: Record<string, number>; tables: Record<string, number> }, files: GuardInput['files'], stage: string) => {
    const result = checkNight({
      tonight, files, published: live?.night ?? null, maxDropPercent: config.guard.maxDropPercent, accept: config.guard.acceptDrops,
    });
    guardResult = result;
    for (const line of describeAccepted(result)) report.warn(line, 'ACCEPT_DROPS names exactly this count (docs/pipeline.md, "The night guard")');
    assertNight(result, against, stage);
  };
  let guardResult: GuardResult | null = null;
  // a memory cap makes DuckDB spill large joins (the link blocking at the City's size) to disk instead of growing
  const wh = await openWarehouse(nextPath, { memoryLimit: config.duckdbMemoryLimit, tempDirectory: `${nextPath}.tmp` });
  try {
    log(`pipeline: raw data from ${config.rawDir}; night guard against ${against}`);
    const sources = await loadSources({
      wh, rawDir: config.rawDir, stateDir: state.dir, log, registryWorkers: config.registryWorkers, previousWarehouse: finalPath,
    });
    const sourceCounts = Object.fromEntries(Object.entries(sources.tables).filter(([t]) => t !== 'quarantine'));
    await wh.exec(`create or replace table seed_topics as
      select * from read_csv($path, header = true, all_varchar = true)`, { path: path.join(seedsDir, 'topics.csv') });
    await loadEntityIds(wh, state.dir);
    const loaded = Object.entries(sources.tables).filter(([t]) => t !== 'quarantine').reduce((a, [, n]) => a + n, 0);
    const reg = sources.registry;
    report.info(`sources: ${loaded.toLocaleString('en')} rows in ${sources.seconds.toFixed(1)} s; registry history ${reg.snapshotsFound} ` +
      `snapshots (${reg.snapshotsIngested ? `${reg.snapshotsIngested} new` : 'none new'}), newest ${reg.newestSnapshot ?? 'none'}`);

    const runs = await runModels(wh, log, { progress: report.progress, settings: config.models });
    report.info(`models: ${[...new Set(runs.map((r) => r.layer))].map((layer) => {
      const ms = runs.filter((r) => r.layer === layer).reduce((a, r) => a + r.ms, 0);
      return `${layer} ${(ms / 1000).toFixed(1)} s`;
    }).join(', ')}`);
    const checks = await runChecks(wh);
    const failed = checks.filter((c) => c.failures > 0);
    for (const c of failed) log(`check failed: ${c.check} (${c.failures} rows), e.g. ${JSON.stringify(c.sample[0])}`);
    // The guard before the checks' verdict: a damaged file that empties a table fails checks too, and the guard's
    // report names the file.
    const night = { sources: sourceCounts, tables: await publishedTableCounts(wh) };
    guard(night, sources.files, 'end of the pipeline');
    if (failed.length > 0) throw new Error(`${failed.length} data checks failed; the previous warehouse stays in place`);

    const meta = await writeRunMeta(wh);
    await writeNightCounts(wh, night);
    const outDir = path.dirname(finalPath);
    const queued = await writeReviewQueue(wh, path.join(outDir, 'review-queue.jsonl'));
    log(`links: review queue ${Object.entries(queued).map(([t, n]) => `${t} ${n}`).join(', ') || 'empty'} (${path.join(outDir, 'review-queue.jsonl')})`);
    const waiting = Object.values(queued).reduce((a, b) => a + b, 0);
    const quality = await writeQualityReport(wh, { sources, runs, checks, meta });
    await writeFile(path.join(path.dirname(finalPath), 'data-quality.json'), JSON.stringify(quality, null, 2));
    await saveEntityIds(wh, state.dir);
    await recordQuarantineSightings(wh, state.dir, meta.export_date);
    log(`geocoding: ${quality.geocoding_methods.map((m) => `${m.geocode_method} ${m.sites} (${(Number(m.share) * 100).toFixed(1)} %)`).join(', ')}`);
    log(`quality: ${quality.quarantine_total} records quarantined, ${quality.value_issues_total} values nulled ` +
      `(report: ${path.join(path.dirname(finalPath), 'data-quality.json')})`);
    if (quality.quarantine_total > 0) {
      report.warn(`${quality.quarantine_total} source records set aside, ${quality.value_issues_total} values nulled`,
        'malformed rows of the City\'s files (a communication without a date, a vote value other than Yes/No/Absent…) are ' +
        `kept with their reason, counted and never published: ${shownPath(path.join(outDir, 'data-quality.json'))} (docs/pipeline.md)`);
    }
    if (waiting > 0) {
      report.info(`${waiting} link candidates await a reviewer's decision (${shownPath(path.join(outDir, 'review-queue.jsonl'))}; docs/links-contract.md)`);
    }
    const published = await _publishedSummary(wh);
    wh.close();
    await rm(`${nextPath}.tmp`, { recursive: true, force: true });
    // The state first: a warehouse in place always has its state staged (the site build commits it).
    await state.stage(meta);
    await rename(nextPath, finalPath);
    await _writeNightReport(outDir, { status: 'passed', against, run_id: meta.run_id, export_date: meta.export_date, guard: guardResult });
    const seconds = (Date.now() - started) / 1000;
    log(`pipeline: warehouse ${finalPath} for export ${meta.export_date} in ${seconds.toFixed(1)} s`);
    report.done(`export ${meta.export_date}: ${published}`);
    return { warehousePath: finalPath, exportDate: meta.export_date, runId: meta.run_id, seconds };
  } catch (error) {
    try { wh.close(); } catch { /* already closed */ }
    await rm(nextPath, { force: true });
    await rm(`${nextPath}.tmp`, { recursive: true, force: true });
    await state.discard();
    await _writeNightReport(path.dirname(finalPath), {
      status: 'failed', against, reason: error instanceof Error ? error.message : String(error), guard: guardResult,
    });
    throw error;
  }
}

/** night-report.json beside the warehouse: whether tonight passed, against which export, every guard finding. */
async function _writeNightReport(dir: string, report: Record<string, unknown>): Promise<void> {
  await writeFile(path.join(dir, 'night-report.json'), `${JSON.stringify(report, null, 2)}\n`);
}

/** The export date is the newest registry snapshot (the data's as-of day); the run id fingerprints the content of
 *  every published table, so a rebuild with other data is another export (and its cursors are not accepted). */
async function writeRunMeta(wh: Awaited<ReturnType<typeof openWarehouse>>): Promise<{ export_date: string; run_id: string }> {
  const tables = await wh.all<{ t: string }>(`select table_name as t from duckdb_tables() where table_name like 'api\\_%' escape '\\' order by 1`);
  const parts: string[] = [];
  for (const { t } of tables) {
    const [{ h }] = await wh.all<{ h: string }>(`select coalesce(bit_xor(hash(x)), 0)::varchar || ':' || count(*) as h from ${quoteIdent(t)} as x`);
    parts.push(`${t}=${h}`);
  }
  await wh.exec(`
    create or replace table meta_run as
    select (select export_date from int_export) as export_date, left(sha256($fingerprint), 12) as run_id
  `, { fingerprint: parts.join(',') });
  const [meta] = await wh.all<{ export_date: string; run_id: string }>('select * from meta_run');
  return meta;
}

/** The night's main counts, for the closing line. */
async function _publishedSummary(wh: Awaited<ReturnType<typeof openWarehouse>>): Promise<string> {
  const tables = [['api_registrations', 'registrations'], ['api_communications', 'communications'], ['api_agenda_items', 'agenda items'],
    ['api_links', 'published links'], ['api_applications', 'applications'], ['api_contracts', 'contracts']] as const;
  const parts: string[] = [];
  for (const [table, label] of tables) {
    const [{ n }] = await wh.all<{ n: number }>(`select count(*)::integer as n from ${quoteIdent(table)}`);
    parts.push(`${n.toLocaleString('en')} ${label}`);
  }
  return parts.join(', ');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const config = resolveConfig();
  const reporter = createReporter({
    title: config.output.title ?? 'Pipeline: raw files → DuckDB warehouse', stage: config.output.stage, verbose: config.output.verbose,
    logFile: path.join(config.output.logDir, 'pipeline.log'),
  });
  runPipeline(config, reporter).catch((error: Error) => {
    reporter.fail(error.message);
    process.exit(1);
  });
}
