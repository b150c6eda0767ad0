// Full-text search against its reference, SQLite FTS5 (`porter unicode61 remove_diacritics 2`): every searchable list
// of the built e2e city is loaded into an FTS5 table (the same field texts, one column per field) and into the
// engine's index, and the hit sets of seeded queries drawn from the city's own words are compared: single words,
// two words, phrases, prefixes, exclusions, words with accents and hyphenated words. The FTS5 query is written from
// the raw words (FTS5 tokenizes them itself), not from what our parser made of them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_SOURCES } from '../../api/search/documents.ts';
import { buildSearchIndex } from '../../api/search/index.ts';
import { matchRows } from '../../api/search/match.ts';
import { parseSearch } from '../../api/search/query.ts';
import { exportLayout } from '../../export/layout.ts';
import { searchFileDocs, type SearchFile } from '../../export/search-file.ts';
import { e2eConfig } from './harness.ts';
import { rng } from '../build/helpers/random-rows.ts';

/** Differences the engine cannot avoid, by query word, with the reason. None is known: keep this list honest. */
const KNOWN_DIFFERENCES: Readonly<Record<string, string>> = {};
const QUERIES_PER_LIST = 80;

type Part = { kind: 'word' | 'phrase' | 'prefix'; text: string; exclude?: boolean };

const files = new Map<string, SearchFile>();

beforeAll(async () => {
  const config = await e2eConfig();
  for (const source of SEARCH_SOURCES) {
    const bytes = readFileSync(path.join(config.siteRoot, 'current', exportLayout.searchIndex(source.resource)));
    files.set(source.resource, searchFileDocs(bytes));
  }
});

describe('search equals SQLite FTS5', () => {
  it.each(SEARCH_SOURCES.map((s) => [s.resource]))('%s: the same rows for every seeded query', (resource) => {
    const file = files.get(resource)!;
    expect(file.rows.length).toBeGreaterThan(0);
    const index = buildSearchIndex(file);
    const db = new Database(':memory:');
    const columns = file.fields.map((_, i) => `f${i}`);
    db.exec(`create virtual table t using fts5(${columns.join(', ')}, tokenize='porter unicode61 remove_diacritics 2')`);
    const insert = db.prepare(`insert into t(rowid, ${columns.join(', ')}) values (?, ${columns.map(() => '?').join(', ')})`);
    db.transaction(() => file.rows.forEach((row, i) => insert.run(i, ...row)))();
    const select = db.prepare('select rowid from t where t match ? order by rowid');
    // every word of the list cut, folded and stemmed alike: the same vocabulary
    db.exec("create virtual table v using fts5vocab(t, 'row')");
    const vocabulary = (db.prepare('select term from v').all() as { term: string }[]).map((r) => r.term);
    expect(new Set(index.vocabulary)).toEqual(new Set(vocabulary.filter((t) => !(t in KNOWN_DIFFERENCES))));

    const random = rng(_seed(resource));
    const words = _words(file, random);
    let compared = 0;
    let found = 0;
    const mismatches: string[] = [];
    // a kind that cannot be drawn from a row (a field of one word has no phrase) is drawn again from another row
    for (let n = 0; compared < QUERIES_PER_LIST && n < QUERIES_PER_LIST * 20; n++) {
      const parts = _query(compared, words, file, random);
      if (!parts) continue;
      const ours = [...matchRows(index, parseSearch(_ours(parts)))];
      const theirs = (select.all(_fts5(parts)) as { rowid: number }[]).map((r) => r.rowid);
      compared++;
      if (theirs.length > 0) found++;
      if (JSON.stringify(ours) !== JSON.stringify(theirs) && !parts.some((p) => p.text in KNOWN_DIFFERENCES)) {
        mismatches.push(`${_ours(parts)}: ours ${ours.length} rows, FTS5 ${theirs.length}`);
      }
    }
    db.close();
    expect(mismatches).toEqual([]);
    expect(compared).toBe(QUERIES_PER_LIST);
    // most queries find something, so equal answers are not merely equally empty
    expect(found).toBeGreaterThan(QUERIES_PER_LIST / 2);
  });
});

/** The query in our language. */
function _ours(parts: Part[]): string {
  return parts.map((p) => `${p.exclude ? '-' : ''}${p.kind === 'phrase' ? `"${p.text}"` : p.kind === 'prefix' ? `${p.text}*` : p.text}`).join(' ');
}

/** The same query in FTS5's syntax: each part a quoted string FTS5 tokenizes itself, exclusions after NOT. */
function _fts5(parts: Part[]): string {
  const quote = (p: Part) => `"${p.text.replace(/"/g, '""')}"${p.kind === 'prefix' ? '*' : ''}`;
  const wanted = parts.filter((p) => !p.exclude).map(quote).join(' AND ');
  return [`(${wanted})`, ...parts.filter((p) => p.exclude).map((p) => `NOT ${quote(p)}`)].join(' ');
}

/** Query n: the kinds in turn, from words of the list's own texts. */
function _query(n: number, words: string[], file: SearchFile, random: () => number): Part[] | null {
  const pick = () => words[Math.floor(random() * words.length)]!;
  const run = _run(file, random);
  switch (n % 8) {
    case 0: return [{ kind: 'word', text: pick() }];
    case 1: return [{ kind: 'word', text: pick() }, { kind: 'word', text: pick() }];
    case 2: return run && run.length >= 2 ? [{ kind: 'phrase', text: run.slice(0, 2 + Math.floor(random() * 2)).join(' ') }] : null;
    case 3: { const w = pick(); return w.length >= 3 ? [{ kind: 'prefix', text: w.slice(0, 3 + Math.floor(random() * (w.length - 2))) }] : null; }
    case 4: return [{ kind: 'word', text: pick() }, { kind: 'word', text: pick(), exclude: true }];
    case 5: return run && run.length >= 2 ? [{ kind: 'word', text: run[0]! }, { kind: 'phrase', text: run.slice(0, 2).join(' '), exclude: random() < 0.5 }] : null;
    case 6: return [{ kind: 'word', text: _accented(pick()) }];
    default: return run && run.length >= 2 ? [{ kind: 'word', text: run.slice(0, 2).join('-') }] : null;
  }
}

/** The distinct words of the texts, as written (case and accents kept). */
function _words(file: SearchFile, random: () => number): string[] {
  const all = new Set<string>();
  for (let i = 0; i < 400; i++) {
    const row = file.rows[Math.floor(random() * file.rows.length)]!;
    for (const text of row) for (const w of (text ?? '').match(/[\p{L}\p{N}]+/gu) ?? []) all.add(w);
  }
  return [...all].sort();
}

/** Consecutive words of one field of a random row. */
function _run(file: SearchFile, random: () => number): string[] | null {
  const row = file.rows[Math.floor(random() * file.rows.length)]!;
  const texts = row.filter((t): t is string => !!t);
  if (texts.length === 0) return null;
  const words = texts[Math.floor(random() * texts.length)]!.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length < 2) return null;
  const at = Math.floor(random() * (words.length - 1));
  return words.slice(at, at + 3);
}

/** A word with accents and mixed case, which both sides must fold back to the word. */
function _accented(word: string): string {
  const map: Record<string, string> = { a: 'à', e: 'É', i: 'î', o: 'ö', u: 'ü', c: 'ç', n: 'Ñ' };
  return [...word].map((ch, i) => (i % 2 === 0 ? map[ch.toLowerCase()] ?? ch.toUpperCase() : ch)).join('');
}

function _seed(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}
