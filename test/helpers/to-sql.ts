// Translates a validated ListQuery into DuckDB SQL over the route's api_ table with the same semantics as the
// in-memory engine. Used by the differential tests (engine vs warehouse) and handy when checking a number by hand.
import { quoteIdent } from '../../pipeline/db/warehouse.ts';
import type { FilterDef } from '../../api/routes/types.ts';
import { schemas } from '../../api/schemas/registry.ts';
import type { ListQuery } from '../../api/query/types.ts';

export interface SqlQuery {
  sql: string;
  params: Record<string, string | number>;
}

/**
 * `select _sort, <fields> from <table> where … order by _sort`. With `paged`, also applies the cursor's key and
 * fetches limit + 1 rows, exactly like the engine; without it, returns every matching row.
 */
export function toSql(query: ListQuery, options: { paged?: boolean } = {}): SqlQuery {
  const { route } = query;
  const params: Record<string, string | number> = {};
  const where: string[] = [];
  const elements = new Map<string, string[]>();
  let n = 0;
  const bind = (value: string | number, cast?: 'integer'): string => {
    const name = `p${n++}`;
    params[name] = value;
    return cast === 'integer' ? `$${name}::INTEGER` : `$${name}::VARCHAR`;
  };
  for (const param of route.params) {
    const value = query.filters.get(param.name);
    const f = param.filter;
    if (value === undefined || !f) continue;
    const col = quoteIdent(f.column);
    if (f.kind === 'element') {
      const list = elements.get(f.column) ?? elements.set(f.column, []).get(f.column)!;
      list.push(`x.${quoteIdent(f.field)} = ${bind(value, f.cast)}`);
    } else {
      where.push(_condition(f, col, bind(value, 'cast' in f ? f.cast : undefined)));
    }
  }
  for (const [column, conditions] of elements) {
    // One struct element must satisfy every condition at once (people: role, ward and term of the same role).
    where.push(`coalesce(len(list_filter(${quoteIdent(column)}, lambda x: ${conditions.join(' and ')})), 0) > 0`);
  }
  let tail = '';
  if (options.paged) {
    if (query.cursor) where.push(`_sort > ${bind(query.cursor.after)}`);
    tail = ` limit ${query.limit + 1}`;
  }
  const fields = route.fields.map(quoteIdent).join(', ');
  const sql = `select _sort, ${fields} from ${quoteIdent(route.table)}${where.length ? ` where ${where.join(' and ')}` : ''} order by _sort${tail}`;
  return { sql, params };
}

function _condition(f: Exclude<FilterDef, { kind: 'element' }>, col: string, value: string): string {
  switch (f.kind) {
    case 'eq':
      return `${col} = ${value}`;
    case 'substring':
      return `contains(lower(${col}), lower(${value}))`;
    // Bounds compare integers numerically, and text in byte order as the engine does (a DATE column renders as the
    // same YYYY-MM-DD text).
    case 'gte':
      return f.cast === 'integer' ? `${col} >= ${value}` : `cast(${col} as varchar) >= ${value}`;
    case 'lte':
      return f.cast === 'integer' ? `${col} <= ${value}` : `cast(${col} as varchar) <= ${value}`;
    case 'contains':
      return `coalesce(list_contains(${col}, ${value}), false)`;
  }
}

/** A row read back from DuckDB in the shape the engine publishes: JSON columns (a link's evidence) arrive as text
 *  and are parsed, exactly as the site reader does before writing. */
export function fromSqlRow(route: ListQuery['route'], row: Record<string, unknown>): Record<string, unknown> {
  const props = (schemas[route.schema] as { properties: Record<string, { type?: unknown; items?: { type?: unknown } }> }).properties;
  const out = { ...row };
  for (const f of route.fields) {
    const type = props[f]?.type;
    // an object, or a list of objects (former officials' evidence), is a JSON column
    const isObject = type === 'object' || (Array.isArray(type) && type.includes('object'))
      || (type === 'array' && props[f]?.items?.type === 'object');
    if (isObject && typeof out[f] === 'string') out[f] = JSON.parse(out[f] as string);
  }
  return out;
}
