// Runs every source adapter into fresh src_* tables and `quarantine`, and returns what each one loaded or rejected.
import type { Warehouse } from '../db/warehouse.ts';
import type { SourceContext } from './common/source-context.ts';
import { Quarantine, type FileProblem } from './common/quarantine.ts';
import { SourceReuse } from './common/source-reuse.ts';
import { createSourceTables, SOURCE_TABLES, type SourceTable } from './common/tables.ts';
import { ingestSnapshots, type PassStats } from './registry/ingest-snapshots.ts';
import { loadAgendaItems, loadDecisionBodies } from './tmmis.ts';
import { loadVotes } from './votes.ts';
import { loadMeetingSchedule } from './meetings.ts';
import { loadElectedOfficials } from './officials.ts';
import { loadCoaApplications } from './coa.ts';
import { loadContributions } from './contributions.ts';
import { loadDevelopmentApplications } from './development.ts';
import { loadAddressPoints, loadWards } from './geo.ts';
import { loadManualGroups } from './groups.ts';
import { loadProcurement } from './procurement.ts';
import { loadReviewDecisions } from './review.ts';
import { loadItemCommunications } from './tmmis-communications.ts';

export interface SourceSummary {
  /** Rows per src_* table (and `quarantine`). */
  tables: Record<string, number>;
  /** Quarantined records per source, then per reason. */
  quarantine: Record<string, Record<string, number>>;
  /** Files that could not be read whole (also quarantined): the night guard refuses them unless accepted. */
  files: FileProblem[];
  registry: {
    snapshotsFound: number;
    /** Snapshots added to the history by this run (all of them on a first run). */
    snapshotsIngested: number;
    newestSnapshot: string | null;
    idPass: PassStats;
    fullParse: (PassStats & { date: string }) | null;
  };
  seconds: number;
}

/** Create every src_* table and `quarantine`, run every adapter, and summarise. */
export async function loadSources(ctx: {
  wh: Warehouse;
  rawDir: string;
  stateDir: string;
  log: (msg: string) => void;
  /** Worker threads for reading archived registry snapshots (default 1). */
  registryWorkers?: number;
  /** Last night's warehouse: CSV files unchanged since it loaded them are copied from it (common/source-reuse.ts). */
  previousWarehouse?: string | null;
}): Promise<SourceSummary> {
  const started = performance.now();
  const { wh, log } = ctx;
  const quarantine = new Quarantine();
  await createSourceTables(wh);
  const reuse = await SourceReuse.open(wh, ctx.previousWarehouse ?? null, log);
  try {
    return await _loadAll({ ...ctx, quarantine, source: { wh, rawDir: ctx.rawDir, log, quarantine, reuse }, started });
  } finally {
    await reuse.close();
  }
}

async function _loadAll(ctx: Parameters<typeof loadSources>[0] & { quarantine: Quarantine; source: SourceContext; started: number }): Promise<SourceSummary> {
  const { wh, log, quarantine, source, started } = ctx;

  log('sources: lobbyist registry');
  const registry = await ingestSnapshots({ wh, rawDir: ctx.rawDir, stateDir: ctx.stateDir, log, quarantine, workers: ctx.registryWorkers });
  log('sources: council voting record');
  await loadVotes(source);
  log('sources: TMMIS agenda items and decision bodies');
  await loadAgendaItems(source);
  await loadDecisionBodies(source);
  log('sources: meeting schedule and elected officials');
  await loadMeetingSchedule(source);
  await loadElectedOfficials(source);
  // Every folder is optional: a missing one leaves its tables empty and says so.
  log('sources: development applications and Committee of Adjustment');
  await loadDevelopmentApplications(source);
  await loadCoaApplications(source);
  log('sources: address points and wards');
  await loadAddressPoints(source);
  await loadWards(source);
  log('sources: procurement, campaign contributions, manual groups');
  await loadProcurement(source);
  await loadContributions(source);
  await loadManualGroups(source);
  log('sources: TMMIS agenda-item communications, reviewer decisions');
  await loadItemCommunications(source);
  await loadReviewDecisions(source);

  await wh.appendText('quarantine', quarantine.rows());
  const tables: Record<string, number> = {};
  for (const table of Object.keys(SOURCE_TABLES) as SourceTable[]) {
    const [{ n }] = await wh.all<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM ${table}`);
    tables[table] = n;
  }
  const counts = quarantine.counts();
  const rejected = quarantine.entries.length;
  log(`sources: ${Object.entries(tables).map(([t, n]) => `${t}=${n}`).join(' ')}`);
  if (rejected > 0) log(`sources: ${rejected} records quarantined: ${JSON.stringify(counts)}`);
  for (const f of quarantine.files) log(`sources: ${f.sourceFile} could not be read whole: ${f.reason} (${f.rows} rows read)`);
  const { snapshotsFound, ingested, idPass, fullParse } = registry;
  return {
    tables,
    quarantine: counts,
    files: quarantine.files,
    registry: { snapshotsFound, snapshotsIngested: ingested.length, newestSnapshot: fullParse?.date ?? null, idPass, fullParse },
    seconds: (performance.now() - started) / 1000,
  };
}
