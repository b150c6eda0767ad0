// The edge bench's bare node:http yardstick (bench/bare-node.ts): it must send exactly the bytes and headers the
// server it copied sent for each URL (else it would be measuring a different answer), and nothing for other URLs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBareNode } from '../../bench/edge-tools.ts';
import { rawGet as get } from '../helpers/raw-get.ts';

const answers: Record<string, { headers: Record<string, string>; body: Buffer }> = {
  '/api/v1/people/1': { headers: { etag: '"a-1"', 'content-type': 'application/json; charset=utf-8', ratelimit: '"anonymous";r=59;t=60' }, body: Buffer.from('{"id":"1"}') },
  '/api/v1/people?cursor=x.y': { headers: { 'content-encoding': 'gzip', vary: 'Accept-Encoding' }, body: gzipSync('{"data":[]}') },
};
let source: Server;
let bare: Awaited<ReturnType<typeof startBareNode>>;
let asked: (string | undefined)[] = [];

beforeAll(async () => {
  source = createServer((req, res) => {
    asked.push(req.headers['accept-encoding']);
    const answer = answers[req.url!]!;
    res.writeHead(200, { ...answer.headers, 'content-length': String(answer.body.byteLength) }).end(answer.body);
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  bare = await startBareNode(`http://127.0.0.1:${(source.address() as AddressInfo).port}`, Object.keys(answers));
}, 60_000);

afterAll(async () => {
  bare?.child.kill('SIGTERM');
  await new Promise((resolve) => source.close(resolve));
});

it('sends each URL the bytes and headers its source sent, asked in gzip', async () => {
  expect(asked).toEqual(['gzip', 'gzip']);
  for (const [url, answer] of Object.entries(answers)) {
    const got = await get(`${bare.origin}${url}`);
    expect(got.status).toBe(200);
    expect(got.body.equals(answer.body), url).toBe(true);
    for (const [name, value] of Object.entries(answer.headers)) expect(got.headers[name], `${url} ${name}`).toBe(value);
    expect(got.headers['content-length']).toBe(String(answer.body.byteLength));
  }
});

it('answers 404 for a URL it was not given', async () => {
  expect((await get(`${bare.origin}/api/v1/people/2`)).status).toBe(404);
});
