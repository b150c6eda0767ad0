// One published export opened for serving: its manifest, an in-memory ResourceTable per list route (loaded from the
// Arrow files at start-up so no request waits on disk for a query), and an LRU of file bytes and their compressed
// variants. Files are served only if the manifest lists them, so a request can never probe the file system.
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
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
  /** Real folder of the export (`current` resolved). */
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

/** Raised when `<siteRoot>/current` does not exist yet (nothing published). */
export class NoSiteError extends Error {
  override name = 'NoSiteError';
}

/** Open the export `<siteRoot>/current` points at. */
export async function openSite(siteRoot: string, options: SiteOptions): Promise<Site> {
  let dir: string;
  try {
    dir = await realpath(path.join(siteRoot, 'current'));
  } catch {
    throw new NoSiteError(`no site published under ${siteRoot} (missing "current")`);
  }
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
      const buf = await readFile(path.join(dir, relPath));
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
