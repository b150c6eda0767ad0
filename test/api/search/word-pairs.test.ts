// Which words directly follow which (api/search/word-pairs.ts): equal to a plain scan of every text's neighbours,
// never across the end of a text (one field of one row), and what the index answers for its follows().
import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../../api/search/index.ts';
import { follows, wordPairsOf } from '../../../api/search/word-pairs.ts';
import { seeded } from '../../gateway/fuzz-helpers.ts';

describe('word pairs', () => {
  it.each([1, 2, 3])('are the neighbours a plain scan finds (seed %i)', (seed) => {
    const rng = seeded(seed);
    const count = rng.int(1, 40);
    const texts = Array.from({ length: rng.int(1, 300) }, () => Array.from({ length: rng.int(0, 15) }, () => rng.int(0, count - 1)));
    const tokens = Int32Array.from(texts.flat());
    const textBounds = Uint32Array.from([0, ...texts.map((_, t) => texts.slice(0, t + 1).reduce((n, x) => n + x.length, 0))]);
    const seen = new Set<string>();
    for (const text of texts) for (let i = 0; i + 1 < text.length; i++) seen.add(`${text[i]} ${text[i + 1]}`);
    const pairs = wordPairsOf(tokens, textBounds, count);
    for (let a = -1; a <= count; a++) for (let b = -1; b <= count; b++) expect(follows(pairs, a, b), `${a} ${b}`).toBe(seen.has(`${a} ${b}`));
    expect(pairs.followers.length).toBe(seen.size);
    for (let a = 0; a < count; a++) {
      const group = [...pairs.followers.subarray(pairs.starts[a]!, pairs.starts[a + 1]!)];
      expect(group).toEqual([...group].sort((x, y) => x - y).filter((x, k, all) => k === 0 || all[k - 1] !== x));
    }
  });

  it('stand within one field: not from one field to the next, nor from one row to the next', () => {
    const index = buildSearchIndex({ fields: ['subjects', 'summary'], rows: [['zoning by-law', 'law zoning'], ['law', 'zoning']] });
    const id = (w: string) => index.termId(w);
    expect(index.follows(id('zone'), id('by'))).toBe(true);
    expect(index.follows(id('by'), id('law'))).toBe(true);
    expect(index.follows(id('law'), id('zone'))).toBe(true);
    // "zoning" ends row 0's first field, "law" begins its second; row 1 ends with "law", row 2 does not exist
    expect(index.follows(id('zone'), id('law'))).toBe(false);
    expect(index.follows(id('by'), id('zone'))).toBe(false);
    expect(index.follows(id('law'), id('law'))).toBe(false);
    expect(index.follows(-1, id('law'))).toBe(false);
  });
});
