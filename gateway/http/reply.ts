// What a route handler hands back before HTTP finishing (conditional requests, compression, headers): the status,
// the identity body with its ETag, and where its compressed variants come from, so they are made once and kept
// (a file's twins, an engine answer's cached variants) rather than per request.
import type { Encoding } from '../../export/representations.ts';
import type { Download } from './download.ts';
import type { Representation, Site } from '../../export/serve/open-export.ts';

export interface Reply {
  status: number;
  /** Identity-coded body; null for 204. */
  body: Uint8Array | null;
  /** ETag of the identity body; 200 replies always carry one. */
  etag?: string;
  /** The body in a coding, made once and kept; absent for small one-off bodies (errors), compressed per answer. */
  encoded?: (encoding: Encoding) => Promise<Representation | null>;
  /** Export the reply was answered from (sets X-Export-Id). */
  site?: Site;
  /** Extra response headers (e.g. Allow on 405). */
  headers?: Record<string, string>;
  /** A file streamed from disk instead of `body` (bulk downloads: their own ETag, ranges and gzip twin). */
  download?: Download;
}
