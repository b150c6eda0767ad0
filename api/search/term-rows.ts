// A word, a prefix or a phrase of a query as the rows holding it, ascending, with its weighted occurrences in each (a
// prefix's summed over the words it begins), plus what bounds its rows in each block of BLOCK rows — the most BM25's term
// factor reaches there and the lowest rank in id order there — and the most it reaches in all: what lets /search's
// page skip rows that cannot enter it. Every word's bounds are worked out together, once per index, into flat arrays
// (one entry per block); a prefix's and a phrase's are made per query.
import { averageLength, termFactor } from './bm25.ts';
import { EMPTY_ROWS, type SearchIndex } from './index.ts';
import { phraseRows } from './text-postings.ts';
import { rowScratch, takeSums } from './row-scratch.ts';

/** Rows per block of a bound. */
export const BLOCK = 64;

export interface TermRows {
  rows: Uint32Array;
  counts: ArrayLike<number>;
  /** The highest term factor of block b (rows[b * BLOCK] … rows[b * BLOCK + BLOCK - 1]). */
  blocks: Float64Array;
  /** The lowest rank in id order of block b's rows (the list's ranks, IdOrder.ranks). */
  minRanks: Uint32Array;
  /** The highest term factor of all. */
  max: number;
}

/** Every word's block bounds: word `id`'s blocks are [starts[id], starts[id + 1]). */
interface WordBounds {
  starts: Uint32Array;
  blocks: Float64Array;
  minRanks: Uint32Array;
  max: Float64Array;
}

const NONE: TermRows = { rows: EMPTY_ROWS, counts: new Float32Array(0), blocks: new Float64Array(0), minRanks: new Uint32Array(0), max: 0 };
const bounds = new WeakMap<SearchIndex, WordBounds>();

/** The rows of the word with term id `id` (none for -1); `ranks`: the list's rows' ranks in id order. */
export function wordRows(index: SearchIndex, ranks: Uint32Array, id: number): TermRows {
  if (id < 0) return NONE;
  const all = _boundsOf(index, ranks);
  const [from, to] = [all.starts[id]!, all.starts[id + 1]!];
  return { rows: index.posting(id), counts: index.postingCounts(id), blocks: all.blocks.subarray(from, to), minRanks: all.minRanks.subarray(from, to), max: all.max[id]! };
}

/** The highest term factor among the rows of the word with term id `id` (what wordRows(…).max gives, without its
 *  views: a query's plan asks it of every list). */
export function wordMax(index: SearchIndex, ranks: Uint32Array, id: number): number {
  return id < 0 ? 0 : _boundsOf(index, ranks).max[id]!;
}

/** Every word's bounds in the index, worked out on first need. */
function _boundsOf(index: SearchIndex, ranks: Uint32Array): WordBounds {
  let all = bounds.get(index);
  if (!all) bounds.set(index, all = _wordBounds(index, ranks));
  return all;
}

/** The rows of any word starting with `prefix`, each row once with its occurrences of all of them summed. */
export function prefixRows(index: SearchIndex, ranks: Uint32Array, prefix: string): TermRows {
  const [from, to] = index.prefixRange(prefix);
  if (to - from <= 1) return wordRows(index, ranks, to > from ? from : -1);
  const { rows, counts } = prefixUnion(index, prefix);
  return _bounded(index, ranks, rows, counts);
}

/** The rows holding a phrase (text-postings.ts), with its weighted occurrences in each and their bounds. */
export function phraseTermRows(index: SearchIndex, ranks: Uint32Array, words: readonly string[]): TermRows {
  const { rows, counts } = phraseRows(index, words);
  return _bounded(index, ranks, rows, counts);
}

function _bounded(index: SearchIndex, ranks: Uint32Array, rows: Uint32Array, counts: ArrayLike<number>): TermRows {
  const blocks = new Float64Array(Math.ceil(rows.length / BLOCK));
  const minRanks = new Uint32Array(blocks.length);
  const max = _fill(index, ranks, rows, counts, blocks, minRanks, 0);
  return { rows, counts, blocks, minRanks, max };
}

/** prefixRows without the bounds (what matching needs). */
export function prefixUnion(index: SearchIndex, prefix: string): { rows: Uint32Array; counts: ArrayLike<number> } {
  const [from, to] = index.prefixRange(prefix);
  if (to <= from) return { rows: EMPTY_ROWS, counts: new Float32Array(0) };
  if (to - from === 1) return { rows: index.posting(from), counts: index.postingCounts(from) };
  const scratch = rowScratch(index);
  const { sums, touched } = scratch;
  let n = 0;
  for (let id = from; id < to; id++) {
    const rows = index.posting(id);
    const counts = index.postingCounts(id);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      if (sums[row] === 0) touched[n++] = row;
      sums[row] += counts[i]!;
    }
  }
  return takeSums(scratch, n);
}

function _wordBounds(index: SearchIndex, ranks: Uint32Array): WordBounds {
  const words = index.vocabulary.length;
  const starts = new Uint32Array(words + 1);
  for (let id = 0; id < words; id++) starts[id + 1] = starts[id]! + Math.ceil(index.posting(id).length / BLOCK);
  const blocks = new Float64Array(starts[words]!);
  const minRanks = new Uint32Array(starts[words]!);
  const max = new Float64Array(words);
  for (let id = 0; id < words; id++) max[id] = _fill(index, ranks, index.posting(id), index.postingCounts(id), blocks, minRanks, starts[id]!);
  return { starts, blocks, minRanks, max };
}

/** Writes the block bounds of `rows` from block `at` on; returns the highest factor. */
function _fill(index: SearchIndex, ranks: Uint32Array, rows: Uint32Array, counts: ArrayLike<number>, blocks: Float64Array,
  minRanks: Uint32Array, at: number): number {
  const average = averageLength(index.totalTokens, index.size);
  const lengths = index.rowLengths;
  let max = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const factor = termFactor(counts[i]!, lengths[row]!, average);
    const b = at + ((i / BLOCK) | 0);
    if (i % BLOCK === 0) minRanks[b] = ranks[row]!;
    else if (ranks[row]! < minRanks[b]!) minRanks[b] = ranks[row]!;
    if (factor > blocks[b]!) blocks[b] = factor;
    if (factor > max) max = factor;
  }
  return max;
}
