// The order of ids within one searchable list, as /search breaks ties by it (numbers as numbers, then code units),
// worked out once per export: each row's rank in that order, so comparing two tied hits is comparing two integers,
// and where a cursor's id falls in it, so a page after the cursor is the rows of a higher rank.

/** Rows in id order and each row's rank in it. */
export interface IdOrder {
  /** rows, sorted by id */
  rows: Uint32Array;
  /** row → its position in `rows` */
  ranks: Uint32Array;
}

export function toIdOrder(ids: readonly string[]): IdOrder {
  const rows = Uint32Array.from(ids.keys()).sort((a, b) => compareIds(ids[a]!, ids[b]!));
  const ranks = new Uint32Array(ids.length);
  rows.forEach((row, rank) => { ranks[row] = rank; });
  return { rows, ranks };
}

/** The first rank whose id comes after `id` (the count of ids at or before it); `idOf` gives a row's id. */
export function rankAfter(idOf: (row: number) => string, order: IdOrder, id: string): number {
  let lo = 0;
  let hi = order.rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareIds(idOf(order.rows[mid]!), id) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The order of ids: ids of digits only first, as numbers (by length, then code units), then every other id by UTF-16
 *  code units. Kept a total order — a list can hold both kinds (an application's id is a number or a folder number
 *  with letters), and comparing a number with a folder number by code units but two numbers by length would not be
 *  one order, which a sort and a cursor's binary search need. */
export function compareIds(a: string, b: string): number {
  const digitsA = _digits(a);
  if (digitsA !== _digits(b)) return digitsA ? -1 : 1;
  if (digitsA && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function _digits(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return s.length > 0;
}
