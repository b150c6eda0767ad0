// GET /search's answer over the indexes of several kinds of record: every row the query finds in each kind asked for,
// scored by BM25 over weighted fields, ordered by score (highest first), then by kind (SEARCH_TYPES' order), then
// by id; a page starts after the keyset (score, kind, id) its cursor carries. Pure: the gateway gives the indexes.
import { SEARCH_TYPES } from '../schemas/vocabulary.ts';
import { searchSource, type SearchType } from './documents.ts';
import type { SearchIndex } from './index.ts';
import type { SearchQuery } from './query.ts';
import { snippets, type Snippet } from './snippet.ts';
import { rankAfter, type IdOrder } from './id-order.ts';
import { planList, queryTerms, type ListPlan } from './list-plan.ts';
import { ruledOut, scanList, type ListPlace } from './list-scan.ts';
import { PageHeap } from './page-heap.ts';

/** One kind's index with what a hit shows of each row (the export's search file). */
export interface SearchedList {
  type: SearchType;
  index: SearchIndex;
  /** A row's id, title and path (decoded from the export's search file when asked). */
  id(row: number): string;
  title(row: number): string;
  /** `id`: the row's id, which most lists make the path from. */
  path(row: number, id: string): string;
  /** The rows in id order, for ties and cursors (toIdOrder). */
  idOrder: IdOrder;
}

export interface SearchHit {
  type: SearchType;
  id: string;
  title: string;
  snippet: string;
  /** The field the snippet is from. */
  field: string;
  score: number;
  /** The record's path below the base URL. */
  path: string;
}

/** Where a page starts: after this hit's (score, type, id). */
export interface SearchKey {
  score: number;
  type: SearchType;
  id: string;
}

/** One page of hits (limit + 1 asked, to know whether another page follows). The lists most likely to hold the best
 *  hits are scanned first, so the page's bar rises early and the others skip more; a list whose best possible score
 *  is under the bar is not scanned. */
export function searchPage(lists: readonly SearchedList[], query: SearchQuery, limit: number, after: SearchKey | null): { hits: SearchHit[]; more: boolean } {
  const page = new PageHeap(limit + 1);
  const asked = queryTerms(query);
  if (!asked) return { hits: [], more: false };
  const plans = lists.map((list, at) => ({ list, at, plan: planList(list.index, list.idOrder.ranks, asked) }))
    .filter((p): p is { list: SearchedList; at: number; plan: ListPlan } => p.plan !== null)
    .sort((a, b) => b.plan.bound - a.plan.bound);
  for (const { list, at, plan } of plans) {
    const worst = page.worst();
    if (worst && ruledOut(plan.bound, worst, SEARCH_TYPES.indexOf(list.type), -1)) continue;
    const scan = plan.resolve();
    if (scan) scanList(scan, _place(list, at, after), page);
  }
  const found = page.hits();
  // one snippet maker per list on the page: the query's words looked up once per list, not per hit
  const makers = new Map<number, (row: number) => Snippet | null>();
  const snippetIn = (at: number) => {
    let make = makers.get(at);
    if (!make) makers.set(at, make = snippets(lists[at]!.index, query, searchSource(lists[at]!.type).fields.map((f) => f.weight)));
    return make;
  };
  return {
    more: found.length > limit,
    hits: found.slice(0, limit).map(({ list: at, row, score }) => {
      const list = lists[at]!;
      const snippet = snippetIn(at)(row);
      const id = list.id(row);
      return {
        type: list.type, id, title: list.title(row), snippet: snippet?.html ?? '', field: snippet?.field ?? '', score, path: list.path(row, id),
      };
    }),
  };
}

/** Where a list stands in the page's order, and which of its rows the cursor's key has passed: a higher score, or the
 *  same score and an earlier kind, or the same kind and an id not after the key's. */
function _place(list: SearchedList, at: number, after: SearchKey | null): ListPlace {
  const typeOrder = SEARCH_TYPES.indexOf(list.type);
  const ranks = list.idOrder.ranks;
  if (!after) return { list: at, typeOrder, ranks, passed: () => false };
  const afterType = SEARCH_TYPES.indexOf(after.type);
  const firstRank = afterType === typeOrder ? rankAfter(list.id, list.idOrder, after.id) : afterType > typeOrder ? Infinity : 0;
  return { list: at, typeOrder, ranks, passed: (score, rank) => score > after.score || (score === after.score && rank < firstRank) };
}
