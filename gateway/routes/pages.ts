// The three kinds of registry route, answered from one export: static files, list pages (a precomputed page file
// for canonical requests, the in-memory engine for everything else) and detail documents by exact id, slug or alias.
import { parseListQuery } from '../../api/query/params.ts';
import type { ListQuery } from '../../api/query/types.ts';
import { searchFilter } from '../../api/search/match.ts';
import { parseSearch } from '../../api/search/query.ts';
import { searchIndexOf } from '../../export/serve/search-indexes.ts';
import { ApiError } from '../../api/errors.ts';
import type { DetailRoute, ListRoute, StaticRoute } from '../../api/routes/types.ts';
import { answeringFile } from '../../export/answering-file.ts';
import { exportLayout } from '../../export/layout.ts';
import type { OpenedExport } from '../../export/serve/open-export.ts';
import { heldFor, heldPerExport } from '../../export/serve/held-per-export.ts';
import type { Reply } from '../http/reply.ts';
import { answerReply, fileReply } from './export-replies.ts';
import { notFoundMessage } from './id-hints.ts';
import { labelledDetail, labelledList } from './labelled.ts';

/** GET / , /openapi.json, /topics: the route's file. These routes take no parameters, so a query on them is ignored:
 *  the file of the bare request answers. */
export async function serveStatic(opened: OpenedExport, route: StaticRoute): Promise<Reply> {
  const reply = await fileReply(opened, answeringFile(route, '')!);
  if (!reply) throw new ApiError(503, 'service_unavailable', `This export has no ${route.path} document`);
  return reply;
}

/** GET /<resource>?filters&limit&cursor. */
export async function serveList(opened: OpenedExport, route: ListRoute, search: URLSearchParams): Promise<Reply> {
  const query = await withSearchFilter(opened, route, parseListQuery(route, search, opened.ctx));
  // The site writer wrote the first page and each page reached by following next_cursor; a valid cursor that is
  // not on that walk (minted under another limit) has no file, and the engine answers it instead.
  const rel = answeringFile(route, search);
  const file = rel === null ? null : await fileReply(opened, rel);
  if (file) return file;
  const table = opened.tables.get(route.id);
  if (!table) throw new ApiError(503, 'service_unavailable', `Filtered queries on ${route.path} are not available in this export`);
  // limit and the cursor position are part of the answer; the filters are in the query hash
  const key = `${route.id}\n${query.queryHash}\n${query.limit}\n${query.cursor?.after ?? ''}`;
  if (query.labels) return labelledList(opened, table, query, key);
  return answerReply(opened, opened.answer(key, () => table.runBody(query)));
}

/** The query with its full-text `search` filter over the export's search index (unchanged without one). */
export async function withSearchFilter(opened: OpenedExport, route: ListRoute, query: ListQuery): Promise<ListQuery> {
  const param = route.params.find((p) => p.search);
  const text = param ? query.filters.get(param.name) : undefined;
  if (text === undefined) return query;
  const { index } = await searchIndexOf(opened, route.resource);
  if (index.size !== (opened.tables.get(route.id)?.size ?? index.size)) {
    throw new ApiError(503, 'service_unavailable', `The search index of ${route.path} does not match its data in this export`);
  }
  return { ...query, search: searchFilter(index, parseSearch(String(text), param!.name)) };
}

/**
 * GET /<resource>/{id}: the record named exactly by its id, its published slug or a published alias (a site's
 * address key); with labels, its id fields' names beside them. Nothing is guessed: an id that names no published file is 404, never the record it resembles.
 */
export async function serveDetail(opened: OpenedExport, route: DetailRoute, id: string | undefined, labels = false): Promise<Reply> {
  // An id that is a file key names its file (the manifest lists every published id, slug and alias, and nothing
  // else). Records whose id cannot be a file name ("21 208078 STE 10 OZ", "A0123/24TEY") live under another key,
  // which the export's id index gives for exactly those ids. Detail routes take no parameters: a query is ignored.
  let rel = id === undefined ? null : answeringFile(route, '', id);
  if (rel === null && id !== undefined) {
    const key = (await _movedIds(opened, route)).get(id);
    rel = key === undefined ? null : answeringFile(route, '', key);
  }
  const reply = rel === null ? null : labels ? await labelledDetail(opened, rel) : await fileReply(opened, rel);
  if (reply) return reply;
  throw new ApiError(404, 'not_found', notFoundMessage(opened, route, id));
}

// One parsed id index per export and route (id → file key for the ids that are not their own key).
const movedIds = heldPerExport<ReadonlyMap<string, string>>();

function _movedIds(opened: OpenedExport, route: DetailRoute): Promise<ReadonlyMap<string, string>> {
  return heldFor(movedIds, opened, route.resource, () => opened.read(exportLayout.detailIds(route.resource)).then((bytes) => {
    if (!bytes) throw new ApiError(503, 'service_unavailable', `This export has no id index for ${route.path}`);
    const entries = Object.entries(JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>);
    return new Map(entries.filter((e): e is [string, string] => typeof e[1] === 'string'));
  }));
}
