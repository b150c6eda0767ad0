// One published export opened for serving: its manifest, a ResourceTable per list route (sort keys and indexes
// loaded from the Arrow files at start-up, all at once; the records read from the open files on demand, where the
// page cache keeps them, so the records — most of each file — are not held in memory), and an LRU of ready
// representations: a file's bytes in one coding with its ETag, read once (the site writer's twins for gzip and br,
// compressed off the event loop for an export without them). Files are served only if the manifest lists them, so a
// request can never probe the file system, and only with the bytes the manifest's SHA-256 names (checked on first
// read).
import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../../api/errors.ts';
import { DEFAULT_ANSWER_CACHE_MB, DEFAULT_FILE_CACHE_MB } from '../../config/resolve.ts';
import { loadResourceTable } from '../../api/query/engine.ts';
import type { ExportContext, ResourceTable } from '../../api/query/types.ts';
import { readArrowSkippingRecords } from './arrow-without-records.ts';
import { fileRecords } from './file-records.ts';
import { compress, fileEtag, MIN_COMPRESS_BYTES, twinPath, type Encoding } from '../representations.ts';
import { routesOfKind } from '../../api/routes.ts';
import { exportLayout } from '../layout.ts';
import { readManifest, type ManifestFiles, type ManifestHead } from '../manifest-read.ts';

export interface SiteOptions {
  cursorSecret: string;
  /** Byte budget of the file cache (identity and compressed variants together; 0 turns it off). FILE_CACHE_MB. */
  cacheBytes?: number;
  /** Byte budget of the cache of engine answers (0 turns it off, e.g. to measure the engine itself). ANSWER_CACHE_MB. */
  answerCacheBytes?: number;
  /** Engine answers up to this size are compressed on the event loop (Config.inlineCompressBytes; default 0). */
  inlineCompressBytes?: number;
}

/** Defaults when no budget is given (tests, tools): the configuration's defaults; the gateway passes config.cache. */
const DEFAULT_FILE_CACHE_BYTES = DEFAULT_FILE_CACHE_MB * 1024 * 1024;
const DEFAULT_ANSWER_CACHE_BYTES = DEFAULT_ANSWER_CACHE_MB * 1024 * 1024;
/** What a cache entry holds beyond its body: its key string, the entry and representation objects, the LRU's slot. */
const ENTRY_BYTES = 256;
/** An answer's gzip and brotli variants together, as a share of its identity bytes (JSON pages compress 5–10×). */
const VARIANTS_SHARE = 0.3;

/** A file of the export with its manifest digest. */
export interface SiteFile {
  bytes: Uint8Array;
  digest: string;
}

export interface Site {
  /** Folder of the export (`<siteRoot>/<export-id>`). */
  readonly dir: string;
  readonly exportId: string;
  /** The manifest but its file list (export id, date, counts, …). */
  readonly manifest: ManifestHead;
  /** The manifest's file list: SHA-256 and size by site-relative path. */
  readonly files: ManifestFiles;
  readonly ctx: ExportContext;
  /** ResourceTable by list route id; absent when the export has no Arrow file for the route. */
  readonly tables: ReadonlyMap<string, ResourceTable>;
  /** A file by site-relative path, or null if the manifest does not list it. */
  readFile(relPath: string): Promise<SiteFile | null>;
  /** A listed file in a coding (null: identity) with its ETag, ready to send; null if the manifest does not list it.
   *  A file below MIN_COMPRESS_BYTES is given in identity whatever coding is asked (its `encoding` says which). */
  represent(relPath: string, encoding: Encoding | null): Promise<Representation | null>;
  /** The same representation only if it is already held (no read, no wait): the fast path's lookup. */
  peek(relPath: string, encoding: Encoding | null): Representation | undefined;
  /**
   * Engine answers by normalised query. An export never changes, so an answer (and its compressed variants) can be
   * reused until the export is swapped (the cache goes with it); popular filtered pages then cost one lookup.
   */
  readonly answers: LRUCache<string, Answer> | null;
  /** Answers up to this many bytes are compressed on the event loop, larger ones in zlib's pool (SiteOptions). */
  readonly inlineCompressBytes: number;
}

/** A body in one coding, as sent. */
export interface Representation {
  body: Uint8Array;
  etag: string;
  encoding: Encoding | null;
}

/** An engine answer: the identity representation and its compressed variants, made on first demand. */
export interface Answer {
  identity: Representation;
  encoded: Partial<Record<Encoding, Promise<Representation>>>;
}

/** A listed file of an export could not be read as listed: its folder was removed (pruned after newer exports were
 *  published) or changed. A 503 by default; the site holder answers a cursor walk on a removed export with
 *  `cursor_expired` instead. */
export class ExportGoneError extends ApiError {
  constructor(readonly exportId: string, why: string) {
    super(503, 'service_unavailable', `The data export ${exportId} ${why}; try again in a moment`);
    this.name = 'ExportGoneError';
  }
}

