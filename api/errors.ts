// The API's error vocabulary: machine-readable codes (docs/errors.md) and the error type that carries its HTTP
// status. Thrown by the query layer and the gateway alike; serialised by the envelope's errorBody.

/** Machine-readable error codes of the error body (documented in docs/errors.md). */
export type ErrorCode =
  | 'invalid_parameter' // malformed filter, enum, date, integer or limit
  | 'empty_range' // a lower bound after its upper bound (from after to): no row could match
  | 'invalid_search' // a full-text query that cannot be read (empty, only operators, too long, an unclosed quote)
  | 'unknown_parameter' // a query parameter the endpoint does not define
  | 'too_many_rows' // a whole answer (format=csv or jsonl) over the gateway's row cap: the bulk file has every row
  | 'invalid_cursor' // malformed or tampered cursor, or one made for another query
  | 'cursor_expired' // cursor made for an earlier export
  | 'bad_request' // not a valid HTTP/1.1 request (refused by the HTTP parser, or no Host header)
  | 'request_timeout' // the request head or body did not arrive in time
  | 'uri_too_long' // the request target is over the URL limit
  | 'headers_too_large' // the request head is over the header limit
  | 'not_found' // no such record on an {id} endpoint, or no such bulk file
  | 'range_not_satisfiable' // a bulk download's Range lies outside the file
  | 'route_not_found' // no such endpoint
  | 'method_not_allowed' // anything but GET/HEAD/OPTIONS
  | 'invalid_api_key' // x-api-key sent but not a valid key
  | 'rate_limited'
  | 'service_unavailable' // no site has been published yet
  | 'internal_error';

/** An error that carries its HTTP status and code; unexpected errors become `internal_error`. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 405 | 408 | 414 | 416 | 429 | 431 | 500 | 503,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Caller input as an error message echoes it: at most 60 characters (keeps error bodies small whatever is sent). */
export function clipInput(raw: string): string {
  return raw.length > 60 ? `${raw.slice(0, 60)}…` : raw;
}
