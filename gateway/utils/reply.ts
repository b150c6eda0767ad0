// What a route handler hands back before HTTP finishing (conditional requests, compression, headers): the status,
// the identity body and where it came from, so compressed variants of static files can be cached.
import type { Download } from './download.ts';
import type { Site } from './site.ts';

export interface Reply {
  status: number;
  /** Identity-coded body; null for 204. */
  body: Uint8Array | null;
  /** Hex SHA-256 of `body` (from the manifest for static files); 200 replies always carry one. */
  digest?: string;
  /** Site-relative path when `body` is a file of `site`, so compressed variants come from the site's cache. */
  file?: string;
  /** Export the reply was answered from (sets X-Export-Id). */
  site?: Site;
  /** Extra response headers (e.g. Allow on 405). */
  headers?: Record<string, string>;
  /** A file streamed from disk instead of `body` (bulk downloads). */
  download?: Download;
}
