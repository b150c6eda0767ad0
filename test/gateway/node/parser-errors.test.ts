// What the gateway answers for the requests Node's parser refuses: the status and code per parser error, 414 versus
// 431 told apart from the chunk the parser stopped in, and the raw response bytes (framing and the error body).
import { describe, expect, it } from 'vitest';
import { toEdgeAnswer, toParserAnswer, toRawResponse, type ParserError } from '../../../gateway/node/parser-errors.ts';
import { parseResponses } from '../fuzz-helpers.ts';

const LIMITS = { maxUrlBytes: 8192, maxHeaderBytes: 16384 };

function parserError(code: string, packet?: string, bytesParsed?: number, reason?: string): ParserError {
  return Object.assign(new Error(`Parse Error: ${reason ?? code}`), {
    code, reason, bytesParsed, rawPacket: packet === undefined ? undefined : Buffer.from(packet, 'latin1'),
  });
}
const answer = (e: ParserError) => {
  const { error, headers } = toParserAnswer(e, LIMITS);
  return { status: error.status, code: error.code, headers };
};

describe('toParserAnswer', () => {
  it('answers methods the parser does not know with 405 and Allow, and non-methods with 400', () => {
    const piped = 'GET / HTTP/1.1\r\nHost: x\r\n\r\nBREW / HTTP/1.1\r\n';
    for (const [packet, at] of [['FOO / HTTP/1.1\r\n', 1], ['get / HTTP/1.1\r\n', 0], [piped, piped.indexOf('BREW') + 1]] as const) {
      expect(answer(parserError('HPE_INVALID_METHOD', packet, at)), packet).toEqual({ status: 405, code: 'method_not_allowed', headers: { allow: 'GET, HEAD, OPTIONS' } });
    }
    expect(answer(parserError('HPE_INVALID_METHOD', '\x16\x03\x01\x02\x00', 0))).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('tells a target over the limit (414) from headers over it (431)', () => {
    const longTarget = `GET /${'a'.repeat(20_000)}`;
    expect(answer(parserError('HPE_HEADER_OVERFLOW', longTarget, longTarget.length))).toMatchObject({ status: 414, code: 'uri_too_long' });
    // the target's tail in a later chunk, ending with the version
    const tail = `${'a'.repeat(3000)} HTTP/1.1\r\nHost: x\r\n`;
    expect(answer(parserError('HPE_HEADER_OVERFLOW', tail, 3000))).toMatchObject({ status: 414 });
    // a pipelined request after a complete one
    const piped = `GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /${'b'.repeat(20_000)}`;
    expect(answer(parserError('HPE_HEADER_OVERFLOW', piped, piped.length))).toMatchObject({ status: 414 });
    const bigHeader = `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'c'.repeat(20_000)}\r\n\r\n`;
    expect(answer(parserError('HPE_HEADER_OVERFLOW', bigHeader, bigHeader.length - 4))).toMatchObject({ status: 431, code: 'headers_too_large' });
    // a chunk inside one long line, neither end in sight: a head over the limit
    expect(answer(parserError('HPE_HEADER_OVERFLOW', 'd'.repeat(4000), 4000))).toMatchObject({ status: 431 });
    expect(answer(parserError('HPE_HEADER_OVERFLOW'))).toMatchObject({ status: 431 });
  });

  it('answers timeouts with 408 and other parse errors with 400, naming llhttp\'s reason only when it is plain', () => {
    expect(answer(parserError('ERR_HTTP_REQUEST_TIMEOUT'))).toMatchObject({ status: 408, code: 'request_timeout' });
    expect(answer(parserError('HPE_INVALID_URL', 'GET /\xe9 HTTP/1.1', 5))).toMatchObject({ status: 400, code: 'bad_request' });
    expect(answer(parserError('HPE_PAUSED_H2_UPGRADE', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'))).toMatchObject({ status: 400 });
    const header = toParserAnswer(parserError('HPE_INVALID_HEADER_TOKEN', 'x', 0, 'Invalid header token'), LIMITS).error;
    expect(header.message).toBe('The request is not valid HTTP/1.1 (Invalid header token)');
    const odd = toParserAnswer(parserError('HPE_X', 'x', 0, 'at /srv/app.js:1 {"x"}'), LIMITS).error;
    expect(odd.message).toBe('The request is not valid HTTP/1.1');
  });
});

describe('toRawResponse', () => {
  it('frames the error body with its length, the usual headers and Connection: close', () => {
    const { error, headers } = toParserAnswer(parserError('HPE_INVALID_METHOD', 'FOO / HTTP/1.1', 1), LIMITS);
    const raw = toRawResponse(toEdgeAnswer(error, headers, '2026-11-20-abc'));
    expect(raw.toString('latin1')).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    const [res] = parseResponses(raw);
    expect(res!.status).toBe(405);
    expect(res!.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'access-control-allow-origin': '*',
      allow: 'GET, HEAD, OPTIONS', 'x-export-id': '2026-11-20-abc', connection: 'close',
    });
    expect(Number(res!.headers['content-length'])).toBe(Buffer.byteLength(res!.body));
    expect(Object.keys(JSON.parse(res!.body) as object)).toEqual(['error', 'message', 'licence', 'attribution']);
  });
});
