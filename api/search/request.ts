// Validates a GET /search query string (docs/search.md): `q` in the query language, `type` (one or several kinds,
// comma-separated), `limit` and `cursor` as on every list. The cursor is bound, like a list's, to the query (q and
// the types, normalised) and to the export; it carries the last hit's (score, type, id).
import { hash } from 'node:crypto';
import { ApiError, clipInput } from '../errors.ts';
import { fromCursor } from '../query/cursor.ts';
import { toLimit } from '../query/params.ts';
import type { ExportContext } from '../query/types.ts';
import { PAGE_LIMIT_MAX, type SearchRoute } from '../routes/types.ts';
import { SEARCH_TYPES } from '../schemas/vocabulary.ts';
import type { SearchType } from './documents.ts';
import { parseSearch, type SearchQuery } from './query.ts';
import type { SearchKey } from './ranked.ts';

export interface SearchRequest {
  query: SearchQuery;
  /** The kinds asked for, in SEARCH_TYPES' order. */
  types: readonly SearchType[];
  limit: number;
  after: SearchKey | null;
  /** Binds cursors to q and the types. */
  queryHash: string;
}

const ACCEPTED = ['q', 'type', 'limit', 'cursor'];

/** Parse and validate a /search query string; every rejection is a 400 naming the parameter. */
export function parseSearchRequest(route: SearchRoute, params: URLSearchParams, ctx: ExportContext): SearchRequest {
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!ACCEPTED.includes(name)) {
      throw new ApiError(400, 'unknown_parameter', `Unknown parameter "${clipInput(name)}" for ${route.path}; accepted parameters: ${ACCEPTED.join(', ')}`);
    }
    if (seen.has(name)) throw new ApiError(400, 'invalid_parameter', `Parameter "${clipInput(name)}" was given more than once; give it at most once`);
    seen.add(name);
  }
  const q = params.get('q');
  if (q === null) throw new ApiError(400, 'invalid_parameter', 'Parameter "q" is required: the words to find (docs/search.md)');
  const query = parseSearch(q, 'q');
  const types = _types(params.get('type'));
  const limit = toLimit(params.get('limit'));
  if (limit === null) {
    throw new ApiError(400, 'invalid_parameter', `Parameter "limit" must be an integer from 1 to ${PAGE_LIMIT_MAX}, got "${clipInput(params.get('limit') ?? '')}"`);
  }
  const queryHash = hash('sha256', JSON.stringify([route.id, q, types]), 'base64url').slice(0, 16);
  const token = params.get('cursor');
  if (token === '') throw new ApiError(400, 'invalid_cursor', 'Parameter "cursor" is empty; pass the next_cursor value of a previous page');
  const after = token === null ? null : fromSearchKey(fromCursor(token, { query: queryHash, export: ctx.exportId }, ctx.cursorSecret).after);
  return { query, types, limit, after, queryHash };
}

/** A hit's key as a cursor carries it. */
export function toSearchKey(key: SearchKey): string {
  return JSON.stringify([key.score, key.type, key.id]);
}

function fromSearchKey(text: string): SearchKey {
  const [score, type, id] = JSON.parse(text) as [number, SearchType, string];
  return { score, type, id };
}

function _types(raw: string | null): SearchType[] {
  if (raw === null) return [...SEARCH_TYPES];
  const asked = raw.split(',');
  for (const t of asked) {
    if (!(SEARCH_TYPES as readonly string[]).includes(t)) {
      throw new ApiError(400, 'invalid_parameter', `Parameter "type" must be one or several of ${SEARCH_TYPES.join(', ')} (comma-separated), got "${clipInput(raw)}"`);
    }
  }
  return SEARCH_TYPES.filter((t) => asked.includes(t));
}
