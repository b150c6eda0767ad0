// In-process rate-limit store: per-client fixed windows held in two maps that are swapped once per window, so
// idle clients are dropped in bulk without per-key timers or scans (the express-rate-limit memory-store design).
// The swap is driven by the injected clock on each call instead of a timer, which keeps tests deterministic and
// leaves nothing running at shutdown.
import type { ClientWindow, RateLimitStore, StoreOptions } from './types.ts';

/** The memory store, with what the cluster primary needs to lend hits to its workers (cluster-primary.ts). */
export interface MemoryStore extends RateLimitStore {
  /** Count `by` hits at once (default 1); never null here. */
  incrementNow(key: string, limit: number, by?: number): ClientWindow;
  /** The live window of `key` without counting, at once. */
  windowNow(key: string): ClientWindow | undefined;
  /** Take back `hits` counted in the window ending at `resetAt` and not used (lent hits returned); none if that
   *  window has ended. */
  giveBack(key: string, hits: number, resetAt: number): void;
}

/** Create a memory store; counts are local to this process. */
export function createMemoryStore(options: StoreOptions): MemoryStore {
  const windowMs = options.windowMs;
  const clock = options.clock ?? Date.now;
  if (!(windowMs > 0)) throw new Error('windowMs must be positive');

  // A client seen in this swap period lives in `current`; one last seen in the previous period lives in `previous`
  // and is moved back on its next hit. Anything still in `previous` at the next swap has not been seen for a whole
  // window, so its own window has certainly ended and the map can be dropped wholesale.
  let previous = new Map<string, ClientWindow>();
  let current = new Map<string, ClientWindow>();
  let nextSwapAt = clock() + windowMs;

  function rotate(now: number): void {
    if (now < nextSwapAt) return;
    // Two or more periods passed without a call: every client is stale.
    previous = now - nextSwapAt >= windowMs ? new Map() : current;
    current = new Map();
    nextSwapAt = now + windowMs;
  }

  function find(key: string): ClientWindow | undefined {
    const hit = current.get(key);
    if (hit) return hit;
    const old = previous.get(key);
    if (old) {
      previous.delete(key);
      current.set(key, old);
    }
    return old;
  }

  function incrementNow(key: string, limit: number, by = 1): ClientWindow {
    const now = clock();
    rotate(now);
    let client = find(key);
    if (!client) {
      client = { hits: 0, resetAt: now + windowMs };
      current.set(key, client);
    } else if (client.resetAt <= now) {
      client.hits = 0;
      client.resetAt = now + windowMs;
    }
    client.hits += by;
    if (client.hits > limit) client.resetAt = now + windowMs; // refused: a full window from now
    return { ...client };
  }

  function windowNow(key: string): ClientWindow | undefined {
    const now = clock();
    rotate(now);
    const client = current.get(key) ?? previous.get(key);
    return client && client.resetAt > now ? { ...client } : undefined;
  }

  return {
    windowMs,
    incrementNow,
    async increment(key, limit) {
      return incrementNow(key, limit);
    },
    windowNow,
    giveBack(key, hits, resetAt) {
      const client = current.get(key) ?? previous.get(key);
      if (client && client.resetAt === resetAt) client.hits = Math.max(0, client.hits - hits);
    },
    async get(key) {
      return windowNow(key);
    },
    async resetKey(key) {
      current.delete(key);
      previous.delete(key);
    },
    async shutdown() {
      current.clear();
      previous.clear();
    },
  };
}
