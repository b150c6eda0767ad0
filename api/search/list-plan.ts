// One list's plan for a /search query (list-scan.ts walks it): first only the most any of its rows can score, from
// each term's highest term factor in the list, so lists that cannot reach the page's bar are passed over before
// anything costly is gathered; then, for a list that is scanned, each term as rows with its weighted count in each —
// a word's posting list, a prefix's words' together — and each phrase, quoted or the one a query's plain words make
// (which only adds to the score): gathered as rows of its own from its pairs' texts when it is rare among its words'
// rows, else counted in the rows their walk reaches; the plain words' phrase is not looked for where they never stand
// together.
import { idf, K1 } from './bm25.ts';
import type { SearchIndex } from './index.ts';
import { phraseCounter, phraseMayOccur } from './phrase.ts';
import { phraseRowsAtMost } from './text-postings.ts';
import { unsatisfiable, type SearchQuery, type SearchTerm } from './query.ts';
import { scoredTerms, termIdf } from './rank.ts';
import { phraseTermRows, prefixRows, wordMax, wordRows, type TermRows } from './term-rows.ts';
import { holdsTerm, termIds } from './term-test.ts';

/** A scored term: the required rows it reads its count from; or the phrase of a query's plain words, as rows of its
 *  own that a row need not be in (`optional`); or a phrase bounded by its words' counts and counted per row (a quoted
 *  phrase, `required`, then drops the rows where it is not found). */
export type Scored = { idf: number; source: number } | { idf: number; optional: number }
  | { idf: number; words: number[]; count: (row: number) => number; required: boolean };

/** A phrase is gathered as rows of its own when it is in at most this share of the rows its rarest word is in: then a
 *  row without it is bounded by its words alone (the phrase of plain words), or not reached at all (a quoted phrase),
 *  instead of being read for it. A commoner phrase is counted in the rows its words' walk reaches, most of which hold
 *  it, rather than gathered whole. */
const GATHERED_SHARE = 1 / 4;

/** A list's plan for one query before anything costly is gathered: the most any of its rows can score, and how to
 *  gather what its scan needs (a prefix's rows are summed only for a list that is scanned). */
export interface ListPlan {
  bound: number;
  resolve: () => ScanPlan | null;
}

/** What a list's scan needs; null when some required term is in none of its rows. */
export interface ScanPlan {
  index: SearchIndex;
  required: TermRows[];
  /** Rows that add to a row's score where it is among them (the gathered phrase of plain words). */
  optional: TermRows[];
  scored: Scored[];
  excluded: ((row: number) => boolean)[];
}

/** What a query scores, worked out once for all the lists it is planned in: null when it finds nothing anywhere (it
 *  excludes what it looks for). */
export interface QueryTerms {
  query: SearchQuery;
  /** scoredTerms(query): its terms to find, then the phrase of its plain words, if any. */
  scored: SearchTerm[];
  /** How many of `scored` the query itself names (the rest is the phrase of its plain words). */
  wanted: number;
}

export function queryTerms(query: SearchQuery): QueryTerms | null {
  return unsatisfiable(query) ? null : { query, scored: scoredTerms(query), wanted: query.terms.filter((t) => !t.exclude).length };
}

/** The list's plan; null when some term the query needs is in none of its rows. */
export function planList(index: SearchIndex, ranks: Uint32Array, asked: QueryTerms): ListPlan | null {
  const terms = _scoredIn(index, asked);
  let bound = 0;
  for (const term of terms) {
    const most = _termBound(index, ranks, term);
    if (most < 0) return null;
    bound += most;
  }
  return { bound, resolve: () => _resolve(index, ranks, asked, terms) };
}

/** The most a term adds to a row's score, or -1 when no row holds it. A prefix's rows are at least those of its most
 *  common word (its idf is at most that word's) and a term factor stays under K1 + 1. */
function _termBound(index: SearchIndex, ranks: Uint32Array, term: SearchTerm): number {
  if (term.kind === 'phrase') {
    const words = term.terms.map((t) => index.termId(t));
    if (!phraseMayOccur(index, words)) return -1;
    return termIdf(index, term) * Math.min(...words.map((id) => wordMax(index, ranks, id)));
  }
  const [from, to] = termIds(index, term);
  if (to <= from) return -1;
  if (to - from === 1) return idf(index.postingLength(from), index.size) * wordMax(index, ranks, from);
  let most = 0;
  for (let id = from; id < to; id++) most = Math.max(most, index.postingLength(id));
  return idf(most, index.size) * (K1 + 1);
}

/** The scan's plan over `terms`, what the query scores in this index (_scoredIn). */
function _resolve(index: SearchIndex, ranks: Uint32Array, { query, wanted }: QueryTerms, terms: readonly SearchTerm[]): ScanPlan | null {
  const required: TermRows[] = [];
  const optional: TermRows[] = [];
  const keys: string[] = [];
  // a word the query names twice (or in a phrase too) is walked once
  const need = (key: string, rows: () => TermRows): number => {
    const at = keys.indexOf(key);
    if (at >= 0) return at;
    keys.push(key);
    return required.push(rows()) - 1;
  };
  const scored: Scored[] = terms.map((term, i) => {
    if (term.kind === 'word' || term.kind === 'prefix') {
      const source = term.kind === 'word' ? need(`w ${term.term}`, () => wordRows(index, ranks, index.termId(term.term)))
        : need(`p ${term.prefix}`, () => prefixRows(index, ranks, term.prefix));
      return { idf: idf(required[source]!.rows.length, index.size), source };
    }
    // a phrase, quoted (to find) or of the plain words (only scoring): gathered as rows of its own where it is rare
    // among its words' rows, else counted in the rows its words' walk reaches, bounded meanwhile by their counts
    const words = term.terms.map((t) => need(`w ${t}`, () => wordRows(index, ranks, index.termId(t))));
    const few = Math.min(...words.map((w) => required[w]!.rows.length)) * GATHERED_SHARE;
    const gathered = phraseRowsAtMost(index, term.terms, few) <= few;
    const quoted = i < wanted;
    const phraseIdf = termIdf(index, term);
    if (gathered && quoted) return { idf: phraseIdf, source: need(`q ${term.terms.join(' ')}`, () => phraseTermRows(index, ranks, term.terms)) };
    if (gathered) return { idf: phraseIdf, optional: optional.push(phraseTermRows(index, ranks, term.terms)) - 1 };
    return { idf: phraseIdf, words, count: phraseCounter(index, term.terms, false, index.weights), required: quoted };
  });
  if (required.some((r) => r.rows.length === 0)) return null;
  const excluded = query.terms.filter((t) => t.exclude).map((t) => holdsTerm(index, t));
  return { index, required, optional, scored, excluded };
}

/** What the query scores in this index: its terms, and the phrase its plain words make only where those words ever
 *  stand together (where they never do, that phrase adds nothing to any row, so there is nothing to look for). */
function _scoredIn(index: SearchIndex, { scored, wanted }: QueryTerms): SearchTerm[] {
  if (scored.length === wanted) return scored;
  const phrase = scored[wanted] as Extract<SearchTerm, { kind: 'phrase' }>;
  return phraseMayOccur(index, phrase.terms.map((t) => index.termId(t))) ? scored : scored.slice(0, wanted);
}
