// Which file of an export answers a request: the one rule, asked by everything that maps a request to a file (the
// site writer placing each canonical answer, the gateway's fast path and app, the engine's list path, the nginx
// configuration writer, the canonical-URL lister). A file answers only a canonical request (docs/static-hosting.md,
// "What the files answer"); anything else needs the engine or an error, which only the gateway gives.
import { toLimit } from '../api/query/params.ts';
import { FEED_NAME_PATTERN } from '../api/routes/feeds.ts';
import { PAGE_LIMIT_DEFAULT, type FeedRoute, type Route } from '../api/routes/types.ts';
import { CHART_FILES } from '../api/routes/charts.ts';
import { exportLayout, isSafeFileKey } from './layout.ts';

/**
 * The file (relative to the export folder) that answers a GET of `route`, or null when no file can: a static
 * document or a detail (`id`, the decoded path segment) with no query; a list's first page with no query or the
 * default limit alone; a list's page named by a lone cursor. A route with a required parameter has no unfiltered
 * answer, so no file. `query` is the query string (with or without its `?`, still percent-encoded) or its parsed
 * parameters. Whether this export holds the file is the caller's question (its manifest): a cursor minted on another
 * walk names no file.
 */
export function answeringFile(route: Route, query: string | URLSearchParams, id?: string): string | null {
  const raw = typeof query === 'string' ? (query.startsWith('?') ? query.slice(1) : query) : null;
  const bare = raw === '' || (raw === null && (query as URLSearchParams).size === 0);
  switch (route.kind) {
    case 'static':
      return bare ? exportLayout.staticFile(route.file) : null;
    case 'detail':
      return bare && id !== undefined && isSafeFileKey(id) ? exportLayout.detail(route.resource, id) : null;
    case 'chart': {
      // like a static document, a chart takes no parameters; a per-key chart's key is a file key
      if (!bare) return null;
      const file = CHART_FILES[route.format];
      if (route.variant === null) return exportLayout.chart(route.resource, file);
      return id !== undefined && isSafeFileKey(id) ? exportLayout.chart(route.resource, file, route.variant, id) : null;
    }
    case 'bulk':
    case 'search':
      return null;
    case 'feed':
      return bare ? _feedFile(route, id) : null;
    case 'list': {
      if (route.params.some((p) => p.required)) return null;
      // the spellings a client sends (no query, the default limit, a lone cursor) are told apart without parsing
      if (bare || raw === FIRST_PAGE_LIMIT) return exportLayout.listFirstPage(route.resource);
      if (raw !== null && raw.startsWith('cursor=') && !/[&%+]/.test(raw)) return _page(route.resource, raw.slice(7));
      // a filter named in plain text rules a file out before anything is parsed (most filtered requests)
      if (raw !== null && _namesAFilter(raw)) return null;
      return _parsed(route.resource, raw === null ? (query as URLSearchParams) : new URLSearchParams(raw));
    }
  }
}

/** A canonical request of a route, with FILE_KEY standing for any file key (an id or a cursor), and its file. */
export interface FileForm {
  /** The query string without `?`: '', `limit=100` or `cursor=${FILE_KEY}`. */
  query: string;
  /** FILE_KEY when the route's path takes an id. */
  id?: string;
  file: string;
}

/** Stands for a file key in a FileForm: itself a file key, so the rule accepts it like any other. */
export const FILE_KEY = 'FILEKEY';

/**
 * The canonical requests of a route, spelled the plain way, each with its file as answeringFile gives it: what a
 * static host's configuration matches (build/host/nginx.ts) and the canonical URLs are listed from
 * (export/canonical-urls.ts).
 */
export function fileForms(route: Route): FileForm[] {
  const id = route.kind === 'detail' || (route.kind === 'chart' && route.variant !== null) || (route.kind === 'feed' && route.variant === 'feed') ? FILE_KEY : undefined;
  const forms: FileForm[] = [];
  for (const query of ['', FIRST_PAGE_LIMIT, `cursor=${FILE_KEY}`]) {
    const file = answeringFile(route, query, id);
    if (file !== null) forms.push({ query, ...(id ? { id } : {}), file });
  }
  return forms;
}

const FIRST_PAGE_LIMIT = `limit=${PAGE_LIMIT_DEFAULT}`;
const FEED_NAME = new RegExp(FEED_NAME_PATTERN);

/** A feed route's file: the index, the OPML list, or the feed `id` names (a feed name is a file key, FILE_KEY too). */
function _feedFile(route: FeedRoute, id: string | undefined): string | null {
  if (route.variant === 'index') return exportLayout.feedIndex;
  if (route.variant === 'opml') return exportLayout.feedOpml;
  return id !== undefined && (id === FILE_KEY || FEED_NAME.test(id)) ? exportLayout.feed(id) : null;
}

/** Any other spelling, as the engine's parser reads it: only `limit` (the default, however written: toLimit) and
 *  `cursor`, each at most once. */
function _parsed(resource: string, params: URLSearchParams): string | null {
  let limit: string | null = null;
  let cursor: string | null = null;
  for (const [name, value] of params) {
    if (name === 'limit' && limit === null) limit = value;
    else if (name === 'cursor' && cursor === null) cursor = value;
    else return null;
  }
  if (toLimit(limit) !== PAGE_LIMIT_DEFAULT) return null;
  return cursor === null ? exportLayout.listFirstPage(resource) : _page(resource, cursor);
}

/** Whether a raw query names, in plain text, a parameter other than `limit` and `cursor`: it then asks for no file.
 *  A query with an escape (`%`, `+`) is left to the parser, which decodes names as the engine does. */
function _namesAFilter(raw: string): boolean {
  if (raw.includes('%') || raw.includes('+')) return false;
  for (let start = 0; start < raw.length;) {
    const end = raw.indexOf('&', start);
    const stop = end < 0 ? raw.length : end;
    if (stop > start && !_isPagingPair(raw, start, stop)) return true;
    start = stop + 1;
  }
  return false;
}

function _isPagingPair(raw: string, start: number, stop: number): boolean {
  for (const name of PAGING_NAMES) {
    const after = start + name.length;
    if (raw.startsWith(name, start) && (after === stop || raw.charCodeAt(after) === EQUALS)) return true;
  }
  return false;
}

const PAGING_NAMES = ['limit', 'cursor'];
const EQUALS = 61; // '='

function _page(resource: string, cursor: string): string | null {
  return isSafeFileKey(cursor) ? exportLayout.listPage(resource, cursor) : null;
}
