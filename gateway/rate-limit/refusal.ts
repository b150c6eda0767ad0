// What a counted request is refused with before routing, in the order of docs/errors.md: an invalid key first (401,
// whatever the budget: a mistyped key is a configuration bug that a 429 saying "send a key" would hide), then a store
// that cannot count while RATE_LIMIT_STORE_DOWN=closed (503), then a spent budget (429).
import { ApiError } from '../../api/errors.ts';
import type { RateLimitResult } from './limiter.ts';

/** The refusal of a request counted as `rateLimit`, or null when it goes on; `keyContact` is API_KEY_CONTACT. */
export function toRefusal(rateLimit: RateLimitResult, keyContact: string | null): ApiError | null {
  if (rateLimit.invalidKey) {
    return new ApiError(401, 'invalid_api_key',
      'The x-api-key header does not hold a valid key; check the key, or omit the header to use the anonymous limit');
  }
  if (rateLimit.storeDown === 'closed') {
    return new ApiError(503, 'service_unavailable',
      'The rate-limit store cannot be reached, so requests cannot be counted; try again shortly');
  }
  if (rateLimit.limited) return new ApiError(429, 'rate_limited', rateLimitedMessage(rateLimit, keyContact));
  return null;
}

/** The 429's message: the limit, when to retry, and for anonymous callers where a free key is had. */
export function rateLimitedMessage(rateLimit: Pick<RateLimitResult, 'limit' | 'policy'>, keyContact: string | null): string {
  const base = `Rate limit of ${rateLimit.limit} requests per minute exceeded; retry after 60 seconds`;
  if (rateLimit.policy !== 'anonymous') return base;
  return `${base}, or send a free API key in the x-api-key header for a higher limit (ask ${keyContact ?? 'the operator of this service'} for one)`;
}
