// Generates openapi.json (OpenAPI 3.1.0) from the route registry and the record schemas, so paths, parameters
// and schemas cannot drift from what the site writer and the gateway serve. Lint-clean under Redocly's
// recommended ruleset (test/api/openapi.test.ts).
import { CURSOR_PARAM, LIMIT_PARAM, type RateLimits } from './notes.ts';
import { ATTRIBUTION, LICENCE } from './licence.ts';
import type { ParamDef, Route } from './routes/types.ts';
import { routes as registry } from './routes.ts';
import { schemas as recordSchemas } from './schemas/registry.ts';
import { bulkOperation } from './openapi-bulk.ts';
import { chartOperation } from './openapi-charts.ts';
import { feedOperation } from './openapi-feeds.ts';
import { EXTENSION_MARK, LABELS_PARAMETER, withLabelSiblings } from './openapi-labels.ts';
import { FORMAT_PARAMETER, takeAwayContent } from './openapi-take-away.ts';
import { SEARCH_MAX_CHARS } from './routes/search.ts';

type Json = Record<string, unknown>;
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const TAG_TEXT: Record<Route['group'], string> = {
  Meta: 'Service index and machine-readable description',
  Entities: 'Organisations, people, registrations, communications and agenda items',
  Links: 'Published inferred links between records',
  Development: 'Development and Committee of Adjustment applications and sites',
  Procurement: 'City contracts and corporate groups',
  Contributions: 'Election campaigns and published contributions',
  Insights: 'Derived tables and the topic taxonomy',
  Bulk: 'Nightly bulk export',
  Search: 'Extension: full-text search across the text-bearing lists',
  Charts: 'Extension: charts of the time-series insights, as SVG and as Vega-Lite specs with their data inline',
  Feeds: 'Extension: Atom feeds of new registrations and communications, and their index',
};

export interface OpenApiOptions {
  baseUrl: string;
  routes?: readonly Route[];
  schemas?: Record<string, Json>;
  rateLimits?: RateLimits;
}

/** The OpenAPI 3.1 document of the service. */
export function toOpenApi(options: OpenApiOptions): Json {
  const routes = options.routes ?? registry;
  const limits = options.rateLimits ?? { anonymous: 60, withKey: 600 };
  const schemas: Record<string, Json> = withLabelSiblings({ ...(options.schemas ?? recordSchemas) }, routes);
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const envelope = _envelopeSchema(route, schemas);
    paths[route.path] = { get: _operation(route, envelope) };
  }
  const groups = [...new Set(routes.map((r) => r.group))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Toronto Lobbying Transparency API',
      version: 'v1',
      summary: 'Read-only JSON API over City of Toronto lobbying, council and related open data',
      description: `${LICENCE}\n\n${ATTRIBUTION}\n\nAnonymous use: ${limits.anonymous} requests per minute per IP address; ` +
        `with a free key in x-api-key: ${limits.withKey} per minute.`,
      license: { name: 'Open Government Licence – Toronto', url: 'https://open.toronto.ca/open-data-licence/' },
    },
    servers: [{ url: options.baseUrl }],
    security: [{}, { ApiKeyAuth: [] }],
    tags: groups.map((g) => ({ name: g, description: TAG_TEXT[g] })),
    paths,
    components: {
      schemas: _reachable(schemas, paths),
      parameters: { Limit: LIMIT_PARAM, Cursor: CURSOR_PARAM, Labels: LABELS_PARAMETER, Format: FORMAT_PARAMETER },
      headers: _headers(limits),
      responses: _responses(),
      securitySchemes: {
        ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-api-key', description: `Optional free key raising the limit to ${limits.withKey} requests per minute` },
      },
    },
  };
}

/** Only the schemas the paths reach (directly or through other schemas), plus Error: the document describes what
 *  is served, not every record the code base knows. */
function _reachable(schemas: Record<string, Json>, paths: Record<string, Json>): Record<string, Json> {
  const keep = new Set<string>(['Error']);
  const queue = [JSON.stringify(paths)];
  while (queue.length) {
    for (const m of queue.pop()!.matchAll(/#\/components\/schemas\/([A-Za-z0-9_]+)/g)) {
      if (!keep.has(m[1]!) && schemas[m[1]!]) {
        keep.add(m[1]!);
        queue.push(JSON.stringify(schemas[m[1]!]));
      }
    }
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => keep.has(name)));
}

