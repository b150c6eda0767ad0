// A hit's snippet: its best matching field (the most weighted occurrences of the query's words), cut to a few words
// around the first match, HTML-escaped, with every matched word wrapped in <mark>…</mark> (docs/search.md). Only
// these two tags are ever added, and the text itself is escaped, so a snippet is safe to put into a page as it is.
// Which words match is read from the index's term ids of the field (the k-th id is the k-th word the tokenizer cuts),
// so the text is only scanned for where its words stand, never stemmed again.
import type { SearchIndex } from './index.ts';
import type { SearchQuery } from './query.ts';
import { phraseOccurrences } from './phrase.ts';
import { wordSpans } from './tokenize.ts';

/** Words shown before the first match and in all. */
const BEFORE = 6;
const WORDS = 28;

export interface Snippet {
  field: string;
  html: string;
}

/** Snippets of rows of one index for one query (null for a row where no field holds a word of it), the query's words
 *  looked up once for all of them. */
export function snippets(index: SearchIndex, query: SearchQuery, weights: readonly number[]): (row: number) => Snippet | null {
  const wanted = _wanted(index, query);
  return (row) => _snippet(index, row, wanted, weights);
}

function _snippet(index: SearchIndex, row: number, wanted: Wanted, weights: readonly number[]): Snippet | null {
  const { tokens, textBounds, fieldTexts } = index;
  const width = index.fields.length;
  let best = -1;
  let bestCount = 0;
  for (let f = 0; f < width; f++) {
    const text = fieldTexts[row * width + f]!;
    let count = 0;
    for (let i = textBounds[text]!, end = textBounds[text + 1]!; i < end; i++) if (wanted.counted(tokens[i]!)) count += weights[f]!;
    for (const ids of wanted.phrases) count += weights[f]! * phraseOccurrences(index, text, ids);
    if (count > bestCount) { best = f; bestCount = count; }
  }
  if (best < 0) return null;
  const text = index.text(row, best) ?? '';
  const first = textBounds[fieldTexts[row * width + best]!]!;
  const ids = tokens.subarray(first, textBounds[fieldTexts[row * width + best]! + 1]!);
  const firstHit = Math.max(0, ids.findIndex((id) => wanted.marked(id)));
  const from = Math.max(0, firstHit - BEFORE);
  const to = Math.min(ids.length, from + WORDS);
  const { starts, ends } = wordSpans(text, from, to);
  const start = from === 0 ? 0 : starts[0]!;
  const end = to === ids.length ? text.length : ends[ends.length - 1]!;
  let html = from === 0 ? '' : '…';
  let at = start;
  for (let k = from; k < to; k++) {
    if (!wanted.marked(ids[k]!)) continue;
    const [s, e] = [starts[k - from]!, ends[k - from]!];
    html += `${escapeHtml(text.slice(at, s))}<mark>${escapeHtml(text.slice(s, e))}</mark>`;
    at = e;
  }
  html += escapeHtml(text.slice(at, end)) + (end < text.length ? '…' : '');
  return { field: index.fields[best]!, html };
}

interface Wanted {
  counted: (id: number) => boolean;
  phrases: number[][];
  marked: (id: number) => boolean;
}

/** The query's words as term ids: those counted one by one (words, prefixes), its phrases, and every id to mark. */
function _wanted(index: SearchIndex, query: SearchQuery): Wanted {
  const words = new Set<number>();
  const ranges: [number, number][] = [];
  const phrases: number[][] = [];
  const inPhrases = new Set<number>();
  for (const t of query.terms) {
    if (t.exclude) continue;
    if (t.kind === 'word') words.add(index.termId(t.term));
    else if (t.kind === 'prefix') ranges.push(index.prefixRange(t.prefix));
    else {
      const ids = t.terms.map((term) => index.termId(term));
      if (ids.every((id) => id >= 0)) phrases.push(ids);
      for (const id of ids) inPhrases.add(id);
    }
  }
  const counted = (id: number): boolean => words.has(id) || ranges.some(([from, to]) => id >= from && id < to);
  return { counted, phrases, marked: (id: number): boolean => counted(id) || inPhrases.has(id) };
}

/** Text made safe inside HTML elements and attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\'': '&#39;' };
