// Differential test: for every list route, the in-memory engine (over the Arrow file the site writer emits) and
// the SQL translation (over the same rows in DuckDB) must list the same records in the same order, page by page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse, quoteIdent, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { loadResourceTable } from '../../api/query/engine.ts';
import { parseListQuery } from '../../api/query/params.ts';
import { fromSqlRow, toSql } from '../helpers/to-sql.ts';
import { routesOfKind } from '../../api/routes.ts';
import { toArrowFile, toRecordJson } from '../../export/arrow-file.ts';
import { duckColumns, paramValue, randomRows, rng } from '../build/helpers/random-rows.ts';
import { orderBounds } from '../helpers/bounds.ts';

const ctx = { exportId: '2026-01-02-test', cursorSecret: 's3cret' };
const ROWS = 2000;
const QUERIES = 100;
const LIMITS = [1, 2, 7, 50, 100, 500];
let wh: Warehouse;
let dir: string;

beforeAll(async () => {
  wh = await openWarehouse(':memory:');
  dir = mkdtempSync(path.join(tmpdir(), 'engine-sql-'));
});
afterAll(() => {
  wh.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(routesOfKind('list').map((r) => [r.id, r] as const))('engine = SQL for %s', (_id, route) => {
  it('returns the same pages for random filters and limits, following cursors to the end', async () => {
    const r = rng(route.id.length * 7919);
    const rows = randomRows(route, ROWS, r);
    const file = path.join(dir, `${route.resource.replace(/\//g, '__')}.jsonl`); // insights/<name> → one flat file
    writeFileSync(file, rows.map((row) => JSON.stringify(row)).join('\n'));
    const cols = Object.entries(duckColumns(route)).map(([k, v]) => `${quoteIdent(k)}: '${v}'`).join(', ');
    await wh.exec(`create or replace table ${quoteIdent(route.table)} as select * from read_json('${file}', format = 'newline_delimited', columns = {${cols}})`);
    const arrow = toArrowFile(route, rows);
    const table = loadResourceTable(route, arrow.bytes, ctx);
    expect(table.size).toBe(ROWS);
    let nonEmpty = 0;

    for (let qn = 0; qn < QUERIES; qn++) {
      const search = new URLSearchParams();
      // a required parameter is always given (without it the request is a 400, tested in params.test.ts)
      const withFilters = route.params.filter((p) => p.filter && (p.required || r() < 0.35));
      for (const p of withFilters) search.set(p.name, paramValue(r, p));
      orderBounds(route, search);
      const limit = LIMITS[Math.floor(r() * LIMITS.length)]!;
      search.set('limit', String(limit));
      // a combination the route's cross-parameter rule rejects (meeting-rates: a pair subject that is not
      // <lobbyist>:<member>) is a 400 for both, tested in params.test.ts; draw again
      if (route.validate && route.validate(parseListQuery({ ...route, validate: undefined }, search, ctx).filters) !== null) continue;
      const sql = toSql(parseListQuery(route, search, ctx));
      const expected = (await wh.all(sql.sql, sql.params)).map((row) => toRecordJson(route, fromSqlRow(route, row)));

      const got: string[] = [];
      let cursor: string | null = null;
      for (let guard = 0; ; guard++) {
        expect(guard, 'loop guard').toBeLessThanOrEqual(ROWS + 1);
        if (cursor) search.set('cursor', cursor);
        const query = parseListQuery(route, search, ctx);
        const page = table.run(query);
        expect(page.records.length).toBeLessThanOrEqual(limit);
        if (guard === 0) {
          // The first page also matches SQL's own keyset page (limit + 1 fetch).
          const paged = toSql(query, { paged: true });
          const first = (await wh.all(paged.sql, paged.params)).map((row) => toRecordJson(route, fromSqlRow(route, row)));
          expect(page.records).toEqual(first.slice(0, limit));
          expect(page.nextCursor === null).toBe(first.length <= limit);
        }
        got.push(...page.records);
        if (page.nextCursor === null) break;
        expect(page.records.length).toBe(limit);
        cursor = page.nextCursor;
      }
      expect(new Set(got).size).toBe(got.length);
      expect(got, `${search.toString()}`).toEqual(expected);
      if (expected.length > 0) nonEmpty++;
    }
    // Guard against a vacuous pass: most random queries must select something.
    expect(nonEmpty).toBeGreaterThan(QUERIES / 3);
  });
});
