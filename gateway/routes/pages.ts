// The three kinds of registry route, answered from one export: static files, list pages (a precomputed page file
// for canonical requests, the in-memory engine for everything else) and detail documents by exact id, slug or alias.
import { parseListQuery } from '../../api/query/params.ts';
import { ApiError, clipInput } from '../../api/errors.ts';
import { compress, type Encoding } from '../../export/representations.ts';
import { type DetailRoute, type ListRoute, type StaticRoute } from '../../api/routes/types.ts';
import { answeringFile } from '../../export/answering-file.ts';
import { exportLayout } from '../../export/layout.ts';
import { hashBody, toEtag } from '../http/etag.ts';
import type { Reply } from '../http/reply.ts';
import type { Answer, Site } from '../../export/serve/open-export.ts';

/** GET / , /openapi.json, /topics: the route's file. These routes take no parameters, so a query on them is ignored:
 *  the file of the bare request answers. */
export async function serveStatic(site: Site, route: StaticRoute): Promise<Reply> {
  const reply = await fileReply(site, answeringFile(route, '')!);
  if (!reply) throw new ApiError(503, 'service_unavailable', `This export has no ${route.path} document`);
  return reply;
}

/** The reply of a listed file (null when the export lacks it). */
export async function fileReply(site: Site, rel: string): Promise<Reply | null> {
  const identity = await site.represent(rel, null);
  if (!identity) return null;
  // a method, not an arrow property: tsx's transform would name the arrow with a defineProperty call per reply
  return { status: 200, body: identity.body, etag: identity.etag, encoded(encoding) { return site.represent(rel, encoding); }, site };
}

/** GET /<resource>?filters&limit&cursor. */
export async function serveList(site: Site, route: ListRoute, search: URLSearchParams): Promise<Reply> {
  const query = parseListQuery(route, search, site.ctx);
  // The site writer wrote the first page and each page reached by following next_cursor; a valid cursor that is
  // not on that walk (minted under another limit) has no file, and the engine answers it instead.
  const rel = answeringFile(route, search);
  const file = rel === null ? null : await fileReply(site, rel);
  if (file) return file;
  const table = site.tables.get(route.id);
  if (!table) throw new ApiError(503, 'service_unavailable', `Filtered queries on ${route.path} are not available in this export`);
  // limit and the cursor position are part of the answer; the filters are in the query hash
  const key = `${route.id}\n${query.queryHash}\n${query.limit}\n${query.cursor?.after ?? ''}`;
  let answer = site.answers?.get(key);
  if (!answer) {
    // The answer is a function of the export and this key, so its tag hashes those: the body is never hashed.
    const identity = { body: table.runBody(query), etag: toEtag(hashBody(`${site.exportId}\n${key}`)), encoding: null };
    answer = { identity, encoded: {} };
    site.answers?.set(key, answer);
  }
  const { identity } = answer;
  return { status: 200, body: identity.body, etag: identity.etag, encoded(encoding) { return _encodedAnswer(site, answer!, encoding); }, site };
}

/** An answer's variant in a coding: compressed once (off the event loop unless the site says inline), then kept. */
function _encodedAnswer(site: Site, answer: Answer, encoding: Encoding) {
  return answer.encoded[encoding] ??= compress(answer.identity.body, encoding, 'dynamic', site.inlineCompressBytes)
    .then((body) => ({ body, etag: toEtag(answer.identity.etag.slice(1, -1), encoding), encoding }));
}

/**
 * GET /<resource>/{id}: the record named exactly by its id, its published slug or a published alias (a site's
 * address key). Nothing is guessed: an id that names no published file is 404, never the record it resembles.
 */
export async function serveDetail(site: Site, route: DetailRoute, id: string | undefined): Promise<Reply> {
  // An id that is a file key names its file (the manifest lists every published id, slug and alias, and nothing
  // else). Records whose id cannot be a file name ("21 208078 STE 10 OZ", "A0123/24TEY") live under another key,
  // which the export's id index gives for exactly those ids. Detail routes take no parameters: a query is ignored.
  let rel = id === undefined ? null : answeringFile(route, '', id);
  if (rel === null && id !== undefined) {
    const key = (await _movedIds(site, route)).get(id);
    rel = key === undefined ? null : answeringFile(route, '', key);
  }
  const reply = rel === null ? null : await fileReply(site, rel);
  if (reply) return reply;
  throw new ApiError(404, 'not_found', `No record with id${route.slugs ? ' or slug' : ''} "${clipInput(id ?? '')}" at ${route.path}`);
}

// One parsed id index per export and route (id → file key for the ids that are not their own key); the WeakMap
// lets it go with the export.
const movedIds = new WeakMap<Site, Map<string, Promise<ReadonlyMap<string, string>>>>();

function _movedIds(site: Site, route: DetailRoute): Promise<ReadonlyMap<string, string>> {
  let byRoute = movedIds.get(site);
  if (!byRoute) movedIds.set(site, byRoute = new Map());
  let index = byRoute.get(route.resource);
  if (!index) {
    index = site.readFile(exportLayout.detailIds(route.resource)).then((file) => {
      // An export written before the index existed has none: only exact file keys are found there.
      if (!file) return new Map<string, string>();
      const entries = Object.entries(JSON.parse(new TextDecoder().decode(file.bytes)) as Record<string, unknown>);
      return new Map(entries.filter((e): e is [string, string] => typeof e[1] === 'string'));
    });
    // a failed read is not cached, so the next request tries again
    index.catch(() => byRoute.delete(route.resource));
    byRoute.set(route.resource, index);
  }
  return index;
}

