// A list's whole answer to take away (format=csv or jsonl, or asked for by Accept; docs/take-away.md): every row that
// passes the filters, in the list's order, streamed from the export's records. Refused before a byte is sent when it
// holds more rows than the cap (400 too_many_rows, naming the bulk file that has them all) or costs more requests than
// the caller's window has left (429: a whole answer is charged a request per page of the largest size it spares).
import { createHash } from 'node:crypto';
import { ApiError } from '../../api/errors.ts';
import { parseListQuery } from '../../api/query/params.ts';
import type { ListRoute } from '../../api/routes/types.ts';
import { tableColumns } from '../../api/table-columns.ts';
import { CSV_PREAMBLE_LINES, downloadName, ROWS_PER_CHARGE, TAKE_AWAY_MEDIA_TYPES, type TakeAwayFormat } from '../../api/take-away.ts';
import { bulkFileName } from '../../export/bulk-names.ts';
import { exportLayout } from '../../export/layout.ts';
import type { OpenedExport } from '../../export/serve/open-export.ts';
import { ifNoneMatchMatches } from '../http/etag.ts';
import type { Reply } from '../http/reply.ts';
import { labelledRecordsOf } from '../routes/labelled.ts';
import { withSearchFilter } from '../routes/pages.ts';
import { takeAwayBody } from './body.ts';

/** What answering a whole answer needs besides the export and the request's query. */
export interface TakeAwayContext {
  /** The most rows one answer holds (Config.takeAwayMaxRows). */
  maxRows: number;
  /** The public base URL, for the bulk file a refusal names. */
  baseUrl: string;
  method: string;
  ifNoneMatch: string | null;
  /** Charge `hits` more requests to the caller (counted once already): null when charged (or not counted: no store),
   *  else what its window has left, and nothing is charged. */
  charge(hits: number): Promise<Unaffordable | null>;
}

/** A caller's window with fewer requests left than an answer costs. */
export interface Unaffordable {
  remaining: number;
  limit: number;
  anonymous: boolean;
  /** API_KEY_CONTACT, for where a key is had. */
  keyContact: string | null;
}

/** Changes whenever what the same query answers could change for the same export: the writer's form. */
const FORM_VERSION = '1';

/** The reply of a whole answer, its body made as it is sent (null for HEAD and for a matching If-None-Match). */
export async function serveTakeAway(opened: OpenedExport, route: ListRoute, search: URLSearchParams, format: TakeAwayFormat,
  ctx: TakeAwayContext): Promise<Reply> {
  for (const paging of ['limit', 'cursor']) {
    if (search.has(paging)) {
      throw new ApiError(400, 'invalid_parameter', `Parameter "${paging}" chooses a page; format=${format} answers every row that ` +
        'matches the filters at once: leave it out');
    }
  }
  const query = await withSearchFilter(opened, route, parseListQuery(route, search, opened.ctx));
  const table = opened.tables.get(route.id);
  if (!table) throw new ApiError(503, 'service_unavailable', `Filtered queries on ${route.path} are not available in this export`);
  const labels = query.labels === true;
  const etag = `"ta-${createHash('sha256').update([FORM_VERSION, opened.exportId, route.id, query.queryHash, format, labels].join('\n')).digest('hex').slice(0, 40)}"`;
  const headers = {
    'content-type': `${TAKE_AWAY_MEDIA_TYPES[format]}; charset=utf-8`,
    'content-disposition': `attachment; filename="${downloadName(route, query.filters, opened.manifest.export_date, format, labels)}"`,
    // the same URL answers JSON to a client that does not ask for this form
    vary: 'Accept, Accept-Encoding',
    link: '<https://open.toronto.ca/open-data-licence/>; rel="license"',
  };
  const reply = { status: 200, body: null, etag, from: opened, headers };
  if (ifNoneMatchMatches(ctx.ifNoneMatch, etag)) return { ...reply, stream: () => null };
  const rows = table.matchingRows(query, ctx.maxRows);
  if (rows.length > ctx.maxRows) throw new ApiError(400, 'too_many_rows', _tooManyRows(opened, route, format, ctx));
  if (ctx.method === 'HEAD') return { ...reply, stream: () => null };
  const cost = Math.max(1, Math.ceil(rows.length / ROWS_PER_CHARGE));
  const short = await ctx.charge(cost - 1);
  if (short) throw new ApiError(429, 'rate_limited', _unaffordable(rows.length, cost, short));
  const records = (labels ? await labelledRecordsOf(opened, table) : null) ?? table.records;
  const columns = tableColumns(route, { labels }).map((c) => c.name);
  return { ...reply, stream: () => takeAwayBody({ format, rows, records, columns, preamble: CSV_PREAMBLE_LINES }) };
}

function _unaffordable(rows: number, cost: number, short: Unaffordable): string {
  const head = `This answer of ${rows} rows costs ${cost} requests (one per ${ROWS_PER_CHARGE} rows) and ${short.remaining + 1} of ` +
    `the ${short.limit} a minute were left`;
  const contact = short.keyContact ?? 'the operator of this service';
  const key = short.anonymous ? `, send a free API key in the x-api-key header for a higher limit (ask ${contact} for one)` : '';
  return cost > short.limit
    ? `${head}: it costs more than a whole minute's budget; narrow the filters${key}, or download the table's bulk file (GET /bulk)`
    : `${head}; retry after 60 seconds${key}, or narrow the filters`;
}

function _tooManyRows(opened: OpenedExport, route: ListRoute, format: TakeAwayFormat, ctx: TakeAwayContext): string {
  const name = bulkFileName(route.resource, format);
  const where = opened.files.has(exportLayout.bulkFile(name))
    ? `${ctx.baseUrl}/bulk/${opened.manifest.export_date}/${name}`
    : `${ctx.baseUrl}/bulk (the bulk export's files)`;
  return `This answer has more than ${ctx.maxRows} rows, the most one ${format} answer holds; narrow the filters, or download ` +
    `every row of ${route.path} from ${where}`;
}
