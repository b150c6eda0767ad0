// A phrase's rows found through the distinct texts rather than the rows: each word's texts (the distinct texts
// holding it) and each text's rows are worked out once per index, so a phrase costs the texts holding all its words
// — a registration's text is one text for all its communications, fifteen times fewer than their rows — plus the rows
// it is found in, however rare it is. Its occurrences in each row are counted with the index's field weights, as the
// exhaustive scorer counts them.
import { EMPTY_ROWS, type SearchIndex } from './index.ts';
import { phraseMayOccur, phraseOccurrences } from './phrase.ts';
import { rowScratch, takeSums } from './row-scratch.ts';
import { gallopU32 } from '../query/keys.ts';

interface TextPostings {
  /** Word id → its texts: texts[wordStarts[id]] … texts[wordStarts[id + 1] - 1], ascending. */
  wordStarts: Uint32Array;
  texts: Uint32Array;
  /** Text → the (row, field) slots holding it, as row * fields + field, ascending. */
  slotStarts: Uint32Array;
  slots: Uint32Array;
}

const kept = new WeakMap<SearchIndex, TextPostings>();

/** The rows holding the phrase `words` (one after the other within one field), ascending, with its weighted count. */
export function phraseRows(index: SearchIndex, words: readonly string[]): { rows: Uint32Array; counts: Float32Array } {
  const ids = words.map((w) => index.termId(w));
  if (!phraseMayOccur(index, ids)) return { rows: EMPTY_ROWS, counts: new Float32Array(0) };
  let postings = kept.get(index);
  if (!postings) kept.set(index, postings = _textPostings(index));
  const { wordStarts, texts, slotStarts, slots } = postings;
  const lists = ids.map((id) => texts.subarray(wordStarts[id]!, wordStarts[id + 1]!)).sort((a, b) => a.length - b.length);
  const scratch = rowScratch(index);
  const { sums, touched } = scratch;
  const { weights } = index;
  const width = index.fields.length;
  let found = 0;
  // the other words' texts are walked along with the rarest's (ascending both), not searched from the start each time
  const at = new Uint32Array(lists.length);
  texts: for (const text of lists[0]!) {
    for (let l = 1; l < lists.length; l++) {
      const other = lists[l]!;
      const p = at[l] = gallopU32(other, at[l]!, text);
      if (p === other.length) break texts;
      if (other[p] !== text) continue texts;
    }
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

function _textPostings(index: SearchIndex): TextPostings {
  const { tokens, textBounds, fieldTexts } = index;
  const textCount = textBounds.length - 1;
  const words = index.vocabulary.length;
  // each word's texts: counted, then filled (texts ascending because they are visited so)
  const wordStarts = new Uint32Array(words + 1);
  const last = new Int32Array(words).fill(-1);
  for (let t = 1; t < textCount; t++) {
    for (let i = textBounds[t]!; i < textBounds[t + 1]!; i++) if (last[tokens[i]!] !== t) { last[tokens[i]!] = t; wordStarts[tokens[i]! + 1]!++; }
  }
  for (let id = 0; id < words; id++) wordStarts[id + 1]! += wordStarts[id]!;
  const texts = new Uint32Array(wordStarts[words]!);
  const fill = wordStarts.slice(0, words);
  last.fill(-1);
  for (let t = 1; t < textCount; t++) {
    for (let i = textBounds[t]!; i < textBounds[t + 1]!; i++) if (last[tokens[i]!] !== t) { last[tokens[i]!] = t; texts[fill[tokens[i]!]!++] = t; }
  }
  // each text's slots, the same way (slots ascending, so rows ascending)
  const slotStarts = new Uint32Array(textCount + 1);
  for (let s = 0; s < fieldTexts.length; s++) if (fieldTexts[s]! !== 0) slotStarts[fieldTexts[s]! + 1]!++;
  for (let t = 0; t < textCount; t++) slotStarts[t + 1]! += slotStarts[t]!;
  const slots = new Uint32Array(slotStarts[textCount]!);
  const at = slotStarts.slice(0, textCount);
  for (let s = 0; s < fieldTexts.length; s++) if (fieldTexts[s]! !== 0) slots[at[fieldTexts[s]!]!++] = s;
  return { wordStarts, texts, slotStarts, slots };
}
