// The three kinds of registry route, answered from one export: static files, list pages (a precomputed page file
// for canonical requests, the in-memory engine for everything else) and detail documents by id or slug.
import { listBody } from '../../api/query/envelope.ts';
import { parseListQuery } from '../../api/query/params.ts';
import { ApiError } from '../../api/errors.ts';
import type { DetailRoute, ListRoute, StaticRoute } from '../../api/routes/types.ts';
import { isSafeFileKey, siteLayout } from '../../api/site-layout.ts';
import { hashBody } from './etag.ts';
import type { Reply } from './reply.ts';
import type { Site } from './site.ts';

const encoder = new TextEncoder();

/** GET / , /openapi.json, /topics. */
export async function serveStatic(site: Site, route: StaticRoute): Promise<Reply> {
  const reply = await _fileReply(site, siteLayout.staticFile(route.file));
  if (!reply) throw new ApiError(503, 'service_unavailable', `This export has no ${route.path} document`);
  return reply;
}

/** GET /<resource>?filters&limit&cursor. */
export async function serveList(site: Site, route: ListRoute, search: URLSearchParams): Promise<Reply> {
  const query = parseListQuery(route, search, site.ctx);
  if (query.canonical) {
    // The site writer precomputed every page of the unfiltered walk; the first page and each page reached by
    // following next_cursor are files. A valid cursor that is not on that walk (minted under another limit) has no
    // file, and the engine answers it instead.
    const cursor = search.get('cursor');
    const rel = cursor === null ? siteLayout.listFirstPage(route.resource) : siteLayout.listPage(route.resource, cursor);
    if (cursor === null || isSafeFileKey(cursor)) {
      const reply = await _fileReply(site, rel);
      if (reply) return reply;
    }
  }
  const table = site.tables.get(route.id);
  if (!table) throw new ApiError(503, 'service_unavailable', `Filtered queries on ${route.path} are not available in this export`);
  // limit and the cursor position are part of the answer; the filters are in the query hash
  const key = `${route.id}\n${query.queryHash}\n${query.limit}\n${query.cursor?.after ?? ''}`;
  let answer = site.answers?.get(key);
  if (!answer) {
    const body = encoder.encode(listBody(table.run(query), query.limit));
    answer = { body, digest: hashBody(body) };
    site.answers?.set(key, answer);
  }
  return { status: 200, body: answer.body, digest: answer.digest, site };
}

/** GET /<resource>/{id}: id or slug (where the route allows slugs) names a detail file. */
export async function serveDetail(site: Site, route: DetailRoute, id: string | undefined): Promise<Reply> {
  // An id that is not a safe file key never reaches the file system as is. Records whose published id cannot be
  // a file name (application numbers such as "21 208078 STE 10 OZ" or "A0123/24TEY") live under their slug,
  // which the site derives from the id the same way (toSlug), so such an id is looked up by its slug.
  const key = id === undefined ? undefined : isSafeFileKey(id) ? id : route.slugs ? toSlug(id) : undefined;
  if (key !== undefined && isSafeFileKey(key)) {
    const reply = await _fileReply(site, siteLayout.detail(route.resource, key));
    if (reply) return reply;
  }
  throw new ApiError(404, 'not_found', `No record with id${route.slugs ? ' or slug' : ''} "${_clip(id ?? '')}" at ${route.path}`);
}

async function _fileReply(site: Site, rel: string): Promise<Reply | null> {
  const file = await site.readFile(rel);
  return file ? { status: 200, body: file.bytes, digest: file.digest, file: rel, site } : null;
}

/** The SQL `slugify` macro in JavaScript: lower-case ASCII words joined by hyphens. */
export function toSlug(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

function _clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}
