// What a whole answer needs of its request (gateway/take-away/serve.ts): the row cap, the base URL, the method and
// If-None-Match, and the charge of its further pages to the caller counted once already, after which the answer's
// RateLimit header shows the count (the app finishes every answer with the event's latest count).
import type { H3Event } from 'h3';
import type { Config } from '../../config/resolve.ts';
import type { RateLimiter, RateLimitResult } from '../rate-limit/limiter.ts';
import type { TakeAwayContext } from './serve.ts';

export interface TakeAwayDeps {
  config: Readonly<Config>;
  limiter: RateLimiter;
  /** The app's count of each event (the first, then the one after a charge). */
  counted: WeakMap<H3Event, RateLimitResult>;
  clientIp: (event: H3Event) => string;
}

export function takeAwayContextOf(event: H3Event, deps: TakeAwayDeps): TakeAwayContext {
  const { config, limiter, counted } = deps;
  return {
    maxRows: config.takeAwayMaxRows, baseUrl: config.baseUrl, method: event.req.method,
    ifNoneMatch: event.req.headers.get('if-none-match'),
    async charge(hits) {
      const first = counted.get(event);
      // no count to add to: an uncounted request (the store is down and the limiter serves open)
      if (hits <= 0 || !first || first.storeDown) return null;
      const result = await limiter.consumeMore(deps.clientIp(event), event.req.headers.get('x-api-key'), hits);
      if (result.storeDown) return null;
      if (!result.limited) {
        counted.set(event, result);
        return null;
      }
      return { remaining: result.remaining, limit: result.limit, anonymous: result.policy === 'anonymous', keyContact: config.apiKeyContact };
    },
  };
}
