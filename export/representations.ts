// How a published file is represented on the wire, shared by the site writer (which stores every variant) and the
// gateway and static host (which serve them): compressed twins beside the file (`x.json.gz`, `x.json.br`) for files
// of at least MIN_COMPRESS_BYTES, and one ETag formula a static server computes on its own. nginx's ETag is
// `"<hex mtime>-<hex size>"`; the writer sets every file's mtime from its content hash, so that tag is a function of
// the bytes alone (equal across exports for equal bytes), and the gateway computes the same tag from the manifest.
import { hash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';

export type Encoding = 'br' | 'gzip';

/** A ready answer: its bytes in one coding (null: identity) with its ETag, which one-off bodies (errors, never
 *  validated) do not have. What the caches hold and what finishing sends. */
export interface Representation {
  body: Uint8Array;
  etag?: string;
  encoding: Encoding | null;
}

/** Bodies below this size go out uncompressed (framing costs more than it saves) and get no twins. */
export const MIN_COMPRESS_BYTES = 1024;

/** The twin of a file for a coding: `api/v1/people/1.json` → `api/v1/people/1.json.br`. */
export function twinPath(rel: string, encoding: Encoding): string {
  return `${rel}${encoding === 'gzip' ? '.gz' : '.br'}`;
}

/** Whether the writer stores twins for this file: the API's bodies (JSON, the charts' SVG, the feeds' Atom and OPML) at
 *  or over the compression threshold. */
export function hasTwins(rel: string, bytes: number): boolean {
  return rel.startsWith('api/v1/') && TWINNED.test(rel) && bytes >= MIN_COMPRESS_BYTES;
}

const TWINNED = /\.(json|svg|atom|opml)$/;

/** The mtime (seconds since the epoch) the writer gives a file and its twins: the first 32 bits of its SHA-256. */
export function contentMtime(sha256Hex: string): number {
  return Number.parseInt(sha256Hex.slice(0, 8), 16);
}

/** nginx's ETag for a file whose identity bytes hash to `sha256Hex`, sent as `bytes` bytes (the identity file's or a
 *  twin's size: a twin shares the identity file's mtime). */
export function fileEtag(sha256Hex: string, bytes: number): string {
  return `"${contentMtime(sha256Hex).toString(16)}-${bytes.toString(16)}"`;
}

/** Hex SHA-256 of a body. */
export function hashBody(body: Uint8Array | string): string {
  // one-shot: engine answers hash a short key per request, where a Hash object per call was most of the cost
  return hash('sha256', body, 'hex');
}

/** Strong ETag of a body that is not a stored file (an engine answer, a reference page file) from a hex digest (128
 *  bits tell exports apart), with a coding suffix on a compressed variant (as Apache does) so the strong tag of one
 *  byte sequence is never reused for another. */
export function toEtag(hexDigest: string, encoding?: Encoding | null): string {
  return `"${hexDigest.slice(0, 32)}${encoding ? `-${encoding}` : ''}"`;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Compress off the event loop (zlib's thread pool). 'static' is the stored twins' setting, paid once per file and
 * night, where every cursor page is compressed again each night: gzip 9 and brotli 6 (brotli's higher qualities cost
 * several times the CPU for a few per cent fewer bytes). 'dynamic' is for answers computed per request, where
 * compression is the largest single cost: gzip 3 and brotli 3, about half the CPU of the defaults for slightly more
 * bytes, brotli still the smaller coding. A body of at most `inlineUpToBytes` is compressed on the calling thread
 * instead (Config.inlineCompressBytes: when every core already runs a gateway worker, the hop to the pool costs more
 * than it parallelises). The measurements: docs/benchmarks-edge.md, "Figures behind the code".
 */
export async function compress(body: Uint8Array, encoding: Encoding, level: 'static' | 'dynamic', inlineUpToBytes = 0): Promise<Uint8Array> {
  const inline = body.byteLength <= inlineUpToBytes;
  if (encoding === 'gzip') {
    const options = { level: level === 'static' ? 9 : 3 };
    return inline ? gzipSync(body, options) : gzipAsync(body, options);
  }
  const options = { params: brotliParams(body.byteLength, level === 'static' ? 6 : 3) };
  return inline ? brotliCompressSync(body, options) : brotliAsync(body, options);
}

/** Brotli parameters for a body of `bytes`: text mode and a window no larger than the body (a window much larger
 *  than a small document only costs time, for the same bytes). */
export function brotliParams(bytes: number, quality: number): Record<number, number> {
  return {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    [constants.BROTLI_PARAM_LGWIN]: Math.min(constants.BROTLI_MAX_WINDOW_BITS,
      Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1)))),
  };
}
