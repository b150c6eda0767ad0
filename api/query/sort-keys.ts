// The `_sort` keys of a table as one UTF-8 buffer with offsets (no string per row): binary searches compare bytes,
// which is exactly the byte order of compareKeys (keys.ts) for the well-formed text keys, cursors and parameters hold.
import type { ByteStrings } from './arrow-read.ts';

export interface SortKeys {
  readonly length: number;
  /** The key of a row, decoded. */
  at(row: number): string;
  /** First row whose key is strictly greater than `after`. */
  upperBound(after: string): number;
  /** First row whose key is greater than or equal to `min`. */
  lowerBound(min: string): number;
}

export function sortKeys(column: ByteStrings): SortKeys {
  const { values, offsets, length } = column;
  /** First row whose key compares above `target` (strict) or at least equal (not strict). */
  const search = (target: string, strict: boolean): number => {
    const t = Buffer.from(target, 'utf8');
    let lo = 0;
    let hi = length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      // sign of key(mid) against the target
      const c = values.compare(t, 0, t.length, offsets[mid]!, offsets[mid + 1]!);
      if (c < 0 || (strict && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    length,
    at: (row) => values.toString('utf8', offsets[row]!, offsets[row + 1]!),
    upperBound: (after) => search(after, true),
    lowerBound: (min) => search(min, false),
  };
}
