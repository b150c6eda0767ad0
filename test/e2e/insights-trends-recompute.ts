// Plain re-implementations for the trend insights' differential tests: dates as day numbers, quarters and months,
// DuckDB's quantile_cont (linear interpolation at position (n − 1)·p, R type 7) and its round().

export const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 864e5;
export const isoDay = (d: number): string => new Date(d * 864e5).toISOString().slice(0, 10);

/** Quarter number of a date on one axis: year · 4 + (quarter − 1). */
export const quarterOf = (iso: string): number => Number(iso.slice(0, 4)) * 4 + Math.floor((Number(iso.slice(5, 7)) - 1) / 3);

/** Every `YYYY-MM` from `first` through `last`. */
export function monthsFrom(first: string, last: string): string[] {
  const out: string[] = [];
  for (let y = Number(first.slice(0, 4)), m = Number(first.slice(5, 7)); `${y}-${String(m).padStart(2, '0')}` <= last; m === 12 ? (y++, m = 1) : m++) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
  }
  return out;
}

/** quantile_cont of sorted values: x[⌊h⌋] + (h − ⌊h⌋)(x[⌈h⌉] − x[⌊h⌋]), h = (n − 1)·p. */
export function quantile(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h), hi = Math.ceil(h);
  return lo === hi ? sorted[lo]! : sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** DuckDB's round(x, digits) for the non-negative values these tables hold. */
export const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;
