// One error shape for every failure: whatever is thrown (an ApiError from the query layer, an h3 HTTPError such as
// its own 404 or malformed-URL 400, or an unexpected exception) becomes an ApiError with a stable code, and its body
// is the documented `{error, message, licence, attribution}`. Unexpected errors are logged here and answered with a
// fixed message so stack traces and internals never reach the caller (docs/errors.md lists every code).
import { HTTPError } from 'h3';
import { errorBody } from '../../api/query/envelope.ts';
import { ApiError } from '../../api/errors.ts';
import type { Reply } from './reply.ts';

const encoder = new TextEncoder();

/** Map anything thrown to an ApiError; `log` receives errors that were not expected. */
export function toApiError(error: unknown, log: (message: string, error: unknown) => void): ApiError {
  // Name check as well as instanceof: the class may come from a second copy of the module.
  if (error instanceof ApiError || (error instanceof Error && error.name === 'ApiError' && 'code' in error)) {
    return error as ApiError;
  }
  if (HTTPError.isError(error) && !error.unhandled) {
    if (error.status === 404) return routeNotFound();
    if (error.status === 405) return new ApiError(405, 'method_not_allowed', 'Only GET, HEAD and OPTIONS are supported');
    // h3 rejects malformed percent-encoding in the path before routing.
    if (error.status === 400) return new ApiError(400, 'invalid_parameter', 'The request URL is malformed');
  }
  log('unexpected error while handling a request', error);
  return new ApiError(500, 'internal_error', 'An unexpected error occurred; it has been logged');
}

/** The 404 for a path that names no endpoint. */
export function routeNotFound(): ApiError {
  return new ApiError(404, 'route_not_found', 'No endpoint matches this path; GET the API root for the list of endpoints');
}

/** The 414 for a request target over the URL limit. */
export function uriTooLong(maxUrlBytes: number): ApiError {
  return new ApiError(414, 'uri_too_long', `The request target (path and query) is over ${maxUrlBytes} bytes; send fewer or shorter parameters`);
}

/** The reply carrying an error body. */
export function toErrorReply(error: ApiError): Reply {
  return { status: error.status, body: encoder.encode(errorBody(error.code, error.message)) };
}
