// Whether one row holds a term (a word, a prefix, a phrase), asked of the rows a query walks instead of working out
// every row that holds it: an excluded term, or a required one that does not drive the walk, then costs a lookup per
// row the query reaches (a page's worth on a list), not a pass over the term's posting lists.
import type { SearchIndex } from './index.ts';
import { phraseCounter, phraseMayOccur } from './phrase.ts';
import type { SearchTerm } from './query.ts';
import { holdsU32 } from '../query/keys.ts';

export function holdsTerm(index: SearchIndex, term: SearchTerm): (row: number) => boolean {
  if (term.kind === 'phrase') {
    if (!phraseMayOccur(index, term.terms.map((t) => index.termId(t)))) return () => false;
    const count = phraseCounter(index, term.terms, true);
    return (row) => count(row) > 0;
  }
  const [from, to] = termIds(index, term);
  if (to <= from) return () => false;
  if (to - from === 1) {
    const rows = index.posting(from);
    return (row) => holdsU32(rows, row);
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

/** The term ids [from, to) a word or a prefix stands for: a word's one id (none when no row has it), a prefix's range. */
export function termIds(index: SearchIndex, term: Exclude<SearchTerm, { kind: 'phrase' }>): [number, number] {
  if (term.kind === 'prefix') return index.prefixRange(term.prefix);
  const id = index.termId(term.term);
  return id < 0 ? [0, 0] : [id, id + 1];
}
