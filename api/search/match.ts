// Which rows of a search index a query finds: every term not excluded must occur in the row (a word as its stemmed
// term, a prefix as any term starting with it, a phrase as consecutive terms within one field) and no excluded term
// may. These are SQLite FTS5's semantics for `"a" AND "b c" AND d* NOT "e"`, which the differential test holds it to.
// A list's `search` filter walks the rarest term's rows and tests each row it reaches for the rest, so a page needs
// only its own rows checked; matchRows is that filter run over every row.
import { unsatisfiable, type SearchQuery, type SearchTerm } from './query.ts';
import { EMPTY_ROWS, type SearchIndex } from './index.ts';
import { prefixUnion } from './term-rows.ts';
import { holdsTerm } from './term-test.ts';
import type { SearchFilter } from '../query/types.ts';

/** A list's `search` filter for the engine (SearchFilter: the rarest term's rows and a test of the rest). */
export function searchFilter(index: SearchIndex, query: SearchQuery): SearchFilter {
  if (unsatisfiable(query)) return { rows: EMPTY_ROWS, test: () => false, exact: true };
  const wanted = query.terms.filter((t) => !t.exclude);
  // the term with the fewest rows drives (a phrase by its rarest word; a prefix by all the rows of its words)
  const sizes = wanted.map((t) => _size(index, t));
  const driver = sizes.indexOf(Math.min(...sizes));
  const lead = wanted[driver]!;
  const rows = lead.kind === 'prefix' ? prefixUnion(index, lead.prefix).rows : lead.kind === 'word' ? index.posting(index.termId(lead.term))
    : _rarestWord(index, lead.terms);
  const tests = [
    ...wanted.filter((t, i) => i !== driver || t.kind === 'phrase').map((t) => holdsTerm(index, t)),
    ...query.terms.filter((t) => t.exclude).map((t) => _not(holdsTerm(index, t))),
  ];
  if (rows.length === 0) return { rows: EMPTY_ROWS, test: () => false, exact: true };
  if (tests.length === 0) return { rows, test: () => true, exact: true };
  return { rows, test: (row) => _passes(tests, row), exact: false };
}

/** The rows `query` finds, ascending. */
export function matchRows(index: SearchIndex, query: SearchQuery): Uint32Array {
  const { rows, test, exact } = searchFilter(index, query);
  return exact ? rows : rows.filter(test);
}

/** How many rows a term's walk would visit: a word's rows, a phrase's rarest word's, a prefix's words' together. */
function _size(index: SearchIndex, term: SearchTerm): number {
  if (term.kind === 'word') return index.postingLength(index.termId(term.term));
  if (term.kind === 'phrase') return _rarestWord(index, term.terms).length;
  const [from, to] = index.prefixRange(term.prefix);
  let n = 0;
  for (let id = from; id < to; id++) n += index.postingLength(id);
  return n;
}

function _rarestWord(index: SearchIndex, words: readonly string[]): Uint32Array {
  let rarest: Uint32Array | null = null;
  for (const w of words) {
    const rows = index.posting(index.termId(w));
    if (rarest === null || rows.length < rarest.length) rarest = rows;
  }
  return rarest ?? EMPTY_ROWS;
}

function _not(test: (row: number) => boolean): (row: number) => boolean {
  return (row) => !test(row);
}

function _passes(tests: readonly ((row: number) => boolean)[], row: number): boolean {
  for (let t = 0; t < tests.length; t++) if (!tests[t]!(row)) return false;
  return true;
}
