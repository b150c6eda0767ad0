// Seeded random rows and queries for any list route in the registry, shaped like its api_ table: contract fields
// (typed from the record schema), `_sort` and the filter columns, drawn from small pools so filters hit often.
import type { ListRoute, ParamDef } from '../../../api/routes/types.ts';
import { filterColumns } from '../../../api/query/columns.ts';
import { schemas } from '../../../api/schemas/registry.ts';

export type Rng = () => number;

/** Mulberry32: small, fast, deterministic. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const WORDS = ['Acme', 'acme', 'Maple', 'ÉCOLE', 'école', 'Tower', 'tower', 'Group', 'Ltd.', 'Bloor', 'King', '100%', 'a_b'];
const POOLS: Record<string, string[]> = {
  '^\\d{4}-\\d{4}$': ['2014-2018', '2018-2022', '2022-2026'],
  '^[a-z][a-z0-9_]*$': ['housing', 'transit', 'parks_2'],
  '^SM\\d+$': ['SM1', 'SM22', 'SM333'],
  '^[A-Z]{2,3}$': ['PH', 'EX', 'CC'],
  '^[A-Z]{2}$': ['OZ', 'SA', 'MV'],
  '^\\d{4}$': ['2014', '2018', '2022'],
  '^\\d{10}$': ['3407123456', '3407123457', '9999999999'],
  '^(\\d{4}Q[1-4]|term)$': ['2023Q1', '2024Q3', 'term'],
  '^\\d{4}Q[1-4]$': ['2023Q1', '2023Q2', '2024Q3'],
  '^\\d{4}-(0[1-9]|1[0-2])$': ['2023-01', '2023-07', '2024-12'],
  '^\\d{4}\\.[A-Z]{2,3}\\d+\\.\\d+[a-z]?$': ['2023.PH5.12', '2024.EX1.3', '2025.CC30.1'],
  '^\\d+(:\\d+)?$': ['12', '12:4', '7'],
  '^([a-z][a-z0-9_]*|\\*)$': ['*', 'housing', 'transit'],
};

export function randomDate(r: Rng): string {
  const y = 2019 + Math.floor(r() * 5);
  const m = 1 + Math.floor(r() * 12);
  const d = 1 + Math.floor(r() * 28);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A value for a parameter drawn from the pools (sometimes one that no row holds). */
export function paramValue(r: Rng, p: ParamDef): string {
  if (p.enum) return pick(r, p.enum);
  if (p.type === 'integer') return String(r() < 0.1 ? 99 : Math.floor(r() * 8));
  if (p.format === 'date') return randomDate(r);
  if (p.filter?.kind === 'substring') {
    const w = pick(r, WORDS);
    const i = Math.floor(r() * w.length);
    const s = w.slice(i, i + 1 + Math.floor(r() * 3));
    return r() < 0.5 ? s.toUpperCase() : s;
  }
  return pick(r, POOLS[p.pattern ?? ''] ?? ['alpha', 'beta']);
}

/** Rows for a route with contract fields, `_sort` and `f_*` columns. */
export function randomRows(route: ListRoute, n: number, r: Rng): Record<string, unknown>[] {
  const props = (schemas[route.schema] as { properties: Record<string, Prop> }).properties;
  const byColumn = new Map(route.params.filter((p) => p.filter).map((p) => [p.filter!.column, p] as const));
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const row: Record<string, unknown> = { _sort: `${Math.floor(r() * 1e6).toString(36).padStart(4, '0')}-${String(i).padStart(6, '0')}` };
    for (const field of route.fields) row[field] = _fieldValue(r, field, props[field]!, i, byColumn.get(field));
    // routes whose keys start with a column's value (communications: date) keep that convention
    if (route.sortLead) row._sort = `${String(row[route.sortLead] ?? '')} ${row._sort as string}`;
    for (const spec of filterColumns(route)) {
      if (spec.name in row) continue;
      if (spec.shape === 'scalar') row[spec.name] = r() < 0.1 ? null : _scalar(r, spec.type, byColumn.get(spec.name)!);
      else if (spec.shape === 'list') row[spec.name] = r() < 0.05 ? null : Array.from({ length: Math.floor(r() * 4) }, () => Math.floor(r() * 8));
      else {
        row[spec.name] = Array.from({ length: Math.floor(r() * 4) }, () => Object.fromEntries(spec.fields.map((f) => {
          const p = route.params.find((q) => q.filter?.kind === 'element' && q.filter.field === f.name)!;
          return [f.name, r() < 0.1 ? null : _scalar(r, f.type, p)];
        })));
      }
    }
    rows.push(row);
  }
  return rows;
}

