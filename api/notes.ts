// Descriptions shared by the service index (GET /) and openapi.json: paging parameters, error codes, rate limits.
// Kept in one place so the two documents cannot describe the API differently.
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './routes/types.ts';
import type { ErrorCode } from './errors.ts';

export const LIMIT_PARAM = {
  name: 'limit',
  in: 'query',
  description: `Page size, 1 to ${PAGE_LIMIT_MAX} (default ${PAGE_LIMIT_DEFAULT})`,
  schema: { type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX, default: PAGE_LIMIT_DEFAULT },
} as const;

export const CURSOR_PARAM = {
  name: 'cursor',
  in: 'query',
  description: 'Opaque keyset cursor: the next_cursor of the previous page, bound to the same filters and data export',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$' },
} as const;

export const PAGINATION_NOTES = {
  limit: { minimum: 1, maximum: PAGE_LIMIT_MAX, default: PAGE_LIMIT_DEFAULT },
  cursor:
    'Keyset pagination. Each list page carries next_cursor (null on the last page); pass it unchanged as `cursor` with ' +
    'the same filters to get the next page. Cursors are opaque, bound to the query (filters, not the page size) and to ' +
    'the data export they were issued for; after the nightly export changes, an old cursor answers 400 cursor_expired.',
  order: 'Each list endpoint has a fixed documented order; pages never overlap or skip rows within one export.',
} as const;

/** Every error code with its HTTP status and meaning (Record<ErrorCode,…> keeps it complete). */
export const ERROR_CODES: Record<ErrorCode, { status: number; description: string }> = {
  invalid_parameter: { status: 400, description: 'Malformed filter, enum, date, integer or limit value' },
  empty_range: { status: 400, description: 'A lower bound after its upper bound (from after to, month_from after month_to): no row could match' },
  invalid_search: { status: 400, description: 'Extension: a full-text query that cannot be read (empty, only operators, over 200 characters or 16 terms, an unclosed quote)' },
  unknown_parameter: { status: 400, description: 'A query parameter the endpoint does not define' },
  too_many_rows: { status: 400, description: 'Extension: a whole answer (format=csv or jsonl) with more rows than the gateway\'s cap; the message names the bulk file, which has every row' },
  invalid_cursor: { status: 400, description: 'Malformed or altered cursor, or one issued for another query' },
  cursor_expired: { status: 400, description: 'Cursor issued for an earlier data export; start from the first page' },
  bad_request: { status: 400, description: 'Not a valid HTTP/1.1 request (e.g. a raw non-ASCII byte in the URL, no Host header)' },
  invalid_api_key: { status: 401, description: 'An x-api-key header was sent but is not a valid key' },
  not_found: { status: 404, description: 'No such record, export or bulk file' },
  range_not_satisfiable: { status: 416, description: 'A bulk download\'s Range lies outside the file (Content-Range says its size)' },
  route_not_found: { status: 404, description: 'No such endpoint' },
  method_not_allowed: { status: 405, description: 'Only GET, HEAD and OPTIONS are supported' },
  request_timeout: { status: 408, description: 'The request did not arrive in time' },
  uri_too_long: { status: 414, description: 'The request target (path and query) is over the URL limit' },
  headers_too_large: { status: 431, description: 'The request line and headers together are over the header limit' },
  rate_limited: { status: 429, description: 'Rate limit exceeded; retry after the number of seconds in Retry-After' },
  internal_error: { status: 500, description: 'Unexpected error; nothing about it is disclosed' },
  service_unavailable: { status: 503, description: 'No data export has been published yet' },
};

export interface RateLimits {
  anonymous: number;
  withKey: number;
}

export function rateLimitNotes(limits: RateLimits) {
  return {
    window_seconds: 60,
    anonymous_per_minute: limits.anonymous,
    with_key_per_minute: limits.withKey,
    key_header: 'x-api-key',
    anonymous_key: 'client IP address',
    headers: ['RateLimit', 'RateLimit-Policy', 'Retry-After (on 429, value 60)'],
  };
}
