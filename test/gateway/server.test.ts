// One smoke test with a real socket: startServer() resolves config from the given environment, listens on a random
// loopback port with listhen and answers over HTTP.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Listener } from 'listhen';
import { startServer } from '../../gateway/server.ts';
import { FIXTURE_SECRET, fixtureExportId, makeFixtureSite } from './fixtures/site.ts';

let root: string;
let listener: Listener | undefined;
beforeAll(async () => {
  root = await makeFixtureSite();
});
afterAll(async () => {
  await listener?.close();
  await rm(root, { recursive: true, force: true });
});

it('starts, serves over HTTP and closes', async () => {
  listener = await startServer({
    SITE_DIR: root, CURSOR_SECRET: FIXTURE_SECRET, PORT: '0', HOST: '127.0.0.1', BASE_URL: 'http://127.0.0.1/api/v1',
  }, { quiet: true, signals: false });
  const res = await fetch(new URL('/api/v1/organizations/org-1', `http://127.0.0.1:${listener.address.port}`), {
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-export-id')).toBe(fixtureExportId('2026-11-20'));
  expect(((await res.json()) as { data: { id: number } }).data.id).toBe(1);
});
