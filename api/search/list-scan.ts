// One list's part of /search's page, without scoring every row the query finds (block-max pruning, as search engines
// do it). Each term of the list's plan (list-plan.ts) is a list of rows with its weighted count in each; the rows are
// walked through the rarest required one a block at a time, and a block is skipped whole when its best possible score
// (each term's block maxima over the rows it spans) is under the page's bar, or when some required term has no row in
// it; where only rows of the optional term (a rare phrase of the plain words) can reach the bar, its rows in the block
// are walked instead. A row is checked for the rest (the phrase its plain words make when it is counted per row, its
// exclusions) only when the bound its terms' exact counts give can still reach the bar. A row that is kept is scored
// with the same arithmetic as the exhaustive scorer (rank.ts), which the tests hold this to.
import { averageLength, termFactor } from './bm25.ts';
import type { ScanPlan } from './list-plan.ts';
import type { PageHeap, PageHit } from './page-heap.ts';
import { BLOCK, type TermRows } from './term-rows.ts';
import { float64Of, int32Of } from './typed-of.ts';
import { gallopU32 } from '../query/keys.ts';

/** Scores are rounded to millionths so the order, and a cursor's key, do not hang on the last bits of a float. */
const SCALE = 1e6;

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
  const { index, required, optional, scored, excluded } = plan;
  let driver = 0;
  for (let r = 1; r < required.length; r++) if (required[r]!.rows.length < required[driver]!.rows.length) driver = r;
  const lead = required[driver]!;
  const others = new Int32Array(required.length - 1);
  for (let r = 0, o = 0; r < required.length; r++) if (r !== driver) others[o++] = r;
  // every term's rows in one array, the optional after the required; the scored terms as flat arrays: the hot loops
  // below read no object shapes
  const all = [...required, ...optional];
  const terms = scored.length;
  const idfs = float64Of(scored, (s) => s.idf);
  const sourceOf = int32Of(scored, (s) => ('source' in s ? s.source : 'optional' in s ? required.length + s.optional : -1));
  const phrases = scored.map((s) => ('words' in s ? s : null));
  const at = new Int32Array(all.length);
  const counts = new Float64Array(all.length);
  const parts = new Float64Array(terms);
  const lengths = index.rowLengths;
  const average = averageLength(index.totalTokens, index.size);
  const { typeOrder, ranks } = place;
  const blockMax = new Float64Array(all.length);
  // the scored term of the one optional term, if there is one
  const optionalAlone = optional.length === 1 ? scored.findIndex((s) => 'optional' in s) : -1;
  let worst = page.worst();
  walk: for (let b = 0; b < lead.blocks.length; b++) {
    // each term's most within the rows this block spans, from its own blocks there (block-max WAND's bound): a block
    // another required term has no row in is passed over, and once one has no row left, so is the rest; an optional
    // term with no row there adds nothing to it
    const first = lead.rows[b * BLOCK]!;
    const last = lead.rows[Math.min(lead.rows.length, b * BLOCK + BLOCK) - 1]!;
    blockMax[driver] = lead.blocks[b]!;
    for (let o = 0; o < others.length; o++) {
      const r = others[o]!;
      const most = _mostWithin(all[r]!, at, r, first, last);
      if (most < 0) {
        if (at[r] === all[r]!.rows.length) break walk;
        continue walk;
      }
      blockMax[r] = most;
    }
    for (let r = required.length; r < all.length; r++) blockMax[r] = Math.max(0, _mostWithin(all[r]!, at, r, first, last));
    // the bound without the optional term is summed apart (not subtracted), in the same order as a row's score
    let blockBound = 0;
    let withoutOptional = 0;
    for (let s = 0; s < terms; s++) {
      const source = sourceOf[s]!;
      const part = idfs[s]! * (source >= 0 ? blockMax[source]! : _least(blockMax, phrases[s]!.words));
      blockBound += part;
      if (s !== optionalAlone) withoutOptional += part;
    }
    if (worst !== null && ruledOut(blockBound, worst, typeOrder, lead.minRanks[b]!)) continue;
    // where only a row holding the optional term can reach the bar, its rows in the block are walked instead of the
    // lead's (a rare phrase among common words: the block's other rows are not read at all)
    const viaOptional = optionalAlone >= 0 && worst !== null && ruledOut(withoutOptional, worst, typeOrder, lead.minRanks[b]!);
    const walked = viaOptional ? all[required.length]! : lead;
    let from = b * BLOCK;
    let until = Math.min(lead.rows.length, from + BLOCK);
    if (viaOptional) {
      from = at[required.length]!;
      until = gallopU32(walked.rows, from, last + 1);
      at[driver] = b * BLOCK;
    }
    rows: for (let i = from; i < until; i++) {
      const row = walked.rows[i]!;
      if (viaOptional) {
        const p = at[driver] = gallopU32(lead.rows, at[driver]!, row);
        if (p === lead.rows.length || lead.rows[p] !== row) continue;
        counts[driver] = lead.counts[p]!;
      }
      else counts[driver] = lead.counts[i]!;
      for (let o = 0; o < others.length; o++) {
        const r = others[o]!;
        const rows = required[r]!.rows;
        const p = at[r] = gallopU32(rows, at[r]!, row);
        if (p === rows.length || rows[p] !== row) continue rows;
        counts[r] = required[r]!.counts[p]!;
      }
      for (let r = required.length; r < all.length; r++) {
        const rows = all[r]!.rows;
        const p = at[r] = gallopU32(rows, at[r]!, row);
        counts[r] = p < rows.length && rows[p] === row ? all[r]!.counts[p]! : 0;
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
          const tf = phrase.count(row);
          if (tf === 0 && phrase.required) continue rows;
          parts[s] = idfs[s]! * termFactor(tf, length, average);
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

/** The most term `r`'s blocks reach over its rows in [first, last], its walk moved to the first of them; -1 when it has
 *  none there (its walk then at its first row after `last`, or at its end). */
function _mostWithin({ rows, blocks }: TermRows, at: Int32Array, r: number, first: number, last: number): number {
  const p = at[r] = gallopU32(rows, at[r]!, first);
  if (p === rows.length || rows[p]! > last) return -1;
  const q = gallopU32(rows, p, last + 1) - 1;
  let most = 0;
  for (let k = (p / BLOCK) | 0, end = (q / BLOCK) | 0; k <= end; k++) if (blocks[k]! > most) most = blocks[k]!;
  return most;
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
