// Which words ever stand directly one after the other in an index: for each word, the distinct words that follow it
// somewhere within one field. A phrase can only occur where each of its pairs of neighbours does, so a phrase with a
// pair that never stands together is known to be in no row without reading a text: the plain words of a two-word
// query that are never neighbours ("zoning law", where every text says "zoning by-law") then get no phrase bonus to
// look for, and a quoted phrase of them finds nothing at once. The night's build works the pairs out with the rest of
// the index (index.ts) and the search file keeps them (export/search-file.ts).
import { holdsU32 } from '../query/keys.ts';

/** Word id → the ids that directly follow it: followers[starts[id]] … followers[starts[id + 1] - 1], ascending. */
export interface WordPairs {
  starts: Uint32Array;
  followers: Uint32Array;
}

/** The pairs of neighbours in the texts `tokens` holds (text t is tokens[textBounds[t]] … tokens[textBounds[t + 1] - 1],
 *  a field's words in order), over a vocabulary of `count` words. */
export function wordPairsOf(tokens: Int32Array, textBounds: Uint32Array, count: number): WordPairs {
  // every neighbour of every word, grouped by the first word (count, then fill), then each group sorted and its
  // repeats dropped in place (what is kept never overtakes what is read)
  const all = new Uint32Array(count + 1);
  const texts = textBounds.length - 1;
  for (let t = 0; t < texts; t++) for (let i = textBounds[t]!, end = textBounds[t + 1]! - 1; i < end; i++) all[tokens[i]! + 1]!++;
  for (let id = 0; id < count; id++) all[id + 1]! += all[id]!;
  const seconds = new Uint32Array(all[count]!);
  const fill = all.slice(0, count);
  for (let t = 0; t < texts; t++) for (let i = textBounds[t]!, end = textBounds[t + 1]! - 1; i < end; i++) seconds[fill[tokens[i]!]!++] = tokens[i + 1]!;
  const starts = new Uint32Array(count + 1);
  let kept = 0;
  for (let id = 0; id < count; id++) {
    const from = kept;
    const group = seconds.subarray(all[id]!, all[id + 1]!).sort();
    for (let k = 0; k < group.length; k++) if (kept === from || seconds[kept - 1] !== group[k]) seconds[kept++] = group[k]!;
    starts[id + 1] = kept;
  }
  return { starts, followers: seconds.slice(0, kept) };
}

/** Whether word `second` directly follows word `first` somewhere. */
export function follows(pairs: WordPairs, first: number, second: number): boolean {
  if (first < 0 || first + 1 >= pairs.starts.length) return false;
  return holdsU32(pairs.followers.subarray(pairs.starts[first]!, pairs.starts[first + 1]!), second);
}
