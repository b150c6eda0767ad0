// Differential test: for many random filter/limit combinations on every list endpoint, the gateway's answer
// (following next_cursor to the end) equals the same query run in DuckDB on the warehouse, in order, once each. The
// routes only the sample's plants fill (harness.ts, PLANT_FILLED_ROUTES) are compared on the default city.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOfKind } from '../../api/routes.ts';
import type { ListRoute, ParamDef } from '../../api/routes/types.ts';
import { parseListQuery } from '../../api/query/params.ts';
import { orderBounds } from '../helpers/bounds.ts';
import { fromSqlRow, toSql } from '../helpers/to-sql.ts';
import { openWarehouse, quoteIdent, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { defaultCity } from './city.ts';
import { openCityApp, openE2eApp, openE2eWarehouse, PLANT_FILLED_ROUTES, type E2eApp } from './harness.ts';

const QUERIES_PER_ROUTE = 40;
let wh: Warehouse;
let gw: E2eApp;

beforeAll(async () => {
  wh = await openE2eWarehouse();
  gw = await openE2eApp();
});
afterAll(() => { wh.close(); planted?.wh.close(); });

let planted: { wh: Warehouse; gw: E2eApp } | undefined;
async function cityFor(route: ListRoute): Promise<{ wh: Warehouse; gw: E2eApp }> {
  if (!PLANT_FILLED_ROUTES.has(route.path)) return { wh, gw };
  if (!planted) {
    const config = await defaultCity();
    planted = { wh: await openWarehouse(config.warehousePath, { readOnly: true }), gw: await openCityApp(config) };
  }
  return planted;
}

/** Deterministic pseudo-random numbers so a failure reproduces. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
}

/** Values that actually occur in the filter's column, plus one that never matches. */
async function candidateValues(wh: Warehouse, route: ListRoute, param: ParamDef): Promise<string[]> {
  const f = param.filter!;
  const col = quoteIdent(f.column);
  const table = quoteIdent(route.table);
  let sql: string;
  if (f.kind === 'substring') sql = `select distinct lower(substr(${col}, 2, 4)) as v from ${table}`;
  else if (f.kind === 'contains') sql = `select distinct unnest(${col}) as v from ${table}`;
  else if (f.kind === 'element') sql = `select distinct (unnest(${col})).${quoteIdent(f.field)} as v from ${table}`;
  else sql = `select distinct ${col} as v from ${table}`;
  const rows = (await wh.all<{ v: unknown }>(`select v from (${sql}) where v is not null order by v limit 200`))
    .map((r) => ({ v: String(r.v) }));
  const values = rows.map((r) => r.v!).filter((v) => (param.pattern ? new RegExp(param.pattern).test(v) : true))
    .filter((v) => (param.enum ? param.enum.includes(v) : true));
  if (param.enum) values.push(...param.enum);
  if (param.type === 'integer' && !param.enum) values.push('99999'); // an integer enum (window) takes its values only
  return [...new Set(values)];
}

async function walk(gw: E2eApp, route: ListRoute, search: URLSearchParams): Promise<unknown[]> {
  const out: unknown[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 10_000; guard++) {
    const q = new URLSearchParams(search);
    if (cursor) q.set('cursor', cursor);
    const { status, body } = await gw.json<{ data: unknown[]; next_cursor: string | null }>(`${route.path}?${q}`);
    expect(status, `${route.path}?${q}`).toBe(200);
    out.push(...body.data);
    cursor = body.next_cursor;
    if (!cursor) return out;
  }
  throw new Error('cursor loop');
}

describe.each(routesOfKind('list'))('$path', (route) => {
  it(`matches DuckDB for ${QUERIES_PER_ROUTE} random queries`, async () => {
    const { wh, gw } = await cityFor(route);
    const next = rng(route.path.length * 7919);
    const filterable = route.params.filter((p) => p.filter);
    const values = new Map<string, string[]>();
    for (const p of filterable) values.set(p.name, await candidateValues(wh, route, p));
    const ctx = { exportId: 'differential', cursorSecret: 'x' };
    let nonEmpty = 0;
    let filteredNonEmpty = 0;
    for (let i = 0; i < QUERIES_PER_ROUTE; i++) {
      const search = new URLSearchParams();
      for (const p of filterable) {
        const vs = values.get(p.name)!;
        // a required parameter is always given (without it the request is a 400: params.test.ts)
        if (vs.length && (p.required || next() < 0.35)) search.set(p.name, vs[Math.floor(next() * vs.length)]!);
      }
      search.set('limit', String([1, 3, 17, 100, 500][Math.floor(next() * 5)]));
      orderBounds(route, search);
      // a combination the route's cross-parameter rule rejects (meeting-rates: a pair subject that is not
      // <lobbyist>:<member>) is a 400, tested in params.test.ts and insights-activity.test.ts; draw again
      if (route.validate && route.validate(parseListQuery({ ...route, validate: undefined }, search, ctx).filters) !== null) continue;
      const got = await walk(gw, route, search);
      const query = parseListQuery(route, search, ctx);
      const { sql, params } = toSql(query);
      const rows = await wh.all<Record<string, unknown>>(sql, params);
      const expected = rows.map((r) => fromSqlRow(route, Object.fromEntries(route.fields.map((f) => [f, r[f]]))));
      expect(got, `${route.path}?${search}`).toEqual(expected);
      if (got.length > 0) nonEmpty++;
      if (got.length > 0 && [...search.keys()].length > 1) filteredNonEmpty++;
    }
    // the comparison means something only if queries return rows, filtered ones included
    expect(nonEmpty).toBeGreaterThanOrEqual(QUERIES_PER_ROUTE / 5);
    expect(filteredNonEmpty).toBeGreaterThan(3);
  }, 900_000); // a plant-filled route may wait for the default city to be built
});
