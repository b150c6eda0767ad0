// One publisher at a time per site root: a lock file created exclusively (`<siteRoot>/.publish.lock`, holding the
// holder's pid, host and start time). A second build fails at once with who holds the lock rather than waiting: it
// would only redo the same night, and an operator should see the overlap. A lock left by a killed build (same host,
// pid gone) is taken over.
import { open, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = '.publish.lock';

interface Holder {
  pid: number;
  host: string;
  since: string;
}

/** Raised when another live build holds the lock. */
export class PublishLockedError extends Error {
  override name = 'PublishLockedError';
}

/** Take the lock of `siteRoot` (which must exist); resolves to the release function. */
export async function acquirePublishLock(siteRoot: string, now: () => Date = () => new Date()): Promise<() => Promise<void>> {
  const file = path.join(siteRoot, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: os.hostname(), since: now().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(JSON.stringify(me));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await _readHolder(file);
    const locked = holder ? holder.host !== me.host || _alive(holder.pid) : await _young(file, now());
    if (locked) {
      const who = holder ? `pid ${holder.pid} on ${holder.host}, since ${holder.since}` : 'just starting';
      throw new PublishLockedError(`another build (${who}) is publishing to ${siteRoot}; this one stops without publishing. ` +
        `If no build is running, remove ${file}`);
    }
    // Left by a build that died (or unreadable and old: a build killed while writing it): take it over.
    await rm(file, { force: true });
  }
  throw new PublishLockedError(`could not take ${file}: another build took it first`);
}

async function _readHolder(file: string): Promise<Holder | null> {
  try {
    const h = JSON.parse(await readFile(file, 'utf8')) as Holder;
    return Number.isInteger(h.pid) && typeof h.host === 'string' ? h : null;
  } catch {
    return null;
  }
}

/** An unreadable lock younger than a few seconds may be one another build is writing right now. */
async function _young(file: string, now: Date): Promise<boolean> {
  try {
    return now.getTime() - (await stat(file)).mtimeMs < 5_000;
  } catch {
    return false; // gone meanwhile: try again
  }
}

function _alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
