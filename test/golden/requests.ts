// Which request stands for each route of the registry in the golden folder: a list's first page at limit=5, a detail
// route's first record, a static route's document, the bulk manifest and the first JSON Lines file it lists, the feed index, its OPML and the feed of all new
// registrations. One
// request per route, so a change to what a route publishes lands in that route's one reviewed file.
import { routes } from '../../api/routes.ts';
import type { E2eApp } from '../e2e/harness.ts';

export type GoldenRoute = (typeof routes)[number];

/** Rows on a list route's golden page: enough to show the record shape and the order, short enough to read in a
 *  diff. The default page (100 rows) is the same envelope around the same records (api/query/envelope.ts). */
export const GOLDEN_LIMIT = 5;

/** Where a required list parameter's golden value comes from: the first record of this list route (the parameter
 *  names one of its records), so the golden answer is "the answer for the first value". */
const REQUIRED_FROM: Readonly<Record<string, string>> = { organization: 'organizations.list' };

/** The golden file of a route: its id, with the bulk file's own extension (its bytes are stored as served). */
export function goldenFileName(route: GoldenRoute): string {
  if (route.kind === 'chart' && route.format === 'svg') return `${route.id.replace(/\.svg$/, '')}.svg`;
  if (route.kind === 'feed' && route.variant !== 'index') return `${route.id}.${route.variant === 'opml' ? 'opml' : 'atom'}`;
  return route.kind === 'bulk' && route.variant === 'file' ? `${route.id}.jsonl` : `${route.id}.json`;
}

/** The path and query (below the base URL) whose answer is the route's golden answer. */
export async function goldenRequest(app: E2eApp, route: GoldenRoute): Promise<string> {
  switch (route.kind) {
    case 'static':
      return route.path;
    case 'list': {
      const query = new URLSearchParams({ limit: String(GOLDEN_LIMIT) });
      for (const p of route.params.filter((q) => q.required)) query.set(p.name, await _firstValue(app, route.id, p.name));
      return `${route.path}?${query}`;
    }
    case 'detail': {
      const list = routes.find((r) => r.kind === 'list' && r.resource === route.resource);
      if (!list) throw new Error(`${route.id}: no list route publishes ${route.resource}, so there is no first record`);
      return route.path.replace('{id}', encodeURIComponent(await _firstId(app, list.path)));
    }
    case 'chart': {
      if (route.variant === null) return route.path;
      // the first key the chart index lists for this insight
      const index = await _ok<{ data: { insight: string; key: string | null }[] }>(app, '/insights/charts');
      const first = index.data.find((c) => c.key !== null && `insights${c.insight.slice('/insights'.length)}` === route.resource);
      if (!first) throw new Error(`${route.id}: the chart index lists no per-key chart of ${route.resource}`);
      return route.path.replace('{id}', encodeURIComponent(first.key!));
    }
    case 'search':
      // a word every sample city's registrations use
      return `${route.path}?${new URLSearchParams({ q: 'housing', limit: String(GOLDEN_LIMIT) })}`;
    case 'bulk': {
      if (route.variant === 'manifest') return route.path;
      const manifest = await _ok<{ export_date: string; files: { name: string; format: string }[] }>(app, '/bulk');
      const first = manifest.files.find((f) => f.format === 'jsonl');
      if (!first) throw new Error(`${route.id}: the bulk manifest lists no JSON Lines file`);
      return route.path.replace('{date}', manifest.export_date).replace('{file}', encodeURIComponent(first.name));
    }
    case 'feed':
      // the feed of every new registration stands for the feeds
      return route.variant === 'feed' ? route.path.replace('{id}', 'registrations') : route.path;
  }
}

async function _firstValue(app: E2eApp, routeId: string, param: string): Promise<string> {
  const from = routes.find((r) => r.id === REQUIRED_FROM[param]);
  if (!from) throw new Error(`${routeId}: say in test/golden/requests.ts (REQUIRED_FROM) where the golden value of "${param}" comes from`);
  return _firstId(app, from.path);
}

async function _firstId(app: E2eApp, listPath: string): Promise<string> {
  const page = await _ok<{ data: { id: string | number }[] }>(app, `${listPath}?limit=1`);
  if (page.data.length === 0) throw new Error(`${listPath} is empty on the golden city: no first record`);
  return String(page.data[0]!.id);
}

async function _ok<T>(app: E2eApp, pathAndQuery: string): Promise<T> {
  const { status, body } = await app.json<T>(pathAndQuery);
  if (status !== 200) throw new Error(`${pathAndQuery} answered ${status}`);
  return body;
}
