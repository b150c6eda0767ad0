// One list's part of /search's page, without scoring every row the query finds (block-max pruning, as search engines
// do it). Each term to find is a list of rows with its weighted count in each (a word's posting list, a prefix's words'
// together, a quoted phrase's rows found through the texts); the rows are walked through the rarest one a block at a
// time, and a block is skipped whole when its best possible score (each term's block maxima over the rows it spans) is
// under the page's bar, or when some required term has no row in it. A row is checked for the rest (the phrase its
// plain words make, its exclusions) only when the bound its terms' exact counts give can still reach the bar. A row
// that is kept is scored with the same arithmetic as the exhaustive scorer (rank.ts), which the tests hold this to.
import { averageLength, idf, K1, termFactor } from './bm25.ts';
import type { SearchIndex } from './index.ts';
import { phraseCounter, phraseMayOccur } from './phrase.ts';
import type { PageHeap, PageHit } from './page-heap.ts';
import { unsatisfiable, type SearchQuery, type SearchTerm } from './query.ts';
import { scoredTerms, termIdf } from './rank.ts';
import { BLOCK, phraseTermRows, prefixRows, wordMax, wordRows, type TermRows } from './term-rows.ts';
import { holdsTerm, termIds } from './term-test.ts';
import { gallopU32 } from '../query/keys.ts';

/** Scores are rounded to millionths so the order, and a cursor's key, do not hang on the last bits of a float. */
const SCALE = 1e6;

/** A scored term: the required rows it reads its count from, or the phrase of a query's plain words (bounded by their
 *  counts, counted per row). */
type Scored = { idf: number; source: number } | { idf: number; words: number[]; count: (row: number) => number };

/** A list's plan for one query before anything costly is gathered: the most any of its rows can score, and how to
 *  gather what its scan needs (a prefix's rows are summed only for a list that is scanned). */
export interface ListPlan {
  bound: number;
  resolve: () => ScanPlan | null;
}

/** What a list's scan needs; null when some required term is in none of its rows. */
export interface ScanPlan {
  index: SearchIndex;
  required: TermRows[];
  scored: Scored[];
  excluded: ((row: number) => boolean)[];
}

/** The list's plan; null when some term the query needs is in none of its rows. */
export function planList(index: SearchIndex, ranks: Uint32Array, query: SearchQuery): ListPlan | null {
  if (unsatisfiable(query)) return null;
  let bound = 0;
  for (const term of _scoredIn(index, query)) {
    const most = _termBound(index, ranks, term);
    if (most < 0) return null;
    bound += most;
  }
  return { bound, resolve: () => _resolve(index, ranks, query) };
}

/** The most a term adds to a row's score, or -1 when no row holds it. A prefix's rows are at least those of its most
 *  common word (its idf is at most that word's) and a term factor stays under K1 + 1. */
function _termBound(index: SearchIndex, ranks: Uint32Array, term: SearchTerm): number {
  if (term.kind === 'phrase') {
    const words = term.terms.map((t) => index.termId(t));
    if (!phraseMayOccur(index, words)) return -1;
    return termIdf(index, term) * Math.min(...words.map((id) => wordMax(index, ranks, id)));
  }
  const [from, to] = termIds(index, term);
  if (to <= from) return -1;
  if (to - from === 1) return idf(index.postingLength(from), index.size) * wordMax(index, ranks, from);
  let most = 0;
  for (let id = from; id < to; id++) most = Math.max(most, index.postingLength(id));
  return idf(most, index.size) * (K1 + 1);
}

function _resolve(index: SearchIndex, ranks: Uint32Array, query: SearchQuery): ScanPlan | null {
  const required: TermRows[] = [];
  const keys: string[] = [];
  // a word the query names twice (or in a phrase too) is walked once
  const need = (key: string, rows: () => TermRows): number => {
    const at = keys.indexOf(key);
    if (at >= 0) return at;
    keys.push(key);
    return required.push(rows()) - 1;
  };
  const wanted = query.terms.filter((t) => !t.exclude).length;
  const scored: Scored[] = _scoredIn(index, query).map((term, i) => {
    if (term.kind === 'word' || term.kind === 'prefix') {
      const source = term.kind === 'word' ? need(`w ${term.term}`, () => wordRows(index, ranks, index.termId(term.term)))
        : need(`p ${term.prefix}`, () => prefixRows(index, ranks, term.prefix));
      return { idf: idf(required[source]!.rows.length, index.size), source };
    }
    // a phrase to find is walked as its own rows, found through the texts; the phrase a query's plain words make only
    // scores, so it is counted in the rows its words' walk reaches, bounded meanwhile by their counts
    if (i < wanted) return { idf: termIdf(index, term), source: need(`q ${term.terms.join(' ')}`, () => phraseTermRows(index, ranks, term.terms)) };
    const words = term.terms.map((t) => need(`w ${t}`, () => wordRows(index, ranks, index.termId(t))));
    return { idf: termIdf(index, term), words, count: phraseCounter(index, term.terms, false, index.weights) };
  });
  if (required.some((r) => r.rows.length === 0)) return null;
  const excluded = query.terms.filter((t) => t.exclude).map((t) => holdsTerm(index, t));
  return { index, required, scored, excluded };
}

/** What the query scores in this index: its terms, and the phrase its plain words make only where those words ever
 *  stand together (where they never do, that phrase adds nothing to any row, so there is nothing to look for). */
