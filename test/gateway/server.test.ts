// Smoke tests with a real socket: startServer() resolves config from the given environment, warms the export (every
// warm-up request answered, past the rate limit), listens on a random loopback port and answers over HTTP; a busy port is an error, not a move; close() lets go of
// idle keep-alive connections at once.
import { rm } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type GatewayServer } from '../../gateway/server.ts';
import { FIXTURE_SECRET, fixtureExportId, makeFixtureSite } from './fixtures/site.ts';

let root: string;
let listener: GatewayServer | undefined;
const env = () => ({ SITE_DIR: root, CURSOR_SECRET: FIXTURE_SECRET, PORT: '0', HOST: '127.0.0.1', BASE_URL: 'http://127.0.0.1/api/v1' });
beforeAll(async () => {
  root = await makeFixtureSite();
});
afterAll(async () => {
  await listener?.close();
  await rm(root, { recursive: true, force: true });
});

it('starts, serves over HTTP and closes', async () => {
  listener = await startServer(env(), { quiet: true, signals: false });
  expect(listener.url).toBe(`http://127.0.0.1:${listener.address.port}/api/v1`);
  // the warm-up ran past the anonymous limit (60 a minute, this environment's) and was never refused
  expect(listener.warmed!.requests).toBeGreaterThan(60);
  expect(listener.warmed!.failed).toBe(0);
  const res = await fetch(new URL('/api/v1/organizations/org-1', `http://127.0.0.1:${listener.address.port}`), {
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-export-id')).toBe(fixtureExportId('2026-11-20'));
  expect(((await res.json()) as { data: { id: number } }).data.id).toBe(1);
});

it('refuses a busy port with a clear error', async () => {
  const busy = String(listener!.address.port);
  await expect(startServer({ ...env(), PORT: busy }, { quiet: true, signals: false, warm: false })).rejects.toThrow(`Port ${busy} on 127.0.0.1 is in use`);
});

it('closes at once although a client holds an idle keep-alive connection', async () => {
  const server = await startServer(env(), { quiet: true, signals: false, warm: false });
  const agent = new Agent({ keepAlive: true });
  const status = await new Promise<number | undefined>((resolve, reject) => {
    get(`${server.url}/topics`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    }).on('error', reject);
  });
  expect(status).toBe(200);
  const started = performance.now();
  await server.close();
  // Node's keep-alive timeout is 5 s; an idle connection must not hold the shutdown that long
  expect(performance.now() - started).toBeLessThan(1_000);
  agent.destroy();
});
