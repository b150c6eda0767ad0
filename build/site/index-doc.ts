// Body of GET / (api/v1/index.json): service, export, every endpoint of the registry with its parameters,
// pagination notes, rate limits, error codes, licence and attribution. Deterministic for a given export.
import { CURSOR_PARAM, ERROR_CODES, LIMIT_PARAM, PAGINATION_NOTES, rateLimitNotes, type RateLimits } from '../../api/notes.ts';
import { ATTRIBUTION, LICENCE } from '../../api/licence.ts';
import { BULK_DATE_PATTERN, BULK_FILE_PATTERN } from '../../api/routes/bulk.ts';
import { FEED_NAME_PATTERN } from '../../api/routes/feeds.ts';
import type { Route } from '../../api/routes/types.ts';

export interface IndexOptions {
  baseUrl: string;
  exportId: string;
  exportDate: string;
  rateLimits: RateLimits;
}

export function toServiceIndex(routes: readonly Route[], o: IndexOptions): Record<string, unknown> {
  return {
    service: 'Toronto Lobbying Transparency API',
    version: 'v1',
    base_url: o.baseUrl,
    openapi: `${o.baseUrl}/openapi.json`,
    export: { id: o.exportId, date: o.exportDate },
    endpoints: routes.map((r) => ({
      method: 'GET',
      path: r.path,
      url: `${o.baseUrl}${r.path === '/' ? '/' : r.path}`,
      group: r.group,
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      ...(r.kind === 'list' ? { order: r.order, paged: true } : {}),
      parameters: _parameters(r),
    })),
    pagination: PAGINATION_NOTES,
    rate_limits: rateLimitNotes(o.rateLimits),
    authentication: { scheme: 'apiKey', header: 'x-api-key', required: false },
    errors: Object.entries(ERROR_CODES).map(([code, e]) => ({ code, status: e.status, description: e.description })),
    licence: LICENCE,
    attribution: ATTRIBUTION,
  };
}

function _parameters(r: Route): Record<string, unknown>[] {
  if (r.kind === 'detail') return [{ name: 'id', in: 'path', required: true, type: 'string', description: r.idDescription }];
  if (r.kind === 'chart' && r.variant !== null) return [{ name: 'id', in: 'path', required: true, type: 'string', description: r.idDescription }];
  if (r.kind === 'bulk' && r.variant === 'file') {
    return [
      { name: 'date', in: 'path', required: true, type: 'string', pattern: BULK_DATE_PATTERN, description: 'Export date' },
      { name: 'file', in: 'path', required: true, type: 'string', pattern: BULK_FILE_PATTERN, description: 'A file name of that export\'s manifest' },
    ];
  }
  if (r.kind === 'feed' && r.variant === 'feed') {
    return [{ name: 'id', in: 'path', required: true, type: 'string', pattern: FEED_NAME_PATTERN, description: 'Feed name, as GET /feeds lists it' }];
  }
  if (r.kind !== 'list' && r.kind !== 'search') return [];
  const own = r.params.map((p) => ({
    name: p.name,
    in: p.in,
    required: p.required ?? false,
    type: p.type,
    ...(p.format ? { format: p.format } : {}),
    ...(p.enum ? { enum: p.enum } : {}),
    ...(p.pattern ? { pattern: p.pattern } : {}),
    ...(p.minimum !== undefined ? { minimum: p.minimum } : {}),
    ...(p.maximum !== undefined ? { maximum: p.maximum } : {}),
    description: p.description,
  }));
  const paging = [LIMIT_PARAM, CURSOR_PARAM].map((p) => ({ name: p.name, in: p.in, required: false, ...p.schema, description: p.description }));
  return [...own, ...paging];
}
