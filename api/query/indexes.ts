// Compact in-memory indexes over the filter columns of one Arrow file: dictionary codes per row (Int32Array),
// posting lists (value → sorted Uint32Array of row positions) for equality-style filters, lower-cased text for
// substring filters and day numbers for date bounds. Built once per export when the table is loaded.
import type { Table } from 'apache-arrow';
import type { ListRoute } from '../routes/types.ts';
import { NULL_INT, childInts, childStrings, readInts, readList, readStrings } from './arrow-read.ts';
import { filterColumns, type ColumnSpec, type ScalarType } from './columns.ts';

/** Per-value codes of a scalar or flattened list column; NULL_INT marks null. */
export interface Coded {
  codes: Int32Array;
  /** Code of a filter value, or undefined when no row holds it. */
  lookup(value: string | number): number | undefined;
  /** Rows holding each code, ascending, each row once. */
  postings: Map<number, Uint32Array>;
}

export type ColumnIndex =
  | ({
    shape: 'scalar'; texts: (string | null)[] | null; lowered: (string | null)[] | null; days: Int32Array | null;
    /** Raw values of an integer column that carries numeric bounds (NULL_INT = null). */
    ints: Int32Array | null;
  } & Coded)
  | ({ shape: 'list'; start: Uint32Array; end: Uint32Array } & Coded)
  | { shape: 'structs'; start: Uint32Array; end: Uint32Array; fields: Map<string, Coded> };

export const EMPTY_ROWS = new Uint32Array(0);

/** Build the index of every filter column of the route. */
export function buildIndexes(route: ListRoute, table: Table): Map<string, ColumnIndex> {
  const kinds = new Map<string, Set<string>>();
  for (const p of route.params) if (p.filter) (kinds.get(p.filter.column) ?? kinds.set(p.filter.column, new Set()).get(p.filter.column)!).add(p.filter.kind);
  const out = new Map<string, ColumnIndex>();
  for (const spec of filterColumns(route)) {
    const vector = table.getChild(spec.name);
    if (!vector) throw new Error(`${route.resource}.arrow lacks filter column ${spec.name}`);
    out.set(spec.name, _index(spec, vector, kinds.get(spec.name)!, table.numRows));
  }
  return out;
}

/** `YYYY-MM-DD` → yyyymmdd (order-preserving), or undefined for any other text. */
export function toDayNumber(value: string): number | undefined {
  if (value.length !== 10 || value[4] !== '-' || value[7] !== '-') return undefined;
  const n = Number(value.slice(0, 4) + value.slice(5, 7) + value.slice(8, 10));
  return Number.isInteger(n) && /^\d{4}-\d{2}-\d{2}$/.test(value) ? n : undefined;
}

function _index(spec: ColumnSpec, vector: NonNullable<ReturnType<Table['getChild']>>, kinds: Set<string>, rows: number): ColumnIndex {
  if (spec.shape === 'scalar') {
    const texts = spec.type === 'utf8' ? readStrings(vector) : null;
    const ints = spec.type === 'int32' ? readInts(vector) : null;
    const coded = spec.type === 'utf8' ? _codeStrings(texts!) : _codeInts(ints!);
    _fillPostings(coded, _identity(rows), rows);
    const ranged = kinds.has('gte') || kinds.has('lte');
    return {
      shape: 'scalar', ...coded,
      texts: ranged ? texts : null,
      lowered: kinds.has('substring') && texts ? texts.map((t) => (t === null ? null : t.toLowerCase())) : null,
      days: ranged && texts ? _days(texts) : null,
      ints: ranged ? ints : null,
    };
  }
  if (spec.shape === 'list') {
    const flat = readList(vector, (d, a, b) => _childCoded(spec.type, d, a, b), _concat);
    const coded = _recode(spec.type, flat.child);
    _fillPostings(coded, { start: flat.start, end: flat.end }, rows);
    return { shape: 'list', start: flat.start, end: flat.end, ...coded };
  }
  const flat = readList(vector, (d, a, b) => spec.fields.map((f, i) => _childCoded(f.type, d.children[i]!, a + d.offset, b + d.offset)), (parts) =>
    spec.fields.map((_, i) => _concat(parts.map((p) => p[i]!))));
  const fields = new Map<string, Coded>();
  spec.fields.forEach((f, i) => {
    const coded = _recode(f.type, flat.child[i]!);
    _fillPostings(coded, { start: flat.start, end: flat.end }, rows);
    fields.set(f.name, coded);
  });
  return { shape: 'structs', start: flat.start, end: flat.end, fields };
}

