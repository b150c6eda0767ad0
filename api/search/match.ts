// Which rows of a search index a query finds: every term not excluded must occur in the row (a word as its stemmed
// term, a prefix as any term starting with it, a phrase as consecutive terms within one field) and no excluded term
// may. These are SQLite FTS5's semantics for `"a" AND "b c" AND d* NOT "e"`, which the differential test holds it to.
import type { SearchQuery, SearchTerm } from './query.ts';
import { EMPTY_ROWS, type SearchIndex } from './index.ts';

/** The rows `query` finds, ascending. */
export function matchRows(index: SearchIndex, query: SearchQuery): Uint32Array {
  const wanted = query.terms.filter((t) => !t.exclude);
  const sets = wanted.map((t) => candidates(index, t)).sort((a, b) => a.length - b.length);
  if (sets.length === 0 || sets[0]!.length === 0) return EMPTY_ROWS;
  const phrases = wanted.filter((t): t is Extract<SearchTerm, { kind: 'phrase' }> => t.kind === 'phrase');
  const excluded = query.terms.filter((t) => t.exclude).map((t) => ({ term: t, rows: candidates(index, t) }));
  // one word alone: its posting list is the answer
  if (sets.length === 1 && phrases.length === 0 && excluded.length === 0) return sets[0]!;
  const out = new Uint32Array(sets[0]!.length);
  let n = 0;
  const inPhrases = phrases.map((p) => phraseCounter(index, p.terms, true));
  const inExcluded = excluded.map((e) => (e.term.kind === 'phrase' ? phraseCounter(index, e.term.terms, true) : () => 1));
  rows: for (const row of sets[0]!) {
    for (let s = 1; s < sets.length; s++) if (!_has(sets[s]!, row)) continue rows;
    for (const inPhrase of inPhrases) if (inPhrase(row) === 0) continue rows;
    for (let e = 0; e < excluded.length; e++) if (_has(excluded[e]!.rows, row) && inExcluded[e]!(row) > 0) continue rows;
    out[n++] = row;
  }
  return out.subarray(0, n);
}

/**
 * Rows that may hold a term, ascending: exactly its rows for a word or a prefix, a superset for a phrase (the rows
 * holding all its words, checked for order by phraseCounter).
 */
export function candidates(index: SearchIndex, term: SearchTerm): Uint32Array {
  if (term.kind === 'word') return index.posting(index.termId(term.term));
  if (term.kind === 'prefix') {
    const [from, to] = index.prefixRange(term.prefix);
    if (to - from === 1) return index.posting(from);
    if (to === from) return EMPTY_ROWS;
    const marks = new Uint8Array(index.size);
    for (let id = from; id < to; id++) for (const row of index.posting(id)) marks[row] = 1;
    const out: number[] = [];
    for (let row = 0; row < marks.length; row++) if (marks[row]) out.push(row);
    return Uint32Array.from(out);
  }
  const ids = term.terms.map((t) => index.termId(t));
  if (ids.some((id) => id < 0)) return EMPTY_ROWS;
  const lists = ids.map((id) => index.posting(id)).sort((a, b) => a.length - b.length);
  return lists.length === 1 ? lists[0]! : Uint32Array.from(lists[0]!.filter((row) => lists.every((l) => _has(l, row))));
}

/** Counts how often `terms` occur one after the other in each field of a row, summed with `weights` (all 1 by
 *  default); with `first`, stops at the first occurrence. The phrase's term ids are looked up once, not per row. */
export function phraseCounter(index: SearchIndex, phrase: readonly string[], first = false, weights?: readonly number[]): (row: number) => number {
  const ids = phrase.map((t) => index.termId(t));
  if (ids.some((id) => id < 0)) return () => 0;
  const { tokens, textBounds, fieldTexts } = index;
  const width = index.fields.length;
  const span = ids.length;
  return (row) => {
    let count = 0;
    for (let f = 0; f < width; f++) {
      const text = fieldTexts[row * width + f]!;
      for (let i = textBounds[text]!, end = textBounds[text + 1]! - span; i <= end; i++) {
        let k = 0;
        while (k < span && tokens[i + k] === ids[k]) k++;
        if (k === span) {
          if (first) return 1;
          count += weights ? weights[f]! : 1;
        }
      }
    }
    return count;
  };
}

/** Binary search in ascending rows. */
function _has(rows: Uint32Array, row: number): boolean {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = rows[mid]!;
    if (v === row) return true;
    if (v < row) lo = mid + 1;
    else hi = mid;
  }
  return false;
}
