// Chooses the rate-limit store a gateway process counts in: Redis when REDIS_URL is set (one count across processes
// and machines), the cluster primary's memory when this process is one of several cluster workers, else its own memory.
import type { Config } from '../../../config/resolve.ts';
import { createClusterStore, type Channel } from './cluster.ts';
import { createMemoryStore } from './memory.ts';
import type { RateLimitStore } from './types.ts';

/** Every store counts in 60-second windows (the contract's Retry-After and RateLimit-Policy w=60). */
export const WINDOW_MS = 60_000;

export interface StoreChoice {
  store: RateLimitStore;
  /** For the start-up line. */
  description: string;
}

/**
 * Open the store for this process. `primary` is the IPC channel to the cluster primary when this process is a worker
 * (null otherwise). An unreachable Redis at start is an error to fix, not an outage: the gateway does not start.
 */
export async function openRateLimitStore(config: Pick<Config, 'redisUrl'>, primary: Channel | null): Promise<StoreChoice> {
  if (config.redisUrl) {
    // loaded only here: the Redis client's modules cost start-up time a gateway without Redis never needs
    const { connectRedisStore } = await import('./redis.ts');
    const store = await connectRedisStore({ url: config.redisUrl, windowMs: WINDOW_MS });
    return { store, description: 'Redis (REDIS_URL)' };
  }
  if (primary) return { store: createClusterStore({ windowMs: WINDOW_MS, channel: primary }), description: 'the cluster primary' };
  return { store: createMemoryStore({ windowMs: WINDOW_MS }), description: 'this process' };
}
