// One list's part of /search's page, without scoring every row the query finds (block-max pruning, as search engines
// do it): the rows are walked through the rarest required term's posting list a block at a time, a block whose best
// possible score (its own block maximum plus the other terms' maxima) is under the page's bar is skipped whole, and a
// row is checked for the rest of the query — the other terms, its phrases, its exclusions — only when the bound its
// words' exact counts give can still reach the bar. A row that is kept is scored with the same arithmetic as the
// exhaustive scorer (rank.ts), which the tests hold this to.
import { averageLength, idf, termFactor } from './bm25.ts';
import type { SearchIndex } from './index.ts';
import { phraseCounter } from './phrase.ts';
import type { PageHeap } from './page-heap.ts';
import type { SearchQuery } from './query.ts';
import { scoredTerms, termIdf } from './rank.ts';
import { BLOCK, prefixRows, wordRows, type TermRows } from './term-rows.ts';
import { holdsTerm } from './term-test.ts';

/** Scores are rounded to millionths so the order, and a cursor's key, do not hang on the last bits of a float. */
const SCALE = 1e6;

/** A scored term: the required rows it reads its count from, or a phrase (bounded by its words' counts). */
type Scored = { idf: number; source: number } | { idf: number; words: number[]; count: (row: number) => number; required: boolean };

/** What a list needs to be scanned for one query; null when some required term is in none of its rows. */
export interface ListPlan {
  index: SearchIndex;
  required: TermRows[];
  scored: Scored[];
  excluded: ((row: number) => boolean)[];
  /** The most any row of the list can score. */
  bound: number;
}

export function planList(index: SearchIndex, query: SearchQuery): ListPlan | null {
  const required: TermRows[] = [];
  const need = (rows: TermRows): number => {
    const at = required.indexOf(rows);
    return at >= 0 ? at : required.push(rows) - 1;
  };
  const wanted = query.terms.filter((t) => !t.exclude).length;
  const scored: Scored[] = scoredTerms(query).map((term, i) => {
    if (term.kind === 'word' || term.kind === 'prefix') {
      const rows = term.kind === 'word' ? wordRows(index, index.termId(term.term)) : prefixRows(index, term.prefix);
      return { idf: idf(rows.rows.length, index.size), source: need(rows) };
    }
    const words = term.terms.map((t) => need(wordRows(index, index.termId(t))));
    return { idf: termIdf(index, term), words, count: phraseCounter(index, term.terms, false, index.weights), required: i < wanted };
  });
  if (required.some((r) => r.rows.length === 0)) return null;
  const excluded = query.terms.filter((t) => t.exclude).map((t) => holdsTerm(index, t));
  const bound = scored.reduce((sum, s) => sum + s.idf * _max(s, required, -1, 0), 0);
  return { index, required, scored, excluded, bound };
}

/** Where the list stands in the page's order, and which of its rows a cursor has already passed. */
export interface ListPlace {
  list: number;
  typeOrder: number;
  ranks: Uint32Array;
  /** Whether a row of this score and rank in id order is at or before the cursor's key. */
  passed: (score: number, rank: number) => boolean;
}

/** Offer the page every row of the list that can enter it. */
export function scanList(plan: ListPlan, place: ListPlace, page: PageHeap): void {
  const { index, required, scored, excluded } = plan;
  let driver = 0;
  for (let r = 1; r < required.length; r++) if (required[r]!.rows.length < required[driver]!.rows.length) driver = r;
  const lead = required[driver]!;
  const others = required.map((_, r) => r).filter((r) => r !== driver);
  const at = new Int32Array(required.length);
  const counts = new Float64Array(required.length);
  const parts = new Float64Array(scored.length);
  const lengths = index.rowLengths;
  const average = averageLength(index.totalTokens, index.size);
  for (let b = 0; b < lead.blocks.length; b++) {
    let blockBound = 0;
    for (const s of scored) blockBound += s.idf * _max(s, required, driver, lead.blocks[b]!);
    if (_ruledOut(blockBound, page, place.typeOrder, -1)) continue;
    rows: for (let i = b * BLOCK, end = Math.min(lead.rows.length, i + BLOCK); i < end; i++) {
      const row = lead.rows[i]!;
      counts[driver] = lead.counts[i]!;
      for (const r of others) {
        const rows = required[r]!.rows;
        const p = at[r] = _seek(rows, at[r]!, row);
        if (p === rows.length || rows[p] !== row) continue rows;
        counts[r] = required[r]!.counts[p]!;
      }
      const length = lengths[row]!;
      let rowBound = 0;
      for (let s = 0; s < scored.length; s++) {
        const term = scored[s]!;
        const tf = 'source' in term ? counts[term.source]! : _least(counts, term.words);
        rowBound += parts[s] = term.idf * termFactor(tf, length, average);
      }
      if (_ruledOut(rowBound, page, place.typeOrder, place.ranks[row]!)) continue;
      for (const holds of excluded) if (holds(row)) continue rows;
      let score = 0;
      for (let s = 0; s < scored.length; s++) {
        const term = scored[s]!;
        if (!('source' in term)) {
          const tf = term.count(row);
          if (tf === 0 && term.required) continue rows;
          parts[s] = term.idf * termFactor(tf, length, average);
        }
        score += parts[s]!;
      }
      score = _rounded(score);
      const rank = place.ranks[row]!;
      if (place.passed(score, rank)) continue;
      page.offer({ list: place.list, row, score, typeOrder: place.typeOrder, rank });
    }
  }
}

/** Whether no row under `bound` can enter the page: rounding is monotonic, so a row scores at most the bound rounded;
 *  under the worst hit's score it cannot enter, and at it only if it comes before that hit by kind and id (a rank of
 *  Infinity: any row of the block, so only a later kind is ruled out). A common word makes thousands of such ties. */
function _ruledOut(bound: number, page: PageHeap, typeOrder: number, rank: number): boolean {
  const worst = page.worst();
  if (worst === null) return false;
  const best = _rounded(bound);
  if (best !== worst.score) return best < worst.score;
  return typeOrder !== worst.typeOrder ? typeOrder > worst.typeOrder : rank > worst.rank;
}

function _rounded(score: number): number {
  return Math.round(score * SCALE) / SCALE;
}

/** The most a scored term's factor can be: its rows' maximum, or `blockMax` where it reads the driving rows. A plain
 *  loop, not a closure: this runs per block and term. */
function _max(term: Scored, required: readonly TermRows[], driver: number, blockMax: number): number {
  if ('source' in term) return term.source === driver ? blockMax : required[term.source]!.max;
  // a phrase occurs no more often in a row than any of its words
  let least = Infinity;
  for (const r of term.words) least = Math.min(least, r === driver ? blockMax : required[r]!.max);
  return least;
}

function _least(counts: Float64Array, words: readonly number[]): number {
  let least = Infinity;
  for (const r of words) least = Math.min(least, counts[r]!);
  return least;
}

/** The first position at or after `from` whose row is not below `row` (galloping: rows are asked in ascending order). */
function _seek(rows: Uint32Array, from: number, row: number): number {
  if (from >= rows.length || rows[from]! >= row) return from;
  let lo = from;
  let step = 1;
  while (lo + step < rows.length && rows[lo + step]! < row) { lo += step; step <<= 1; }
  let hi = Math.min(lo + step, rows.length);
  lo++;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid]! < row) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
