// The one tokenizer of full-text search, used alike by the index builder and the query parser so a word is always
// cut, folded and stemmed the same way. It mirrors SQLite FTS5's `porter unicode61 remove_diacritics 2`: a token is
// a run of letters, numbers and private-use characters (Unicode L*, N*, Co, with combining marks kept inside the
// word); it is lower-cased, its diacritics removed after canonical decomposition (NFD, so ligatures and full-width
// forms stay as FTS5 keeps them), then reduced by the original Porter stemmer (the `stemmer` package).
import { stemmer } from 'stemmer';

/** One word of a text: its stemmed, folded form and where it stands. */
export interface Token {
  term: string;
  /** Position among the text's tokens (0, 1, 2, …): phrases are consecutive positions. */
  position: number;
  /** UTF-16 offsets of the word in the original text [start, end), for snippets. */
  start: number;
  end: number;
}

// A word: letters, numbers or private-use characters, with any combining marks among them.
const WORD = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{Co}\p{M}]*/gu;
const MARKS = /\p{M}/gu;
/** FTS5's porter tokenizer leaves longer tokens as they are. */
const STEM_MAX = 64;

/** The tokens of `text`, in order. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) {
    out.push({ term: toTerm(m[0]), position: out.length, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Only the terms of `text`, in order (what the index keeps). */
export function terms(text: string): string[] {
  const out: string[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) out.push(toTerm(m[0]));
  return out;
}

/** Where the words from index `from` up to `to` of `text` stand (UTF-16 offsets [start, end)), counted as terms() cuts
 *  them, so the k-th is the word of the index's k-th term id of that text. */
export function wordSpans(text: string, from: number, to: number): { starts: number[]; ends: number[] } {
  return _asciiSpans(text, from, to) ?? _spans(text, from, to);
}

/** wordSpans by WORD, for any text. */
function _spans(text: string, from: number, to: number): { starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  WORD.lastIndex = 0;
  for (let k = 0, m = WORD.exec(text); m !== null && k < to; k++, m = WORD.exec(text)) {
    if (k >= from) { starts.push(m.index); ends.push(m.index + m[0].length); }
  }
  return { starts, ends };
}

/** wordSpans read character by character while the text is ASCII, where WORD's letters and numbers are exactly
 *  0-9, A-Z and a-z (most texts, and a snippet's words are near their start); null at the first other character
 *  before the last word asked for, which _spans then reads. */
function _asciiSpans(text: string, from: number, to: number): { starts: number[]; ends: number[] } | null {
  const starts: number[] = [];
  const ends: number[] = [];
  const length = text.length;
  let k = 0;
  let i = 0;
  while (k < to) {
    let c = 0;
    while (i < length && !_asciiWord(c = text.charCodeAt(i))) {
      if (c > 0x7f) return null;
      i++;
    }
    if (i === length) break;
    const start = i;
    while (i < length && _asciiWord(c = text.charCodeAt(i))) i++;
    // a word running into another character may go on (a combining mark, a letter): the general path decides
    if (i < length && c > 0x7f) return null;
    if (k >= from) { starts.push(start); ends.push(i); }
    k++;
  }
  return { starts, ends };
}

function _asciiWord(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/** A word's indexed form: folded (lower case, no diacritics), then stemmed. */
export function toTerm(word: string): string {
  const folded = fold(word);
  return folded.length > STEM_MAX ? folded : stemmer(folded);
}

/** Lower case without diacritics: `Café` → `cafe`, `İstanbul` → `istanbul`. */
export function fold(word: string): string {
  const lower = word.toLowerCase();
  // ASCII needs no decomposition (most words)
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize('NFD').replace(MARKS, '');
}
