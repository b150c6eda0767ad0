// CORS: the API is public and read-only with no cookies, so any origin may read it. The key and validator headers
// are allowed on requests, and the headers a browser client needs (ETag, rate-limit state) are exposed.

export const CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, RateLimit, RateLimit-Policy, Retry-After, X-Export-Id',
});

/** Extra headers of a 204 answer to an OPTIONS preflight. */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'x-api-key, if-none-match',
  'access-control-max-age': '86400',
});
