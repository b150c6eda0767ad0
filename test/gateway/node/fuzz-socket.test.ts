// Fuzzing the gateway over a real socket: the requests Node's HTTP parser meets before the app (unknown
// and lower-case methods, CONNECT, raw bytes in the URL, targets and heads over the limits, no Host, broken framing,
// HTTP/2 prefaces, pipelining), a few hundred of them from a fixed seed, sent as raw bytes to startServer() on a
// random port. Every answer carries the JSON error body and the right status, nothing is answered 5xx, and no
// connection is closed or reset without an answer.
import { connect, type AddressInfo } from 'node:net';
import { toNodeHandler } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../config/resolve.ts';
import { createApp } from '../../../gateway/app.ts';
import { startServer, type GatewayServer } from '../../../gateway/server.ts';
import { createHttpServer } from '../../../gateway/node/http-server.ts';
import { fixedExportHolder } from '../../../export/serve/export-holder.ts';
import { e2eCity } from '../../e2e/city.ts';
import { expectErrorBody, parseResponses, rawExchange, seeded, type RawResponse, type Rng } from '../fuzz-helpers.ts';

const CASES = 320;
const MAX_URL = 8192;
const MAX_HEAD = 16384;
let gw: GatewayServer;

beforeAll(async () => {
  const city = await e2eCity();
  gw = await startServer({
    SITE_DIR: city.siteRoot, CURSOR_SECRET: city.cursorSecret, PORT: '0', HOST: '127.0.0.1', BASE_URL: 'http://localhost/api/v1',
    RATE_LIMIT_ANON: '1000000', MAX_URL_BYTES: String(MAX_URL), MAX_HEADER_BYTES: String(MAX_HEAD),
  }, { quiet: true, signals: false, warm: false });
});
afterAll(() => gw?.close());

interface Case { name: string; bytes: Buffer; statuses: number[][] }

/** A request head; `Connection: close` unless `keepAlive`, so the server ends the exchange after its answer. */
const req = (line: string, headers: string[] = ['Host: localhost'], keepAlive = false) =>
  Buffer.from(`${line}\r\n${[...headers, ...(keepAlive ? [] : ['Connection: close'])].map((h) => `${h}\r\n`).join('')}\r\n`, 'latin1');

