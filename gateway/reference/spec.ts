// The OpenAPI document the reference page (/docs/) renders: the export's own openapi.json with, for every operation,
// an example request and the live answer to it from the same export (a list's first two rows, a detail document of
// its first record, the static documents), and the server set to this gateway's base path so "try it" calls the host
// that served the page. Made once per export, straight from the route handlers (no HTTP, no rate-limit budget).
import { routes } from '../../api/routes.ts';
import type { DetailRoute, FeedRoute, ListRoute, Route, SearchRoute } from '../../api/routes/types.ts';
import { searchIndexOf } from '../../export/serve/search-indexes.ts';
import { serveSearch } from '../routes/search.ts';
import { requiredParamField } from '../../api/routes/define.ts';
import { serveBulkManifest } from '../bulk/serve.ts';
import { serveFeed } from '../routes/feeds.ts';
import { serveDetail, serveList, serveStatic } from '../routes/pages.ts';
import { bytesReply } from './assets.ts';
import { chartExample } from './chart-examples.ts';
import type { Reply } from '../http/reply.ts';
import type { OpenedExport } from '../../export/serve/open-export.ts';

type Json = Record<string, unknown>;

/** Rows an example list answer shows. */
const EXAMPLE_ROWS = 2;

const made = new WeakMap<OpenedExport, Map<string, Promise<Reply>>>();

/** The reference document of `opened` for an API under `basePath` (made, tagged and compressed once per export). */
export function referenceSpec(opened: OpenedExport, basePath: string): Promise<Reply> {
  let byExport = made.get(opened);
  if (!byExport) made.set(opened, byExport = new Map());
  let spec = byExport.get(basePath);
  if (!spec) {
    spec = _make(opened, basePath).then((bytes) => ({ ...bytesReply(bytes, 'application/json; charset=utf-8'), from: opened }));
    spec.catch(() => byExport.delete(basePath)); // a failure is not kept: the next request tries again
    byExport.set(basePath, spec);
  }
  return spec;
}

async function _make(opened: OpenedExport, basePath: string): Promise<Uint8Array> {
  const openapi = routes.find((r) => r.kind === 'static' && r.file === 'openapi.json');
  if (!openapi || openapi.kind !== 'static') throw new Error('the route registry has no openapi.json');
  const doc = _json(await serveStatic(opened, openapi)) as Json & { paths: Record<string, Record<string, Json>> };
  doc.servers = [{ url: basePath || '/', description: 'this gateway (export ' + opened.exportId + ')' }];
  const firstIds = new Map<string, string>();
  for (const route of routes) {
    const op = doc.paths[route.path]?.get;
    if (!op) continue;
    const example = await _example(opened, route, firstIds, basePath);
    if (!example) continue;
    const content = ((op.responses as Json)['200'] as Json | undefined)?.content as Record<string, Json> | undefined;
    if (content?.['application/json']) content['application/json'].example = example.response;
    for (const param of (op.parameters ?? []) as Json[]) {
      if (Object.hasOwn(example.params, String(param.name))) param.example = example.params[String(param.name)];
    }
    op.description = `${op.description ? `${String(op.description)}\n\n` : ''}**Example** (answered by the live export ${opened.exportId}): `
      + `\`GET ${basePath}${example.path}\``
      // a chart is shown as itself
      + (example.image ? `\n\n![The chart of this example](${example.image})` : '');
  }
  return new TextEncoder().encode(JSON.stringify(doc));
}

interface Example { path: string; params: Record<string, string | number>; response: unknown; image?: string }

async function _example(opened: OpenedExport, route: Route, firstIds: Map<string, string>, basePath: string): Promise<Example | null> {
  try {
    if (route.kind === 'static') {
      const response = _json(await serveStatic(opened, route));
      // the document describing itself in full would double the page's download: its head stands for it
      if (route.file === 'openapi.json') {
        const { openapi, info, servers } = response as Json;
        return { path: route.path, params: {}, response: { openapi, info, servers, paths: '… (this document)' } };
      }
      return { path: route.path, params: {}, response };
    }
    if (route.kind === 'list') return await _listExample(opened, route, firstIds);
    // a bulk file is not JSON (CSV, Parquet…): its operation keeps its schema; the manifest is the example
    if (route.kind === 'search') return await _searchExample(opened, route, basePath);
    if (route.kind === 'bulk') return route.variant === 'manifest' ? { path: route.path, params: {}, response: _json(await serveBulkManifest(opened)) } : null;
    if (route.kind === 'chart') return await chartExample(opened, route, basePath);
    if (route.kind === 'feed') return await _feedExample(opened, route);
    return await _detailExample(opened, route, firstIds);
  } catch {
    return null; // a route this export cannot answer keeps its schema only
  }
}

