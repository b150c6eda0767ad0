// Per index, the arrays a query sums per row in (a prefix's words' counts, a phrase's occurrences): a sum per row, kept
// at zero between uses, and the rows touched, so a query allocates only its result, not a list of every row it found.
// A query runs to its end without yielding, so one pair per index serves every query of a worker in turn.
import type { SearchIndex } from './index.ts';

export interface RowScratch {
  sums: Float32Array;
  touched: Uint32Array;
}

const kept = new WeakMap<SearchIndex, RowScratch>();

export function rowScratch(index: SearchIndex): RowScratch {
  let scratch = kept.get(index);
  if (!scratch) kept.set(index, scratch = { sums: new Float32Array(index.size), touched: new Uint32Array(index.size) });
  return scratch;
}

/** The rows touched (ascending) with their sums, the sums put back to zero. */
export function takeSums({ sums, touched }: RowScratch, count: number): { rows: Uint32Array; counts: Float32Array } {
  // few rows: sort those touched; many: sweep the whole list, which is then cheaper than a sort
  const rows = count * 8 < sums.length ? touched.slice(0, count).sort() : _swept(sums, count);
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
