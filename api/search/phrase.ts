// A phrase in one row: its words one after the other within one field (FTS5's meaning), read from the index's term
// ids of each field, the phrase's ids looked up once per query rather than per row.
import type { SearchIndex } from './index.ts';
import { pairOf } from './word-pairs.ts';

/** What each text's last scan found: the count, and which counter's scan it was (a counter reads only its own;
 *  another's, or none, is scanned again). Typed arrays, so remembering costs an array read, not a map lookup; one pair,
 *  as long as the most texts of any index, serves every index, its counters numbered across all of them. */
interface Remembered { by: Uint32Array; count: Int32Array; next: number }
let memo: Remembered = { by: new Uint32Array(0), count: new Int32Array(0), next: 0 };

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
  const texts = index.textBounds.length;
  if (memo.by.length < texts) memo = { by: new Uint32Array(texts), count: new Int32Array(texts), next: memo.next };
  // once every number is used, none is taken for a scan again: the marks are cleared before numbering restarts
  if (memo.next === 0xffffffff) {
    memo.by.fill(0);
    memo.next = 0;
  }
  const { by, count: found } = memo;
  const me = ++memo.next;
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
