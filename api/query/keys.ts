// Byte order of `_sort` keys. DuckDB orders VARCHAR by UTF-8 bytes (= code point order); JavaScript's `<` compares
// UTF-16 code units, which differs for characters above U+FFFF. Every keyset comparison goes through here.

/** Compare two strings in UTF-8 byte order: negative, zero or positive. */
export function compareKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (astral code points) must sort after U+E000–U+FFFF, as they do in UTF-8.
    if (x >= 0xd800) x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
    if (y >= 0xd800) y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    return x - y;
  }
  return a.length - b.length;
}

/** First index in sorted `keys` whose key is strictly greater than `after`. */
export function upperBound(keys: readonly string[], after: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(keys[mid]!, after) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in sorted `keys` whose key is greater than or equal to `min`. */
export function lowerBound(keys: readonly string[], min: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(keys[mid]!, min) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether a sorted Uint32Array holds `value`. */
export function holdsU32(values: Uint32Array, value: number): boolean {
  const at = lowerBoundU32(values, value);
  return at < values.length && values[at] === value;
}

/** First index in a sorted Uint32Array holding a value >= `min`. */
export function lowerBoundU32(values: Uint32Array, min: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < min) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index at or after `from` of a sorted Uint32Array holding a value >= `min`, galloping from `from`: what a
 *  walk asking for ascending values uses, at a cost that grows with how far it moves, not with the array. */
export function gallopU32(values: Uint32Array, from: number, min: number): number {
  if (from >= values.length || values[from]! >= min) return from;
  let lo = from;
  let step = 1;
  while (lo + step < values.length && values[lo + step]! < min) { lo += step; step <<= 1; }
  let hi = Math.min(lo + step, values.length);
  lo++;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < min) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
