// GET /search: ranked full-text search across the service, an extension of the v1 contract (docs/search.md).
import { SEARCH_TYPES } from '../schemas/vocabulary.ts';
import type { SearchRoute } from './types.ts';

/** The full-text query language's limits (on /search and on the lists' search): characters and terms of one query. */
export const SEARCH_MAX_CHARS = 200;
export const SEARCH_MAX_TERMS = 16;

export const SEARCH_ROUTE: SearchRoute = {
  kind: 'search',
  id: 'search',
  path: '/search',
  group: 'Search',
  schema: 'SearchHit',
  summary: 'Full-text search across registrations, communications, agenda items, applications, contracts, organisations, people and sites',
  description: 'Extension (not in the v1 contract). Hits ranked by BM25 over weighted fields (docs/search.md gives the '
    + 'weights), ties broken by type then id; each with a title, an HTML-safe snippet of its best matching field '
    + '(matched words in <mark>…</mark>), its score and its API URL. The query language is that of the lists\' search '
    + 'parameter.',
  params: [
    {
      name: 'q', in: 'query', type: 'string', required: true, search: true,
      description: `The words to find (at most ${SEARCH_MAX_CHARS} characters, 16 terms): all must match; "a quoted phrase", `
        + 'word* for a prefix, -word to exclude. Case, accents and English word endings are folded.',
    },
    {
      name: 'type', in: 'query', type: 'string', pattern: `^(${SEARCH_TYPES.join('|')})(,(${SEARCH_TYPES.join('|')}))*$`,
      example: 'registration,agenda_item',
      description: `Only hits of these types, comma-separated: ${SEARCH_TYPES.join(', ')} (default: all)`,
    },
  ],
};

export const searchRoutes: readonly SearchRoute[] = [SEARCH_ROUTE];