/** camelCase operation id from the route id (`agenda-items.list` → `agendaItemsList`). */
export function operationId(routeId: string): string {
  return routeId.split(/[.-]/).map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

function _envelopeSchema(route: Route, schemas: Record<string, Json>): string {
  if (route.kind === 'static' || route.kind === 'bulk' || route.kind === 'chart' || route.kind === 'feed') return route.schema;
  const name = route.kind === 'list' || route.kind === 'search' ? `${route.schema}Page` : `${route.schema}Envelope`;
  const text = { type: 'string' };
  schemas[name] = route.kind === 'list' || route.kind === 'search'
    ? {
        type: 'object',
        properties: {
          data: { type: 'array', items: ref('schemas', route.schema) },
          next_cursor: { type: ['string', 'null'], description: 'Cursor of the next page; null on the last page' },
          limit: { type: 'integer', minimum: 1 },
          licence: text,
          attribution: text,
        },
        required: ['data', 'next_cursor', 'limit', 'licence', 'attribution'],
      }
    : { type: 'object', properties: { data: ref('schemas', route.schema), licence: text, attribution: text }, required: ['data', 'licence', 'attribution'] };
  return name;
}

function _operation(route: Route, envelope: string): Json {
  if (route.kind === 'bulk') {
    return { operationId: operationId(route.id), tags: [route.group], summary: route.summary, description: route.description, ...bulkOperation(route) };
  }
  if (route.kind === 'chart') {
    return { operationId: operationId(route.id), tags: [route.group], summary: route.summary, description: route.description, ...chartOperation(route) };
  }
  if (route.kind === 'feed') {
    return { operationId: operationId(route.id), tags: [route.group], summary: route.summary, description: route.description, ...feedOperation(route) };
  }
  const parameters: Json[] = [];
  if (route.kind === 'list') {
    parameters.push(...route.params.map(_param), ref('parameters', 'Limit'), ref('parameters', 'Cursor'), ref('parameters', 'Labels'),
      ref('parameters', 'Format'));
  } else if (route.kind === 'search') {
    parameters.push(...route.params.map(_param), ref('parameters', 'Limit'), ref('parameters', 'Cursor'));
  } else if (route.kind === 'detail') {
    parameters.push({ name: 'id', in: 'path', required: true, description: route.idDescription, schema: { type: 'string' } }, ref('parameters', 'Labels'));
  }
  const rateHeaders = { RateLimit: ref('headers', 'RateLimit'), 'RateLimit-Policy': ref('headers', 'RateLimit-Policy') };
  const responses: Json = {
    '200': {
      description: 'OK', headers: rateHeaders,
      content: { 'application/json': { schema: ref('schemas', envelope) }, ...(route.kind === 'list' ? takeAwayContent() : {}) },
    },
    '304': ref('responses', 'NotModified'),
    ...(route.kind === 'list' || route.kind === 'detail' || route.kind === 'search' ? { '400': ref('responses', 'BadRequest') } : {}),
    '401': ref('responses', 'Unauthorized'),
    ...(route.kind === 'detail' ? { '404': ref('responses', 'NotFound') } : {}),
    '429': ref('responses', 'TooManyRequests'),
  };
  return {
    operationId: operationId(route.id),
    tags: [route.group],
    summary: route.summary,
    ...(route.description || route.kind === 'list'
      ? { description: [route.description, route.kind === 'list' ? `Ordered by ${route.order}.` : ''].filter(Boolean).join(' ') }
      : {}),
    ...(parameters.length ? { parameters } : {}),
    responses,
    ...(route.kind === 'search' || route.group === 'Charts' ? EXTENSION_MARK : {}),
  };
}

function _param(p: ParamDef): Json {
  const schema: Json = { type: p.type };
  for (const k of ['format', 'pattern', 'enum', 'minimum', 'maximum'] as const) if (p[k] !== undefined) schema[k] = p[k];
  if (p.type === 'integer' && p.enum) schema.enum = p.enum.map(Number);
  // the full-text filter is an extension of the v1 contract, marked as every addition is
  if (p.search) schema.maxLength = SEARCH_MAX_CHARS;
  return {
    name: p.name, in: p.in, ...(p.required ? { required: true } : {}), description: p.description, schema,
    ...(p.search ? EXTENSION_MARK : {}),
  };
}

function _headers(limits: RateLimits): Json {
  return {
    RateLimit: { description: 'Remaining quota and seconds until reset of the current window (IETF RateLimit header)', schema: { type: 'string' } },
    'RateLimit-Policy': { description: `Quota policy, e.g. ${limits.anonymous};w=60 anonymous or ${limits.withKey};w=60 with a key`, schema: { type: 'string' } },
    'Retry-After': { description: 'Seconds to wait before retrying (60)', schema: { type: 'integer' } },
  };
}

function _responses(): Json {
  const error = (description: string, extra: Json = {}) => ({
    description,
    ...extra,
    content: { 'application/json': { schema: ref('schemas', 'Error') } },
  });
  const rate = { RateLimit: ref('headers', 'RateLimit'), 'RateLimit-Policy': ref('headers', 'RateLimit-Policy') };
  return {
    NotModified: { description: 'Not modified: the If-None-Match ETag still matches' },
    BadRequest: error('Malformed filter, date, limit or cursor, or a range whose lower bound is after its upper bound (error: invalid_parameter, empty_range, unknown_parameter, invalid_cursor, cursor_expired; invalid_search on the full-text search extension; too_many_rows on a whole answer, an extension)'),
    Unauthorized: error('The x-api-key header does not hold a valid key (error: invalid_api_key)'),
    NotFound: error('No such resource (error: not_found)'),
    TooManyRequests: error('Rate limit exceeded (error: rate_limited)', { headers: { ...rate, 'Retry-After': ref('headers', 'Retry-After') } }),
  };
}
