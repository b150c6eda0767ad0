// One published export opened for serving: its manifest, a ResourceTable per list route (sort keys and indexes
// loaded from the Arrow files at start-up; the records read from the open files on demand, so the records — most of
// each file — are not held in memory), and two caches of ready representations: the export's files in each coding
// (the writer's twins) and the engine's answers in each coding. Files are served only if the manifest lists them, so
// a request can never probe the file system, and only with the bytes the manifest's SHA-256 names (checked on first
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
import { compress, fileEtag, hasTwins, hashBody, toEtag, twinPath, type Encoding, type Representation } from '../representations.ts';
import { routesOfKind } from '../../api/routes.ts';
import { exportLayout } from '../layout.ts';
import { readManifest, type ManifestFiles, type ManifestHead } from '../manifest-read.ts';

export interface OpenExportOptions {
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
/** What an answer's codings add to its identity bytes, as a share of them (gzip and br of JSON pages). */
const CODINGS_SHARE = 0.3;

export interface OpenedExport {
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
  /** A listed file in a coding (null: identity) with its ETag, ready to send; null if the manifest does not list it.
   *  A file the writer stores no twins for (hasTwins) is given in identity whatever coding is asked (its `encoding`
   *  says which). */
  represent(relPath: string, encoding: Encoding | null): Promise<Representation | null>;
  /** The same representation only if it is already held (no read, no wait): the fast path's lookup. */
  peek(relPath: string, encoding: Encoding | null): Representation | undefined;
  /** A listed file's bytes (checked against the manifest), read for what is made from it once per export (an index,
   *  a lookup) and never kept in the file cache, whose budget is for what is sent; null if the manifest lacks it. */
  read(relPath: string): Promise<Uint8Array | null>;
  /**
   * An engine answer: `key` names it within this export (route, normalised query, limit, position), so its tag
   * hashes the export id and the key and the body is never hashed; `make` gives its identity bytes (called on a
   * miss), from which each coding is compressed once, on first demand. The answer and its codings are one entry of
   * the answer cache, found with one lookup per request.
   */
  answer(key: string, make: () => Uint8Array): EngineAnswer;
  /** The answer cache (one entry per key, its codings with it), null when its budget is 0. */
  readonly answers: LRUCache<string, EngineAnswer> | null;
}

/** An engine answer's identity representation, and its codings made on first demand and kept with it. */
export interface EngineAnswer {
  readonly identity: Representation;
  coded(encoding: Encoding): Promise<Representation>;
}

/** A listed file of an export could not be read as listed: its folder was removed (pruned after newer exports were
 *  published) or changed. A 503 by default; the export holder answers a cursor walk on a removed export with
 *  `cursor_expired` instead. */
export class ExportGoneError extends ApiError {
  constructor(readonly exportId: string, why: string) {
    super(503, 'service_unavailable', `The data export ${exportId} ${why}; try again in a moment`);
    this.name = 'ExportGoneError';
  }
}

/** Open the export in folder `dir` (never through `current`, which may move while the export is opened). */
export async function openExport(dir: string, options: OpenExportOptions): Promise<OpenedExport> {
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

  // Budgets count what an entry holds beyond its bytes (its key, the objects around it).
  const cacheBytes = options.cacheBytes ?? DEFAULT_FILE_CACHE_BYTES;
  const cache = cacheBytes > 0
    ? new LRUCache<string, Representation>({ maxSize: cacheBytes, sizeCalculation: (v) => ENTRY_BYTES + v.body.byteLength })
    : null;
  const answerBytes = options.answerCacheBytes ?? DEFAULT_ANSWER_CACHE_BYTES;
  // an answer's budget counts its codings at a share of its identity bytes: they are made later, and rarely all
  const answers = answerBytes > 0
    ? new LRUCache<string, EngineAnswer>({ maxSize: answerBytes, sizeCalculation: (v) => ENTRY_BYTES + Math.ceil(v.identity.body.byteLength * (1 + CODINGS_SHARE)) })
    : null;
  const inlineCompressBytes = options.inlineCompressBytes ?? 0;
  // Files being read or compressed, so a burst of misses on one file does the work once (an engine answer is made
  // within the request's turn and cached before the next request can ask for it).
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

  async function loadFile(relPath: string, encoding: Encoding | null): Promise<Representation | null> {
    const entry = files.get(relPath);
    if (!entry) return null;
    // a file without twins (too small to be worth compressing, or not an API body) is sent as it is
    if (encoding !== null && !hasTwins(relPath, entry.bytes)) return represent(relPath, null);
    const rel = encoding === null ? relPath : twinPath(relPath, encoding);
    const stored = encoding === null ? entry : files.get(rel);
    if (!stored) throw new ExportGoneError(manifest.export_id, `lists no ${rel}`);
    const body = await readListed(rel, stored.sha256);
    return { body, etag: fileEtag(entry.sha256, body.byteLength), encoding };
  }


  const keyOf = (name: string, encoding: Encoding | null) => `${encoding ?? 'identity'}:${name}`;

  function represent(relPath: string, encoding: Encoding | null): Promise<Representation | null> {
    return _held(cache, loading, keyOf(relPath, encoding), () => loadFile(relPath, encoding));
  }

  function answer(key: string, make: () => Uint8Array): EngineAnswer {
    const held = answers?.get(key);
    if (held) return held;
    const identity: Representation = { body: make(), etag: toEtag(hashBody(`${manifest.export_id}\n${key}`)), encoding: null };
    const codings: Partial<Record<Encoding, Promise<Representation>>> = {};
    const made: EngineAnswer = {
      identity,
      coded(encoding) {
        return codings[encoding] ??= compress(identity.body, encoding, 'dynamic', inlineCompressBytes)
          .then((body) => ({ body, etag: toEtag(identity.etag!.slice(1, -1), encoding), encoding }));
      },
    };
    answers?.set(key, made);
    return made;
  }

  return {
    dir,
    exportId: manifest.export_id,
    manifest,
    files,
    ctx,
    tables,
    answers,
    represent,
    peek: (relPath, encoding) => cache?.get(keyOf(relPath, encoding)),
    read: async (relPath) => {
      const entry = files.get(relPath);
      return entry ? readListed(relPath, entry.sha256) : null;
    },
    answer,
  };
}

/** A representation from `cache`, else loaded once however many ask meanwhile (`loading`), then kept. */
function _held(cache: LRUCache<string, Representation> | null, loading: Map<string, Promise<Representation | null>>, key: string,
  load: () => Promise<Representation | null>): Promise<Representation | null> {
  const hit = cache?.get(key);
  if (hit) return Promise.resolve(hit);
  let pending = loading.get(key);
  if (!pending) {
    pending = load().then((rep) => {
      if (rep) cache?.set(key, rep);
      return rep;
    }).finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}
