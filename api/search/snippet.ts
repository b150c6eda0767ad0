// A hit's snippet: its best matching field (the most weighted occurrences of the query's words), cut to a few words
// around the first match, HTML-escaped, with every matched word wrapped in <mark>…</mark> (docs/search.md). Only
// these two tags are ever added, and the text itself is escaped, so a snippet is safe to put into a page as it is.
// Which words match is read from the index's term ids of the field (the k-th id is the k-th word the tokenizer cuts),
// so the text is only scanned for where its words stand, never stemmed again.
import type { SearchIndex } from './index.ts';
import type { SearchQuery } from './query.ts';
import { phraseOccurrences } from './phrase.ts';
import { wordSpans } from './tokenize.ts';
import { int32Of } from './typed-of.ts';

/** Words shown before the first match and in all. */
const BEFORE = 6;
const WORDS = 28;

export interface Snippet {
  field: string;
  html: string;
}

/** Snippets of rows of one index for one query (null for a row where no field holds a word of it), the query's words
 *  looked up once for all of them. A text several hits share (the communications of one registration share its
 *  texts) is read once: how often it holds the query's words, and its snippet, are kept for the page. */
export function snippets(index: SearchIndex, query: SearchQuery, weights: readonly number[]): (row: number) => Snippet | null {
  const wanted = _wanted(index, query);
  const found = new Map<number, number>();
  const made = new Map<number, string>();
  return (row) => {
    const width = index.fields.length;
    let best = -1;
    let bestCount = 0;
    for (let f = 0; f < width; f++) {
      const text = index.fieldTexts[row * width + f]!;
      let occurrences = found.get(text);
      if (occurrences === undefined) found.set(text, occurrences = _occurrences(index, text, wanted));
      // whole-number weights: the same count as adding the field's weight for each occurrence
      const count = weights[f]! * occurrences;
      if (count > bestCount) { best = f; bestCount = count; }
    }
    if (best < 0) return null;
    const text = index.fieldTexts[row * width + best]!;
    let html = made.get(text);
    if (html === undefined) made.set(text, html = _html(index, row, best, wanted));
    return { field: index.fields[best]!, html };
  };
}

/** How often a text holds the query's words (each word or prefix's word once, each phrase once). */
function _occurrences(index: SearchIndex, text: number, wanted: Wanted): number {
  const { tokens, textBounds } = index;
  let n = 0;
  for (let i = textBounds[text]!, end = textBounds[text + 1]!; i < end; i++) if (_counted(wanted, tokens[i]!)) n++;
  for (const ids of wanted.phrases) n += phraseOccurrences(index, text, ids);
  return n;
}

/** The snippet of field `best` of a row. */
function _html(index: SearchIndex, row: number, best: number, wanted: Wanted): string {
  const { tokens, textBounds, fieldTexts } = index;
  const width = index.fields.length;
  const text = index.text(row, best) ?? '';
  const first = textBounds[fieldTexts[row * width + best]!]!;
  const last = textBounds[fieldTexts[row * width + best]! + 1]!;
  let firstHit = 0;
  while (first + firstHit < last && !_marked(wanted, tokens[first + firstHit]!)) firstHit++;
  if (first + firstHit === last) firstHit = 0;
  const count = last - first;
  const from = Math.max(0, firstHit - BEFORE);
  const to = Math.min(count, from + WORDS);
  const { starts, ends } = wordSpans(text, from, to);
  const start = from === 0 ? 0 : starts[0]!;
  const end = to === count ? text.length : ends[ends.length - 1]!;
  // most texts hold nothing to escape: then none of their pieces is looked at again
  const escape = SPECIAL.test(text) ? escapeHtml : _same;
  let html = from === 0 ? '' : '…';
  let at = start;
  for (let k = from; k < to; k++) {
    if (!_marked(wanted, tokens[first + k]!)) continue;
    const s = starts[k - from]!;
    const e = ends[k - from]!;
    html += `${escape(text.slice(at, s))}<mark>${escape(text.slice(s, e))}</mark>`;
    at = e;
  }
  html += escape(text.slice(at, end)) + (end < text.length ? '…' : '');
  return html;
}

/** The query's words as term ids, in small typed arrays a token is compared with in a plain loop (a query has a few):
 *  the words and prefixes' ranges [from, to) counted one by one, its phrases, and the phrases' words (marked too). */
interface Wanted {
  words: Int32Array;
  from: Int32Array;
  to: Int32Array;
  phrases: number[][];
  inPhrases: Int32Array;
}

function _wanted(index: SearchIndex, query: SearchQuery): Wanted {
  const words: number[] = [];
  const ranges: [number, number][] = [];
  const phrases: number[][] = [];
  const inPhrases: number[] = [];
  for (const t of query.terms) {
    if (t.exclude) continue;
    if (t.kind === 'word') words.push(index.termId(t.term));
    else if (t.kind === 'prefix') ranges.push(index.prefixRange(t.prefix));
    else {
      const ids = t.terms.map((term) => index.termId(term));
      if (ids.every((id) => id >= 0)) phrases.push(ids);
      inPhrases.push(...ids);
    }
  }
  return { words: int32Of(words, _same), from: int32Of(ranges, (r) => r[0]), to: int32Of(ranges, (r) => r[1]),
    phrases, inPhrases: int32Of(inPhrases, _same) };
}

/** Whether a token counts on its own: one of the words, or in a prefix's range. */
function _counted(wanted: Wanted, id: number): boolean {
  const { words, from, to } = wanted;
  for (let k = 0; k < words.length; k++) if (words[k] === id) return true;
  for (let k = 0; k < from.length; k++) if (id >= from[k]! && id < to[k]!) return true;
  return false;
}

/** Whether a token is marked: counted, or a word of a phrase. */
function _marked(wanted: Wanted, id: number): boolean {
  if (_counted(wanted, id)) return true;
  for (let k = 0; k < wanted.inPhrases.length; k++) if (wanted.inPhrases[k] === id) return true;
  return false;
}

function _same<T>(value: T): T {
  return value;
}

/** Text made safe inside HTML elements and attributes. */
export function escapeHtml(text: string): string {
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c]!) : text;
}

const SPECIAL = /[&<>"']/;

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\'': '&#39;' };