type Raw = { ints: Int32Array } | { texts: (string | null)[] };

function _childCoded(type: ScalarType, d: Parameters<typeof childInts>[0], from: number, to: number): Raw {
  return type === 'int32' ? { ints: childInts(d, from, to) } : { texts: childStrings(d, from, to) };
}

function _concat(parts: Raw[]): Raw {
  if (parts.length > 0 && 'ints' in parts[0]!) {
    const total = parts.reduce((n, p) => n + (p as { ints: Int32Array }).ints.length, 0);
    const ints = new Int32Array(total);
    let at = 0;
    for (const p of parts) { ints.set((p as { ints: Int32Array }).ints, at); at += (p as { ints: Int32Array }).ints.length; }
    return { ints };
  }
  return { texts: parts.flatMap((p) => (p as { texts: (string | null)[] }).texts) };
}

function _recode(type: ScalarType, raw: Raw): Omit<Coded, 'postings'> & { postings: Map<number, Uint32Array> } {
  return type === 'int32' ? _codeInts((raw as { ints: Int32Array }).ints) : _codeStrings((raw as { texts: (string | null)[] }).texts);
}

function _codeStrings(texts: (string | null)[]): Coded {
  const dict = new Map<string, number>();
  const codes = new Int32Array(texts.length);
  texts.forEach((t, i) => {
    if (t === null) { codes[i] = NULL_INT; return; }
    let c = dict.get(t);
    if (c === undefined) dict.set(t, (c = dict.size));
    codes[i] = c;
  });
  return { codes, postings: new Map(), lookup: (v) => dict.get(String(v)) };
}

function _codeInts(codes: Int32Array): Coded {
  return { codes, postings: new Map(), lookup: (v) => (typeof v === 'number' && v !== NULL_INT ? v : /^\d+$/.test(String(v)) ? Number(v) : undefined) };
}

type RowMap = { start: Uint32Array; end: Uint32Array };

function _identity(rows: number): RowMap {
  const start = new Uint32Array(rows);
  for (let i = 0; i < rows; i++) start[i] = i;
  return { start, end: start.map((v) => v + 1) };
}

/** Two passes (count, fill) so each posting list is one exact-size typed array. */
function _fillPostings(coded: Coded, map: RowMap, rows: number): void {
  const counts = new Map<number, number>();
  const lastRow = new Map<number, number>();
  const visit = (fn: (code: number, row: number) => void) => {
    lastRow.clear();
    for (let r = 0; r < rows; r++) {
      for (let e = map.start[r]!; e < map.end[r]!; e++) {
        const c = coded.codes[e]!;
        if (c === NULL_INT || lastRow.get(c) === r) continue;
        lastRow.set(c, r);
        fn(c, r);
      }
    }
  };
  visit((c) => counts.set(c, (counts.get(c) ?? 0) + 1));
  const fill = new Map<number, number>();
  for (const [c, n] of counts) { coded.postings.set(c, new Uint32Array(n)); fill.set(c, 0); }
  visit((c, r) => { const at = fill.get(c)!; coded.postings.get(c)![at] = r; fill.set(c, at + 1); });
}

function _days(texts: (string | null)[]): Int32Array | null {
  const days = new Int32Array(texts.length);
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i];
    if (t === null) { days[i] = NULL_INT; continue; }
    const d = toDayNumber(t);
    // One value that is not a plain date makes the whole column compare as text instead.
    if (d === undefined) return null;
    days[i] = d;
  }
  return days;
}
