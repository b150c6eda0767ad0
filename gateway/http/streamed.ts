// An answer whose body is made as it is sent (a whole list answer as CSV or JSON Lines): its ETag names what it
// answers rather than hashing bytes not yet made, so If-None-Match → 304 works as for any answer; HEAD sends the
// headers alone; the body goes out in chunks as the client reads, with no Content-Length (chunked, or to the close).
import { ifNoneMatchMatches } from './etag.ts';

/** The response for a streamed reply; `headers` already carry CORS, rate-limit, cache, export and the reply's own. */
export function toStreamedResponse(make: () => ReadableStream<Uint8Array> | null, etag: string | undefined, request: Request,
  headers: Headers): Response {
  if (etag) {
    headers.set('etag', etag);
    if (ifNoneMatchMatches(request.headers.get('if-none-match'), etag)) {
      for (const h of ['content-type', 'content-disposition']) headers.delete(h);
      return new Response(null, { status: 304, headers });
    }
  }
  return new Response(request.method === 'HEAD' ? null : make(), { status: 200, headers });
}