/** One parser case and the statuses its answers must have (one list per response, any of the listed). */
function fuzzCase(rng: Rng): Case {
  const pad = (n: number) => 'a'.repeat(Math.max(0, n));
  switch (rng.int(0, 13)) {
    case 0: {
      const method = rng.pick(['FOO', 'get', 'Get', 'BREW', 'HELLO', 'G3T', 'POST', 'DELETE', 'PURGE', 'PROPFIND', 'TRACE', 'M-SEARCH', 'X'.repeat(rng.int(1, 20))]);
      return { name: `method ${method}`, bytes: req(`${method} /api/v1/topics HTTP/1.1`), statuses: [[405]] };
    }
    case 1:
      return { name: 'CONNECT', bytes: req(`CONNECT ${rng.pick(['example.com:443', 'localhost:22', '[::1]:80'])} HTTP/1.1`), statuses: [[405]] };
    case 2: {
      const byte = rng.chance(0.7) ? rng.int(0x80, 0xff) : rng.pick([0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f, 0x09]);
      const at = rng.int(0, 10);
      const target = Buffer.from('/api/v1/people', 'latin1');
      const url = Buffer.concat([target.subarray(0, target.length - at), Buffer.from([byte]), target.subarray(target.length - at)]);
      return { name: `raw byte 0x${byte.toString(16)} in the URL`, bytes: Buffer.concat([Buffer.from('GET '), url, req(' HTTP/1.1')]), statuses: [[400]] };
    }
    case 3: {
      const length = rng.pick([MAX_URL + 1, rng.int(MAX_URL + 1, MAX_HEAD - 200), rng.int(MAX_HEAD, 130_000), 70_000]);
      return { name: `path of ${length} bytes`, bytes: req(`GET /api/v1/people/${pad(length - 15)} HTTP/1.1`), statuses: [[414]] };
    }
    case 4: {
      const length = rng.pick([rng.int(MAX_URL + 1, MAX_HEAD - 200), rng.int(MAX_HEAD, 100_000), 65_536]);
      return { name: `query of ${length} bytes`, bytes: req(`GET /api/v1/people?zz=${pad(length - 18)} HTTP/1.1`), statuses: [[414]] };
    }
    case 5: {
      const length = rng.int(MAX_URL - 1200, MAX_URL);
      return { name: `query of ${length} bytes (within the limit)`, bytes: req(`GET /api/v1/people?zz=${pad(length - 18)} HTTP/1.1`), statuses: [[400]] };
    }
    case 6: {
      const size = rng.int(MAX_HEAD + 1, 120_000);
      return { name: `one header of ${size} bytes`, bytes: req('GET /api/v1/topics HTTP/1.1', ['Host: localhost', `X-Big: ${pad(size)}`]), statuses: [[431]] };
    }
    case 7: {
      const each = rng.int(60, 400);
      const headers = ['Host: localhost', ...Array.from({ length: Math.ceil((MAX_HEAD + 10) / each) }, (_, i) => `X-H${i}: ${pad(each)}`)];
      return { name: `${headers.length} headers of ${each} bytes`, bytes: req('GET /api/v1/topics HTTP/1.1', headers), statuses: [[431]] };
    }
    case 8: {
      const size = rng.int(1000, MAX_HEAD - 2000);
      return { name: `header of ${size} bytes (within the limit)`, bytes: req('GET /api/v1/topics HTTP/1.1', ['Host: localhost', `X-Big: ${pad(size)}`]), statuses: [[200]] };
    }
    case 9:
      return rng.chance(0.5)
        ? { name: 'HTTP/1.1 without Host', bytes: req('GET /api/v1/topics HTTP/1.1', []), statuses: [[400]] }
        : { name: 'HTTP/1.0 without Host', bytes: req('GET /api/v1/topics HTTP/1.0', []), statuses: [[200]] };
    case 10: {
      const [name, bytes] = rng.pick<[string, Buffer]>([
        ['bad version', req('GET /api/v1/topics HTTP/9.9')],
        ['no version (HTTP/0.9 form)', req('GET /api/v1/topics')],
        ['Content-Length with Transfer-Encoding', req('GET /api/v1/topics HTTP/1.1', ['Host: localhost', 'Content-Length: 3', 'Transfer-Encoding: chunked'])],
        ['two Content-Lengths', req('GET /api/v1/topics HTTP/1.1', ['Host: localhost', 'Content-Length: 1', 'Content-Length: 2'])],
        ['space in a header name', req('GET /api/v1/topics HTTP/1.1', ['Host: localhost', 'X Bad: 1'])],
        ['control byte in a header value', req('GET /api/v1/topics HTTP/1.1', ['Host: localhost', 'X-Bad: a\x01b'])],
        ['folded header', req('GET /api/v1/topics HTTP/1.1', ['Host: localhost', 'X-Fold: a', ' b'])],
        ['HTTP/2 preface', Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n')],
        ['garbage', Buffer.from(`\x16\x03\x01${'\x00'.repeat(rng.int(1, 40))}\r\n\r\n`, 'latin1')],
      ]);
      // llhttp reads a request line without a version as HTTP/0.9 and Node answers it like HTTP/1.0
      return { name, bytes, statuses: [name.startsWith('no version') ? [200] : [400]] };
    }
    case 11: {
      const second = rng.pick([req('FOO / HTTP/1.1'), req('GET /api/v1/\xe9 HTTP/1.1'), req(`GET /${pad(80_000)} HTTP/1.1`)]);
      return { name: 'pipelined: a good request, then a refused one', bytes: Buffer.concat([req('GET /api/v1/topics HTTP/1.1', ['Host: localhost'], true), second]), statuses: [[200], [405, 400, 414]] };
    }
    case 12:
      return { name: 'Expect other than 100-continue', bytes: req('GET /api/v1/topics HTTP/1.1', ['Host: localhost', `Expect: ${rng.pick(['foo', '200-ok', ''])}`]), statuses: [[200]] };
    default: {
      const target = rng.pick(['*', 'http://other.example/api/v1/topics', '/api/v1/%zz', '/api/v1/people/-1', '/api/v1/people/1%00', '/api/v1/../x', '//', '/api/v1/topics?%00']);
      return { name: `target ${target}`, bytes: req(`${rng.pick(['GET', 'OPTIONS', 'HEAD'])} ${target} HTTP/1.1`), statuses: [[200, 204, 400, 404]] };
    }
  }
}

function check(c: Case, responses: RawResponse[], head: boolean) {
  expect(responses.map((r) => r.status), c.name).toHaveLength(c.statuses.length);
  responses.forEach((r, i) => {
    expect(c.statuses[i], `${c.name}: response ${i} status ${r.status}`).toContain(r.status);
    expect(r.status, c.name).toBeLessThan(500);
    if (r.status === 405) expect(r.headers.allow, c.name).toBe('GET, HEAD, OPTIONS');
    if (r.status >= 400 && !head) expectErrorBody(r.status, r.headers['content-type'], r.body, c.name);
  });
}

describe('the HTTP server answers what the parser refuses', () => {
  it(`${CASES} seeded parser cases: the right status, the error body, no reset`, async () => {
    const rng = seeded(20261125);
    const cases = Array.from({ length: CASES }, () => fuzzCase(rng));
    // a few connections at a time, so the run stays short without one case waiting on another
    for (let i = 0; i < cases.length; i += 8) {
      await Promise.all(cases.slice(i, i + 8).map(async (c) => {
        const { responses, reset } = await rawExchange(gw.address.port, c.bytes);
        expect(reset, `${c.name}: connection reset without an answer`).toBe(false);
        check(c, responses, c.bytes.toString('latin1').startsWith('HEAD '));
      }));
    }
    const names = new Set(cases.map((c) => c.name.replace(/\d+/g, 'N')));
    expect(names.size).toBeGreaterThan(30);
  });

  it('answers the issue\'s cases exactly', async () => {
    const one = async (bytes: Buffer) => {
      const { responses, reset } = await rawExchange(gw.address.port, bytes);
      expect(reset).toBe(false);
      expect(responses).toHaveLength(1);
      const body = JSON.parse(responses[0]!.body) as { error: string };
      return [responses[0]!.status, body.error];
    };
    expect(await one(req('FOO /api/v1/ HTTP/1.1'))).toEqual([405, 'method_not_allowed']);
    expect(await one(req('get /api/v1/ HTTP/1.1'))).toEqual([405, 'method_not_allowed']);
    expect(await one(Buffer.concat([Buffer.from('GET /api/v1/caf'), Buffer.from([0xe9]), req(' HTTP/1.1')]))).toEqual([400, 'bad_request']);
    expect(await one(req(`GET /api/v1/${'a'.repeat(70_000)} HTTP/1.1`))).toEqual([414, 'uri_too_long']);
    expect(await one(req(`GET /api/v1/people?q=${'a'.repeat(65_536)} HTTP/1.1`))).toEqual([414, 'uri_too_long']);
    expect(await one(req('CONNECT example.com:443 HTTP/1.1'))).toEqual([405, 'method_not_allowed']);
    expect(await one(req('GET /api/v1/ HTTP/1.1', ['Host: x', `X-Big: ${'b'.repeat(20_000)}`]))).toEqual([431, 'headers_too_large']);
  });

  it('answers a request that never finishes with 408 and the error body', async () => {
    const config = resolveConfig({ cursorSecret: 'x' }, {});
    const server = createHttpServer(toNodeHandler(createApp({ config, site: fixedExportHolder(null), log: () => {} })), config.http);
    // Node checks request timers every connectionsCheckingInterval; shortened so the test takes a second
    Object.assign(server, { headersTimeout: 300, requestTimeout: 600, connectionsCheckingInterval: 100 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // headers that never end: no blank line and no half-close, so only the request timer can end it
      const responses = await new Promise<RawResponse[]>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        const chunks: Buffer[] = [];
        socket.on('data', (d) => chunks.push(d));
        socket.on('error', reject);
        socket.on('close', () => resolve(parseResponses(Buffer.concat(chunks))));
        socket.write('GET /api/v1/topics HTTP/1.1\r\nHost: x\r\n');
      });
      expect(responses.map((r) => r.status)).toEqual([408]);
      expectErrorBody(408, responses[0]!.headers['content-type'], responses[0]!.body, '408');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
