// Turns the route registry into h3 routes under the API's base path, so the gateway never spells a path itself.
// Trailing slashes are tolerated (rou3 matches `/organizations/` like `/organizations`) and answered directly
// rather than redirected, which saves API clients a round trip; see docs/errors.md.
import { ApiError } from '../../api/errors.ts';
import type { Route } from '../../api/routes/types.ts';
import { PREFLIGHT_HEADERS } from '../http/cors.ts';
import { toErrorReply } from '../http/errors.ts';
import type { Reply } from '../http/reply.ts';

/** The path part of the public base URL (`https://host/api/v1` → `/api/v1`), without a trailing slash. */
export function basePathOf(baseUrl: string): string {
  const pathname = new URL(baseUrl).pathname.replace(/\/+$/, '');
  return pathname === '' ? '' : pathname;
}

/** The h3 (rou3) pattern of a registry route: `{id}` becomes `:id`; the root `/` is the base path itself. */
export function toH3Path(basePath: string, route: Route): string {
  const rel = route.path === '/' ? '' : route.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
  return `${basePath}${rel}` || '/';
}

/** Methods a route answers (registry routes are all read-only). */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** The answer to a method a read-only route does not serve: a CORS preflight's 204, or 405 with Allow; null for
 *  GET and HEAD. */
export function methodReply(method: string): Reply | null {
  if (method === 'OPTIONS') return { status: 204, body: null, headers: { ...PREFLIGHT_HEADERS } };
  if (method === 'GET' || method === 'HEAD') return null;
  const error = new ApiError(405, 'method_not_allowed', `Method ${method} is not allowed; this API is read-only (${ALLOWED_METHODS})`);
  return { ...toErrorReply(error), headers: { allow: ALLOWED_METHODS } };
}
