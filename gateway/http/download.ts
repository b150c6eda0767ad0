// A file download answered from disk without reading it into memory: the strong ETag of the representation served
// (its SHA-256 from the bulk manifest), If-None-Match → 304, one byte range (206, or 416 with the size) so a broken
// download resumes, the precompressed gzip body for clients that accept it (whole-file requests only), HEAD.
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ApiError } from '../../api/errors.ts';
import { errorBody } from '../../api/query/envelope.ts';
import { ifNoneMatchMatches } from './etag.ts';

export interface Download {
  path: string;
  bytes: number;
  sha256: string;
  mediaType: string;
  /** The name a browser saves it under. */
  filename: string;
  gzip?: { path: string; bytes: number; sha256: string };
}

/** The response for a download; `headers` already carry CORS, rate-limit, cache and export headers. */
export async function toDownloadResponse(d: Download, request: Request, headers: Headers): Promise<Response> {
  const range = request.headers.get('range');
  const gzip = d.gzip && range === null && _acceptsGzip(request.headers.get('accept-encoding')) ? d.gzip : null;
  const served = gzip ?? d;
  const etag = `"${served.sha256}"`;
  headers.set('etag', etag);
  headers.set('accept-ranges', 'bytes');
  headers.set('content-type', /^text\/|json/.test(d.mediaType) ? `${d.mediaType}; charset=utf-8` : d.mediaType);
  headers.set('content-disposition', `attachment; filename="${d.filename}"`);
  if (gzip) headers.set('content-encoding', 'gzip');
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), etag)) {
    for (const h of ['content-type', 'content-disposition', 'content-encoding']) headers.delete(h);
    return new Response(null, { status: 304, headers });
  }
  // If-Range: a range of another version of the file is answered with the whole file
  const wanted = range !== null && (request.headers.get('if-range') ?? etag) === etag ? _parseRange(range, d.bytes) : null;
  if (wanted === 'unsatisfiable') {
    const body = errorBody('range_not_satisfiable', `The range "${range}" lies outside the file's ${d.bytes} bytes`);
    for (const h of ['content-disposition', 'etag']) headers.delete(h);
    headers.set('content-type', 'application/json; charset=utf-8');
    headers.set('content-range', `bytes */${d.bytes}`);
    return new Response(request.method === 'HEAD' ? null : body, { status: 416, headers });
  }
  const [start, end] = wanted ?? [0, served.bytes - 1];
  const status = wanted ? 206 : 200;
  if (wanted) headers.set('content-range', `bytes ${start}-${end}/${d.bytes}`);
  headers.set('content-length', String(Math.max(0, end - start + 1)));
  if (request.method === 'HEAD' || served.bytes === 0) return new Response(null, { status, headers });
  let handle;
  try {
    handle = await open(served.path, 'r');
  } catch {
    throw new ApiError(404, 'not_found', `The file ${d.filename} is no longer kept`);
  }
  // the handle closes itself when the stream ends or the client goes away; the bytes are never held whole
  const stream = handle.createReadStream({ start, end, highWaterMark: 256 * 1024 });
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers });
}

/** One range of `size` bytes from a Range header: [start, end] inclusive, 'unsatisfiable', or null to send it whole
 *  (no bytes unit, several ranges, or malformed: RFC 9110 lets a server ignore what it does not serve). */
function _parseRange(header: string, size: number): [number, number] | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return [start, end];
}

function _acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q) > 0);
  });
}
