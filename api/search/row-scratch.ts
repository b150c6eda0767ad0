// The arrays a query sums per row in (a prefix's words' counts, a phrase's occurrences): a sum per row, kept at zero
// between uses, and the rows touched, so a query allocates only its result, not a list of every row it found. A query
// runs to its end without yielding and each use puts the sums it touched back to zero, so one pair, as long as the
// largest index's rows, serves every index of a worker in turn (each index views its own length of it).
import type { SearchIndex } from './index.ts';

export interface RowScratch {
  sums: Float32Array;
  touched: Uint32Array;
}

let shared: RowScratch = { sums: new Float32Array(0), touched: new Uint32Array(0) };
const views = new WeakMap<SearchIndex, RowScratch>();

export function rowScratch(index: SearchIndex): RowScratch {
  if (shared.sums.length < index.size) shared = { sums: new Float32Array(index.size), touched: new Uint32Array(index.size) };
  let view = views.get(index);
  // a view of an outgrown pair is made again over the larger one
  if (!view || view.sums.buffer !== shared.sums.buffer) {
    views.set(index, view = { sums: shared.sums.subarray(0, index.size), touched: shared.touched.subarray(0, index.size) });
  }
  return view;
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
