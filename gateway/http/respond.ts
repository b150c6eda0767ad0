// HTTP finishing shared by every answer, errors included: content type, CORS, rate-limit headers, Cache-Control,
// the ETag and If-None-Match → 304 (RFC 9110 §13.1.2), content negotiation for gzip/br, X-Export-Id, and HEAD
// (headers of the GET answer, no body). `finishAnswer` is the one place that decides them; it is synchronous and
// request-shape agnostic, so h3's answers (toHttpResponse: srvx's FastResponse, written to the socket as it is) and
// the fast path (gateway/fast-path/listener.ts: straight to Node's response) send the same headers for the same
// request. Everything that does not depend on the request (tags, codings) was made once.
import { STATUS_CODES } from 'node:http';
import { FastResponse } from 'srvx';
import { MIN_COMPRESS_BYTES, compress, type Encoding, type Representation } from '../../export/representations.ts';
import { cacheControlFor, type CachePolicy } from './cache-control.ts';
import { negotiateEncoding } from './negotiate.ts';
import { CORS_HEADERS } from './cors.ts';
import { ifNoneMatchMatches } from './etag.ts';
import { toRateLimitHeaders, type RateLimitResult } from '../rate-limit/limiter.ts';
import type { Reply } from './reply.ts';
import { toDownloadResponse } from './download.ts';
import { toStreamedResponse } from './streamed.ts';

/** What finishing needs to know of a request, whichever server shape carried it. */
export interface RequestFacts {
  method: string;
  acceptEncoding: string | null;
  ifNoneMatch: string | null;
}

export interface FinishContext {
  rateLimit: RateLimitResult | null;
  now: number;
  cachePolicy: CachePolicy;
  /** Export being served, for X-Export-Id on answers that did not come from one (405, 401, 429, 404 routes). */
  exportId?: string;
}

/** Response headers as Node's writeHead takes them: name, value, name, value, … */
export type HeaderList = string[];

/** An answer as written to the wire: status, every header in order, and the bytes to send (null: none, e.g. HEAD
 *  or 304). */
export interface FinishedResponse {
  status: number;
  headers: HeaderList;
  body: Uint8Array | null;
}

const CORS_LIST: HeaderList = Object.entries(CORS_HEADERS).flat();
const JSON_TYPE = 'application/json; charset=utf-8';

/** The coding to send a body of `bytes` in (small bodies are never compressed). */
export function encodingFor(bytes: number, acceptEncoding: string | null): Encoding | null {
  return bytes >= MIN_COMPRESS_BYTES ? negotiateEncoding(acceptEncoding) : null;
}

/** Every header and the bytes of an answer whose body (and coding) has been chosen. */
export function finishAnswer(reply: Pick<Reply, 'status' | 'from' | 'headers'>, chosen: Representation | null,
  request: RequestFacts, ctx: FinishContext): FinishedResponse {
  const headers = _commonHeaders(reply, ctx);
  if (chosen === null) return _finished(request, reply.status, headers, null);
  const { body, etag, encoding } = chosen;
  if (reply.status === 200 && etag) {
    headers.push('etag', etag);
    if (ifNoneMatchMatches(request.ifNoneMatch, etag)) return _finished(request, 304, headers, null);
  }
  // the API's answers are JSON; the reference page's files (gateway/reference/) say their own type
  if (!reply.headers?.['content-type']) headers.push('content-type', JSON_TYPE);
  if (encoding) headers.push('content-encoding', encoding);
  headers.push('content-length', String(body.byteLength));
  return _finished(request, reply.status, headers, body);
}

/** Build the final Response for a reply (the h3 path). */
export async function toHttpResponse(reply: Reply, request: Request, ctx: FinishContext): Promise<Response> {
  // a bulk file streams from disk (rare, large): a web Response is the right shape there
  if (reply.download) return toDownloadResponse(reply.download, request, new Headers(_pairs(_commonHeaders(reply, ctx))));
  if (reply.stream) return toStreamedResponse(reply.stream, reply.etag, request, new Headers(_pairs(_commonHeaders(reply, ctx))));
  const facts: RequestFacts = {
    method: request.method,
    acceptEncoding: request.headers.get('accept-encoding'),
    ifNoneMatch: request.headers.get('if-none-match'),
  };
  const finished = finishAnswer(reply, reply.body === null ? null : await chooseBody(reply, reply.body, facts.acceptEncoding), facts, ctx);
  // the reason phrase Node itself writes (srvx would send an empty one), so both paths send the same status line
  return new FastResponse(finished.body as Uint8Array<ArrayBuffer> | null,
    { status: finished.status, statusText: STATUS_CODES[finished.status], headers: _pairs(finished.headers) }) as Response;
}

/** The representation to send of a reply with an identity body: its kept variant in the negotiated coding, or
 *  identity. */
export async function chooseBody(reply: Reply, identity: Uint8Array, acceptEncoding: string | null): Promise<Representation> {
  const encoding = encodingFor(identity.byteLength, acceptEncoding);
  if (!encoding) return { body: identity, etag: reply.etag, encoding: null };
  const variant = reply.encoded ? await reply.encoded(encoding) : null;
  // small one-off bodies (errors) have no kept variants: compressed per answer
  return variant ?? { body: await compress(identity, encoding, 'dynamic'), etag: reply.etag, encoding };
}

function _commonHeaders(reply: Pick<Reply, 'status' | 'from' | 'headers'>, ctx: FinishContext): HeaderList {
  const headers: HeaderList = CORS_LIST.slice();
  if (ctx.rateLimit) {
    const limit = toRateLimitHeaders(ctx.rateLimit);
    headers.push('ratelimit-policy', limit['ratelimit-policy']!, 'ratelimit', limit.ratelimit!);
  }
  headers.push('cache-control', _cacheControl(reply.status, ctx.now, ctx.cachePolicy));
  // Every answer may differ by coding (even small ones, so a cache never serves a stored gzip body to a client
  // that did not ask for it).
  headers.push('vary', 'Accept-Encoding');
  const exportId = reply.from?.exportId ?? ctx.exportId;
  if (exportId) headers.push('x-export-id', exportId);
  if (reply.status === 429) headers.push('retry-after', '60');
  if (reply.headers) for (const name in reply.headers) _set(headers, name, reply.headers[name]!);
  return headers;
}

function _finished(request: RequestFacts, status: number, headers: HeaderList, body: Uint8Array | null): FinishedResponse {
  // HEAD keeps every header of the GET answer (Content-Length included) but sends no body.
  const withBody = request.method !== 'HEAD' && body !== null && status !== 204 && status !== 304;
  return { status, headers, body: withBody ? body : null };
}

function _set(headers: HeaderList, name: string, value: string): void {
  for (let at = 0; at < headers.length; at += 2) {
    if (headers[at] === name) {
      headers[at + 1] = value;
      return;
    }
  }
  headers.push(name, value);
}

function _pairs(headers: HeaderList): [string, string][] {
  const pairs: [string, string][] = [];
  for (let at = 0; at < headers.length; at += 2) pairs.push([headers[at]!, headers[at + 1]!]);
  return pairs;
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
