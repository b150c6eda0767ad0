// A phrase in one row: its words one after the other within one field (FTS5's meaning), read from the index's term
// ids of each field, the phrase's ids looked up once per query rather than per row.
import type { SearchIndex } from './index.ts';
import { pairOf } from './word-pairs.ts';

/** Per index, what each text's last scan found: the count, and which counter's scan it was (a counter reads only its
 *  own; another's, or none, is scanned again). Typed arrays, so remembering costs an array read, not a map lookup. */
interface Remembered { by: Uint32Array; count: Int32Array; next: number }
const remembered = new WeakMap<SearchIndex, Remembered>();

/** Counts how often `terms` occur one after the other in each field of a row, summed with `weights` (all 1 by
 *  default); with `first`, only whether they occur (1 or 0). The phrase's term ids are looked up once, not per row, and
 *  a text shared by many rows (a registration's, by each of its communications) is scanned once per counter. */
export function phraseCounter(index: SearchIndex, phrase: readonly string[], first = false, weights?: readonly number[]): (row: number) => number {
  const inText = _inTexts(index, phrase);
  if (!inText) return () => 0;
  const { fieldTexts } = index;
  const width = index.fields.length;
  return (row) => {
    let count = 0;
    for (let f = 0; f < width; f++) {
      const n = inText(fieldTexts[row * width + f]!);
      if (n === 0) continue;
      if (first) return 1;
      count += (weights ? weights[f]! : 1) * n;
    }
    return count;
  };
}

/** How often the phrase occurs in a text (by text id), each text scanned once; null when a word of it is in no row. */
function _inTexts(index: SearchIndex, phrase: readonly string[]): ((text: number) => number) | null {
  const ids = phrase.map((t) => index.termId(t));
  if (ids.some((id) => id < 0)) return null;
  const { textBounds } = index;
  let memo = remembered.get(index);
  if (!memo) remembered.set(index, memo = { by: new Uint32Array(textBounds.length), count: new Int32Array(textBounds.length), next: 0 });
  const { by, count: found } = memo;
  const me = memo.next = (memo.next % 0xfffffffe) + 1;
  return (text) => {
    if (by[text] === me) return found[text]!;
    by[text] = me;
    return found[text] = phraseOccurrences(index, text, ids);
  };
}

/** Whether a phrase of these term ids can occur at all: each pair of neighbours in it stands together somewhere
 *  (word-pairs.ts). What lets a search skip reading texts for a phrase that is in no row. */
export function phraseMayOccur(index: SearchIndex, ids: readonly number[]): boolean {
  if (ids.some((id) => id < 0)) return false;
  const pairs = index.wordPairs();
  for (let k = 1; k < ids.length; k++) if (pairOf(pairs, ids[k - 1]!, ids[k]!) < 0) return false;
  return true;
}

/** How often the term ids `ids` occur one after the other in text `text`. */
export function phraseOccurrences(index: SearchIndex, text: number, ids: readonly number[]): number {
  const { tokens, textBounds } = index;
  let n = 0;
  if (ids.length === 2) {
    // two words (every phrase a two-word query's plain words make, scanned per row the walk reaches): no inner loop
    const first = ids[0]!;
    const second = ids[1]!;
    for (let i = textBounds[text]!, end = textBounds[text + 1]! - 1; i < end; i++) if (tokens[i] === first && tokens[i + 1] === second) n++;
    return n;
  }
  for (let i = textBounds[text]!, end = textBounds[text + 1]! - ids.length; i <= end; i++) {
    let k = 0;
    while (k < ids.length && tokens[i + k] === ids[k]) k++;
    if (k === ids.length) n++;
  }
  return n;
}