async function _listExample(opened: OpenedExport, route: ListRoute, firstIds: Map<string, string>): Promise<Example | null> {
  const params: Record<string, string | number> = { limit: EXAMPLE_ROWS };
  for (const p of route.params) {
    if (!p.required) continue;
    const value = p.enum?.length ? p.enum[0]! : _firstValue(opened, route, p.name);
    if (value === null) return null;
    params[p.name] = value;
  }
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = _json(await serveList(opened, route, search)) as { data?: { id?: unknown }[] };
  const id = response.data?.[0]?.id;
  if (typeof id === 'string' || typeof id === 'number') firstIds.set(route.path, String(id));
  return { path: `${route.path}?${search}`, params, response };
}

/** /search for a word of the first registration's text (the hits' URLs under this gateway's base path). */
async function _searchExample(opened: OpenedExport, route: SearchRoute, basePath: string): Promise<Example | null> {
  const { index } = await searchIndexOf(opened, 'registrations');
  const text = index.size > 0 ? index.fields.map((_, f) => index.text(0, f)).find((t) => t) : undefined;
  const word = text?.match(/\p{L}{4,}/u)?.[0];
  if (!word) return null;
  const params = { q: word, limit: EXAMPLE_ROWS };
  const search = new URLSearchParams({ q: word, limit: String(EXAMPLE_ROWS) });
  return { path: `${route.path}?${search}`, params, response: _json(await serveSearch(opened, route, search, basePath)) };
}

/** A required parameter without a value set takes its value from the route's first row (an organisation the
 *  timeline has events for), read from the export's table without the parameter's check. */
function _firstValue(opened: OpenedExport, route: ListRoute, param: string): string | number | null {
  const table = opened.tables.get(route.id);
  const def = route.params.find((p) => p.name === param);
  if (!table || !def) return null;
  const column = requiredParamField(route, def);
  const page = table.run({ route, filters: new Map(), limit: 1, cursor: null, queryHash: '' });
  const row = page.records[0] ? JSON.parse(page.records[0]) as Record<string, unknown> : null;
  const value = row?.[column];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

async function _detailExample(opened: OpenedExport, route: DetailRoute, firstIds: Map<string, string>): Promise<Example | null> {
  const listPath = route.path.replace(/\/\{id\}$/, '');
  let id = firstIds.get(listPath);
  if (id === undefined) {
    const list = routes.find((r): r is ListRoute => r.kind === 'list' && r.path === listPath);
    if (list) await _listExample(opened, list, firstIds);
    id = firstIds.get(listPath);
  }
  if (id === undefined) return null;
  const response = _json(await serveDetail(opened, route, id));
  return { path: route.path.replace('{id}', encodeURIComponent(id)), params: { id }, response };
}

/** The feed index with its first feeds (the whole list is thousands long); the OPML and a feed are XML, so their
 *  example is the request alone: the export's first feed. */
async function _feedExample(opened: OpenedExport, route: FeedRoute): Promise<Example | null> {
  const index = _json(await serveFeed(opened, { ...route, variant: 'index' }, undefined)) as { feeds?: { id: string }[] };
  const first = index.feeds?.[0]?.id;
  if (route.variant === 'index') return { path: route.path, params: {}, response: { ...index, feeds: index.feeds?.slice(0, EXAMPLE_ROWS) } };
  if (route.variant === 'opml' || first === undefined) return route.variant === 'opml' ? { path: route.path, params: {}, response: null } : null;
  return { path: route.path.replace('{id}', first), params: { id: first }, response: null };
}

function _json(reply: Reply): unknown {
  if (reply.status !== 200 || !reply.body) throw new Error(`example answered ${reply.status}`);
  return JSON.parse(new TextDecoder().decode(reply.body));
}
