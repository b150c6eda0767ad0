// Which words directly follow which, and in which texts (api/search/word-pairs.ts): equal to a plain scan of every
// text's neighbours, never across the end of a text (one field of one row).
import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../../api/search/index.ts';
import { pairOf, pairTexts, wordPairsOf } from '../../../api/search/word-pairs.ts';
import { seeded } from '../../gateway/fuzz-helpers.ts';

describe('word pairs', () => {
  it.each([1, 2, 3])('are the neighbours a plain scan finds, each in the texts it stands in (seed %i)', (seed) => {
    const rng = seeded(seed);
    const count = rng.int(1, 40);
    const texts = Array.from({ length: rng.int(1, 300) }, () => Array.from({ length: rng.int(0, 15) }, () => rng.int(0, count - 1)));
    const tokens = Int32Array.from(texts.flat());
    const textBounds = Uint32Array.from([0, ...texts.map((_, t) => texts.slice(0, t + 1).reduce((n, x) => n + x.length, 0))]);
    const seen = new Map<string, number[]>();
    texts.forEach((text, t) => {
      for (let i = 0; i + 1 < text.length; i++) {
        const list = seen.get(`${text[i]} ${text[i + 1]}`) ?? [];
        if (list[list.length - 1] !== t) list.push(t);
        seen.set(`${text[i]} ${text[i + 1]}`, list);
      }
    });
    const pairs = wordPairsOf(tokens, textBounds, count);
    for (let a = -1; a <= count; a++) {
      for (let b = -1; b <= count; b++) {
        const pair = pairOf(pairs, a, b);
        expect(pair >= 0, `${a} ${b}`).toBe(seen.has(`${a} ${b}`));
        if (pair >= 0) expect([...pairTexts(pairs, pair)], `${a} ${b}`).toEqual(seen.get(`${a} ${b}`));
      }
    }
    expect(pairs.followers.length).toBe(seen.size);
  });

  it('stand within one field: not from one field to the next, nor from one row to the next', () => {
    const index = buildSearchIndex({ fields: ['subjects', 'summary'], rows: [['zoning by-law', 'law zoning'], ['law', 'zoning']] });
    const pairs = index.wordPairs();
    const follows = (a: string, b: string) => pairOf(pairs, index.termId(a), index.termId(b)) >= 0;
    expect([follows('zone', 'by'), follows('by', 'law'), follows('law', 'zone')]).toEqual([true, true, true]);
    // "zoning" ends row 0's first field, "law" begins its second; row 1 holds "law" then "zoning" in two fields
    expect([follows('zone', 'law'), follows('by', 'zone'), follows('law', 'law')]).toEqual([false, false, false]);
    expect(pairOf(pairs, -1, index.termId('law'))).toBe(-1);
    expect([...pairTexts(pairs, pairOf(pairs, index.termId('law'), index.termId('zone')))]).toEqual([index.fieldTexts[1]]);
  });
});
