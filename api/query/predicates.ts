// Turns a ListQuery's normalised filters into row tests over the indexes, plus the smallest posting list to drive
// the scan. Semantics follow FilterDef (api/routes/types.ts) and are mirrored in SQL by test/helpers/to-sql.ts:
// nulls never match; substring is case-insensitive; gte/lte compare dates (or text in byte order, or integers);
// element filters on one column must all hold for the same list element.
import type { ListRoute } from '../routes/types.ts';
import type { SearchFilter } from './types.ts';
import { NULL_INT } from './arrow-read.ts';
import type { ColumnIndex, Coded } from './indexes.ts';
import { fromDayNumber, toDayNumber } from './indexes.ts';
import { compareKeys, holdsU32 } from './keys.ts';

export type RowTest = (row: number) => boolean;
export type Compiled = { tests: RowTest[]; driver: Uint32Array | null } | 'none';

/** Compile the filters; 'none' when some filter value occurs in no row at all. `search`: a full-text search's rows
 *  that may match (ascending), which every row must be one of, and its test of the rest of the query. */
export function compileFilters(route: ListRoute, indexes: Map<string, ColumnIndex>, filters: ReadonlyMap<string, string | number>,
  search: SearchFilter | null = null): Compiled {
  const tests: RowTest[] = [];
  // each posting list with the test it makes redundant when it drives the scan (null: it implies none)
  const postings: { rows: Uint32Array; implies: RowTest | null }[] = [];
  if (search) {
    if (search.rows.length === 0) return 'none';
    const among = _among(search.rows);
    postings.push({ rows: search.rows, implies: among });
    tests.push(among);
    if (!search.exact) tests.push(search.test);
  }
  const elements = new Map<string, { field: string; code: number }[]>();
  for (const param of route.params) {
    const value = filters.get(param.name);
    const f = param.filter;
    if (value === undefined || !f) continue;
    const idx = indexes.get(f.column)!;
    if (f.kind === 'element') {
      if (idx.shape !== 'structs') throw new Error(`${f.column} is not a struct list`);
      const code = idx.fields.get(f.field)!.lookup(value);
      if (code === undefined) return 'none';
      (elements.get(f.column) ?? elements.set(f.column, []).get(f.column)!).push({ field: f.field, code });
      // a row on this list has the value in some element, not necessarily in the element the other fields match
      postings.push({ rows: idx.fields.get(f.field)!.posting(code), implies: null });
      continue;
    }
    if (idx.shape === 'structs') throw new Error(`${f.column} is a struct list`);
    if (f.kind === 'eq' || f.kind === 'contains') {
      const code = idx.lookup(value);
      if (code === undefined) return 'none';
      const test = idx.shape === 'scalar' ? _eq(idx.codes, code) : _contains(idx, code);
      // the posting list is exactly the rows this test accepts
      postings.push({ rows: idx.posting(code), implies: test });
      tests.push(test);
    } else if (f.kind === 'substring') {
      if (idx.shape !== 'scalar' || !idx.lowered) throw new Error(`${f.column} has no substring index`);
      const lowered = idx.lowered;
      const needle = String(value).toLowerCase();
      tests.push((row) => { const t = lowered[row]; return t !== null && t!.includes(needle); });
    } else {
      if (idx.shape !== 'scalar') throw new Error(`${f.column} has no range index`);
      tests.push(_bound(idx, String(value), f.kind));
    }
  }
  for (const [column, wanted] of elements) {
    const idx = indexes.get(column) as Extract<ColumnIndex, { shape: 'structs' }>;
    tests.push(_element(idx, wanted.map((w) => ({ codes: idx.fields.get(w.field)!.codes, code: w.code }))));
  }
  let driver: (typeof postings)[number] | null = null;
  for (const p of postings) if (driver === null || p.rows.length < driver.rows.length) driver = p;
  if (!driver) return { tests, driver: null };
  if (driver.rows.length === 0) return 'none';
  // every row the driver yields passes its own test: each test skipped is a call saved per candidate row
  return { tests: tests.filter((t) => t !== driver.implies), driver: driver.rows };
}

function _among(rows: Uint32Array): RowTest {
  return (row) => holdsU32(rows, row);
}

function _eq(codes: Int32Array, code: number): RowTest {
  return (row) => codes[row] === code;
}

function _contains(idx: { start: Uint32Array; end: Uint32Array } & Coded, code: number): RowTest {
  const { start, end, codes } = idx;
  return (row) => {
    for (let e = start[row]!; e < end[row]!; e++) if (codes[e] === code) return true;
    return false;
  };
}

function _element(idx: { start: Uint32Array; end: Uint32Array }, wanted: { codes: Int32Array; code: number }[]): RowTest {
  const { start, end } = idx;
  return (row) => {
    outer: for (let e = start[row]!; e < end[row]!; e++) {
      for (const w of wanted) if (w.codes[e] !== w.code) continue outer;
      return true;
    }
    return false;
  };
}

function _bound(idx: Extract<ColumnIndex, { shape: 'scalar' }>, value: string, kind: 'gte' | 'lte'): RowTest {
  if (idx.ints) {
    // integer column (e.g. a group's member count): numeric comparison, nulls never match
    const ints = idx.ints;
    const n = Number(value);
    return kind === 'gte'
      ? (row) => ints[row] !== NULL_INT && ints[row]! >= n
      : (row) => ints[row] !== NULL_INT && ints[row]! <= n;
  }
  const day = toDayNumber(value);
  if (idx.days) {
    const days = idx.days;
    if (day !== undefined) {
      return kind === 'gte'
        ? (row) => days[row] !== NULL_INT && days[row]! >= day
        : (row) => days[row] !== NULL_INT && days[row]! <= day;
    }
    // a bound that is not a whole date (no route's parameter allows one) compares with the dates as text
    return kind === 'gte'
      ? (row) => days[row] !== NULL_INT && compareKeys(fromDayNumber(days[row]!), value) >= 0
      : (row) => days[row] !== NULL_INT && compareKeys(fromDayNumber(days[row]!), value) <= 0;
  }
  const texts = idx.texts!;
  return kind === 'gte'
    ? (row) => texts[row] !== null && compareKeys(texts[row]!, value) >= 0
    : (row) => texts[row] !== null && compareKeys(texts[row]!, value) <= 0;
}
