// The full-text query language, the same for `search` on a list and `q` on /search (docs/search.md): words that
// must all match (each folded and stemmed by the one tokenizer), `"a quoted phrase"`, `word*` for a prefix and
// `-word` (or `-"a phrase"`) to exclude. A query that cannot be read is a 400 `invalid_search` saying why, never an
// empty answer that would read as "nothing was found".
import { ApiError, clipInput } from '../errors.ts';
import { terms, toTerm } from './tokenize.ts';
import { SEARCH_MAX_CHARS, SEARCH_MAX_TERMS } from '../routes/search.ts';


/** One term of a query: a word, a prefix (already folded and stemmed, as FTS5 stems it) or a phrase. */
export type SearchTerm =
  | { kind: 'word'; term: string; exclude: boolean }
  | { kind: 'prefix'; prefix: string; exclude: boolean }
  | { kind: 'phrase'; terms: readonly string[]; exclude: boolean };

export interface SearchQuery {
  /** At least one term that is not excluded; in the order written. */
  terms: readonly SearchTerm[];
}

/** Parse a query; `param` names the parameter in the 400's message. */
export function parseSearch(raw: string, param = 'search'): SearchQuery {
  const bad = (why: string) => new ApiError(400, 'invalid_search', `Parameter "${param}" ${why}; see docs/search.md`);
  if (raw.length > SEARCH_MAX_CHARS) throw bad(`is over ${SEARCH_MAX_CHARS} characters`);
  if (raw.trim() === '') throw bad('is empty: give the words to find');
  const out: SearchTerm[] = [];
  let written = 0;
  for (let i = 0; i < raw.length;) {
    if (/\s/u.test(raw[i]!)) { i++; continue; }
    const exclude = raw[i] === '-' && i + 1 < raw.length && !/\s/u.test(raw[i + 1]!);
    if (exclude) i++;
    written++;
    if (raw[i] === '"') {
      const close = raw.indexOf('"', i + 1);
      if (close < 0) throw bad(`has an unclosed quote: "${clipInput(raw.slice(i))}`);
      _push(out, terms(raw.slice(i + 1, close)), exclude);
      i = close + 1;
      continue;
    }
    let end = i;
    while (end < raw.length && raw[end] !== '"' && !/\s/u.test(raw[end]!)) end++;
    const word = raw.slice(i, end);
    i = end;
    if (word.endsWith('*')) {
      const words = terms(word);
      if (words.length > 1) throw bad(`puts "*" after more than one word ("${clipInput(word)}"): a prefix is one word`);
      const stem = word.replace(/\*+$/u, '');
      if (words.length === 1) out.push({ kind: 'prefix', prefix: toTerm(stem.match(/[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{Co}\p{M}]*/u)![0]), exclude });
      continue;
    }
    _push(out, terms(word), exclude);
  }
  if (written > SEARCH_MAX_TERMS) throw bad(`has ${written} terms; give at most ${SEARCH_MAX_TERMS}`);
  if (!out.some((t) => !t.exclude)) {
    throw bad(out.length === 0 ? `has no word to find ("${clipInput(raw)}" is only operators or punctuation)`
      : 'only excludes words: give at least one word to find');
  }
  return { terms: out };
}

/** Whether no text can satisfy the query: it excludes a word it also looks for (`ave -ave`, `"ontario place" -place`,
 *  `parking -park*`), so a search answers at once instead of walking the word's rows to drop each of them. */
export function unsatisfiable(query: SearchQuery): boolean {
  const words = new Set<string>();
  const phrases = new Set<string>();
  for (const t of query.terms) {
    if (t.exclude) continue;
    if (t.kind === 'word') words.add(t.term);
    else if (t.kind === 'phrase') { phrases.add(t.terms.join(' ')); for (const w of t.terms) words.add(w); }
  }
  return query.terms.some((t) => t.exclude && (t.kind === 'word' ? words.has(t.term)
    : t.kind === 'phrase' ? phrases.has(t.terms.join(' ')) : [...words].some((w) => w.startsWith(t.prefix))));
}

// A bare word of several tokens (`ontario-place`, `o'neil`) is the phrase of its tokens, as the text would be cut.
function _push(out: SearchTerm[], words: string[], exclude: boolean): void {
  if (words.length === 1) out.push({ kind: 'word', term: words[0]!, exclude });
  else if (words.length > 1) out.push({ kind: 'phrase', terms: words, exclude });
}
