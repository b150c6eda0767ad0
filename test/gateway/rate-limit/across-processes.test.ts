// Rate limits across processes, on real sockets: two cluster workers behind one port keep one exact count in the
// primary (no Redis); two gateway processes on two ports count in one real Redis, so the 61st anonymous request across
// both is a 429 with Retry-After: 60; and with Redis stopped the gateway fails open (serves, logs) or closed (503).
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveConfig } from '../../../config/resolve.ts';
import { WORKER_HEAP_GROWING_PERCENT, workerExecArgv } from '../../../gateway/cluster.ts';
import { startServer } from '../../../gateway/server.ts';
import { startGatewayProcess } from '../../helpers/gateway-process.ts';
import { freePort, startRedisServer, type RedisServer } from '../../helpers/redis-server.ts';
import { FIXTURE_SECRET, makeFixtureSite } from '../fixtures/site.ts';

let root: string;
beforeAll(async () => { root = await makeFixtureSite(); });
afterAll(async () => { await rm(root, { recursive: true, force: true }); });

const baseEnv = () => ({ SITE_DIR: root, CURSOR_SECRET: FIXTURE_SECRET, HOST: '127.0.0.1', BASE_URL: 'http://127.0.0.1/api/v1' });

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** GET on a connection of its own (no keep-alive), so the cluster deals every request to the next worker. */
function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    }).on('error', reject).end();
  });
}

it('workers run with the configured heap cap, and a growing factor that leaves room above the young generation, in place of any the primary was given', () => {
  expect(resolveConfig({}, {}).workerHeapMb).toBe(512);
  expect(resolveConfig({}, { WORKER_HEAP_MB: '0' }).workerHeapMb).toBe(0);
  expect(() => resolveConfig({}, { WORKER_HEAP_MB: 'big' })).toThrow(/WORKER_HEAP_MB/);
  const growing = `--heap-growing-percent=${WORKER_HEAP_GROWING_PERCENT}`;
  expect(workerExecArgv(['--import', 'tsx', '--max-old-space-size=4096'], 512)).toEqual(['--import', 'tsx', '--max-old-space-size=512', growing]);
  expect(workerExecArgv(['--max_old_space_size=100', '--enable-source-maps', '--heap_growing_percent=20'], 300))
    .toEqual(['--enable-source-maps', '--max-old-space-size=300', growing]);
  expect(workerExecArgv(['--max-old-space-size=4096'], 0)).toEqual(['--max-old-space-size=4096']);
});

it('two cluster workers on one port keep one exact limit (counts held by the primary)', async () => {
  const gateway = await startGatewayProcess({ ...baseEnv(), PORT: String(await freePort()), WORKERS: '2' });
  try {
    // each worker runs with the heap cap (WORKER_HEAP_MB, default 512: V8's limit is that plus the young generation)
    expect(gateway.output()).toMatch(/2 workers, heap limit 5[0-9]{2} MB each, rate limits counted in the cluster primary/);
    const answers: Answer[] = [];
    for (let i = 0; i < 61; i++) answers.push(await get(`${gateway.url}/topics`));
    // one count: the remaining budget falls by one on every request whichever worker served it
    expect(answers.slice(0, 60).map((a) => a.status)).toEqual(Array(60).fill(200));
    expect(answers.slice(0, 60).map((a) => a.headers.ratelimit)).toEqual(Array.from({ length: 60 }, (_, i) => expect.stringMatching(new RegExp(`^"anonymous";r=${59 - i};t=\\d+$`))));
    expect(answers[60]!.status).toBe(429);
    expect(answers[60]!.headers['retry-after']).toBe('60');
  } finally {
    await gateway.stop();
  }
});

describe('with Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => { redis = await startRedisServer(); });
  afterAll(async () => { await redis?.stop(); });

  it('two gateway processes on two ports share one count: the 61st anonymous request across both is a 429', async () => {
    const env = { ...baseEnv(), WORKERS: '1', REDIS_URL: redis.url };
    const [a, b] = await Promise.all([
      startGatewayProcess({ ...env, PORT: String(await freePort()) }),
      startGatewayProcess({ ...env, PORT: String(await freePort()) }),
    ]);
    try {
      expect(a.output()).toMatch(/rate limits counted in Redis/);
      for (let i = 0; i < 60; i++) {
        const answer = await get(`${(i % 2 ? b : a).url}/topics`);
        expect(answer.status).toBe(200);
        expect(answer.headers.ratelimit).toMatch(new RegExp(`^"anonymous";r=${59 - i};`));
      }
      const refused = await get(`${b.url}/topics`);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
      expect(JSON.parse(refused.body)).toMatchObject({ error: 'rate_limited' });
      expect((await get(`${a.url}/topics`)).status).toBe(429);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('fails open by default and closed when set, while Redis is down', async () => {
    const own = await startRedisServer();
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((message: unknown) => { logged.push(String(message)); });
    const env = { ...baseEnv(), PORT: '0', REDIS_URL: own.url };
    const open = await startServer(env, { quiet: true, signals: false, warm: false });
    const closed = await startServer({ ...env, RATE_LIMIT_STORE_DOWN: 'closed' }, { quiet: true, signals: false, warm: false });
    try {
      expect((await get(`${open.url}/topics`)).headers.ratelimit).toMatch(/r=59/);
      await own.stop();
      const served = await get(`${open.url}/topics`);
      expect(served.status).toBe(200);
      expect(served.headers.ratelimit).toBeUndefined(); // the count is unknown: no made-up headers
      await get(`${open.url}/topics`);
      const refused = await get(`${closed.url}/topics`);
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body)).toMatchObject({ error: 'service_unavailable', message: expect.stringMatching(/rate-limit store/) });
      // one line per outage, not one per request
      expect(logged.filter((m) => /failing open/.test(m))).toHaveLength(1);
      expect(logged.filter((m) => /failing closed/.test(m))).toHaveLength(1);
    } finally {
      spy.mockRestore();
      await Promise.all([open.close(), closed.close()]);
    }
  });
});
