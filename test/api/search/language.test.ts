// The tokenizer, the query language and matching on a hand-made index: folding, stemming, phrases within one field,
// prefixes, exclusions, and every malformed query a 400 invalid_search.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors.ts';
import { buildSearchIndex } from '../../../api/search/index.ts';
import { matchRows } from '../../../api/search/match.ts';
import { parseSearch } from '../../../api/search/query.ts';
import { terms, tokenize, wordSpans } from '../../../api/search/tokenize.ts';
import { seeded } from '../../gateway/fuzz-helpers.ts';

describe('tokenize', () => {
  it('folds case and accents, cuts at punctuation and hyphens, stems with Porter', () => {
    expect(terms('Café ÉCLAIR rooming-houses O\'Neil 1990s')).toEqual(['cafe', 'eclair', 'room', 'hous', 'o', 'neil', '1990']);
    expect(terms('Ontario Place')).toEqual(terms('ontario places'));
    expect(terms('e\u0301clair')).toEqual(['eclair']);
  });
  it('keeps where each word stands', () => {
    expect(tokenize('a  Bé-c')).toEqual([
      { term: 'a', position: 0, start: 0, end: 1 }, { term: 'bé'.normalize('NFD').replace(/\p{M}/gu, ''), position: 1, start: 3, end: 5 },
      { term: 'c', position: 2, start: 6, end: 7 },
    ]);
  });
  it('finds a snippet\'s words where the tokenizer cuts them, in ASCII texts (read by character) and any other', () => {
    // ASCII of every kind, and what ends the character-by-character reading: letters with accents, a combining mark
    // after an ASCII letter, CJK, an emoji (a surrogate pair), a private-use character, a superscript number
    const asciiPieces = ['a', 'z', 'A', 'Z', '0', '9', 'ab', 'K2', ' ', '  ', '-', '\'', ',', '/', ':', '@', '[', '`', '{', '_', '\t', '\n',
      '\u007f'];
    const pieces = [...asciiPieces, 'é', 'e\u0301', '東京', '😀', '\ue000', '²', 'Ω', '\u00a0'];
    const rng = seeded(28);
    for (let n = 0; n < 3000; n++) {
      const ascii = rng.chance(0.5);
      const text = Array.from({ length: rng.int(0, 40) }, () => rng.pick(ascii ? asciiPieces : pieces)).join('');
      const all = tokenize(text);
      const from = rng.int(0, 6);
      const to = from + rng.int(0, 30);
      const expected = all.slice(from, to);
      expect(wordSpans(text, from, to), JSON.stringify([text, from, to])).toEqual({ starts: expected.map((t) => t.start), ends: expected.map((t) => t.end) });
    }
  });
});

describe('parseSearch', () => {
  it('reads words, phrases, prefixes and exclusions', () => {
    expect(parseSearch('Housing "Ontario Place" transit* -parking -"bike lane"').terms).toEqual([
      { kind: 'word', term: 'hous', exclude: false },
      { kind: 'phrase', terms: ['ontario', 'place'], exclude: false },
      { kind: 'prefix', prefix: 'transit', exclude: false },
      { kind: 'word', term: 'park', exclude: true },
      { kind: 'phrase', terms: ['bike', 'lane'], exclude: true },
    ]);
  });
  it('reads a hyphenated word as the phrase of its parts', () => {
    expect(parseSearch('ontario-place').terms).toEqual([{ kind: 'phrase', terms: ['ontario', 'place'], exclude: false }]);
  });
  it.each([
    ['', 'is empty'], ['   ', 'is empty'], ['-', 'no word'], ['"" * -', 'no word'], ['-housing', 'only excludes'],
    ['"ontario place', 'unclosed quote'], ['a'.repeat(201), 'over 200'], [Array.from({ length: 17 }, (_, i) => `w${i}`).join(' '), '17 terms'],
    ['ontario-pla*', 'a prefix is one word'],
  ])('refuses %j (%s)', (raw, why) => {
    let error: unknown;
    try { parseSearch(raw); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).code]).toEqual([400, 'invalid_search']);
    expect((error as ApiError).message).toContain(why);
  });
});

describe('matchRows', () => {
  const index = buildSearchIndex({
    fields: ['title', 'body'],
    rows: [
      ['Ontario Place redevelopment', 'housing and parking'], // 0
      ['ontario', 'place of housing'], // 1: the phrase's words in two fields
      ['Place Ontario', null], // 2: the words in the other order
      ['Ontario-Place spa', 'bike lanes'], // 3
      [null, 'houses near transit'], // 4
    ],
  });
  const rows = (q: string) => [...matchRows(index, parseSearch(q))];
  it('needs every word, in any field', () => expect(rows('ontario housing')).toEqual([0, 1]));
  it('finds a phrase only within one field, in order', () => expect(rows('"ontario place"')).toEqual([0, 3]));
  it('stems words and prefixes alike', () => {
    expect(rows('house')).toEqual([0, 1, 4]);
    expect(rows('trans*')).toEqual([4]);
  });
  it('excludes words and phrases', () => {
    expect(rows('ontario -parking')).toEqual([1, 2, 3]);
    expect(rows('ontario -"bike lane"')).toEqual([0, 1, 2]);
  });
  it('finds nothing for a word no row has', () => expect(rows('gardiner')).toEqual([]));
  it('finds nothing for a query that excludes what it looks for', () => {
    for (const q of ['ontario -ontario', '"ontario place" -place', 'parking -park*', '"ontario place" -"ontario place"']) expect([q, rows(q)]).toEqual([q, []]);
    // not a contradiction: the excluded prefix does not begin the word looked for
    expect(rows('ontario -parkland*')).toEqual([0, 1, 2, 3]);
  });
});

describe('buildSearchIndex', () => {
  it('counts a word in a row with whole-number weights, and refuses what 16 bits cannot hold', () => {
    const index = buildSearchIndex({ fields: ['a', 'b'], rows: [['park park', 'park']] }, [3, 2]);
    expect([...index.postingCounts(index.termId('park'))]).toEqual([8]);
    expect(() => buildSearchIndex({ fields: ['a'], rows: [['park']] }, [1.5])).toThrow(/whole numbers/);
    expect(() => buildSearchIndex({ fields: ['a'], rows: [['park '.repeat(70_000)]] })).toThrow(/more than 65,535/);
  });
});
