// Whether a row holds a term the query excludes (`-word`, `-pre*`, `-"a phrase"`), asked only of the rows that could
// otherwise enter a page, so an excluded common word costs a lookup per such row, not a pass over its posting list.
import type { SearchIndex } from './index.ts';
import { phraseCounter } from './match.ts';
import type { SearchTerm } from './query.ts';

export function excludedTest(index: SearchIndex, term: SearchTerm): (row: number) => boolean {
  if (term.kind === 'phrase') {
    const count = phraseCounter(index, term.terms, true);
    return (row) => count(row) > 0;
  }
  const [from, to] = term.kind === 'word' ? [index.termId(term.term), index.termId(term.term) + 1] : index.prefixRange(term.prefix);
  if (from < 0 || to <= from) return () => false;
  if (to - from === 1) {
    const rows = index.posting(from);
    return (row) => _has(rows, row);
  }
  const { tokens, textBounds, fieldTexts } = index;
  const width = index.fields.length;
  return (row) => {
    for (let f = 0; f < width; f++) {
      const text = fieldTexts[row * width + f]!;
      for (let i = textBounds[text]!, end = textBounds[text + 1]!; i < end; i++) if (tokens[i]! >= from && tokens[i]! < to) return true;
    }
    return false;
  };
}

function _has(rows: Uint32Array, row: number): boolean {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid]! < row) lo = mid + 1;
    else hi = mid;
  }
  return lo < rows.length && rows[lo] === row;
}
