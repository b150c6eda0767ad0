// A word or a prefix of a query as the rows holding it, ascending, with its weighted occurrences in each (a prefix's
// summed over the words it begins), plus the most BM25's term factor can reach in each block of BLOCK rows and in all:
// the bounds that let /search's page skip rows that cannot enter it. A word's are worked out once per index and kept
// with it; a prefix's are made per query.
import { averageLength, termFactor } from './bm25.ts';
import { EMPTY_ROWS, type SearchIndex } from './index.ts';

/** Rows per block of a bound. */
export const BLOCK = 64;

export interface TermRows {
  rows: Uint32Array;
  counts: ArrayLike<number>;
  /** The highest term factor of block b (rows[b * BLOCK] … rows[b * BLOCK + BLOCK - 1]). */
  blocks: Float64Array;
  /** The highest of all. */
  max: number;
}

const NONE: TermRows = { rows: EMPTY_ROWS, counts: new Float32Array(0), blocks: new Float64Array(0), max: 0 };
const words = new WeakMap<SearchIndex, Map<number, TermRows>>();
const scratch = new WeakMap<SearchIndex, Float32Array>();

/** The rows of the word with term id `id` (none for -1). */
export function wordRows(index: SearchIndex, id: number): TermRows {
  if (id < 0) return NONE;
  let kept = words.get(index);
  if (!kept) words.set(index, kept = new Map());
  let rows = kept.get(id);
  if (!rows) kept.set(id, rows = _bounded(index, index.posting(id), index.postingCounts(id)));
  return rows;
}

/** The rows of any word starting with `prefix`, each row once with its occurrences of all of them summed. */
export function prefixRows(index: SearchIndex, prefix: string): TermRows {
  const [from, to] = index.prefixRange(prefix);
  if (to - from <= 1) return wordRows(index, to > from ? from : -1);
  const { rows, counts } = prefixUnion(index, prefix);
  return _bounded(index, rows, counts);
}

/** prefixRows without the bounds (what matching needs). */
export function prefixUnion(index: SearchIndex, prefix: string): { rows: Uint32Array; counts: Float32Array } {
  const [from, to] = index.prefixRange(prefix);
  if (to <= from) return { rows: EMPTY_ROWS, counts: new Float32Array(0) };
  if (to - from === 1) return { rows: index.posting(from), counts: index.postingCounts(from) };
  let sums = scratch.get(index);
  if (!sums) scratch.set(index, sums = new Float32Array(index.size));
  const touched: number[] = [];
  for (let id = from; id < to; id++) {
    const rows = index.posting(id);
    const counts = index.postingCounts(id);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      if (sums[row] === 0) touched.push(row);
      sums[row] += counts[i]!;
    }
  }
  // few rows: sort those touched; many: sweep the whole list, which is then cheaper than a sort
  const rows = touched.length * 8 < index.size ? Uint32Array.from(touched).sort() : _swept(sums, touched.length);
  const counts = new Float32Array(rows.length);
  for (let i = 0; i < rows.length; i++) { counts[i] = sums[rows[i]!]!; sums[rows[i]!] = 0; }
  return { rows, counts };
}

function _swept(sums: Float32Array, count: number): Uint32Array {
  const rows = new Uint32Array(count);
  let n = 0;
  for (let row = 0; row < sums.length && n < count; row++) if (sums[row] !== 0) rows[n++] = row;
  return rows;
}

function _bounded(index: SearchIndex, rows: Uint32Array, counts: ArrayLike<number>): TermRows {
  const average = averageLength(index.totalTokens, index.size);
  const lengths = index.rowLengths;
  const blocks = new Float64Array(Math.ceil(rows.length / BLOCK));
  let max = 0;
  for (let i = 0; i < rows.length; i++) {
    const factor = termFactor(counts[i]!, lengths[rows[i]!]!, average);
    const b = (i / BLOCK) | 0;
    if (factor > blocks[b]!) blocks[b] = factor;
    if (factor > max) max = factor;
  }
  return { rows, counts, blocks, max };
}
