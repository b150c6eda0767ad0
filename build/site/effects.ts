// Side effects of a site build (file writes, logging, clock) behind one object, so tests swap in memory.
import { link, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface BuildEffects {
  /** Create a new file (parent folders included); must fail if the file already exists. `mtimeSeconds` sets its
   *  modification time (the site writer's content-derived mtime, export/representations.ts). */
  writeFile(absPath: string, data: Uint8Array, mtimeSeconds?: number): Promise<void>;
  /** Give an already written file a second name (a hard link: far cheaper than writing the bytes again). */
  linkFile(existingAbsPath: string, newAbsPath: string): Promise<void>;
  /** Remove a file this build made (a half-done link of an unchanged file, before it is written instead). */
  removeFile(absPath: string): Promise<void>;
  log(message: string): void;
  /** Progress through the routes (a bar on a terminal); optional. */
  progress?(label: string, done: number, total: number, item?: string): void;
  now(): Date;
}

/** Real file system; `wx` makes a second write of one path fail even across processes. */
export function fileEffects(log: (message: string) => void = (m) => console.log(m),
  progress?: BuildEffects['progress']): BuildEffects {
  // each folder is made once: a recursive mkdir per file is a system call per file for folders that already exist
  const made = new Set<string>();
  const ensureDir = async (dir: string) => {
    if (made.has(dir)) return;
    await mkdir(dir, { recursive: true });
    made.add(dir);
  };
  return {
    async writeFile(absPath, data, mtimeSeconds) {
      await ensureDir(path.dirname(absPath));
      await writeFile(absPath, data, { flag: 'wx' });
      if (mtimeSeconds !== undefined) await utimes(absPath, mtimeSeconds, mtimeSeconds);
    },
    async linkFile(existing, absPath) {
      // link() fails with EEXIST like the `wx` write does
      await ensureDir(path.dirname(absPath));
      await link(existing, absPath);
    },
    async removeFile(absPath) {
      await rm(absPath, { force: true });
    },
    log,
    ...(progress ? { progress } : {}),
    now: () => new Date(),
  };
}

export interface MemoryEffects extends BuildEffects {
  files: Map<string, Uint8Array>;
  logs: string[];
}

/** In-memory effects for tests, with a fixed clock. */
export function memoryEffects(now = new Date('2026-01-02T03:04:05Z')): MemoryEffects {
  const files = new Map<string, Uint8Array>();
  const logs: string[] = [];
  return {
    files,
    logs,
    async writeFile(absPath, data) {
      if (files.has(absPath)) throw new Error(`EEXIST: ${absPath}`);
      files.set(absPath, data);
    },
    async linkFile(existing, absPath) {
      const data = files.get(existing);
      if (!data) throw new Error(`ENOENT: ${existing}`);
      if (files.has(absPath)) throw new Error(`EEXIST: ${absPath}`);
      files.set(absPath, data);
    },
    async removeFile(absPath) {
      files.delete(absPath);
    },
    log: (m) => logs.push(m),
    now: () => now,
  };
}
