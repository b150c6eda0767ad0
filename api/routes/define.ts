// Definers of the route registry: one helper per kind of route and parameter, so every route reads the same way.
import type { DetailRoute, FilterDef, ListRoute, ParamDef, StaticRoute } from './types.ts';
import { recordFields } from '../schemas/registry.ts';

export type Group = ListRoute['group'];

/** A list route; its table is `api_<resource>` unless given, and its fields are its record schema's properties. */
export function defineList(group: Group, r: Omit<ListRoute, 'kind' | 'group' | 'table' | 'fields'> & { table?: string }): ListRoute {
  return { kind: 'list', group, table: `api_${r.resource.replace(/-/g, '_')}`, ...r, fields: recordFields(r.schema) };
}

/** A detail route reading `api_<resource>_detail`. */
export function defineDetail(group: Group, id: string, path: string, resource: string, schema: string, slugs: boolean,
  summary: string, idDescription: string): DetailRoute {
  return {
    kind: 'detail', id, path, resource, schema, slugs, summary, idDescription, group,
    table: `api_${resource.replace(/-/g, '_')}_detail`,
  };
}

/** A route answered by one static file; `table` when the pipeline computes the document. */
export function defineStatic(id: string, path: string, group: Group, summary: string, file: string, schema: string,
  table?: string): StaticRoute {
  return { kind: 'static', id, path, group, summary, file, schema, ...(table ? { table } : {}) };
}

/**
 * An insight table (`/insights/<name>`): a list route over `api_insight_<name>`, its rows published under
 * `insights/<name>` in the site (canonical pages, Arrow data, bulk files), its schema the row schema named.
 */
export function defineInsight(group: Group, r: Omit<ListRoute, 'kind' | 'group' | 'table' | 'fields' | 'id' | 'path' | 'resource' | 'primaryKey'>
  & { name: string; primaryKey: readonly string[] }): ListRoute {
  const { name, ...rest } = r;
  return defineList(group, {
    ...rest, id: `insights.${name}`, path: `/insights/${name}`, resource: `insights/${name}`,
    table: `api_insight_${name.replace(/[-/]/g, '_')}`,
  });
}

/** An integer parameter taking one of a few values (`window`: 30, 90 or 180). */
export function intEnumParam(name: string, values: readonly number[], description: string, filter: FilterDef): ParamDef {
  return { name, in: 'query', type: 'integer', enum: values.map(String), minimum: 0, description, filter };
}

export function q(column: string, description: string): ParamDef {
  return { name: 'q', in: 'query', type: 'string', description, filter: { kind: 'substring', column } };
}

/** The full-text `search` filter of a text-bearing list (an extension of the v1 contract; docs/search.md). */
export function searchParam(fields: string): ParamDef {
  return {
    name: 'search', in: 'query', type: 'string', search: true,
    description: `Extension (not in the v1 contract): full-text search of ${fields}. All words must match (case, accents `
      + 'and English word endings folded); "a quoted phrase", word* for a prefix, -word to exclude (docs/search.md). '
      + 'Combines with every other filter; the order and paging are unchanged.',
  };
}

/** The fields that name one row of a list route (its primary key): `id` unless the route says otherwise. */
export function primaryKeyOf(route: ListRoute): readonly string[] {
  return route.primaryKey ?? ['id'];
}

/** A parameter taking one value of a value set (api/schemas/vocabulary.ts); numbers are accepted as their text. */
export function enumParam(name: string, values: readonly (string | number)[], description: string, filter: FilterDef): ParamDef {
  return { name, in: 'query', type: 'string', enum: values.map(String), description, filter };
}

export function intParam(name: string, description: string, filter: FilterDef): ParamDef {
  return { name, in: 'query', type: 'integer', minimum: 0, description, filter };
}

/** A pattern a text parameter must match, with a value of its shape for the error message that refuses a value. */
export interface ValueShape {
  pattern: string;
  example: string;
}

export function strParam(name: string, description: string, filter: FilterDef, shape?: ValueShape): ParamDef {
  return { name, in: 'query', type: 'string', description, filter, ...(shape ? { pattern: shape.pattern, example: shape.example } : {}) };
}

/** An integer id of a person (`member`, `candidate`): a name sent instead is answered with the /people look-up. */
export function personParam(name: string, description: string, column: string): ParamDef {
  return { ...intParam(name, description, { kind: 'eq', column, cast: 'integer' }), lookup: '/people' };
}

export function dateParam(name: string, description: string, filter: FilterDef): ParamDef {
  return { name, in: 'query', type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', example: '2025-01-31', description, filter };
}

export const TERM: ValueShape = { pattern: '^\\d{4}-\\d{4}$', example: '2022-2026' };
export const TOPIC: ValueShape = { pattern: '^[a-z][a-z0-9_]*$', example: 'affordable_housing' };

export function termParam(description: string, filter: FilterDef): ParamDef {
  return { name: 'term', in: 'query', type: 'string', pattern: TERM.pattern, example: TERM.example, description, filter };
}

export function topicParam(description: string, filter: FilterDef): ParamDef {
  return { name: 'topic', in: 'query', type: 'string', pattern: TOPIC.pattern, example: TOPIC.example, description, filter };
}

/**
 * An organisation-id parameter. Rows name canonical organisation records (published L3 merges applied), and the
 * filter matches any id of the record's family, carried in `column` (`f_<name>_ids`): a merged record's id answers
 * as its canonical record's, as `/organizations/{id}` does.
 */
export function organizationParam(name: string, description: string, column: string): ParamDef {
  return {
    ...intParam(name, `${description}; a merged record's id matches its canonical record`, { kind: 'contains', column, cast: 'integer' }),
    lookup: '/organizations',
  };
}

/**
 * The published field whose values a required parameter selects (the reference page and the tests take an example
 * value from it): the parameter's filter column when the rows publish it, else the leading field of the route's
 * primary key (`organization` → `organization_id`, whose family ids the filter column holds).
 */
export function requiredParamField(route: ListRoute, param: ParamDef): string {
  const column = param.filter && 'column' in param.filter ? param.filter.column : null;
  return column !== null && route.fields.includes(column) ? column : primaryKeyOf(route)[0]!;
}
