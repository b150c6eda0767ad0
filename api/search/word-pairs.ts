// Which words ever stand directly one after the other in an index, and in which texts: for each word, the distinct
// words that follow it somewhere within one field, and for each such pair the texts it stands in (a two-word
// index, as search engines keep one for phrases). A phrase can only occur in the texts where each of its pairs of
// neighbours does, so its rows are found from the texts of its rarest pair, not by reading every text holding its
// words; and a phrase with a pair that never stands together is known to be in no row at once: the plain words of a
// query that are never neighbours ("zoning law", where every text says "zoning by-law") then get no phrase bonus to
// look for. The night's build works the pairs out with the rest of the index (index.ts) and the search file keeps them
// (export/search-file.ts).
import { lowerBoundU32 } from '../query/keys.ts';

export interface WordPairs {
  /** Word id → its pairs p in [starts[id], starts[id + 1]), by the word that follows it, ascending. */
  starts: Uint32Array;
  /** Pair p's second word. */
  followers: Uint32Array;
  /** Pair p → the texts it stands in: texts[textStarts[p]] … texts[textStarts[p + 1] - 1], ascending. */
  textStarts: Uint32Array;
  texts: Uint32Array;
}

/** The pairs of neighbours in the texts `tokens` holds (text t is tokens[textBounds[t]] … tokens[textBounds[t + 1] - 1],
 *  a field's words in order), over a vocabulary of `count` words. */
export function wordPairsOf(tokens: Int32Array, textBounds: Uint32Array, count: number): WordPairs {
  const texts = textBounds.length - 1;
  // every neighbour of every word, grouped by the first word (count, then fill), then each group sorted and its
  // repeats dropped in place (what is kept never overtakes what is read)
  const all = new Uint32Array(count + 1);
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
  // each pair's texts, the same way: counted, then filled, each text once (texts are visited ascending)
  const pairs: WordPairs = { starts, followers: seconds.slice(0, kept), textStarts: new Uint32Array(kept + 1), texts: new Uint32Array(0) };
  const last = new Int32Array(kept).fill(-1);
  const eachPair = (visit: (pair: number, text: number) => void) => {
    for (let t = 0; t < texts; t++) {
      for (let i = textBounds[t]!, end = textBounds[t + 1]! - 1; i < end; i++) {
        const pair = pairOf(pairs, tokens[i]!, tokens[i + 1]!);
        if (last[pair] !== t) { last[pair] = t; visit(pair, t); }
      }
    }
  };
  const { textStarts } = pairs;
  eachPair((pair) => { textStarts[pair + 1]!++; });
  for (let p = 0; p < kept; p++) textStarts[p + 1]! += textStarts[p]!;
  pairs.texts = new Uint32Array(textStarts[kept]!);
  const at = textStarts.slice(0, kept);
  last.fill(-1);
  eachPair((pair, text) => { pairs.texts[at[pair]!++] = text; });
  return pairs;
}

/** The pair of `first` followed by `second`, or -1 when `second` never directly follows `first`. */
export function pairOf(pairs: WordPairs, first: number, second: number): number {
  if (first < 0 || first + 1 >= pairs.starts.length) return -1;
  const from = pairs.starts[first]!;
  const at = from + lowerBoundU32(pairs.followers.subarray(from, pairs.starts[first + 1]!), second);
  return at < pairs.starts[first + 1]! && pairs.followers[at] === second ? at : -1;
}

/** The texts pair `pair` stands in, ascending. */
export function pairTexts(pairs: WordPairs, pair: number): Uint32Array {
  return pairs.texts.subarray(pairs.textStarts[pair]!, pairs.textStarts[pair + 1]!);
}
