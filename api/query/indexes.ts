// Compact in-memory indexes over the filter columns of one Arrow file: dense dictionary codes per row (Int32Array),
// posting lists (code → sorted row positions, all codes' lists in one Uint32Array) for equality-style filters,
// lower-cased text for substring filters and day numbers for date bounds. Built once per export when the table is
// loaded, with typed-array counters (no Map per element).
import type { Table } from 'apache-arrow';
import type { ListRoute } from '../routes/types.ts';
import { NULL_INT, childInts, childStrings, readInts, readList, readStrings } from './arrow-read.ts';
import { filterColumns, type ColumnSpec, type ScalarType } from './columns.ts';

/** Per-value codes (0 … distinct values - 1) of a scalar or flattened list column; NULL_INT marks null. */
export interface Coded {
  codes: Int32Array;
  /** Code of a filter value, or undefined when no row holds it. */
  lookup(value: string | number): number | undefined;
  /** Rows holding a code, ascending, each row once. */
  posting(code: number): Uint32Array;
}

/** Codes before their postings are built. */
type Codes = Omit<Coded, 'posting'> & { count: number };

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

/** yyyymmdd → `YYYY-MM-DD` (toDayNumber's inverse). */
export function fromDayNumber(day: number): string {
  const text = String(day).padStart(8, '0');
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
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
    const ranged = kinds.has('gte') || kinds.has('lte');
    const days = ranged && texts ? _days(texts) : null;
    return {
      shape: 'scalar', ..._withPostings(coded, null, rows),
      // a date column's bounds compare day numbers; its row texts (a string per row) are not kept beside them
      texts: ranged && !days ? texts : null,
      lowered: kinds.has('substring') && texts ? texts.map((t) => (t === null ? null : t.toLowerCase())) : null,
      days,
      ints: ranged ? ints : null,
    };
  }
  if (spec.shape === 'list') {
    const flat = readList(vector, (d, a, b) => _childCoded(spec.type, d, a, b), _concat);
    return { shape: 'list', start: flat.start, end: flat.end, ..._withPostings(_recode(spec.type, flat.child), flat, rows) };
  }
  const flat = readList(vector, (d, a, b) => spec.fields.map((f, i) => _childCoded(f.type, d.children[i]!, a + d.offset, b + d.offset)), (parts) =>
    spec.fields.map((_, i) => _concat(parts.map((p) => p[i]!))));
  const fields = new Map<string, Coded>();
  spec.fields.forEach((f, i) => fields.set(f.name, _withPostings(_recode(f.type, flat.child[i]!), flat, rows)));
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

/** Dense codes of `n` values in order of first appearance; a null value keeps NULL_INT. */
function _dense<K>(n: number, valueAt: (i: number) => K | null): { codes: Int32Array; dict: Map<K, number> } {
  const dict = new Map<K, number>();
  const codes = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = valueAt(i);
    if (v === null) {
      codes[i] = NULL_INT;
      continue;
    }
    let c = dict.get(v);
    if (c === undefined) dict.set(v, (c = dict.size));
    codes[i] = c;
  }
  return { codes, dict };
}

function _recode(type: ScalarType, raw: Raw): Codes {
  return type === 'int32' ? _codeInts((raw as { ints: Int32Array }).ints) : _codeStrings((raw as { texts: (string | null)[] }).texts);
}

function _codeStrings(texts: (string | null)[]): Codes {
  const { codes, dict } = _dense(texts.length, (i) => texts[i] ?? null);
  return { codes, count: dict.size, lookup: _stringLookup(dict) };
}

// The lookups are made outside the coding functions on purpose: a closure created there would share V8's context
// with the value reader above and keep the whole column's values (one string per row) alive for the export's life.
function _stringLookup(dict: Map<string, number>): Coded['lookup'] {
  return (v) => dict.get(String(v));
}

function _intLookup(dict: Map<number, number>): Coded['lookup'] {
  return (v) => {
    const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : undefined;
    return n === undefined || n === NULL_INT ? undefined : dict.get(n);
  };
}

function _codeInts(ints: Int32Array): Codes {
  const { codes, dict } = _dense(ints.length, (i) => (ints[i] === NULL_INT ? null : ints[i]!));
  return { codes, count: dict.size, lookup: _intLookup(dict) };
}

/** Elements [start[r], end[r]) of row r; null: element r is row r (a scalar column). */
type RowMap = { start: Uint32Array; end: Uint32Array } | null;

/** Two passes (count, fill) into one array holding every code's rows, so each posting list is a view of it. */
function _withPostings(coded: Codes, map: RowMap, rows: number): Coded {
  const { codes, count } = coded;
  const starts = new Uint32Array(count + 1);
  const last = new Int32Array(count).fill(-1);
  for (let r = 0; r < rows; r++) {
    for (let e = map ? map.start[r]! : r, end = map ? map.end[r]! : r + 1; e < end; e++) {
      const c = codes[e]!;
      if (c === NULL_INT || last[c] === r) continue;
      last[c] = r;
      starts[c + 1]!++;
    }
  }
  for (let c = 0; c < count; c++) starts[c + 1]! += starts[c]!;
  const all = new Uint32Array(starts[count]!);
  const fill = starts.slice(0, count);
  last.fill(-1);
  for (let r = 0; r < rows; r++) {
    for (let e = map ? map.start[r]! : r, end = map ? map.end[r]! : r + 1; e < end; e++) {
      const c = codes[e]!;
      if (c === NULL_INT || last[c] === r) continue;
      last[c] = r;
      all[fill[c]!++] = r;
    }
  }
  return {
    codes,
    lookup: coded.lookup,
    posting: (code) => (code >= 0 && code < count ? all.subarray(starts[code]!, starts[code + 1]!) : EMPTY_ROWS),
  };
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
