// What to answer when Node's HTTP parser refuses a request before the app sees it (an unknown or lower-case
// method, a raw byte the URL may not hold, a head over the size limit, a request that never finished), and the raw
// HTTP/1.1 bytes of that answer: the parser leaves no request or response object, so the answer is written to the
// socket directly, with the same JSON error body and CORS headers as every other answer (docs/errors.md).
import { STATUS_CODES } from 'node:http';
import { ApiError } from '../../api/errors.ts';
import { errorBody } from '../../api/query/envelope.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { uriTooLong } from '../http/errors.ts';
import type { FinishedResponse } from '../http/respond.ts';
import { ALLOWED_METHODS } from '../routes/routing.ts';

/** An error raised by Node's parser (llhttp codes such as HPE_INVALID_METHOD) or its request timer. */
export interface ParserError extends Error {
  code?: string;
  reason?: string;
  /** Offset in `rawPacket` where the parser stopped. */
  bytesParsed?: number;
  /** The chunk being parsed when the error was found. */
  rawPacket?: Buffer;
}

export interface EdgeLimits {
  maxUrlBytes: number;
  maxHeaderBytes: number;
}

/** The answer to a request the parser refused, with the headers it needs besides the usual ones. */
export function toParserAnswer(error: ParserError, limits: EdgeLimits): { error: ApiError; headers: Record<string, string> } {
  switch (error.code) {
    case 'HPE_INVALID_METHOD':
      // bytes that are no method at all (a TLS handshake on the plain port, binary noise) are a malformed request
      if (!_startsWithMethodToken(error)) return { error: new ApiError(400, 'bad_request', 'The request is not valid HTTP/1.1 (no method)'), headers: {} };
      // llhttp knows only registered methods and methods are case-sensitive (RFC 9110 §9.1): `FOO` and `get` are
      // methods this API does not allow, like any other.
      return {
        error: new ApiError(405, 'method_not_allowed', `Only ${ALLOWED_METHODS} are supported (method names are case-sensitive)`),
        headers: { allow: ALLOWED_METHODS },
      };
    case 'HPE_HEADER_OVERFLOW':
      return {
        error: _overflowInTarget(error)
          ? uriTooLong(limits.maxUrlBytes)
          : new ApiError(431, 'headers_too_large', `The request line and headers together are over ${limits.maxHeaderBytes} bytes`),
        headers: {},
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { error: new ApiError(408, 'request_timeout', 'The request did not arrive in time; send it again'), headers: {} };
    case 'HPE_INVALID_URL':
      return {
        error: new ApiError(400, 'bad_request',
          'The request target holds a character a URL may not hold as is (a space, a control character or a non-ASCII byte); percent-encode it'),
        headers: {},
      };
    case 'HPE_PAUSED_H2_UPGRADE':
      return { error: new ApiError(400, 'bad_request', 'HTTP/2 without negotiation is not supported; use HTTP/1.1'), headers: {} };
    default:
      return { error: new ApiError(400, 'bad_request', `The request is not valid HTTP/1.1${_reason(error)}`), headers: {} };
  }
}

/** The answer for an error met outside the app (the usual headers, `extra`, and `connection: close`), closing the
 *  connection after it. */
export function toEdgeAnswer(error: ApiError, extra: Record<string, string>, exportId?: string): FinishedResponse {
  const body = Buffer.from(errorBody(error.code, error.message), 'utf8');
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.byteLength),
    // the request was never understood, so nothing about the answer may be reused
    'cache-control': 'no-store',
    ...CORS_HEADERS,
    vary: 'Accept-Encoding',
    ...(exportId ? { 'x-export-id': exportId } : {}),
    ...extra,
    connection: 'close',
  };
  return { status: error.status, headers: Object.entries(headers).flat(), body };
}

/** The complete HTTP/1.1 response bytes of an answer written straight to a socket. */
export function toRawResponse(answer: FinishedResponse): Buffer {
  let head = `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}\r\ndate: ${new Date().toUTCString()}\r\n`;
  for (let at = 0; at < answer.headers.length; at += 2) head += `${answer.headers[at]}: ${answer.headers[at + 1]}\r\n`;
  return Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), answer.body ?? new Uint8Array(0)]);
}

// ---- private helpers ----

// A request line: a method, one space, then a path, `*` or an absolute URL (header lines have a colon instead).
const REQUEST_LINE_START = /^[A-Z]{3,10} (?:\/|\*|https?:\/\/)/;
const REQUEST_LINE_END = / HTTP\/\d\.\d\r?$/;

/**
 * Whether the head overflowed inside the request line (so the target is what is too long: 414) rather than in the
 * headers (431). Node counts the target as the first part of the head and stops at the span that crossed the
 * limit; the line around that point, in the chunk being parsed, is the request line when it starts like one or
 * ends with the HTTP version. A target that spans several reads before the limit may not show either: it is then
 * answered as a head over the limit (431), which it also is.
 */
function _overflowInTarget(error: ParserError): boolean {
  const packet = error.rawPacket;
  if (!packet || packet.length === 0) return false;
  const at = Math.min(Math.max(error.bytesParsed ?? packet.length, 1), packet.length);
  const lineStart = packet.lastIndexOf(0x0a, at - 1) + 1;
  const newline = packet.indexOf(0x0a, lineStart);
  const lineEnd = newline < 0 ? packet.length : newline;
  if (REQUEST_LINE_START.test(packet.toString('latin1', lineStart, Math.min(lineEnd, lineStart + 32)))) return true;
  return newline >= 0 && REQUEST_LINE_END.test(packet.toString('latin1', Math.max(lineStart, lineEnd - 16), lineEnd));
}

/** Whether the request line the parser stopped in starts with a token (RFC 9110 §5.6.2) and a space. */
function _startsWithMethodToken(error: ParserError): boolean {
  const packet = error.rawPacket;
  if (!packet || packet.length === 0) return false;
  const at = Math.min(Math.max(error.bytesParsed ?? 0, 0), packet.length);
  const lineStart = at === 0 ? 0 : packet.lastIndexOf(0x0a, at - 1) + 1;
  return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ /.test(packet.toString('latin1', lineStart, Math.min(packet.length, lineStart + 64)));
}

/** llhttp's reason ("Invalid header value char"), which names the problem without disclosing anything. */
function _reason(error: ParserError): string {
  const reason = error.reason ?? '';
  return /^[A-Za-z][\w .,'-]{0,80}$/.test(reason) ? ` (${reason.replace(/\.$/, '')})` : '';
}