/** Open the export in folder `dir` (never through `current`, which may move while the export is opened). */
export async function openSite(dir: string, options: SiteOptions): Promise<Site> {
  let manifest: ManifestHead;
  let files: ManifestFiles;
  try {
    ({ head: manifest, files } = await readManifest(dir));
    if (typeof manifest.export_id !== 'string') throw new Error('no export_id');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code) throw error;
    throw new Error(`${dir}/${exportLayout.manifest} is not a site manifest (${(error as Error).message})`);
  }
  const ctx: ExportContext = Object.freeze({ exportId: manifest.export_id, cursorSecret: options.cursorSecret });

  // Every Arrow file is read at once (the reads overlap each other and the indexing of those already read); a table
  // keeps its sort keys and indexes and reads its records from the open file, so the file's bytes are let go.
  const tables = new Map<string, ResourceTable>();
  const lists = routesOfKind('list').filter((route) => files.has(exportLayout.data(route.resource)));
  await Promise.all(lists.map(async (route) => {
    const handle = await open(path.join(dir, exportLayout.data(route.resource)));
    try {
      const view = await readArrowSkippingRecords(handle);
      tables.set(route.id, loadResourceTable(route, view, ctx, { records: (json) => fileRecords(handle, view, json) }));
    } catch (error) {
      await handle.close();
      throw error;
    }
  }));

  // Budgets count what an entry holds beyond its bytes (its key, the objects around it); an answer's compressed
  // variants are made after it is cached, so each counts a share of its identity bytes up front.
  const answerBytes = options.answerCacheBytes ?? DEFAULT_ANSWER_CACHE_BYTES;
  const answers = answerBytes > 0
    ? new LRUCache<string, Answer>({ maxSize: answerBytes, sizeCalculation: (v) => ENTRY_BYTES + Math.ceil(v.identity.body.byteLength * (1 + VARIANTS_SHARE)) })
    : null;
  const cacheBytes = options.cacheBytes ?? DEFAULT_FILE_CACHE_BYTES;
  const cache = cacheBytes > 0
    ? new LRUCache<string, Representation>({ maxSize: cacheBytes, sizeCalculation: (v) => ENTRY_BYTES + v.body.byteLength })
    : null;
  // Representations being read or compressed, so a burst of misses on one file does the work once.
  const loading = new Map<string, Promise<Representation | null>>();

  async function readListed(relPath: string, sha256: string): Promise<Uint8Array> {
    let buf: Buffer;
    try {
      buf = await readFile(path.join(dir, relPath));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ExportGoneError(manifest.export_id, 'is no longer on disk');
      throw error;
    }
    if (createHash('sha256').update(buf).digest('hex') !== sha256) {
      throw new ExportGoneError(manifest.export_id, `has a file that differs from its manifest (${relPath})`);
    }
    // kept a Buffer: Node's socket write takes a Buffer as it is, and would wrap a plain Uint8Array in a new Buffer on
    // every response that sends it
    return buf;
  }

  async function load(relPath: string, encoding: Encoding | null): Promise<Representation | null> {
    const entry = files.get(relPath);
    if (!entry) return null;
    // a file too small to be worth compressing is sent as it is, whatever coding is asked for (never a twin)
    if (encoding !== null && entry.bytes < MIN_COMPRESS_BYTES) return represent(relPath, null);
    if (encoding === null) return { body: await readListed(relPath, entry.sha256), etag: fileEtag(entry.sha256, entry.bytes), encoding };
    const twin = files.get(twinPath(relPath, encoding));
    // An export written before twins existed: compressed here once, off the event loop, with the same tag formula.
    const body = twin ? await readListed(twinPath(relPath, encoding), twin.sha256)
      : await compress((await represent(relPath, null))!.body, encoding, 'static');
    return { body, etag: fileEtag(entry.sha256, body.byteLength), encoding };
  }

  const cacheKey = (relPath: string, encoding: Encoding | null) => `${encoding ?? 'identity'}:${relPath}`;

  function represent(relPath: string, encoding: Encoding | null): Promise<Representation | null> {
    const key = cacheKey(relPath, encoding);
    const hit = cache?.get(key);
    if (hit) return Promise.resolve(hit);
    let pending = loading.get(key);
    if (!pending) {
      pending = load(relPath, encoding).then((rep) => {
        if (rep) cache?.set(key, rep);
        return rep;
      }).finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    return pending;
  }

  async function readFileCached(relPath: string): Promise<SiteFile | null> {
    const rep = await represent(relPath, null);
    return rep ? { bytes: rep.body, digest: files.get(relPath)!.sha256 } : null;
  }

  return {
    dir,
    exportId: manifest.export_id,
    manifest,
    files,
    ctx,
    tables,
    answers,
    inlineCompressBytes: options.inlineCompressBytes ?? 0,
    readFile: readFileCached,
    represent,
    peek: (relPath, encoding) => cache?.get(cacheKey(relPath, encoding)),
  };
}
