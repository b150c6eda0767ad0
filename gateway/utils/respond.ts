// HTTP finishing shared by every answer, errors included: content type, CORS, rate-limit headers, Cache-Control,
// the ETag and If-None-Match → 304, content negotiation for gzip/br, X-Export-Id, and HEAD (headers of the GET
// answer, no body). The answer is srvx's FastResponse (the response type of h3's own Node adapter): its body bytes
// and a plain header list are written to the socket as they are, never wrapped in a web Response or pumped through
// a ReadableStream. Everything that does not depend on the request (tags, variants) was made once per export.
import { FastResponse } from 'srvx';
import { MIN_COMPRESS_BYTES, compress, type Encoding } from '../../api/representations.ts';
import { cacheControlFor, type CachePolicy } from './cache-control.ts';
import { negotiateEncoding } from './compress.ts';
import { CORS_HEADERS } from './cors.ts';
import { ifNoneMatchMatches } from './etag.ts';
import { toRateLimitHeaders, type RateLimitResult } from './rate-limit.ts';
import type { Reply } from './reply.ts';
import { toDownloadResponse } from './download.ts';

export interface FinishContext {
  request: Request;
  rateLimit: RateLimitResult | null;
  now: number;
  cachePolicy: CachePolicy;
  /** Export being served, for X-Export-Id on answers that did not come from one (405, 401, 429, 404 routes). */
  exportId?: string;
}

type HeaderList = [string, string][];

const CORS_LIST: HeaderList = Object.entries(CORS_HEADERS);
const JSON_TYPE = 'application/json; charset=utf-8';

/** Build the final Response for a reply. */
export async function toHttpResponse(reply: Reply, ctx: FinishContext): Promise<Response> {
  const { request } = ctx;
  const headers: HeaderList = CORS_LIST.slice();
  if (ctx.rateLimit) {
    const limit = toRateLimitHeaders(ctx.rateLimit);
    headers.push(['ratelimit-policy', limit['ratelimit-policy']!], ['ratelimit', limit.ratelimit!]);
  }
  headers.push(['cache-control', _cacheControl(reply.status, ctx.now, ctx.cachePolicy)]);
  // Every answer may differ by coding (even small ones, so a cache never serves a stored gzip body to a client
  // that did not ask for it).
  headers.push(['vary', 'Accept-Encoding']);
  const exportId = reply.site?.exportId ?? ctx.exportId;
  if (exportId) headers.push(['x-export-id', exportId]);
  if (reply.status === 429) headers.push(['retry-after', '60']);
  if (reply.headers) for (const name in reply.headers) _set(headers, name, reply.headers[name]!);
  // a bulk file streams from disk (rare, large): a web Response is the right shape there
  if (reply.download) return toDownloadResponse(reply.download, request, new Headers(headers));
  if (reply.body === null) return _send(request, null, reply.status, headers);

  let encoding: Encoding | null = null;
  if (reply.body.byteLength >= MIN_COMPRESS_BYTES) encoding = negotiateEncoding(request.headers.get('accept-encoding'));
  let body = reply.body;
  let etag = reply.etag;
  if (encoding) {
    const variant = reply.encoded ? await reply.encoded(encoding) : null;
    if (variant) {
      body = variant.body;
      etag = variant.etag;
    } else {
      body = await compress(reply.body, encoding, 'dynamic');
    }
  }
  if (reply.status === 200 && etag) {
    headers.push(['etag', etag]);
    if (ifNoneMatchMatches(request.headers.get('if-none-match'), etag)) return _send(request, null, 304, headers);
  }
  // the API's answers are JSON; the reference page's files (gateway/reference/) say their own type
  if (!reply.headers?.['content-type']) headers.push(['content-type', JSON_TYPE]);
  if (encoding) headers.push(['content-encoding', encoding]);
  headers.push(['content-length', String(body.byteLength)]);
  return _send(request, body, reply.status, headers);
}

function _send(request: Request, body: Uint8Array | null, status: number, headers: HeaderList): Response {
  // HEAD keeps every header of the GET answer (Content-Length included) but sends no body.
  const withBody = request.method !== 'HEAD' && body !== null && status !== 204 && status !== 304;
  return new FastResponse(withBody ? (body as Uint8Array<ArrayBuffer>) : null, { status, headers }) as Response;
}

function _set(headers: HeaderList, name: string, value: string): void {
  const at = headers.findIndex(([n]) => n === name);
  if (at >= 0) headers[at] = [name, value];
  else headers.push([name, value]);
}

// Cache-Control changes once a second at most (max-age counts down to the refresh hour): made once per second.
let lastSecond = -1;
let lastPolicy: CachePolicy | null = null;
const lastByStatus = new Map<number, string>();

function _cacheControl(status: number, now: number, policy: CachePolicy): string {
  const second = Math.floor(now / 1000);
  if (second !== lastSecond || policy !== lastPolicy) {
    lastSecond = second;
    lastPolicy = policy;
    lastByStatus.clear();
  }
  let value = lastByStatus.get(status);
  if (value === undefined) lastByStatus.set(status, value = cacheControlFor(status, now, policy));
  return value;
}
