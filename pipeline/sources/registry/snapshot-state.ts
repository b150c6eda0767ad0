// Snapshot history kept across nightly runs: registry-snapshots.json + registry-sightings.parquet, written atomically.
import fs from 'node:fs/promises';
import path from 'node:path';
import { quoteLiteral, type Warehouse } from '../../db/warehouse.ts';
import type { Sighted, Sighting } from './types.ts';

export interface SnapshotEntry {
  date: string;
  file: string;
  sha256: string;
  communications: number;
}

export interface RegistryState {
  snapshots: SnapshotEntry[];
  sightings: Map<string, Sighting>;
}

export const SNAPSHOTS_FILE = 'registry-snapshots.json';
export const SIGHTINGS_FILE = 'registry-sightings.parquet';

/** Read the state; a missing or half-written state (one file without the other) starts from scratch. */
export async function readState(wh: Warehouse, stateDir: string, log: (msg: string) => void): Promise<RegistryState> {
  const jsonPath = path.join(stateDir, SNAPSHOTS_FILE);
  const parquetPath = path.join(stateDir, SIGHTINGS_FILE);
  const [hasJson, hasParquet] = await Promise.all([exists(jsonPath), exists(parquetPath)]);
  if (!hasJson && !hasParquet) return { snapshots: [], sightings: new Map() };
  if (hasJson !== hasParquet) {
    log(`registry state: ${hasJson ? SIGHTINGS_FILE : SNAPSHOTS_FILE} missing; rebuilding the snapshot history`);
    return { snapshots: [], sightings: new Map() };
  }
  const snapshots = JSON.parse(await fs.readFile(jsonPath, 'utf8')) as SnapshotEntry[];
  const rows = await wh.all<Sighting>(
    `SELECT communication_id, sm_number, communication_date,
            CAST(first_seen_date AS VARCHAR) AS first_seen_date, CAST(last_seen_date AS VARCHAR) AS last_seen_date
     FROM read_parquet($path)`,
    { path: parquetPath },
  );
  return { snapshots, sightings: new Map(rows.map((r) => [r.communication_id, r])) };
}

/** Record the communications seen in one snapshot: first seen = earliest date (backfills included), last = latest. */
export function recordSightings(state: RegistryState, entry: SnapshotEntry, seen: readonly Sighted[]): void {
  const date = entry.date;
  mergeSightings(state, seen.map((s) => ({ ...s, first_seen_date: date, last_seen_date: date })));
  recordSnapshots(state, [entry]);
}

/** Merge sightings gathered over several snapshots (the id pass): the earliest first sighting and latest last win. */
export function mergeSightings(state: RegistryState, seen: readonly Sighting[]): void {
  for (const s of seen) {
    const known = state.sightings.get(s.communication_id);
    if (!known) state.sightings.set(s.communication_id, { ...s });
    else {
      if (s.first_seen_date < known.first_seen_date) known.first_seen_date = s.first_seen_date;
      if (s.last_seen_date > known.last_seen_date) known.last_seen_date = s.last_seen_date;
    }
  }
}

/** Add (or replace, by date) snapshots in the history, kept in date order. */
export function recordSnapshots(state: RegistryState, entries: readonly SnapshotEntry[]): void {
  const dates = new Set(entries.map((e) => e.date));
  state.snapshots = state.snapshots.filter((e) => !dates.has(e.date)).concat(entries).sort((a, b) => a.date.localeCompare(b.date));
}

/** Sightings as rows of src_registry__sightings, ordered by id so the parquet file is deterministic. */
export function sightingRows(state: RegistryState): (string | null)[][] {
  return [...state.sightings.values()]
    .sort((a, b) => (a.communication_id < b.communication_id ? -1 : 1))
    .map((s) => [s.communication_id, s.sm_number, s.communication_date, s.first_seen_date, s.last_seen_date]);
}

/** Write both state files through temp file + rename; the parquet comes from `table`, already loaded. */
export async function writeState(wh: Warehouse, stateDir: string, state: RegistryState, table: string): Promise<void> {
  await fs.mkdir(stateDir, { recursive: true });
  const suffix = `.tmp-${process.pid}-${Date.now()}`;
  const parquetPath = path.join(stateDir, SIGHTINGS_FILE);
  const parquetTmp = parquetPath + suffix;
  // COPY takes no parameter for its target, so the path goes in as an escaped literal.
  await wh.exec(`COPY (SELECT * FROM ${table} ORDER BY communication_id) TO ${quoteLiteral(parquetTmp)} (FORMAT parquet)`);
  const jsonPath = path.join(stateDir, SNAPSHOTS_FILE);
  const jsonTmp = jsonPath + suffix;
  await fs.writeFile(jsonTmp, `${JSON.stringify(state.snapshots, null, 2)}\n`);
  // Parquet first: a crash between the renames leaves a snapshot list that re-ingests (idempotently) what it lacks.
  await fs.rename(parquetTmp, parquetPath);
  await fs.rename(jsonTmp, jsonPath);
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
