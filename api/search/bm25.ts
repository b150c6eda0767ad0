// Okapi BM25's two factors as /search ranks by them (docs/search.md): a term's inverse document frequency in a list,
// and how a row's weighted occurrences of it count against the row's length. One definition, read by the exhaustive
// scorer (rank.ts), the block maxima that bound it (block-max.ts) and the pruned page (ranked.ts), so a bound and a
// score are the same arithmetic.

export const K1 = 1.2;
export const B = 0.75;
/** FTS5 floors an idf at this, so a word in most rows still counts a little. */
const MIN_IDF = 1e-6;

/** The idf of a term held by `count` of `size` rows. */
export function idf(count: number, size: number): number {
  return Math.max(MIN_IDF, Math.log((size - count + 0.5) / (count + 0.5)));
}

/** The list's average row length in tokens (1 for an empty list). */
export function averageLength(totalTokens: number, size: number): number {
  return (size > 0 ? totalTokens / size : 1) || 1;
}

/** A term's factor in a row: `tf` weighted occurrences in a row of `length` tokens. Rises with tf, falls with length. */
export function termFactor(tf: number, length: number, average: number): number {
  return (tf * (K1 + 1)) / (tf + K1 * (1 - B + B * length / average));
}
