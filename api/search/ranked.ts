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

/** Scores are rounded to millionths so the order, and a cursor's key, do not hang on the last bits of a float. */
const SCORE_SCALE = 1e6;

/** One page of hits (limit + 1 asked, to know whether another page follows). Every found row is scored into a typed
 *  array; only the rows at or above the page's cut become hit objects, so a common word costs no object per row. */
export function searchPage(lists: readonly SearchedList[], query: SearchQuery, limit: number, after: SearchKey | null): { hits: SearchHit[]; more: boolean } {
  const scored = lists.map((list) => _scoreList(list, query, after));
  const cut = _cutScore(scored, limit + 1);
  const above: { key: SearchKey; list: SearchedList; row: number }[] = [];
  for (const { list, rows, scores } of scored) {
    for (let i = 0; i < rows.length; i++) {
      if (scores[i]! >= cut) above.push({ key: { score: scores[i]!, type: list.type, id: list.ids[rows[i]!]! }, list, row: rows[i]! });
    }
  }
  const page = above.sort((a, b) => compareKeys(a.key, b.key)).slice(0, limit + 1);
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

/** The rows of one list the query finds after the cursor's key, with their rounded scores. */
function _scoreList(list: SearchedList, query: SearchQuery, after: SearchKey | null): { list: SearchedList; rows: Uint32Array; scores: Float64Array } {
  const score = scorer(list.index, query, searchSource(list.type).fields.map((f) => f.weight));
  const found = matchRows(list.index, query);
  const rows = new Uint32Array(found.length);
  const scores = new Float64Array(found.length);
  let n = 0;
  for (const row of found) {
    const s = Math.round(score(row) * SCORE_SCALE) / SCORE_SCALE;
    // after the cursor: a lower score, or the same score and a later (type, id)
    if (after !== null && (s > after.score || (s === after.score && compareKeys({ score: s, type: list.type, id: list.ids[row]! }, after) <= 0))) continue;
    rows[n] = row;
    scores[n++] = s;
  }
  return { list, rows: rows.subarray(0, n), scores: scores.subarray(0, n) };
}

/** The `count`-th highest score of all lists (ties all pass it), or -Infinity when there are no more rows than that. */
function _cutScore(scored: readonly { scores: Float64Array }[], count: number): number {
  const total = scored.reduce((n, s) => n + s.scores.length, 0);
  if (total <= count) return -Infinity;
  const all = new Float64Array(total);
  let at = 0;
  for (const { scores } of scored) { all.set(scores, at); at += scores.length; }
  return all.sort()[total - count]!;
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
