// BM25 over weighted fields, the ranking of /search (docs/search.md): for each term the query looks for, its
// occurrences in a row are summed over the fields with each field's weight, then scored as Okapi BM25 (k1 = 1.2,
// b = 0.75) against the row's length in tokens and the list's average, with the term's inverse document frequency in
// that list — the formula of FTS5's bm25() with column weights, as a positive number (higher is better). A phrase's
// idf is the sum of its words' (as Lucene scores a phrase), a prefix's that of the rows holding any word it begins. A
// query of several plain words also scores them as the phrase they make, so records where they stand together, in the
// order written, rank above those where they are scattered (the phrase boost of most search engines); it finds no
// more. This scores every row it is asked; /search's page (ranked.ts) skips the rows these bounds rule out.
import { averageLength, idf, termFactor } from './bm25.ts';
import type { SearchIndex } from './index.ts';
import { prefixUnion } from './term-rows.ts';
import { termIds } from './term-test.ts';
import { phraseCounter } from './phrase.ts';
import type { SearchQuery, SearchTerm } from './query.ts';

/** Scores rows of one index for one query; each term's idf and token range are worked out once. */
export function scorer(index: SearchIndex, query: SearchQuery, weights: readonly number[]): (row: number) => number {
  const wanted = scoredTerms(query);
  const idfs = wanted.map((t) => termIdf(index, t));
  const counts = wanted.map((t) => _counter(index, t, weights));
  const average = averageLength(index.totalTokens, index.size);
  const lengths = index.rowLengths;
  return (row) => {
    const length = lengths[row]!;
    let score = 0;
    for (let i = 0; i < counts.length; i++) score += idfs[i]! * termFactor(counts[i]!(row), length, average);
    return score;
  };
}

/** What a query scores, in the order scores are summed: its terms to find, then its plain words as a phrase. */
export function scoredTerms(query: SearchQuery): SearchTerm[] {
  return [...query.terms.filter((t) => !t.exclude), ..._phraseOfWords(query)];
}

/** A term's idf in the index: a word's from its rows, a phrase's the sum of its words', a prefix's from its rows. */
export function termIdf(index: SearchIndex, term: SearchTerm): number {
  if (term.kind === 'phrase') return term.terms.reduce((sum, t) => sum + idf(index.postingLength(index.termId(t)), index.size), 0);
  const held = term.kind === 'word' ? index.postingLength(index.termId(term.term)) : prefixUnion(index, term.prefix).rows.length;
  return idf(held, index.size);
}

/** The query's plain words as one phrase, when it has two or more and nothing else to find. */
function _phraseOfWords(query: SearchQuery): SearchTerm[] {
  const wanted = query.terms.filter((t) => !t.exclude);
  if (wanted.length < 2 || !wanted.every((t) => t.kind === 'word')) return [];
  return [{ kind: 'phrase', terms: wanted.map((t) => (t as Extract<SearchTerm, { kind: 'word' }>).term), exclude: false }];
}

/** Counts one term's weighted occurrences per row, its range of term ids looked up once. */
function _counter(index: SearchIndex, term: SearchTerm, weights: readonly number[]): (row: number) => number {
  if (term.kind === 'phrase') return phraseCounter(index, term.terms, false, weights);
  if (term.kind === 'word' && _sameWeights(index.weights, weights)) return _postingCounter(index, index.termId(term.term));
  const [from, to] = termIds(index, term);
  if (to <= from) return () => 0;
  const { tokens, textBounds, fieldTexts } = index;
  const width = index.fields.length;
  return (row) => {
    let count = 0;
    for (let f = 0; f < width; f++) {
      const text = fieldTexts[row * width + f]!;
      for (let i = textBounds[text]!, end = textBounds[text + 1]!; i < end; i++) {
        const id = tokens[i]!;
        if (id >= from && id < to) count += weights[f]!;
      }
    }
    return count;
  };
}

/** A word's weighted counts as the index keeps them beside its posting list. Rows are asked in ascending order while
 *  a query is scored, so a cursor walks the posting list once; a row below the last one asked starts it again. */
function _postingCounter(index: SearchIndex, id: number): (row: number) => number {
  const rows = index.posting(id);
  const counts = index.postingCounts(id);
  let at = 0;
  let last = -1;
  return (row) => {
    if (row < last) at = 0;
    last = row;
    while (at < rows.length && rows[at]! < row) at++;
    return at < rows.length && rows[at] === row ? counts[at]! : 0;
  };
}

function _sameWeights(a: readonly number[], b: readonly number[]): boolean {
  return a === b || (a.length === b.length && a.every((w, i) => w === b[i]));
}
