// THE route registry: every endpoint served, with its parameters, source table, order and schema, in the order the
// index and openapi.json list them. The site writer, the gateway and openapi.json are generated from this list;
// nothing else names a route. Each group's routes live in build/routes/<group>.ts.
import type { Route } from './route-types.ts';
import { entityRoutes } from './routes/entities.ts';

// Development, Procurement and Contributions routes (build/routes/*.ts) are registered once their warehouse
// tables exist (issue 3 in progress).
export const routes: readonly Route[] = [...entityRoutes];

/** Routes of one kind, in registry order. */
export function routesOfKind<K extends Route['kind']>(kind: K): Extract<Route, { kind: K }>[] {
  return routes.filter((r): r is Extract<Route, { kind: K }> => r.kind === kind);
}
