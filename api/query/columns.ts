// Which typed filter columns a list route's Arrow file carries, derived from the route's FilterDefs.
// Shared by the Arrow writer (site), the in-memory engine and the SQL translation, so the three cannot disagree.
import type { FilterDef, ListRoute } from '../routes/types.ts';

export type ScalarType = 'utf8' | 'int32';

export type ColumnSpec =
  | { name: string; shape: 'scalar'; type: ScalarType }
  | { name: string; shape: 'list'; type: ScalarType }
  | { name: string; shape: 'structs'; fields: { name: string; type: ScalarType }[] };

/** Filter columns of a route in first-use order (every column referenced by a filtering parameter, once). */
export function filterColumns(route: ListRoute): ColumnSpec[] {
  const specs = new Map<string, ColumnSpec>();
  for (const param of route.params) {
    if (!param.filter) continue;
    const f = param.filter;
    if (f.column === '_sort' || f.column === '_json') throw new Error(`${route.id}: filter column ${f.column} is reserved`);
    const next = _specOf(f);
    const prev = specs.get(f.column);
    if (!prev) {
      specs.set(f.column, next);
    } else if (prev.shape === 'structs' && next.shape === 'structs') {
      const field = next.fields[0]!;
      const known = prev.fields.find((x) => x.name === field.name);
      if (!known) prev.fields.push(field);
      else if (known.type !== field.type) throw new Error(`${route.id}: ${f.column}.${field.name} is used as two types`);
    } else if (prev.shape !== next.shape || (prev.shape !== 'structs' && next.shape !== 'structs' && prev.type !== next.type)) {
      throw new Error(`${route.id}: filter column ${f.column} is used with incompatible filters`);
    }
  }
  return [...specs.values()];
}

function _specOf(f: FilterDef): ColumnSpec {
  const type: ScalarType = 'cast' in f && f.cast === 'integer' ? 'int32' : 'utf8';
  switch (f.kind) {
    case 'eq':
      return { name: f.column, shape: 'scalar', type };
    case 'substring':
      return { name: f.column, shape: 'scalar', type: 'utf8' };
    case 'gte':
    case 'lte':
      return { name: f.column, shape: 'scalar', type };
    case 'contains':
      return { name: f.column, shape: 'list', type };
    case 'element':
      return { name: f.column, shape: 'structs', fields: [{ name: f.field, type }] };
  }
}
