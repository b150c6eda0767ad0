// HTTP finishing shared by every answer, errors included: content type, CORS, rate-limit headers, Cache-Control,
// the strong ETag and If-None-Match → 304, content negotiation for gzip/br, X-Export-Id, and HEAD (headers of the
// GET answer, no body).
import { cacheControlFor, type CachePolicy } from './cache-control.ts';
import { compressBody, MIN_COMPRESS_BYTES, negotiateEncoding } from './compress.ts';
import { CORS_HEADERS } from './cors.ts';
import { ifNoneMatchMatches, toEtag, type Encoding } from './etag.ts';
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

/** Build the final Response for a reply. */
export async function toHttpResponse(reply: Reply, ctx: FinishContext): Promise<Response> {
  const { request } = ctx;
  const headers = new Headers(CORS_HEADERS);
  if (ctx.rateLimit) for (const [k, v] of Object.entries(toRateLimitHeaders(ctx.rateLimit))) headers.set(k, v);
  headers.set('cache-control', cacheControlFor(reply.status, ctx.now, ctx.cachePolicy));
  // Every answer may differ by coding (even small ones, so a cache never serves a stored gzip body to a client
  // that did not ask for it).
  headers.set('vary', 'Accept-Encoding');
  const exportId = reply.site?.exportId ?? ctx.exportId;
  if (exportId) headers.set('x-export-id', exportId);
  if (reply.status === 429) headers.set('retry-after', '60');
  for (const [k, v] of Object.entries(reply.headers ?? {})) headers.set(k, v);
  if (reply.download) return toDownloadResponse(reply.download, request, headers);
  if (reply.body === null) return _send(request, null, reply.status, headers);

  headers.set('content-type', 'application/json; charset=utf-8');
  let encoding: Encoding | null = null;
  if (reply.body.byteLength >= MIN_COMPRESS_BYTES) encoding = negotiateEncoding(request.headers.get('accept-encoding'));

  if (reply.status === 200 && reply.digest) {
    const etag = toEtag(reply.digest, encoding);
    headers.set('etag', etag);
    if (ifNoneMatchMatches(request.headers.get('if-none-match'), etag)) {
      headers.delete('content-type');
      return _send(request, null, 304, headers);
    }
  }

  let body = reply.body;
  if (encoding) {
    body = (reply.file && reply.site ? await reply.site.readEncoded(reply.file, encoding) : null)
      ?? compressBody(reply.body, encoding, 'dynamic');
    headers.set('content-encoding', encoding);
  }
  headers.set('content-length', String(body.byteLength));
  return _send(request, body, reply.status, headers);
}

function _send(request: Request, body: Uint8Array | null, status: number, headers: Headers): Response {
  // HEAD keeps every header of the GET answer (Content-Length included) but sends no body.
  const withBody = request.method !== 'HEAD' && body !== null && status !== 204 && status !== 304;
  return new Response(withBody ? (body as Uint8Array<ArrayBuffer>) : null, { status, headers });
}
