// GET /search: the hits of every kind asked for, from the export's search indexes, in the list envelope (licence
// and attribution), cached like any engine answer under the query, the types, the limit and the cursor's position.
import { parseSearchRequest, toSearchKey } from '../../api/search/request.ts';
import { listBodyBuffer } from '../../api/query/envelope.ts';
import { toCursor } from '../../api/query/cursor.ts';
import type { SearchRoute } from '../../api/routes/types.ts';
import { searchSource } from '../../api/search/documents.ts';
import { searchPage } from '../../api/search/ranked.ts';
import type { OpenedExport } from '../../export/serve/open-export.ts';
import { searchIndexOf } from '../../export/serve/search-indexes.ts';
import type { Reply } from '../http/reply.ts';
import { answerReply } from './export-replies.ts';

/** GET /search?q&type&limit&cursor; `baseUrl` makes each hit's url. */
export async function serveSearch(opened: OpenedExport, route: SearchRoute, params: URLSearchParams, baseUrl: string): Promise<Reply> {
  const request = parseSearchRequest(route, params, opened.ctx);
  const lists = await Promise.all(request.types.map(async (type) => {
    const loaded = await searchIndexOf(opened, searchSource(type).resource);
    return { type, index: loaded.index, id: loaded.id, title: loaded.title, path: loaded.path, idOrder: loaded.idOrder };
  }));
  const key = `${route.id}\n${request.queryHash}\n${request.limit}\n${request.after ? toSearchKey(request.after) : ''}`;
  return answerReply(opened, opened.answer(key, () => {
    const { hits, more } = searchPage(lists, request.query, request.limit, request.after);
    const last = hits[hits.length - 1];
    const next = more && last
      ? toCursor({ after: toSearchKey(last), query: request.queryHash, export: opened.exportId }, opened.ctx.cursorSecret)
      : null;
    const records = hits.map((h) => JSON.stringify({
      type: h.type, id: h.id, title: h.title, snippet: h.snippet, field: h.field, score: h.score, url: `${baseUrl}${h.path}`,
    }));
    return listBodyBuffer({ records, nextCursor: next }, request.limit);
  }));
}
