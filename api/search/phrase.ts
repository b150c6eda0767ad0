// A phrase in one row: its words one after the other within one field (FTS5's meaning), read from the index's term
// ids of each field, the phrase's ids looked up once per query rather than per row.
import type { SearchIndex } from './index.ts';

/** Texts at least this long (in words) are scanned once per query and remembered: many rows share them (a
 *  registration's text is each of its communications'), shorter ones cost less to scan than to look up. */
const REMEMBERED = 16;

/** Counts how often `terms` occur one after the other in each field of a row, summed with `weights` (all 1 by
 *  default); with `first`, only whether they occur (1 or 0). The phrase's term ids are looked up once, not per row, and
 *  a long text shared by many rows is scanned once. */
export function phraseCounter(index: SearchIndex, phrase: readonly string[], first = false, weights?: readonly number[]): (row: number) => number {
  const ids = phrase.map((t) => index.termId(t));
  if (ids.some((id) => id < 0)) return () => 0;
  const { tokens, textBounds, fieldTexts } = index;
  const width = index.fields.length;
  const span = ids.length;
  const scan = (text: number): number => {
    let n = 0;
    for (let i = textBounds[text]!, end = textBounds[text + 1]! - span; i <= end; i++) {
      let k = 0;
      while (k < span && tokens[i + k] === ids[k]) k++;
      if (k === span) n++;
    }
    return n;
  };
  const seen = new Map<number, number>();
  return (row) => {
    let count = 0;
    for (let f = 0; f < width; f++) {
      const text = fieldTexts[row * width + f]!;
      let n: number | undefined;
      if (textBounds[text + 1]! - textBounds[text]! < REMEMBERED) n = scan(text);
      else if ((n = seen.get(text)) === undefined) seen.set(text, n = scan(text));
      if (n === 0) continue;
      if (first) return 1;
      count += (weights ? weights[f]! : 1) * n;
    }
    return count;
  };
}
