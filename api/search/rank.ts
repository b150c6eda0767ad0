// BM25 over weighted fields, the ranking of /search (docs/search.md): for each term the query looks for, its
// occurrences in a row are summed over the fields with each field's weight, then scored as Okapi BM25 (k1 = 1.2,
// b = 0.75) against the row's length in tokens and the list's average, with the term's inverse document frequency in
// that list — the formula of FTS5's bm25() with column weights, as a positive number (higher is better). A query of
// several plain words also scores them as the phrase they make, so records where they stand together, in the order
// written, rank above those where they are scattered (the phrase boost of most search engines); it finds no more.
import type { SearchIndex } from './index.ts';
import { candidates, phraseCounter } from './match.ts';
import type { SearchQuery, SearchTerm } from './query.ts';

const K1 = 1.2;
const B = 0.75;
/** FTS5 floors an idf at this, so a word in most rows still counts a little. */
const MIN_IDF = 1e-6;

/** Scores rows of one index for one query; each term's idf and token range are worked out once. */
export function scorer(index: SearchIndex, query: SearchQuery, weights: readonly number[]): (row: number) => number {
  const wanted = [...query.terms.filter((t) => !t.exclude), ..._phraseOfWords(query)];
  const idfs = wanted.map((t) => {
    const n = candidates(index, t).length;
    return Math.max(MIN_IDF, Math.log((index.size - n + 0.5) / (n + 0.5)));
  });
  const counts = wanted.map((t) => _counter(index, t, weights));
  const average = (index.size > 0 ? index.totalTokens / index.size : 1) || 1;
  const lengths = index.rowLengths;
  return (row) => {
    const length = lengths[row]!;
    const norm = K1 * (1 - B + B * length / average);
    let score = 0;
    for (let i = 0; i < counts.length; i++) {
      const tf = counts[i]!(row);
      score += idfs[i]! * (tf * (K1 + 1)) / (tf + norm);
    }
    return score;
  };
}

/** The query's plain words as one phrase, when it has two or more and nothing else to find. */
function _phraseOfWords(query: SearchQuery): SearchTerm[] {
  const wanted = query.terms.filter((t) => !t.exclude);
  if (wanted.length < 2 || !wanted.every((t) => t.kind === 'word')) return [];
  return [{ kind: 'phrase', terms: wanted.map((t) => (t as Extract<SearchTerm, { kind: 'word' }>).term), exclude: false }];
}

/** A term's occurrences in a row, each counted with its field's weight. */
export function weightedCount(index: SearchIndex, row: number, term: SearchTerm, weights: readonly number[]): number {
  return _counter(index, term, weights)(row);
}

/** Counts one term's weighted occurrences per row, its range of term ids looked up once. */
function _counter(index: SearchIndex, term: SearchTerm, weights: readonly number[]): (row: number) => number {
  if (term.kind === 'phrase') return phraseCounter(index, term.terms, false, weights);
  if (term.kind === 'word' && _sameWeights(index.weights, weights)) return _postingCounter(index, index.termId(term.term));
  const [from, to] = term.kind === 'word' ? [index.termId(term.term), index.termId(term.term) + 1] : index.prefixRange(term.prefix);
  if (from < 0 || to <= from) return () => 0;
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
