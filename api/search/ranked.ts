// GET /search's answer over the indexes of several kinds of record: every row the query finds in each kind asked for,
// scored by BM25 over weighted fields, ordered by score (highest first), then by kind (SEARCH_TYPES' order), then
// by id; a page starts after the keyset (score, kind, id) its cursor carries. Pure: the gateway gives the indexes.
import { SEARCH_TYPES } from '../schemas/vocabulary.ts';
import { searchSource, type SearchType } from './documents.ts';
import type { SearchIndex } from './index.ts';
import { matchRows } from './match.ts';
import type { SearchQuery } from './query.ts';
import { scorer } from './rank.ts';
import { snippetOf } from './snippet.ts';
import { rankAfter, type IdOrder } from './id-order.ts';
import { topHits, type ScoredRows } from './top-hits.ts';

/** One kind's index with what a hit shows of each row (the export's search documents). */
export interface SearchedList {
  type: SearchType;
  index: SearchIndex;
  ids: readonly string[];
  titles: readonly string[];
  paths: readonly string[];
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

/** Scores are rounded to millionths so the order, and a cursor's key, do not hang on the last bits of a float. */
const SCORE_SCALE = 1e6;

/** One page of hits (limit + 1 asked, to know whether another page follows). */
export function searchPage(lists: readonly SearchedList[], query: SearchQuery, limit: number, after: SearchKey | null): { hits: SearchHit[]; more: boolean } {
  const page = topHits(lists.map((list) => _scoreList(list, query, after)), limit + 1);
  return {
    more: page.length > limit,
    hits: page.slice(0, limit).map(({ list: at, row, score }) => {
      const list = lists[at]!;
      const snippet = snippetOf(list.index, row, query, searchSource(list.type).fields.map((f) => f.weight));
      return {
        type: list.type, id: list.ids[row]!, title: list.titles[row]!, snippet: snippet?.html ?? '', field: snippet?.field ?? '',
        score, path: list.paths[row]!,
      };
    }),
  };
}

/** The rows of one list the query finds after the cursor's key, with their rounded scores. */
function _scoreList(list: SearchedList, query: SearchQuery, after: SearchKey | null): ScoredRows {
  const typeOrder = SEARCH_TYPES.indexOf(list.type);
  const score = scorer(list.index, query, searchSource(list.type).fields.map((f) => f.weight));
  const found = matchRows(list.index, query);
  const rows = new Uint32Array(found.length);
  const scores = new Float64Array(found.length);
  // after the cursor: a lower score, or the same score and a later kind, or the same kind and a later id
  const afterType = after ? SEARCH_TYPES.indexOf(after.type) : -1;
  const firstRank = after && afterType === typeOrder ? rankAfter(list.ids, list.idOrder, after.id) : afterType > typeOrder ? Infinity : 0;
  let n = 0;
  for (const row of found) {
    const s = Math.round(score(row) * SCORE_SCALE) / SCORE_SCALE;
    if (after !== null && (s > after.score || (s === after.score && list.idOrder.ranks[row]! < firstRank))) continue;
    rows[n] = row;
    scores[n++] = s;
  }
  return { rows: rows.subarray(0, n), scores: scores.subarray(0, n), typeOrder, ranks: list.idOrder.ranks };
}
