// A hit's snippet: its best matching field (the most weighted occurrences of the query's words), cut to a few words
// around the first match, HTML-escaped, with every matched word wrapped in <mark>…</mark> (docs/search.md). Only
// these two tags are ever added, and the text itself is escaped, so a snippet is safe to put into a page as it is.
import type { SearchIndex } from './index.ts';
import type { SearchQuery } from './query.ts';
import { wantedTerms } from './query.ts';
import { weightedCount } from './rank.ts';
import { tokenize } from './tokenize.ts';

/** Words shown before the first match and in all. */
const BEFORE = 6;
const WORDS = 28;

export interface Snippet {
  field: string;
  html: string;
}

/** The snippet of `row`, or null when no field holds a word of the query. */
export function snippetOf(index: SearchIndex, row: number, query: SearchQuery, weights: readonly number[]): Snippet | null {
  let best = -1;
  let bestCount = 0;
  for (let f = 0; f < index.fields.length; f++) {
    const one = weights.map((_, i) => (i === f ? weights[f]! : 0));
    const count = query.terms.filter((t) => !t.exclude).reduce((n, t) => n + weightedCount(index, row, t, one), 0);
    if (count > bestCount) { best = f; bestCount = count; }
  }
  if (best < 0) return null;
  const text = index.text(row, best) ?? '';
  const { terms, prefixes } = wantedTerms(query);
  const tokens = tokenize(text);
  const hit = (term: string) => terms.has(term) || prefixes.some((p) => term.startsWith(p));
  const first = Math.max(0, tokens.findIndex((t) => hit(t.term)));
  const from = Math.max(0, first - BEFORE);
  const to = Math.min(tokens.length, from + WORDS);
  const start = from === 0 ? 0 : tokens[from]!.start;
  const end = to === tokens.length ? text.length : tokens[to - 1]!.end;
  let html = from === 0 ? '' : '…';
  let at = start;
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    if (!hit(t.term)) continue;
    html += `${escapeHtml(text.slice(at, t.start))}<mark>${escapeHtml(text.slice(t.start, t.end))}</mark>`;
    at = t.end;
  }
  html += escapeHtml(text.slice(at, end)) + (end < text.length ? '…' : '');
  return { field: index.fields[best]!, html };
}

/** Text made safe inside HTML elements and attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\'': '&#39;' };
