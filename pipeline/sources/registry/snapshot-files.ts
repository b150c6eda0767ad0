// Finds the registry's daily snapshots and streams the XML files out of each (a plain ZIP through Node's inflate, any
// other ZIP through fflate's streaming reader, or an unzipped folder).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Unzip, UnzipInflate } from 'fflate';
import { isDirectory, listFiles, toSourceFile } from '../common/files.ts';
import { inflateEntry, listPlainZip } from './zip-entries.ts';

export interface Snapshot {
  /** The folder name, `YYYY-MM-DD`. */
  date: string;
  /** The ZIP (or, for an unzipped snapshot, the folder), relative to the raw folder: the `file` in the state. */
  file: string;
  zipPath: string | null;
  xmlPaths: string[];
}

/** Receives one XML file of a snapshot, chunk by chunk. */
export interface EntrySink {
  write(chunk: Uint8Array): void;
  end(): void;
}

export interface SnapshotRead {
  sha256: string;
  /** Uncompressed XML bytes handed to the sinks. */
  xmlBytes: number;
  /** A broken ZIP: what went wrong (the entries read so far were still handed over). */
  error: string | null;
}

const DATE_DIR = /^\d{4}-\d{2}-\d{2}$/;
// A ZIP up to this size is read into memory for the native path (the City's is tens of MB); larger ones stream.
const MAX_IN_MEMORY_ZIP = 512 * 2 ** 20;

/** Snapshots under `lobbyist-registry/snapshots/`, oldest first; date folders holding neither ZIP nor XML are skipped. */
export async function listSnapshots(rawDir: string): Promise<Snapshot[]> {
  const root = path.join(rawDir, 'lobbyist-registry', 'snapshots');
  if (!(await isDirectory(root))) return [];
  const out: Snapshot[] = [];
  for (const name of (await fsp.readdir(root)).sort()) {
    const dir = path.join(root, name);
    if (!DATE_DIR.test(name) || !(await isDirectory(dir))) continue;
    const zips = await listFiles(dir, /\.zip$/i);
    const zipPath = zips.find((z) => path.basename(z).toLowerCase() === 'lobbyactivity.zip') ?? zips[0] ?? null;
    const xmlPaths = zipPath ? [] : await listFiles(dir, /\.xml$/i);
    if (!zipPath && xmlPaths.length === 0) continue;
    out.push({ date: name, file: toSourceFile(rawDir, zipPath ?? dir), zipPath, xmlPaths });
  }
  return out;
}

/**
 * Stream every XML file of a snapshot into the sink `open(name)` returns, never holding a whole XML file in memory.
 * The SHA-256 covers the ZIP's bytes, or the XML files' bytes in name order for a folder. A plain ZIP is inflated
 * natively; that path throws ZipDeclined (zip-entries.ts) when an entry turns out damaged midway, and the caller
 * then reads the snapshot again with `{ native: false }`, which reports the damage as the streaming reader sees it.
 */
export async function readSnapshot(
  snapshot: Snapshot, open: (entryName: string) => EntrySink, options: { native?: boolean } = {},
): Promise<SnapshotRead> {
  const hash = createHash('sha256');
  let xmlBytes = 0;
  const counting = (sink: EntrySink): EntrySink => ({
    write(chunk) {
      xmlBytes += chunk.length;
      sink.write(chunk);
    },
    end: () => sink.end(),
  });
  if (!snapshot.zipPath) {
    for (const file of snapshot.xmlPaths) {
      const sink = counting(open(path.basename(file)));
      for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
        hash.update(chunk as Buffer);
        sink.write(chunk as Buffer);
      }
      sink.end();
    }
    return { sha256: hash.digest('hex'), xmlBytes, error: null };
  }
  if (options.native !== false) {
    const read = await readPlainZip(snapshot.zipPath, (name) => counting(open(name)));
    if (read) return { sha256: read.sha256, xmlBytes, error: null };
  }
  const error = await unzipInto(snapshot.zipPath, hash, (name) => counting(open(name)));
  return { sha256: hash.digest('hex'), xmlBytes, error };
}

/** The XML entries of a plain ZIP through Node's inflate, or null (nothing opened) when the ZIP is not plain. */
async function readPlainZip(zipPath: string, open: (name: string) => EntrySink): Promise<{ sha256: string } | null> {
  if ((await fsp.stat(zipPath)).size > MAX_IN_MEMORY_ZIP) return null;
  const zip = await fsp.readFile(zipPath);
  const entries = listPlainZip(zip);
  if (!entries) return null;
  const sha256 = createHash('sha256').update(zip).digest('hex');
  for (const entry of entries) {
    if (!/\.xml$/i.test(entry.name)) continue;
    const sink = open(path.posix.basename(entry.name));
    await inflateEntry(entry, (chunk) => {
      if (chunk.length > 0) sink.write(chunk);
    });
    sink.end();
  }
  return { sha256 };
}

async function unzipInto(zipPath: string, hash: ReturnType<typeof createHash>, open: (name: string) => EntrySink) {
  let error: string | null = null;
  const openSinks = new Set<EntrySink>();
  const unzip = new Unzip((file) => {
    if (!/\.xml$/i.test(file.name)) return;
    const sink = open(path.posix.basename(file.name));
    openSinks.add(sink);
    file.ondata = (err, data, final) => {
      if (err) {
        error ??= `zip entry ${file.name}: ${err.message}`;
        return;
      }
      if (data.length > 0) sink.write(data);
      if (final) {
        openSinks.delete(sink);
        sink.end();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of fs.createReadStream(zipPath, { highWaterMark: 1 << 20 })) {
      hash.update(chunk as Buffer);
      unzip.push(chunk as Buffer);
    }
    unzip.push(new Uint8Array(0), true);
  } catch (err) {
    error ??= `zip: ${(err as Error).message}`;
  }
  // A cut-off ZIP leaves entries unfinished; close them so their readers report the truncation.
  for (const sink of openSinks) sink.end();
  if (openSinks.size > 0) error ??= 'zip ended inside an entry';
  return error;
}
