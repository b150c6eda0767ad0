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

/** One kind's index with what a hit shows of each row (the export's search documents). */
export interface SearchedList {
  type: SearchType;
  index: SearchIndex;
  ids: readonly string[];
  titles: readonly string[];
  paths: readonly string[];
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

/** Scores are rounded so the order, and a cursor's key, do not hang on the last bits of a float. */
const SCORE_DIGITS = 6;

/** One page of hits (limit + 1 asked, to know whether another page follows). */
export function searchPage(lists: readonly SearchedList[], query: SearchQuery, limit: number, after: SearchKey | null): { hits: SearchHit[]; more: boolean } {
  const all: { key: SearchKey; list: SearchedList; row: number }[] = [];
  for (const list of lists) {
    const weights = searchSource(list.type).fields.map((f) => f.weight);
    const score = scorer(list.index, query, weights);
    for (const row of matchRows(list.index, query)) {
      const key = { score: Number(score(row).toFixed(SCORE_DIGITS)), type: list.type, id: list.ids[row]! };
      if (after === null || compareKeys(key, after) > 0) all.push({ key, list, row });
    }
  }
  const page = _best(all, limit);
  return {
    more: page.length > limit,
    hits: page.slice(0, limit).map(({ key, list, row }) => {
      const snippet = snippetOf(list.index, row, query, searchSource(list.type).fields.map((f) => f.weight));
      return {
        type: key.type, id: key.id, title: list.titles[row]!, snippet: snippet?.html ?? '', field: snippet?.field ?? '',
        score: key.score, path: list.paths[row]!,
      };
    }),
  };
}

/** The first `limit` hits in order and the one after (to know whether another page follows): the scores alone are
 *  sorted (a typed array, numerically) to find the cut, so the full comparison sorts only the hits above it. */
function _best<T extends { key: SearchKey }>(all: T[], limit: number): T[] {
  if (all.length > limit + 1) {
    const scores = Float64Array.from(all, (h) => h.key.score).sort();
    const cut = scores[scores.length - limit - 1]!;
    all = all.filter((h) => h.key.score >= cut);
  }
  return all.sort((a, b) => compareKeys(a.key, b.key)).slice(0, limit + 1);
}

/** The order of hits: score descending, then kind, then id (numbers as numbers). */
export function compareKeys(a: SearchKey, b: SearchKey): number {
  if (a.score !== b.score) return b.score - a.score;
  const ta = SEARCH_TYPES.indexOf(a.type);
  const tb = SEARCH_TYPES.indexOf(b.type);
  if (ta !== tb) return ta - tb;
  return _compareIds(a.id, b.id);
}

function _compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
