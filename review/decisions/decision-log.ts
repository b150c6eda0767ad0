// The decisions file as the desk writes it (RAW_DIR/review/decisions.csv, the night's input): one append-only log,
// every decision one whole line appended (O_APPEND) and fsynced before append() resolves, so a decision the page
// shows as saved survives a kill -9. Appends of this process go through one queue; a lock file (proper-lockfile)
// keeps a second desk process from interleaving. Opening repairs a torn last line (a write cut off by a crash): the
// fragment is cut away and kept in decisions.torn.log beside it (not a .csv: the night reads every review/*.csv).
// Before each append the log reads what other processes appended since, so the history it holds is the file's.
import { mkdir, open, readFile, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { candidateKey, HEADER_LINE, parseDecisions, toLine, type Decision } from './format.ts';

export interface DecisionLogOptions {
  /** The clock (tests fix it). */
  now?: () => Date;
  /** How old a lock left by a killed process must be before it is taken over (ms). */
  lockStaleMs?: number;
}

export interface DecisionLog {
  readonly file: string;
  /** The torn fragment cut away when the log was opened, or null. */
  readonly repaired: string | null;
  /** Every decision in the file, in file order, as of the last append or refresh. */
  all(): readonly Decision[];
  /** Append one decision; resolves with it (reviewed_at filled in) once it is on disk. */
  append(decision: Omit<Decision, 'reviewed_at'>): Promise<Decision>;
  /** Read what other processes appended. */
  refresh(): Promise<void>;
}

export async function openDecisionLog(file: string, options: DecisionLogOptions = {}): Promise<DecisionLog> {
  const now = options.now ?? (() => new Date());
  const stale = Math.max(2000, options.lockStaleMs ?? 5000);
  await mkdir(path.dirname(file), { recursive: true });
  const history: Decision[] = [];
  const latestAt = new Map<string, number>();
  let offset = 0;
  let repaired: string | null = null;

  const locked = async <T>(work: () => Promise<T>): Promise<T> => {
    // the lock is a directory beside the file; retries cover another desk's append (milliseconds) and, after
    // `stale`, a lock whose holder was killed
    const release = await lockfile.lock(file, { realpath: false, stale, retries: { retries: 100, minTimeout: 20, maxTimeout: 250 } });
    try {
      return await work();
    } finally {
      await release().catch(() => {}); // a lock taken over as stale is no longer ours to release
    }
  };

  /** Cut a torn last line (none when the text ends with a line break); returns the text that stays. */
  const repairTail = async (text: string, base: number): Promise<string> => {
    if (text === '' || text.endsWith('\n')) return text;
    const keep = text.lastIndexOf('\n') + 1;
    const fragment = text.slice(keep);
    const torn = await open(`${file.replace(/\.csv$/i, '')}.torn.log`, 'a');
    try {
      await torn.write(`${now().toISOString()} cut from ${path.basename(file)} at byte ${base + Buffer.byteLength(text.slice(0, keep))}: ${JSON.stringify(fragment)}\n`);
      await torn.sync();
    } finally {
      await torn.close();
    }
    await truncate(file, base + Buffer.byteLength(text.slice(0, keep)));
    repaired = (repaired ? `${repaired}\n` : '') + fragment;
    return text.slice(0, keep);
  };

  const remember = (decisions: Decision[]) => {
    for (const d of decisions) {
      history.push(d);
      const at = Date.parse(d.reviewed_at);
      const key = candidateKey(d);
      if (Number.isFinite(at) && at > (latestAt.get(key) ?? -Infinity)) latestAt.set(key, at);
    }
  };

  /** Read the bytes after `offset` (the whole file at first), repairing a torn end; caller holds the lock. */
  const readNew = async () => {
    const size = (await stat(file)).size;
    if (size === offset) return;
    if (size < offset) { // replaced by someone else: read it again from the start
      history.length = 0;
      latestAt.clear();
      offset = 0;
    }
    const handle = await open(file, 'r');
    let text: string;
    try {
      const buffer = Buffer.alloc(size - offset);
      await handle.read(buffer, 0, buffer.length, offset);
      text = buffer.toString('utf8');
    } finally {
      await handle.close();
    }
    const whole = await repairTail(text, offset);
    remember(parseDecisions(offset === 0 ? whole : HEADER_LINE + whole));
    offset += Buffer.byteLength(whole);
  };

  const appendBytes = async (text: string) => {
    const handle = await open(file, 'a'); // O_APPEND: the line lands at the end whoever else has appended
    try {
      const bytes = Buffer.from(text);
      let written = 0;
      while (written < bytes.length) written += (await handle.write(bytes, written, bytes.length - written)).bytesWritten;
      await handle.sync();
      offset += bytes.length;
    } finally {
      await handle.close();
    }
  };

  await locked(async () => {
    const handle = await open(file, 'a'); // create it if missing
    await handle.close();
    await readNew();
    if (offset === 0) await appendBytes(HEADER_LINE);
  });

  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };

  return {
    file,
    get repaired() { return repaired; },
    all: () => history,
    refresh: () => serial(() => locked(readNew)),
    append: (input) => serial(() => locked(async () => {
      await readNew();
      // a later decision on a candidate must read as later, even if the clock stepped back: the night keeps the
      // latest reviewed_at (then the later line)
      const at = Math.max(now().getTime(), (latestAt.get(candidateKey(input)) ?? -Infinity) + 1);
      const decision: Decision = { ...input, reviewed_at: new Date(at).toISOString() };
      await appendBytes(toLine(decision));
      remember([decision]);
      return decision;
    })),
  };
}
