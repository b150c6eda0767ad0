// Shared types of the query layer that both the site writer (canonical pages) and the gateway (every other
// request) run, so a static page and a gateway answer for the same query are the same bytes.
import type { ListRoute } from '../routes/types.ts';
import type { RecordSource } from './records.ts';

/** What a cursor carries once verified. */
export interface CursorPayload {
  /** `_sort` value of the last row of the previous page. */
  after: string;
  /** Hash binding the cursor to the route and its normalised filters. */
  query: string;
  /** Export id the cursor was made for. */
  export: string;
}

/** A validated list request. */
export interface ListQuery {
  route: ListRoute;
  /** Normalised filter values by parameter name (integers as numbers). */
  filters: ReadonlyMap<string, string | number>;
  limit: number;
  cursor: CursorPayload | null;
  /** Hash of route id + filters, bound into cursors. */
  queryHash: string;
  /** Names beside ids (labels=1): the records' form only, so not part of queryHash. */
  labels?: boolean;
  /** The `search` filter over the export's search index, when the query has one: the gateway makes it (the index is
   *  the export's, not the table's) before the engine runs the query. */
  search?: SearchFilter;
}

/** What a list's full-text `search` gives the engine (api/search/match.ts makes it): rows that may match, ascending
 *  (those of the query's rarest term), and a test of one of them against the rest of the query; `exact` when the
 *  rows are the matches themselves. */
export interface SearchFilter {
  rows: Uint32Array;
  test: (row: number) => boolean;
  exact: boolean;
}

/** One page of a list answer, ready to wrap in the envelope. */
export interface PageResult {
  /** Serialised JSON of each record, in order. */
  records: string[];
  /** Cursor for the next page, or null on the last page. */
  nextCursor: string | null;
}

/** The in-memory rows of one list resource with its indexes. */
export interface ResourceTable {
  readonly route: ListRoute;
  readonly size: number;
  /** Run a validated query and return the page (cursor minted with the table's export id and secret). */
  run(query: ListQuery): PageResult;
  /** The same page as its list envelope's UTF-8 bytes (listBody's), records never decoded: the gateway's answers.
   *  `records`: where the rows' records are read from instead of the table's own (the same rows, another form of
   *  each record: labels=1). */
  runBody(query: ListQuery, records?: RecordSource): Buffer;
  /** Every row that passes the query's filters, in the list's order, whatever its limit and cursor; at most `max` + 1
   *  of them, so a caller capping an answer at `max` rows learns it is over without collecting them all. */
  matchingRows(query: ListQuery, max: number): number[];
  /** Where the table's records are read from (row for row with its rows). */
  readonly records: RecordSource;
}

/** Context shared by everything that mints or checks cursors. */
export interface ExportContext {
  exportId: string;
  cursorSecret: string;
}
