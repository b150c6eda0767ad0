// What a route handler hands back before HTTP finishing (conditional requests, compression, headers): the status,
// the identity body with its ETag, and where its compressed variants come from, so they are made once and kept
// (a file's twins, an engine answer's cached variants) rather than per request.
import type { Encoding, Representation } from '../../export/representations.ts';
import type { OpenedExport } from '../../export/serve/open-export.ts';
import type { Download } from './download.ts';

export interface Reply {
  status: number;
  /** Identity-coded body; null for 204. */
  body: Uint8Array | null;
  /** ETag of the identity body; 200 replies always carry one. */
  etag?: string;
  /** The body in a coding, made once and kept; absent for small one-off bodies (errors), compressed per answer. */
  encoded?: (encoding: Encoding) => Promise<Representation | null>;
  /** The export the reply was answered from (sets X-Export-Id). */
  from?: OpenedExport;
  /** Extra response headers (e.g. Allow on 405). */
  headers?: Record<string, string>;
  /** A file streamed from disk instead of `body` (bulk downloads: their own ETag, ranges and gzip twin). */
  download?: Download;
  /** A body made as it is sent instead of `body` (a whole list answer; null when none is sent: HEAD, 304), in identity
   *  coding; `etag` names it and `headers` say its type. */
  stream?: () => ReadableStream<Uint8Array> | null;
}
