// Registry adapter entry: brings the snapshot history up to date (id-only pass) and loads the newest snapshot in full.
import type { Warehouse } from '../../db/warehouse.ts';
import { Quarantine } from '../common/quarantine.ts';
import { createSourceTables, type SourceTable } from '../common/tables.ts';
import { runIdPass } from './id-pass.ts';
import { parseSnapshot } from './parse-snapshot.ts';
import { listSnapshots } from './snapshot-files.ts';
import { mergeSightings, readState, recordSightings, recordSnapshots, sightingRows, writeState } from './snapshot-state.ts';

export interface IngestContext {
  wh: Warehouse;
  rawDir: string;
  stateDir: string;
  log: (msg: string) => void;
  /** Collector for rejected records of the loaded snapshot (a fresh one when omitted). */
  quarantine?: Quarantine;
  /** Worker threads for the id-only pass over archived snapshots (1, the default, reads them in this thread). */
  workers?: number;
}

export interface PassStats {
  snapshots: number;
  mb: number;
  seconds: number;
  mbPerSecond: number;
}

export interface SnapshotReport {
  snapshotsFound: number;
  /** Dates newly added to (or, when their file changed, refreshed in) the history by this run. */
  ingested: string[];
  idPass: PassStats;
  fullParse: (PassStats & { date: string }) | null;
  sightings: number;
  rows: Partial<Record<SourceTable, number>>;
  quarantine: Quarantine;
}

const REGISTRY_TABLES = {
  registrations: 'src_registry__registrations',
  registrants: 'src_registry__registrants',
  beneficiaries: 'src_registry__beneficiaries',
  firms: 'src_registry__firms',
  communications: 'src_registry__communications',
  extras: 'src_registry__extras',
} as const;
const SIGHTINGS_TABLE = 'src_registry__sightings';

/** Update the snapshot history in `stateDir`, load src_registry__sightings and the newest snapshot's src_registry__* rows. */
export async function ingestSnapshots(ctx: IngestContext): Promise<SnapshotReport> {
  const { wh, log } = ctx;
  const quarantine = ctx.quarantine ?? new Quarantine();
  await createSourceTables(wh, [...Object.values(REGISTRY_TABLES), SIGHTINGS_TABLE]);
  const snapshots = await listSnapshots(ctx.rawDir);
  const state = await readState(wh, ctx.stateDir, log);
  const known = new Map(state.snapshots.map((e) => [e.date, e]));
  const report: SnapshotReport = {
    snapshotsFound: snapshots.length, ingested: [], idPass: stats(0, 0, 0), fullParse: null, sightings: 0, rows: {}, quarantine,
  };
  if (snapshots.length === 0) log('registry: no snapshots under lobbyist-registry/snapshots/; registry tables left empty');
  const idStarted = performance.now();

  // Id-only pass over every snapshot not yet in the history (oldest first; older dates than the last are backfills).
  const newest = snapshots.at(-1);
  const pending = snapshots.filter((s) => s !== newest && !known.has(s.date));
  const pass = await runIdPass(pending, {
    workers: ctx.workers ?? 1,
    // One line per snapshot would flood the first run (hundreds of archived snapshots): log every 25th and the last.
    onSnapshot: (s, done) => {
      if (done % 25 === 1 || done === pending.length) {
        log(`registry: [${done}/${pending.length}] snapshot ${s.date} ids: ${s.communications} communications, ${mbps(s.xmlBytes, s.ms)}`);
      }
    },
  });
  mergeSightings(state, pass.sightings);
  recordSnapshots(state, pass.summaries.map(({ date, file, sha256, communications }) => ({ date, file, sha256, communications })));
  report.ingested.push(...pass.summaries.map((s) => s.date));
  // A snapshot of the history that cannot be read whole would leave first sightings wrong: the night guard sees it.
  for (const s of pass.summaries) for (const f of s.fileProblems) quarantine.addFile(f);
  const idBytes = pass.summaries.reduce((n, s) => n + s.xmlBytes, 0);
  report.idPass = stats(pending.length, idBytes, performance.now() - idStarted);
  if (pending.length > 0) {
    const skippedRecords = pass.summaries.reduce((n, s) => n + s.skipped, 0);
    const skipped = skippedRecords > 0 ? `; ${skippedRecords} unreadable records skipped in total` : '';
    const parsedShare = (100 * pass.parsed) / Math.max(1, pass.parsed + pass.reused);
    log(`registry: id-only pass over ${pending.length} snapshots: ${mbps(idBytes, report.idPass.seconds * 1000)}, ` +
      `${parsedShare.toFixed(1)} % of records parsed (the rest unchanged since the snapshot before)${skipped}`);
  }

  // Full parse of the newest snapshot; its ids join the history too (no second pass over it).
  if (newest) {
    const parsed = await parseSnapshot(newest, 'full');
    report.fullParse = { date: newest.date, ...stats(1, parsed.xmlBytes, parsed.ms) };
    log(`registry: full parse of ${newest.date}: ${parsed.records} records, ${mbps(parsed.xmlBytes, parsed.ms)}`);
    const entry = known.get(newest.date);
    if (!entry || entry.sha256 !== parsed.sha256) {
      const communications = parsed.sightings.length;
      recordSightings(state, { date: newest.date, file: newest.file, sha256: parsed.sha256, communications }, parsed.sightings);
      report.ingested.push(newest.date);
    }
    for (const q of parsed.quarantine) quarantine.add(q);
    for (const f of parsed.fileProblems) quarantine.addFile(f);
    for (const [key, table] of Object.entries(REGISTRY_TABLES)) {
      report.rows[table] = await wh.appendText(table, parsed.rows![key as keyof typeof REGISTRY_TABLES]);
    }
  }

  report.sightings = await wh.appendText(SIGHTINGS_TABLE, sightingRows(state));
  report.rows[SIGHTINGS_TABLE] = report.sightings;
  if (report.ingested.length > 0) {
    await writeState(wh, ctx.stateDir, state, SIGHTINGS_TABLE);
    log(`registry: history now ${state.snapshots.length} snapshots, ${report.sightings} communications sighted`);
  } else if (snapshots.length > 0) {
    log('registry: no new snapshot; history unchanged');
  }
  return report;
}

function stats(snapshots: number, bytes: number, ms: number): PassStats {
  const mb = bytes / 1e6;
  const seconds = ms / 1000;
  return { snapshots, mb, seconds, mbPerSecond: seconds > 0 ? mb / seconds : 0 };
}

function mbps(bytes: number, ms: number): string {
  const s = stats(1, bytes, ms);
  return `${s.mb.toFixed(1)} MB in ${s.seconds.toFixed(2)} s (${s.mbPerSecond.toFixed(1)} MB/s)`;
}
