// Each term's posting list: the rows holding it, ascending, with its weighted occurrences in each — what the index
// (index.ts) is searched by, worked out from the texts' term ids by the night's build, or by a loader asked for other
// field weights than the file was built with.

/** Each term's rows, each row once, in one array (count, then fill; rows ascending because they are visited so),
 *  with the term's weighted occurrences in each row beside them, as 16-bit whole numbers (half the bytes of a float:
 *  the weights are whole numbers, and a row would need thousands of one word to pass 65,535). Also what a loader calls
 *  when the index was built with other weights than the ones it is asked for. */
export function postingsOf(tokens: Int32Array, textBounds: Uint32Array, fieldTexts: Uint32Array, size: number, count: number,
  weights: readonly number[]): { starts: Uint32Array; all: Uint32Array; counts: Uint16Array } {
  const width = weights.length;
  // a count is then never zero in a row that holds the word, which the sums per row of a query rely on
  if (!weights.every((w) => Number.isInteger(w) && w >= 1)) throw new Error(`search field weights must be whole numbers of at least 1 (${weights.join(', ')})`);
  const starts = new Uint32Array(count + 1);
  const last = new Int32Array(count).fill(-1);
  for (let r = 0; r < size; r++) {
    for (let f = 0; f < width; f++) {
      const text = fieldTexts[r * width + f]!;
      for (let i = textBounds[text]!, end = textBounds[text + 1]!; i < end; i++) {
        const id = tokens[i]!;
        if (last[id] !== r) { last[id] = r; starts[id + 1]!++; }
      }
    }
  }
  for (let c = 0; c < count; c++) starts[c + 1]! += starts[c]!;
  const all = new Uint32Array(starts[count]!);
  const sums = new Uint32Array(starts[count]!);
  const fill = starts.slice(0, count);
  last.fill(-1);
  for (let r = 0; r < size; r++) {
    for (let f = 0; f < width; f++) {
      const weight = weights[f]!;
      const text = fieldTexts[r * width + f]!;
      for (let i = textBounds[text]!, end = textBounds[text + 1]!; i < end; i++) {
        const id = tokens[i]!;
        if (last[id] !== r) { last[id] = r; all[fill[id]!++] = r; }
        sums[fill[id]! - 1]! += weight;
      }
    }
  }
  const counts = new Uint16Array(sums.length);
  for (let i = 0; i < sums.length; i++) {
    if (sums[i]! > 0xffff) throw new Error(`a search row counts ${sums[i]} weighted occurrences of one word, more than 65,535`);
    counts[i] = sums[i]!;
  }
  return { starts, all, counts };
}
