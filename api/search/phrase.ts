// A phrase in one row: its words one after the other within one field (FTS5's meaning), read from the index's term
// ids of each field, the phrase's ids looked up once per query rather than per row.
import type { SearchIndex } from './index.ts';

/** Counts how often `terms` occur one after the other in each field of a row, summed with `weights` (all 1 by
 *  default); with `first`, stops at the first occurrence. The phrase's term ids are looked up once, not per row. */
export function phraseCounter(index: SearchIndex, phrase: readonly string[], first = false, weights?: readonly number[]): (row: number) => number {
  const ids = phrase.map((t) => index.termId(t));
  if (ids.some((id) => id < 0)) return () => 0;
  const { tokens, textBounds, fieldTexts } = index;
  const width = index.fields.length;
  const span = ids.length;
  return (row) => {
    let count = 0;
    for (let f = 0; f < width; f++) {
      const text = fieldTexts[row * width + f]!;
      for (let i = textBounds[text]!, end = textBounds[text + 1]! - span; i <= end; i++) {
        let k = 0;
        while (k < span && tokens[i + k] === ids[k]) k++;
        if (k === span) {
          if (first) return 1;
          count += weights ? weights[f]! : 1;
        }
      }
    }
    return count;
  };
}
