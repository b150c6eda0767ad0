// THE route registry: every endpoint served, with its parameters, source table, order and schema, in the order the
// index and openapi.json list them. The site writer, the gateway and openapi.json are generated from this list;
// nothing else names a route. Each group's routes live in api/routes/<group>.ts.
import type { Route } from './routes/types.ts';
import { contributionRoutes } from './routes/contributions.ts';
import { developmentRoutes } from './routes/development.ts';
import { bulkRoutes } from './routes/bulk.ts';
import { entityRoutes } from './routes/entities.ts';
import { activityInsightRoutes } from './routes/insights-activity.ts';
import { trendInsightRoutes } from './routes/insights-trends.ts';
import { linkRoutes } from './routes/links.ts';
import { procurementRoutes } from './routes/procurement.ts';
import { searchRoutes } from './routes/search.ts';
import { CHART_INDEX_ROUTE, chartRoutes } from './routes/charts.ts';
import { feedRoutes } from './routes/feeds.ts';

export const routes: readonly Route[] = [
  ...entityRoutes, ...linkRoutes, ...developmentRoutes, ...procurementRoutes, ...contributionRoutes, ...activityInsightRoutes,
  ...trendInsightRoutes, ...bulkRoutes, ...searchRoutes, CHART_INDEX_ROUTE, ...chartRoutes, ...feedRoutes,
];

/** Routes of one kind, in registry order. */
export function routesOfKind<K extends Route['kind']>(kind: K): Extract<Route, { kind: K }>[] {
  return routes.filter((r): r is Extract<Route, { kind: K }> => r.kind === kind);
}
