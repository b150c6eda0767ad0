// State is part of the night: the registry snapshot history and the id map in STATE_DIR change only when a night
// publishes. A run reads the state (the staged state of an earlier successful run not yet published, else the
// committed one), works on a copy in `STATE_DIR/.work-<pid>-…/`, and on success stages it as `STATE_DIR/staged/`
// (tagged with its run id) beside the warehouse it made; the site build commits the staged state of the warehouse
// it published. A failed run (the night guard, a check, a crash) leaves every state file byte-identical.
import { randomBytes } from 'node:crypto';
import { access, copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The files of the state; every one is written whole (temp file, then rename), never in place. */
export const STATE_FILES = ['registry-snapshots.json', 'registry-sightings.parquet', 'entity-ids.parquet', 'quarantine-sightings.parquet'] as const;
const STAGED = 'staged';
const TAG = 'staged.json';

export interface NightState {
  /** Where this run reads and writes its state. */
  readonly dir: string;
  /** Keep this run's state as the staged state of run `runId` (replacing an earlier staged one). */
  stage(meta: { run_id: string; export_date: string }): Promise<void>;
  /** Drop this run's copy; nothing else changes. */
  discard(): Promise<void>;
}

/** Open the state for one pipeline run. */
export async function openNightState(stateDir: string): Promise<NightState> {
  await mkdir(stateDir, { recursive: true });
  await _removeDeadWork(stateDir);
  const staged = path.join(stateDir, STAGED);
  const from = (await _exists(path.join(staged, TAG))) ? staged : stateDir;
  const dir = path.join(stateDir, `.work-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(dir);
  for (const file of STATE_FILES) if (await _exists(path.join(from, file))) await copyFile(path.join(from, file), path.join(dir, file));
  return {
    dir,
    async stage(meta) {
      await writeFile(path.join(dir, TAG), `${JSON.stringify(meta)}\n`);
      const old = path.join(stateDir, `.work-${process.pid}-old-${randomBytes(4).toString('hex')}`);
      if (await _exists(staged)) await rename(staged, old);
      await rename(dir, staged);
      await rm(old, { recursive: true, force: true });
    },
    discard: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Commit the staged state if it belongs to run `runId` (the warehouse just published). Returns what happened. */
export async function commitStagedState(stateDir: string, runId: string): Promise<'committed' | 'nothing staged' | 'staged by another run'> {
  const staged = path.join(stateDir, STAGED);
  let tag: { run_id?: string };
  try {
    tag = JSON.parse(await readFile(path.join(staged, TAG), 'utf8')) as { run_id?: string };
  } catch {
    return 'nothing staged';
  }
  if (tag.run_id !== runId) return 'staged by another run';
  // File by file through a temp name; the staged folder goes last, so a crash here only means committing again.
  for (const file of STATE_FILES) {
    if (!(await _exists(path.join(staged, file)))) continue;
    const tmp = path.join(stateDir, `.commit-${file}`);
    await copyFile(path.join(staged, file), tmp);
    await rename(tmp, path.join(stateDir, file));
  }
  await rm(staged, { recursive: true, force: true });
  return 'committed';
}

/** Work folders of runs that died (their pid is gone) are removed; a live run's folder is left alone. */
async function _removeDeadWork(stateDir: string): Promise<void> {
  for (const name of await readdir(stateDir)) {
    const m = /^\.work-(\d+)-/.exec(name);
    if (!m || _alive(Number(m[1]))) continue;
    await rm(path.join(stateDir, name), { recursive: true, force: true });
  }
}

function _alive(pid: number): boolean {
  if (pid === process.pid) return false; // our own leftovers: an earlier run of this process that failed hard
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function _exists(p: string): Promise<boolean> {
  try {
    await access(p);
    return true;
  } catch {
    return false;
  }
}
