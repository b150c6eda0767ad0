// A phrase's rows found through the texts its pairs of neighbours stand in (word-pairs.ts) rather than through rows:
// the texts of its rarest pair, each checked for the rest of the phrase, and each text's rows (the (row, field) slots
// holding it, worked out once per index). So a phrase costs the texts holding it — a registration's text is one text
// for all its communications, fifteen times fewer than their rows — plus the rows it is found in, however common its
// words are. Its occurrences in each row are counted with the index's field weights, as the exhaustive scorer counts
// them.
import { EMPTY_ROWS, type SearchIndex } from './index.ts';
import { phraseOccurrences } from './phrase.ts';
import { rowScratch, takeSums } from './row-scratch.ts';
import { pairOf, pairTexts } from './word-pairs.ts';
import { gallopU32 } from '../query/keys.ts';

/** Text → the (row, field) slots holding it, as row * fields + field, ascending. */
interface TextSlots {
  slotStarts: Uint32Array;
  slots: Uint32Array;
}

const kept = new WeakMap<SearchIndex, TextSlots>();

/** The rows holding the phrase `words` (one after the other within one field), ascending, with its weighted count. */
export function phraseRows(index: SearchIndex, words: readonly string[]): { rows: Uint32Array; counts: Float32Array } {
  const none = { rows: EMPTY_ROWS, counts: new Float32Array(0) };
  const ids = words.map((w) => index.termId(w));
  if (ids.some((id) => id < 0)) return none;
  // a one-word phrase is the word
  if (ids.length === 1) return { rows: index.posting(ids[0]!), counts: Float32Array.from(index.postingCounts(ids[0]!)) };
  const lists = _pairTextLists(index, ids);
  if (!lists) return none;
  lists.sort((a, b) => a.length - b.length);
  const { slotStarts, slots } = _slotsOf(index);
  const scratch = rowScratch(index);
  const { sums, touched } = scratch;
  const { weights } = index;
  const width = index.fields.length;
  let found = 0;
  // the other pairs' texts are walked along with the rarest's (ascending both), not searched from the start each time
  const at = new Uint32Array(lists.length);
  texts: for (const text of lists[0]!) {
    for (let l = 1; l < lists.length; l++) {
      const other = lists[l]!;
      const p = at[l] = gallopU32(other, at[l]!, text);
      if (p === other.length) break texts;
      if (other[p] !== text) continue texts;
    }
    // a text of a two-word phrase holds it; a longer one's pairs may stand apart, so it is counted in every case
    const n = phraseOccurrences(index, text, ids);
    if (n === 0) continue;
    for (let s = slotStarts[text]!; s < slotStarts[text + 1]!; s++) {
      const row = (slots[s]! / width) | 0;
      if (sums[row] === 0) touched[found++] = row;
      sums[row] += weights[slots[s]! % width]! * n;
    }
  }
  return takeSums(scratch, found);
}

/** At least how many rows hold the phrase `words`: the (row, field) slots of its rarest pair's texts, counted no
 *  further than past `upTo` (what tells whether gathering its rows is cheap). */
export function phraseRowsAtMost(index: SearchIndex, words: readonly string[], upTo: number): number {
  const ids = words.map((w) => index.termId(w));
  if (ids.some((id) => id < 0)) return 0;
  if (ids.length === 1) return index.postingLength(ids[0]!);
  const lists = _pairTextLists(index, ids);
  if (!lists) return 0;
  const rarest = lists.reduce((a, b) => (b.length < a.length ? b : a));
  const { slotStarts } = _slotsOf(index);
  let slots = 0;
  for (let i = 0; i < rarest.length && slots <= upTo; i++) slots += slotStarts[rarest[i]! + 1]! - slotStarts[rarest[i]!]!;
  return slots;
}

/** The texts each pair of neighbours of the phrase `ids` (two or more words) stands in, in the phrase's order; null
 *  when one of its pairs never stands together. */
function _pairTextLists(index: SearchIndex, ids: readonly number[]): Uint32Array[] | null {
  const wordPairs = index.wordPairs();
  const lists: Uint32Array[] = [];
  for (let k = 1; k < ids.length; k++) {
    const pair = pairOf(wordPairs, ids[k - 1]!, ids[k]!);
    if (pair < 0) return null;
    lists.push(pairTexts(wordPairs, pair));
  }
  return lists;
}

function _slotsOf(index: SearchIndex): TextSlots {
  let slotted = kept.get(index);
  if (!slotted) kept.set(index, slotted = _textSlots(index));
  return slotted;
}

function _textSlots(index: SearchIndex): TextSlots {
  const { textBounds, fieldTexts } = index;
  const textCount = textBounds.length - 1;
  // each text's slots: counted, then filled (slots ascending, so rows ascending)
  const slotStarts = new Uint32Array(textCount + 1);
  for (let s = 0; s < fieldTexts.length; s++) if (fieldTexts[s]! !== 0) slotStarts[fieldTexts[s]! + 1]!++;
  for (let t = 0; t < textCount; t++) slotStarts[t + 1]! += slotStarts[t]!;
  const slots = new Uint32Array(slotStarts[textCount]!);
  const at = slotStarts.slice(0, textCount);
  for (let s = 0; s < fieldTexts.length; s++) if (fieldTexts[s]! !== 0) slots[at[fieldTexts[s]!]!++] = s;
  return { slotStarts, slots };
}
