// Cache-Control policy. The data changes once a night when a new export is published, so a successful answer
// may be cached publicly until the next refresh (at a configurable UTC hour); errors that depend only on the URL
// get a short lifetime, and errors that depend on the caller or the moment (401, 429, 5xx) are never stored.

export interface CachePolicy {
  /** UTC hour (0–23) at which the nightly export is published. */
  refreshHourUtc: number;
  /** Upper bound on max-age in seconds. */
  maxAgeCap: number;
  /** max-age for 308/400/404/405 answers. */
  errorMaxAge: number;
}

export const DEFAULT_CACHE_POLICY: CachePolicy = { refreshHourUtc: 6, maxAgeCap: 86_400, errorMaxAge: 60 };

/** Seconds from `now` to the next `hour`:00 UTC (a full day when `now` is exactly on it). */
export function secondsUntilRefresh(now: number, hour: number): number {
  const d = new Date(now);
  let next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour, 0, 0, 0);
  if (next <= now) next += 86_400_000;
  return Math.ceil((next - now) / 1000);
}

/** The Cache-Control value for a response status at time `now`. */
export function cacheControlFor(status: number, now: number, policy: CachePolicy = DEFAULT_CACHE_POLICY): string {
  if (status === 200 || status === 304) {
    const maxAge = Math.min(policy.maxAgeCap, secondsUntilRefresh(now, policy.refreshHourUtc));
    return `public, max-age=${maxAge}`;
  }
  // answers that depend only on the URL (and the permanent redirect to the API root) may be reused briefly
  if (status === 308 || status === 400 || status === 404 || status === 405) return `public, max-age=${policy.errorMaxAge}`;
  // 204 preflights are governed by Access-Control-Max-Age; 401, 429 and 5xx must not be reused.
  return 'no-store';
}
