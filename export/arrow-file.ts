// Writes the Arrow IPC file behind one list route (`_data/<resource>.arrow`), which the gateway loads into its
// in-memory indexes and the site writer reloads to render the canonical pages.
//
// Layout: one record batch, rows in `_sort` byte order (UTF-8), columns
//   _sort  Utf8, not null, unique   keyset of the route's order (contracts.md §3)
//   _json  Utf8, not null           the public record, serialised with exactly route.fields in order
//   <col>  one per filter column referenced by the route's params (api/query/columns.ts), typed:
//            eq/substring/gte/lte → Utf8, or Int32 when the filter casts to integer
//            contains             → List<Utf8> or List<Int32>
//            element              → List<Struct<field: Utf8|Int32, …>> with the fields the params name
// Null scalars stay null (they never match a filter); a null list is written as null and behaves as empty.
import { Field, Int32, List, Struct, Table, Utf8, tableToIPC, vectorFromArray, type DataType, type Vector } from 'apache-arrow';
import type { ListRoute } from '../api/routes/types.ts';
import { filterColumns, type ColumnSpec, type ScalarType } from '../api/query/columns.ts';
import { compareKeys } from '../api/query/keys.ts';

/** A warehouse row: contract fields, `_sort` and `f_*` filter columns. */
export type SourceRow = Readonly<Record<string, unknown>>;

export interface ArrowFileResult {
  bytes: Uint8Array;
  /** Serialised public records in `_sort` order (what the engine will return). */
  records: string[];
  /** Rows in `_sort` order. */
  rows: SourceRow[];
}

/** Sort, serialise and encode a route's rows; throws on missing fields, duplicate keys or ill-typed filter values. */
export function toArrowFile(route: ListRoute, input: readonly SourceRow[]): ArrowFileResult {
  const rows = [...input];
  for (const row of rows) {
    if (typeof row._sort !== 'string' || row._sort === '') throw new Error(`${route.table}: a row has no _sort key`);
  }
  rows.sort((a, b) => compareKeys(a._sort as string, b._sort as string));
  for (let i = 1; i < rows.length; i++) {
    if (rows[i]!._sort === rows[i - 1]!._sort) throw new Error(`${route.table}: duplicate _sort key "${rows[i]!._sort as string}"`);
  }
  const records = rows.map((row) => toRecordJson(route, row));
  const columns: Record<string, Vector> = {
    _sort: vectorFromArray(rows.map((r) => r._sort as string), new Utf8()),
    _json: vectorFromArray(records, new Utf8()),
  };
  for (const spec of filterColumns(route)) {
    columns[spec.name] = vectorFromArray(rows.map((r) => _cell(route, spec, r[spec.name])), _arrowType(spec));
  }
  return { bytes: tableToIPC(new Table(columns), 'file'), records, rows };
}

/**
 * The file of a route's records with names beside ids (`_data/<resource>.labelled.arrow`, labels=1): `_sort` and
 * `_json` as in the route's own file, row for row, so the engine's rows read their labelled record from it and the
 * gateway reads it the same way (its records left on disk until asked for).
 */
export function toLabelledRecordsFile(sorts: readonly string[], records: readonly string[]): Uint8Array {
  if (sorts.length !== records.length) throw new Error('labelled records: one record per row');
  return tableToIPC(new Table({ _sort: vectorFromArray([...sorts], new Utf8()), _json: vectorFromArray([...records], new Utf8()) }), 'file');
}

/** Serialise the public record: exactly the contract fields, in contract order. */
export function toRecordJson(route: ListRoute, row: SourceRow): string {
  const record: Record<string, unknown> = {};
  for (const field of route.fields) {
    const value = row[field];
    // JSON.stringify would silently drop an undefined field; a missing contract field is a pipeline bug.
    if (value === undefined) throw new Error(`${route.table}: row ${String(row._sort)} lacks contract field "${field}"`);
    record[field] = value;
  }
  return JSON.stringify(record);
}

function _arrowType(spec: ColumnSpec): DataType {
  if (spec.shape === 'scalar') return _scalarType(spec.type);
  const item = spec.shape === 'list'
    ? _scalarType(spec.type)
    : new Struct(spec.fields.map((f) => new Field(f.name, _scalarType(f.type), true)));
  return new List(new Field('item', item, true));
}

function _scalarType(type: ScalarType): DataType {
  return type === 'int32' ? new Int32() : new Utf8();
}

function _cell(route: ListRoute, spec: ColumnSpec, value: unknown): unknown {
  const where = `${route.table}.${spec.name}`;
  if (value === undefined) throw new Error(`${where}: filter column missing from the rows`);
  if (spec.shape === 'scalar') return _scalar(where, spec.type, value);
  if (value === null) return null;
  if (!Array.isArray(value)) throw new Error(`${where}: expected a list, got ${JSON.stringify(value)}`);
  if (spec.shape === 'list') return value.map((v) => _scalar(where, spec.type, v));
  return value.map((el) => {
    if (el === null || typeof el !== 'object') throw new Error(`${where}: expected a list of structs`);
    const out: Record<string, unknown> = {};
    for (const f of spec.fields) out[f.name] = _scalar(`${where}.${f.name}`, f.type, (el as Record<string, unknown>)[f.name] ?? null);
    return out;
  });
}

/** Int32 min is the engine's null sentinel, so it is refused as a value. */
function _scalar(where: string, type: ScalarType, value: unknown): string | number | null {
  if (value === null) return null;
  if (type === 'int32') {
    const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n <= -2147483648 || n > 2147483647) {
      throw new Error(`${where}: expected a 32-bit integer, got ${JSON.stringify(value)}`);
    }
    return n;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new Error(`${where}: expected text, got ${JSON.stringify(value)}`);
}
