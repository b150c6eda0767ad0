// One published export opened for serving: its manifest, an in-memory ResourceTable per list route (loaded from the
// Arrow files at start-up so no request waits on disk for a query), and an LRU of file bytes and their compressed
// variants. Files are served only if the manifest lists them, so a request can never probe the file system, and
// only with the bytes the manifest's SHA-256 names (checked on first read), so an ETag always hashes the body.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../../api/errors.ts';
import { loadResourceTable } from '../../api/query/engine.ts';
import type { ExportContext, ResourceTable } from '../../api/query/types.ts';
import { routesOfKind } from '../../api/routes.ts';
import { siteLayout, type SiteManifest } from '../../api/site-layout.ts';
import { compressBody } from './compress.ts';
import type { Encoding } from './etag.ts';

export interface SiteOptions {
  cursorSecret: string;
  /** Byte budget of the file cache (identity and compressed variants together). */
  cacheBytes?: number;
  /** Byte budget of the cache of engine answers (0 turns it off, e.g. to measure the engine itself). */
  answerCacheBytes?: number;
}

/** A file of the export with its manifest digest. */
export interface SiteFile {
  bytes: Uint8Array;
  digest: string;
}

export interface Site {
  /** Folder of the export (`<siteRoot>/<export-id>`). */
  readonly dir: string;
  readonly exportId: string;
  readonly manifest: SiteManifest;
  readonly ctx: ExportContext;
  /** ResourceTable by list route id; absent when the export has no Arrow file for the route. */
  readonly tables: ReadonlyMap<string, ResourceTable>;
  /** A file by site-relative path, or null if the manifest does not list it. */
  readFile(relPath: string): Promise<SiteFile | null>;
  /** The compressed bytes of a listed file (computed once, then cached). */
  readEncoded(relPath: string, encoding: Encoding): Promise<Uint8Array | null>;
  /**
   * Bodies of engine answers by normalised query. An export never changes, so an answer can be reused until the
   * export is swapped (the cache goes with it); popular filtered pages then cost one lookup.
   */
  readonly answers: LRUCache<string, { body: Uint8Array; digest: string }> | null;
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
  const manifest = JSON.parse(await readFile(path.join(dir, siteLayout.manifest), 'utf8')) as SiteManifest;
  if (typeof manifest.export_id !== 'string' || typeof manifest.files !== 'object') {
    throw new Error(`${dir}/${siteLayout.manifest} is not a site manifest`);
  }
  const ctx: ExportContext = Object.freeze({ exportId: manifest.export_id, cursorSecret: options.cursorSecret });

  const tables = new Map<string, ResourceTable>();
  for (const route of routesOfKind('list')) {
    const rel = siteLayout.data(route.resource);
    if (!manifest.files[rel]) continue;
    const bytes = await readFile(path.join(dir, rel));
    tables.set(route.id, loadResourceTable(route, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), ctx));
  }

  const answerBytes = options.answerCacheBytes ?? 64 * 1024 * 1024;
  const answers = answerBytes > 0
    ? new LRUCache<string, { body: Uint8Array; digest: string }>({ maxSize: answerBytes, sizeCalculation: (v) => Math.max(1, v.body.byteLength) })
    : null;
  const cache = new LRUCache<string, Uint8Array>({
    maxSize: options.cacheBytes ?? 128 * 1024 * 1024,
    sizeCalculation: (v) => Math.max(1, v.byteLength),
  });

  async function readFileCached(relPath: string): Promise<SiteFile | null> {
    const entry = Object.hasOwn(manifest.files, relPath) ? manifest.files[relPath] : undefined;
    if (!entry) return null;
    let bytes = cache.get(`identity:${relPath}`);
    if (!bytes) {
      let buf: Buffer;
      try {
        buf = await readFile(path.join(dir, relPath));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ExportGoneError(manifest.export_id, 'is no longer on disk');
        throw error;
      }
      if (createHash('sha256').update(buf).digest('hex') !== entry.sha256) {
        throw new ExportGoneError(manifest.export_id, `has a file that differs from its manifest (${relPath})`);
      }
      bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
      cache.set(`identity:${relPath}`, bytes);
    }
    return { bytes, digest: entry.sha256 };
  }

  return {
    dir,
    exportId: manifest.export_id,
    manifest,
    ctx,
    tables,
    answers,
    readFile: readFileCached,
    async readEncoded(relPath, encoding) {
      const key = `${encoding}:${relPath}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const file = await readFileCached(relPath);
      if (!file) return null;
      const encoded = compressBody(file.bytes, encoding, 'static');
      cache.set(key, encoded);
      return encoded;
    },
  };
}
