// The in-memory query engine over one list route's Arrow file. The site writer renders canonical pages with it and
// the gateway answers every other list request with it, so both produce the same records and cursors.
// A query picks the smallest posting list among its filters (or scans), starts after the cursor's `_sort` key
// (binary search), checks every filter per candidate row and stops after limit + 1 hits.
import { tableFromIPC } from 'apache-arrow';
import type { ListRoute } from '../routes/types.ts';
import { byteStrings, copyByteStrings, type ByteStrings } from './arrow-read.ts';
import { toCursor } from './cursor.ts';
import { buildIndexes } from './indexes.ts';
import { lowerBoundU32 } from './keys.ts';
import { compileFilters, type RowTest } from './predicates.ts';
import { memoryRecords, type RecordSource } from './records.ts';
import { sortKeys, type SortKeys } from './sort-keys.ts';
import { ApiError } from '../errors.ts';
import { listBodyBytes } from './envelope.ts';
import type { ExportContext, ListQuery, PageResult, ResourceTable, SearchFilter } from './types.ts';

export interface LoadOptions {
  /**
   * Where records are read from, given the `_json` column (a view of `arrowBytes`). Default: that view, so the
   * bytes stay in memory; the gateway reads them from the file instead (export/serve/file-records.ts).
   */
  records?: (json: ByteStrings) => RecordSource;
}

/**
 * Load a list route's Arrow file and index it for queries. What the table keeps is copied out of `arrowBytes`
 * (sort keys, indexes) except the records, which stay wherever `options.records` puts them.
 */
export function loadResourceTable(route: ListRoute, arrowBytes: Uint8Array, ctx: ExportContext, options: LoadOptions = {}): ResourceTable {
  const table = tableFromIPC(arrowBytes);
  const sortVector = table.getChild('_sort');
  const jsonVector = table.getChild('_json');
  if (!sortVector || !jsonVector) throw new Error(`${route.resource}.arrow lacks _sort or _json`);
  if (sortVector.nullCount > 0) throw new Error(`${route.resource}.arrow has a null _sort key`);
  const sort: SortKeys = sortKeys(copyByteStrings(byteStrings(sortVector)));
  const json = (options.records ?? memoryRecords)(byteStrings(jsonVector));
  const indexes = buildIndexes(route, table);
  const size = table.numRows;

  return {
    route,
    size,
    run(query: ListQuery): PageResult {
      const page = _page(query);
      return { records: page.rows.map((r) => json.get(r)), nextCursor: page.nextCursor };
    },
    runBody(query: ListQuery, records: RecordSource = json): Buffer {
      const page = _page(query);
      return listBodyBytes(records, page.rows, page.nextCursor, query.limit);
    },
    matchingRows(query: ListQuery, max: number): number[] {
      if (query.route.id !== route.id) throw new Error(`query for ${query.route.id} run against ${route.id}`);
      const [from, to] = _leadRange(route, query, sort);
      return _collect(compileFilters(route, indexes, query.filters, _search(route, query)), from, to, max + 1);
    },
    records: json,
  };

  function _page(query: ListQuery): { rows: number[]; nextCursor: string | null } {
    if (query.route.id !== route.id) throw new Error(`query for ${query.route.id} run against ${route.id}`);
    // Defence in depth: parseListQuery already verified the cursor, but a hand-built query must not slip past.
    if (query.cursor && (query.cursor.export !== ctx.exportId || query.cursor.query !== query.queryHash)) {
      throw new ApiError(400, 'invalid_cursor', 'Parameter "cursor" does not belong to this query and export');
    }
    const [from, to] = _leadRange(route, query, sort);
    const start = Math.max(from, query.cursor ? sort.upperBound(query.cursor.after) : 0);
    const hits = _collect(compileFilters(route, indexes, query.filters, _search(route, query)), start, to, query.limit + 1);
    const rows = hits.length > query.limit ? hits.slice(0, query.limit) : hits;
    const nextCursor = hits.length > query.limit
      ? toCursor({ after: sort.at(rows[rows.length - 1]!), query: query.queryHash, export: ctx.exportId }, ctx.cursorSecret)
      : null;
    return { rows, nextCursor };
  }
}

/**
 * Rows [from, to) that can satisfy bounds on the route's sort-leading column: keys are `<lead> <rest>`, so a row's
 * lead is ≥ v exactly when its key is ≥ v, and ≤ v exactly when its key is < v + '!' (the space sorts below '!').
 * Only prunes: every filter is still tested on every row in the range.
 */
function _leadRange(route: ListRoute, query: ListQuery, sort: SortKeys): [number, number] {
  let from = 0;
  let to = sort.length;
  if (!route.sortLead) return [from, to];
  for (const param of route.params) {
    const value = query.filters.get(param.name);
    if (value === undefined || param.filter?.column !== route.sortLead) continue;
    if (param.filter.kind === 'gte') from = Math.max(from, sort.lowerBound(String(value)));
    if (param.filter.kind === 'lte') to = Math.min(to, sort.lowerBound(`${String(value)}!`));
  }
  return [from, Math.max(from, to)];
}

/** The query's `search` filter, null without one; a query with one must come with it. */
function _search(route: ListRoute, query: ListQuery): SearchFilter | null {
  const param = route.params.find((p) => p.search);
  if (!param || query.filters.get(param.name) === undefined) return null;
  if (!query.search) throw new ApiError(503, 'service_unavailable', `Full-text search on ${route.path} is not available in this export`);
  return query.search;
}

function _collect(compiled: ReturnType<typeof compileFilters>, start: number, size: number, want: number): number[] {
  const hits: number[] = [];
  if (compiled === 'none') return hits;
  const { tests, driver } = compiled;
  if (driver) {
    for (let i = lowerBoundU32(driver, start); i < driver.length && hits.length < want; i++) {
      const row = driver[i]!;
      if (row >= size) break; // past the end of the range (postings are in row order)
      if (_passes(tests, row)) hits.push(row);
    }
  } else {
    for (let row = start; row < size && hits.length < want; row++) if (_passes(tests, row)) hits.push(row);
  }
  return hits;
}

/** Whether `row` passes every test. A module function, not a closure made per query: tsx's transform (esbuild's
 *  keepNames) names each closure assigned to a name with a defineProperty call, on every query. */
function _passes(tests: readonly RowTest[], row: number): boolean {
  for (const test of tests) if (!test(row)) return false;
  return true;
}
