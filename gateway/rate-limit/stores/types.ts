// The rate-limit store interface: counts hits per client key in fixed windows. Implemented by the memory store (one
// process), the cluster store (workers counting in their primary's memory) and the Redis store (INCR + PEXPIRE NX:
// processes and machines sharing one count); every store passes test/gateway/rate-limit/stores/contract.ts.

/** Hit count of one client in its current window. */
export interface ClientWindow {
  /** Hits counted in the window, including the one just recorded. */
  hits: number;
  /** Epoch milliseconds at which the window ends and the count starts again from zero. */
  resetAt: number;
}

export interface RateLimitStore {
  /** Window length in milliseconds. */
  readonly windowMs: number;
  /**
   * Count one hit for `key` and return its window (starting a new window if the old one has ended). A hit past
   * `limit` restarts the window: a refused client waits one whole window from its last refused request, which is
   * what the 429's `Retry-After: 60` and `RateLimit: …;t=60` tell it (docs/rate-limits.md).
   */
  increment(key: string, limit: number): Promise<ClientWindow>;
  /** The same count answered at once where this process can (the memory store always; a cluster worker while it holds
   *  hits the primary lent it), else null: the fast path then answers without waiting a turn. Redis leaves it out. */
  incrementNow?(key: string, limit: number): ClientWindow | null;
  /** Read `key`'s window without counting a hit; undefined when the client has no live window. */
  get(key: string): Promise<ClientWindow | undefined>;
  /** Forget `key` (tests, manual unblocking). */
  resetKey(key: string): Promise<void>;
  /** Release timers or connections. */
  shutdown(): Promise<void>;
}

/** Options every store factory accepts. */
export interface StoreOptions {
  windowMs: number;
  /** Milliseconds since the epoch; injected so tests can move time. */
  clock?: () => number;
}
