// Rate-limit store in Redis, shared by every gateway process (and machine) pointed at the same server: one Lua
// script per hit counts the client's fixed window atomically (INCR-like on a hash: hits and window end), restarts the
// window on a refused hit as the memory store does, and keys expire on their own once idle. Time is Redis's own
// clock (TIME), so processes on hosts whose clocks differ still agree; tests inject a clock instead.
// What happens when Redis is unreachable is the limiter's decision (fail open or closed): the store only reports.
import { Redis } from 'ioredis';
import type { ClientWindow, RateLimitStore, StoreOptions } from './types.ts';

/** KEYS[1] = client key; ARGV = window ms, limit, now ms (empty: Redis TIME). Returns { hits, resetAt }. */
const HIT_SCRIPT = `
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local reset = tonumber(redis.call('HGET', KEYS[1], 'r') or '0')
local hits
if reset <= now then
  hits = 1
  reset = now + window
else
  hits = tonumber(redis.call('HGET', KEYS[1], 'h') or '0') + 1
end
if hits > limit then reset = now + window end
redis.call('HSET', KEYS[1], 'h', hits, 'r', reset)
redis.call('PEXPIRE', KEYS[1], 2 * window)
return { hits, reset }
`;

/** KEYS[1] = client key; ARGV[1] = now ms (empty: Redis TIME). Returns { hits, resetAt } or an empty list. */
const GET_SCRIPT = `
local now = tonumber(ARGV[1])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local reset = tonumber(redis.call('HGET', KEYS[1], 'r') or '0')
if reset <= now then return {} end
return { tonumber(redis.call('HGET', KEYS[1], 'h') or '0'), reset }
`;

export interface RedisStoreOptions extends Omit<StoreOptions, 'clock'> {
  /** `redis://host:port/db`. */
  url: string;
  /** Key prefix, so one Redis can serve several deployments. */
  prefix?: string;
  /** Tests only: a clock instead of Redis's TIME. */
  clock?: () => number;
  /** Milliseconds a command may take before it fails (so a stalled Redis cannot stall requests). */
  commandTimeoutMs?: number;
}

type Scripted = Redis & {
  rateHit(key: string, window: number, limit: number, now: string): Promise<[number, number]>;
  rateGet(key: string, now: string): Promise<[number, number] | []>;
};

/**
 * Connect a store (rejects when Redis cannot be reached within the timeout). Commands fail fast afterwards (no
 * offline queue), so the limiter can apply its fail-open or fail-closed rule while ioredis reconnects.
 */
export async function connectRedisStore(options: RedisStoreOptions): Promise<RateLimitStore> {
  const { windowMs } = options;
  if (!(windowMs > 0)) throw new Error('windowMs must be positive');
  const prefix = options.prefix ?? 'ratelimit:';
  const redis = new Redis(options.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 250,
    connectTimeout: 2_000,
    lazyConnect: true,
  }) as Scripted;
  redis.on('error', () => {}); // reported per command to the limiter; ioredis reconnects on its own
  redis.defineCommand('rateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  redis.defineCommand('rateGet', { numberOfKeys: 1, lua: GET_SCRIPT });
  const now = () => (options.clock ? String(options.clock()) : '');
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`cannot reach Redis at ${_withoutPassword(options.url)}: ${(error as Error).message}`);
  }

  return {
    windowMs,
    async increment(key, limit) {
      const [hits, resetAt] = await redis.rateHit(prefix + key, windowMs, limit, now());
      return { hits: Number(hits), resetAt: Number(resetAt) };
    },
    async get(key): Promise<ClientWindow | undefined> {
      const found = await redis.rateGet(prefix + key, now());
      return found.length === 2 ? { hits: Number(found[0]), resetAt: Number(found[1]) } : undefined;
    },
    async resetKey(key) {
      await redis.del(prefix + key);
    },
    async shutdown() {
      redis.disconnect();
    },
  };
}

/** The URL without its password, for messages. */
function _withoutPassword(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}
