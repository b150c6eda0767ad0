// Rate limiting as a small composable utility over a pluggable store: anonymous callers are counted per client
// address (IPv6 per /56), callers with a valid x-api-key per key; a request with an invalid key reads its address's
// budget without spending it, as it is answered 401 whatever the budget. The result carries everything needed for the
// RateLimit-Policy / RateLimit headers (IETF httpapi ratelimit-headers draft, structured-field syntax) and for the
// 429 / 401 decision; formats are documented in docs/rate-limits.md.
import { hash } from 'node:crypto';
import type { ClientWindow, RateLimitStore } from './stores/types.ts';
import { toRateLimitKey } from './client-ip.ts';
import { createOutageTracker, type OutageStats } from './store-outage.ts';

export type PolicyName = 'anonymous' | 'key';

export interface RateLimitOptions {
  store: RateLimitStore;
  apiKeys: ReadonlySet<string>;
  anonLimit: number;
  keyLimit: number;
  clock?: () => number;
  /** What to answer while the store fails (RATE_LIMIT_STORE_DOWN): `open` serves (default), `closed` refuses. */
  storeDown?: 'open' | 'closed';
  /** Hears when a store outage starts and ends (default console.error). */
  log?: (message: string) => void;
}

/** Outcome of counting one request. */
export interface RateLimitResult {
  policy: PolicyName;
  limit: number;
  windowSeconds: number;
  remaining: number;
  /** Seconds until the client's window ends. */
  resetSeconds: number;
  /** Over the limit: answer 429. */
  limited: boolean;
  /** An x-api-key was sent but is not a valid key: answer 401, before any 429 (the address's budget was read, not
   *  spent). */
  invalidKey: boolean;
  /** The store could not count this request: `open` serve it (no RateLimit headers, the count is unknown), `closed`
   *  answer 503. Absent when the store answered. */
  storeDown?: 'open' | 'closed';
}

export interface RateLimiter {
  /** Count one request (`peek` reads the window without counting, used for CORS preflights). */
  consume(ip: string, apiKey: string | null, peek?: boolean): Promise<RateLimitResult>;
  /** Count `hits` more requests for a caller counted once already (a whole answer costs a request per page it
   *  spares): none is counted when the window has fewer than `hits` left, and the result is then `limited`. */
  consumeMore(ip: string, apiKey: string | null, hits: number): Promise<RateLimitResult>;
  /** Count one request at once when the store counts in this process; null when it must be asked (then `consume`). */
  consumeNow(ip: string, apiKey: string | null): RateLimitResult | null;
  /** Store outages so far. */
  outages(): OutageStats;
}

/** Build a limiter over a store. */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const clock = options.clock ?? Date.now;
  const windowSeconds = Math.round(options.store.windowMs / 1000);
  const mode = options.storeDown ?? 'open';
  const outage = createOutageTracker(mode, options.log ?? ((m) => console.error(m)), clock);
  // Store keys by address: a keep-alive client sends the same address string many times, and its key (an IPv6 /56
  // prefix, say) is worked out once. Cleared when large, so a flood of addresses cannot grow it without bound.
  const anonKeys = new Map<string, string>();
  const anonKeyOf = (ip: string): string => {
    let key = anonKeys.get(ip);
    if (key === undefined) {
      if (anonKeys.size >= 10_000) anonKeys.clear();
      anonKeys.set(ip, key = `anon:${toRateLimitKey(ip)}`);
    }
    return key;
  };

  /** Who is counted, under which policy and limit. */
  function subject(ip: string, apiKey: string | null) {
    const validKey = apiKey !== null && options.apiKeys.has(apiKey);
    // An invalid key's headers describe the address's anonymous budget, which it reads but does not spend: a 401
    // costs what a 429 would, and refusing guesses with 429 would not slow a guesser, who tells a hit by its 200.
    const policy: PolicyName = validKey ? 'key' : 'anonymous';
    const limit = validKey ? options.keyLimit : options.anonLimit;
    // Keys are stored hashed so a store dump (or a Redis shared with others) never holds a usable key.
    const storeKey = validKey ? `key:${sha256(apiKey)}` : anonKeyOf(ip);
    return { policy, limit, storeKey, invalidKey: apiKey !== null && !validKey };
  }

  function result(who: ReturnType<typeof subject>, window: ClientWindow, now: number): RateLimitResult {
    return {
      policy: who.policy,
      limit: who.limit,
      windowSeconds,
      remaining: Math.max(0, who.limit - window.hits),
      resetSeconds: Math.max(0, Math.ceil((window.resetAt - now) / 1000)),
      limited: window.hits > who.limit,
      invalidKey: who.invalidKey,
    };
  }

  const limiter: RateLimiter = {
    outages: () => outage.stats(),
    async consume(ip, apiKey, peek = false) {
      const who = subject(ip, apiKey);
      const now = clock();
      let window;
      try {
        window = peek || who.invalidKey
          ? ((await options.store.get(who.storeKey)) ?? { hits: 0, resetAt: now + options.store.windowMs })
          : await options.store.increment(who.storeKey, who.limit);
        outage.succeeded();
      } catch (error) {
        outage.failed(error);
        const { policy, limit, invalidKey } = who;
        return { policy, limit, windowSeconds, remaining: limit, resetSeconds: windowSeconds, limited: false, invalidKey, storeDown: mode };
      }
      return result(who, window, now);
    },
    async consumeMore(ip, apiKey, hits) {
      const before = await limiter.consume(ip, apiKey, true);
      if (before.storeDown || hits <= 0) return before;
      if (before.remaining < hits) return { ...before, limited: true };
      let after = before;
      // one store hit at a time: every store counts this way, and a whole answer costs a few hundred at most
      for (let i = 0; i < hits && !after.limited && !after.storeDown; i++) after = await limiter.consume(ip, apiKey);
      return after;
    },
    consumeNow(ip, apiKey) {
      if (!options.store.incrementNow) return null;
      const who = subject(ip, apiKey);
      // an invalid key only reads the budget, which `consume` does
      if (who.invalidKey) return null;
      const now = clock();
      // counting in this process does not fail the way asking another does: an error here is a bug, and is raised
      const window = options.store.incrementNow(who.storeKey, who.limit);
      return window === null ? null : result(who, window, now);
    },
  };
  return limiter;
}

/** `RateLimit-Policy` and `RateLimit` header values, e.g. `"anonymous";q=60;w=60` and `"anonymous";r=59;t=37`. */
export function toRateLimitHeaders(result: RateLimitResult): Record<string, string> {
  return {
    'ratelimit-policy': `"${result.policy}";q=${result.limit};w=${result.windowSeconds}`,
    ratelimit: `"${result.policy}";r=${result.remaining};t=${result.resetSeconds}`,
  };
}

function sha256(text: string): string {
  return hash('sha256', text, 'hex');
}