function _scoredIn(index: SearchIndex, query: SearchQuery): SearchTerm[] {
  const scored = scoredTerms(query);
  const wanted = query.terms.filter((t) => !t.exclude).length;
  if (scored.length === wanted) return scored;
  const phrase = scored[wanted] as Extract<SearchTerm, { kind: 'phrase' }>;
  return phraseMayOccur(index, phrase.terms.map((t) => index.termId(t))) ? scored : scored.slice(0, wanted);
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
export function scanList(plan: ScanPlan, place: ListPlace, page: PageHeap): void {
  const { index, required, scored, excluded } = plan;
  let driver = 0;
  for (let r = 1; r < required.length; r++) if (required[r]!.rows.length < required[driver]!.rows.length) driver = r;
  const lead = required[driver]!;
  const others = Int32Array.from(required.keys()).filter((r) => r !== driver);
  // the scored terms as flat arrays: the hot loops below read no object shapes
  const terms = scored.length;
  const idfs = Float64Array.from(scored, (s) => s.idf);
  const sourceOf = Int32Array.from(scored, (s) => ('source' in s ? s.source : -1));
  const phrases = scored.map((s) => ('source' in s ? null : s));
  const at = new Int32Array(required.length);
  const counts = new Float64Array(required.length);
  const parts = new Float64Array(terms);
  const lengths = index.rowLengths;
  const average = averageLength(index.totalTokens, index.size);
  const { typeOrder, ranks } = place;
  const blockMax = new Float64Array(required.length);
  let worst = page.worst();
  walk: for (let b = 0; b < lead.blocks.length; b++) {
    // each term's most within the rows this block spans, from its own blocks there (block-max WAND's bound): a block
    // another required term has no row in is passed over, and once one has no row left, so is the rest
    const first = lead.rows[b * BLOCK]!;
    const last = lead.rows[Math.min(lead.rows.length, b * BLOCK + BLOCK) - 1]!;
    blockMax[driver] = lead.blocks[b]!;
    for (let o = 0; o < others.length; o++) {
      const r = others[o]!;
      const { rows, blocks } = required[r]!;
      const p = at[r] = gallopU32(rows, at[r]!, first);
      if (p === rows.length) break walk;
      if (rows[p]! > last) continue walk;
      const q = gallopU32(rows, p, last + 1) - 1;
      let most = 0;
      for (let k = (p / BLOCK) | 0, end = (q / BLOCK) | 0; k <= end; k++) if (blocks[k]! > most) most = blocks[k]!;
      blockMax[r] = most;
    }
    let blockBound = 0;
    for (let s = 0; s < terms; s++) {
      const source = sourceOf[s]!;
      blockBound += idfs[s]! * (source >= 0 ? blockMax[source]! : _least(blockMax, phrases[s]!.words));
    }
    if (worst !== null && ruledOut(blockBound, worst, typeOrder, lead.minRanks[b]!)) continue;
    rows: for (let i = b * BLOCK, end = Math.min(lead.rows.length, i + BLOCK); i < end; i++) {
      const row = lead.rows[i]!;
      counts[driver] = lead.counts[i]!;
      for (let o = 0; o < others.length; o++) {
        const r = others[o]!;
        const rows = required[r]!.rows;
        const p = at[r] = gallopU32(rows, at[r]!, row);
        if (p === rows.length || rows[p] !== row) continue rows;
        counts[r] = required[r]!.counts[p]!;
      }
      const length = lengths[row]!;
      let rowBound = 0;
      for (let s = 0; s < terms; s++) {
        const source = sourceOf[s]!;
        const tf = source >= 0 ? counts[source]! : _least(counts, phrases[s]!.words);
        rowBound += parts[s] = idfs[s]! * termFactor(tf, length, average);
      }
      const rank = ranks[row]!;
      if (worst !== null && ruledOut(rowBound, worst, typeOrder, rank)) continue;
      for (let e = 0; e < excluded.length; e++) if (excluded[e]!(row)) continue rows;
      let score = 0;
      for (let s = 0; s < terms; s++) {
        const phrase = phrases[s];
        if (phrase) {
          parts[s] = idfs[s]! * termFactor(phrase.count(row), length, average);
        }
        score += parts[s]!;
      }
      score = _rounded(score);
      // under the bar after all (its bound was loose): no hit made for the heap to refuse
      if (worst !== null && ruledOut(score, worst, typeOrder, rank)) continue;
      if (place.passed(score, rank)) continue;
      page.offer({ list: place.list, row, score, typeOrder, rank });
      worst = page.worst();
    }
  }
}

/** Whether no row under `bound` can enter the page once it is full: rounding is monotonic, so a row scores at most
 *  the bound rounded; under the worst hit's score it cannot enter, and at it only if it comes before that hit by kind
 *  and id (for a block, its lowest rank; for a whole list, -1). A common word makes thousands of such ties. */
export function ruledOut(bound: number, worst: PageHit, typeOrder: number, rank: number): boolean {
  // rounding moves a score by half a millionth at most: a bound this far under the bar is under it rounded too
  if (bound < worst.score - 1 / SCALE) return true;
  const best = _rounded(bound);
  if (best !== worst.score) return best < worst.score;
  return typeOrder !== worst.typeOrder ? typeOrder > worst.typeOrder : rank > worst.rank;
}

function _rounded(score: number): number {
  return Math.round(score * SCALE) / SCALE;
}

function _least(counts: Float64Array, words: readonly number[]): number {
  let least = Infinity;
  for (const r of words) least = Math.min(least, counts[r]!);
  return least;
}