function _scalar(r: Rng, type: 'utf8' | 'int32', p: ParamDef): string | number {
  const v = paramValue(r, p);
  return type === 'int32' ? (v === '99' ? 3 : Number(v)) : v;
}

type Prop = { type: unknown; format?: string; enum?: unknown[]; pattern?: string; minimum?: number; maximum?: number; minItems?: number;
  items?: { required?: string[]; enum?: unknown[] } };

function _fieldValue(r: Rng, field: string, prop: Prop, i: number, param?: ParamDef): unknown {
  const types = Array.isArray(prop.type) ? prop.type : [prop.type];
  const nullable = types.includes('null');
  if (field === 'id') return types.includes('integer') ? i + 1 : prop.pattern?.startsWith('^SM') ? `SM${i + 1}` : prop.pattern ? `2023.PH${i}.1` : `C${i}`;
  if (nullable && r() < 0.1) return null;
  if (param?.filter?.kind === 'contains' && types.includes('array')) {
    // a published list that is also filtered on (a group's bases): values from the filter's pool
    return Array.from({ length: Math.floor(r() * 3) }, () => paramValue(r, param));
  }
  if (param?.filter && param.filter.kind !== 'substring' && param.filter.kind !== 'gte' && param.filter.kind !== 'lte') {
    const v = paramValue(r, param);
    return types.includes('integer') ? (v === '99' ? 5 : Number(v)) : v;
  }
  if (prop.enum) return pick(r, prop.enum.filter((x) => x !== null));
  if (prop.format === 'date') return randomDate(r);
  if (prop.pattern && POOLS[prop.pattern]) return pick(r, POOLS[prop.pattern]!);
  const min = prop.minimum ?? 0;
  if (types.includes('integer')) return min + Math.floor(r() * ((prop.maximum ?? 1000) - min));
  if (types.includes('number')) {
    return prop.maximum === undefined ? Math.round(r() * 1e8) / 100 : Math.round((min + r() * (prop.maximum - min)) * 1e4) / 1e4;
  }
  if (types.includes('object')) return { features: [{ name: pick(r, WORDS), value: Math.round(r() * 100) / 100 }] };
  if (types.includes('array') && prop.items?.required) {
    // records with required keys (former officials' evidence: source and id), at least minItems of them
    const keys = prop.items.required;
    return Array.from({ length: (prop.minItems ?? 0) + Math.floor(r() * 2) }, (_, k) => Object.fromEntries(keys.map((key) => [key, `${pick(r, WORDS)}${k}`])));
  }
  // a list of values from a value set (a person's role_names): distinct, in order, as the pipeline writes them
  if (types.includes('array') && prop.items?.enum) return [...new Set(Array.from({ length: Math.floor(r() * 3) }, () => pick(r, prop.items!.enum!)))].sort();
  if (types.includes('array')) return Array.from({ length: Math.floor(r() * 3) }, () => pick(r, WORDS));
  return Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(r, WORDS)).join(' ');
}

/** DuckDB column types for loading the rows with read_json. */
export function duckColumns(route: ListRoute): Record<string, string> {
  const props = (schemas[route.schema] as { properties: Record<string, { type: unknown; format?: string; items?: { type?: unknown } }> }).properties;
  const cols: Record<string, string> = { _sort: 'VARCHAR' };
  for (const f of route.fields) {
    const p = props[f]!;
    const types = Array.isArray(p.type) ? p.type : [p.type];
    cols[f] = types.includes('integer') ? 'INTEGER' : types.includes('number') ? 'DOUBLE'
      : types.includes('array') && p.items?.type === 'object' ? 'JSON' // a list of records (evidence): a JSON column
      : types.includes('array') ? 'VARCHAR[]'
      : types.includes('object') ? 'JSON'
      : p.format === 'date' ? 'DATE' : 'VARCHAR';
  }
  for (const spec of filterColumns(route)) {
    if (spec.name in cols) continue;
    const t = (x: string) => (x === 'int32' ? 'INTEGER' : 'VARCHAR');
    cols[spec.name] = spec.shape === 'scalar' ? t(spec.type) : spec.shape === 'list' ? `${t(spec.type)}[]`
      : `STRUCT(${spec.fields.map((f) => `${f.name} ${t(f.type)}`).join(', ')})[]`;
  }
  return cols;
}
