// The id-only pass over archived snapshots: what each one contributes to the history (its communications' first and
// last sightings), read once per snapshot with unchanged records taken from the record cache, and split into
// contiguous date ranges read by worker threads side by side when there are enough snapshots to pay for them.
import { Worker } from 'node:worker_threads';
import type { FileProblem } from '../common/quarantine.ts';
import { parseSnapshot } from './parse-snapshot.ts';
import { RecordCache } from './record-cache.ts';
import type { Snapshot } from './snapshot-files.ts';
import type { Sighting } from './types.ts';

/** What one archived snapshot taught, without its sightings (those are merged over the range). */
export interface SnapshotSummary {
  date: string;
  file: string;
  sha256: string;
  communications: number;
  xmlBytes: number;
  ms: number;
  /** Unreadable records, only counted: the quarantine table describes the loaded snapshot. */
  skipped: number;
  fileProblems: FileProblem[];
}

export interface RangeResult {
  summaries: SnapshotSummary[];
  /** Every communication seen in the range with its first and last sighting in it. */
  sightings: Sighting[];
  parsed: number;
  reused: number;
}

export interface IdPassOptions {
  /** Worker threads; 1 reads in this thread. */
  workers: number;
  /** Called after each snapshot (in date order within a range; ranges run side by side). */
  onSnapshot: (summary: SnapshotSummary, done: number) => void;
}

// Below this many snapshots per worker a thread's start-up and its cold cache cost more than they save.
const MIN_PER_WORKER = 8;

/** Read the snapshots (oldest first) and return each one's summary in date order with the merged sightings. */
export async function runIdPass(snapshots: readonly Snapshot[], options: IdPassOptions): Promise<RangeResult> {
  const workers = Math.max(1, Math.min(options.workers, Math.floor(snapshots.length / MIN_PER_WORKER)));
  let done = 0;
  const progress = (s: SnapshotSummary) => options.onSnapshot(s, ++done);
  if (workers === 1) return readRange(snapshots, progress);
  const size = Math.ceil(snapshots.length / workers);
  const ranges = Array.from({ length: workers }, (_, i) => snapshots.slice(i * size, (i + 1) * size)).filter((r) => r.length > 0);
  const results = await Promise.all(ranges.map((range) => inWorker(range, progress)));
  return mergeRanges(results);
}

/** Read a range of snapshots in this thread, oldest first, with one record cache across it. */
export async function readRange(snapshots: readonly Snapshot[], onSnapshot: (s: SnapshotSummary) => void): Promise<RangeResult> {
  const cache = new RecordCache();
  const summaries: SnapshotSummary[] = [];
  for (const snapshot of snapshots) {
    const parsed = await parseSnapshot(snapshot, 'ids', cache);
    cache.nextSnapshot();
    const date = snapshot.date;
    // interned by the cache: one object per communication, its dates moved in place
    for (const s of parsed.sightings as Sighting[]) {
      if (s.first_seen_date === '' || date < s.first_seen_date) s.first_seen_date = date;
      if (date > s.last_seen_date) s.last_seen_date = date;
    }
    const summary: SnapshotSummary = {
      date: snapshot.date, file: snapshot.file, sha256: parsed.sha256, communications: parsed.sightings.length,
      xmlBytes: parsed.xmlBytes, ms: parsed.ms, skipped: parsed.quarantine.length, fileProblems: parsed.fileProblems,
    };
    summaries.push(summary);
    onSnapshot(summary);
  }
  return { summaries, sightings: cache.sightings(), parsed: cache.misses, reused: cache.hits };
}

/** Ranges in date order → one result: summaries concatenated, sightings merged (earliest first, latest last). */
function mergeRanges(results: RangeResult[]): RangeResult {
  const merged = new Map<string, Sighting>();
  for (const r of results) {
    for (const s of r.sightings) {
      const known = merged.get(s.communication_id);
      if (!known) merged.set(s.communication_id, s);
      else {
        if (s.first_seen_date < known.first_seen_date) known.first_seen_date = s.first_seen_date;
        if (s.last_seen_date > known.last_seen_date) known.last_seen_date = s.last_seen_date;
      }
    }
  }
  return {
    summaries: results.flatMap((r) => r.summaries), sightings: [...merged.values()],
    parsed: results.reduce((n, r) => n + r.parsed, 0), reused: results.reduce((n, r) => n + r.reused, 0),
  };
}

type WorkerMessage = { kind: 'snapshot'; summary: SnapshotSummary } | { kind: 'done'; result: RangeResult } | { kind: 'error'; message: string };

function inWorker(range: readonly Snapshot[], onSnapshot: (s: SnapshotSummary) => void): Promise<RangeResult> {
  return new Promise((resolve, reject) => {
    // A JavaScript entry that loads the TypeScript module through tsx, whatever ran this thread (tsx, vitest).
    const worker = new Worker(new URL('./id-pass-worker.mjs', import.meta.url), { workerData: { range } });
    let result: RangeResult | null = null;
    worker.on('message', (m: WorkerMessage) => {
      if (m.kind === 'snapshot') onSnapshot(m.summary);
      else if (m.kind === 'done') result = m.result;
      else reject(new Error(`registry id pass (worker): ${m.message}`));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (result ? resolve(result) : reject(new Error(`registry id pass: worker exited with code ${code}`))));
  });
}
