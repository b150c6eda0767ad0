// Validates a list request's query string against the route registry and normalises it into a ListQuery.
// Every rejection is a 400 whose message names the parameter and what was expected, so a caller can fix the URL.
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, type ListRoute, type ParamDef } from '../routes/types.ts';
import { fromCursor, queryHash } from './cursor.ts';
import { ApiError, clipInput } from '../errors.ts';
import { dateMessage, integerMessage, patternMessage } from './param-messages.ts';
import { emptyRangeProblem } from './ranges.ts';
import type { ExportContext, ListQuery } from './types.ts';
import { LABELS_PARAM, parseLabels } from '../labels.ts';
import { FORMAT_PARAM } from '../take-away.ts';

/** Largest integer accepted by any integer parameter (warehouse integer columns are 32-bit). */
export const INT_PARAM_MAX = 2147483647;
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const DIGITS = /^\d+$/;
// Parameters of every list that choose the page or its form (labels, a whole answer's format), not the rows.
const NOT_FILTERS = new Set(['limit', 'cursor', LABELS_PARAM, FORMAT_PARAM]);

/** Parse and validate the query string of a list request. */
export function parseListQuery(route: ListRoute, search: URLSearchParams, ctx: ExportContext): ListQuery {
  const defs = _queryParams(route);
  const seen = new Set<string>();
  for (const name of search.keys()) {
    if (!defs.has(name) && !NOT_FILTERS.has(name)) {
      const known = [...defs.keys(), ...NOT_FILTERS].join(', ');
      throw bad('unknown_parameter', `Unknown parameter "${clipInput(name)}" for ${route.path}; accepted parameters: ${known}`);
    }
    if (seen.has(name)) throw bad('invalid_parameter', `Parameter "${clipInput(name)}" was given more than once; give it at most once`);
    seen.add(name);
  }

  const filters = new Map<string, string | number>();
  // Registry order, so the map (and everything derived from it) does not depend on the URL's parameter order.
  for (const def of defs.values()) {
    const raw = search.get(def.name);
    if (raw === null) {
      if (def.required) throw bad('invalid_parameter', `Parameter "${def.name}" is required: ${def.description}`);
      continue;
    }
    filters.set(def.name, _parseValue(def, raw));
  }

  const problem = route.validate?.(filters) ?? null;
  if (problem) throw bad('invalid_parameter', problem);
  const empty = emptyRangeProblem(route, filters);
  if (empty) throw bad('empty_range', empty);
  const limit = _parseLimit(search.get('limit'));
  const hash = queryHash(route, filters);
  const token = search.get('cursor');
  if (token === '') throw bad('invalid_cursor', 'Parameter "cursor" is empty; pass the next_cursor value of a previous page');
  const cursor = token === null ? null : fromCursor(token, { query: hash, export: ctx.exportId }, ctx.cursorSecret);
  // labels change the records' form, not which rows: not in the hash, so a cursor walks either form
  return { route, filters, limit, cursor, queryHash: hash, labels: parseLabels(search.get(LABELS_PARAM)) };
}

// A route's query parameters by name, built once per route (registry routes never change).
const paramsByRoute = new WeakMap<ListRoute, ReadonlyMap<string, ParamDef>>();

function _queryParams(route: ListRoute): ReadonlyMap<string, ParamDef> {
  let defs = paramsByRoute.get(route);
  if (!defs) paramsByRoute.set(route, defs = new Map(route.params.filter((p) => p.in === 'query').map((p) => [p.name, p])));
  return defs;
}

/** Whether `YYYY-MM-DD` names a real calendar day (rejects 2023-02-30 and month 13). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_SHAPE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, _isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
  return d <= days;
}

function _parseValue(def: ParamDef, raw: string): string | number {
  const name = def.name;
  if (def.type === 'integer') {
    const min = def.minimum ?? 0;
    const max = Math.min(def.maximum ?? INT_PARAM_MAX, INT_PARAM_MAX);
    if (!DIGITS.test(raw)) throw bad('invalid_parameter', integerMessage(def, raw, min, max));
    const n = Number(raw);
    if (n < min || n > max) throw bad('invalid_parameter', `Parameter "${name}" must be an integer from ${min} to ${max}, got ${clipInput(raw)}`);
    if (def.enum && !def.enum.includes(String(n))) {
      throw bad('invalid_parameter', `Parameter "${name}" must be one of ${def.enum.join(', ')}, got ${clipInput(raw)}`);
    }
    return n;
  }
  // a full-text query is read by its own language (api/search/query.ts), where the gateway looks its rows up
  if (def.search) return raw;
  if (raw === '') throw bad('invalid_parameter', `Parameter "${name}" must not be empty: ${def.description}`);
  if (def.enum && !def.enum.includes(raw)) {
    throw bad('invalid_parameter', `Parameter "${name}" must be one of ${def.enum.map((v) => `"${v}"`).join(', ')}, got "${clipInput(raw)}"`);
  }
  if (def.format === 'date' && !isCalendarDate(raw)) {
    throw bad('invalid_parameter', dateMessage(def, raw));
  }
  if (def.pattern && !new RegExp(def.pattern, 'u').test(raw)) {
    throw bad('invalid_parameter', patternMessage(def, raw));
  }
  // Integer-cast string parameters (e.g. recorded=1) travel as numbers so engine and SQL compare like with like.
  const cast = def.filter && 'cast' in def.filter ? def.filter.cast : undefined;
  if (cast === 'integer') {
    if (!DIGITS.test(raw) || Number(raw) > INT_PARAM_MAX) {
      throw bad('invalid_parameter', `Parameter "${name}" must be an integer from 0 to ${INT_PARAM_MAX}, got "${clipInput(raw)}"`);
    }
    return Number(raw);
  }
  return raw;
}

/** The page size a `limit` parameter's text asks for (the default when absent), or null when it is not one. */
export function toLimit(raw: string | null): number | null {
  if (raw === null) return PAGE_LIMIT_DEFAULT;
  return DIGITS.test(raw) && Number(raw) >= 1 && Number(raw) <= PAGE_LIMIT_MAX ? Number(raw) : null;
}

function _parseLimit(raw: string | null): number {
  const limit = toLimit(raw);
  if (limit === null) throw bad('invalid_parameter', `Parameter "limit" must be an integer from 1 to ${PAGE_LIMIT_MAX}, got "${clipInput(raw ?? '')}"`);
  return limit;
}

function bad(code: 'invalid_parameter' | 'empty_range' | 'unknown_parameter' | 'invalid_cursor', message: string): ApiError {
  return new ApiError(400, code, message);
}

function _isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}
