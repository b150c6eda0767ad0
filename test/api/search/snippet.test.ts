// A page's snippet maker keeps what it read of each text for the page's other hits (texts repeat: the communications
// of one registration share its texts): each row's snippet is the one a maker new to that row gives.
import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../../api/search/index.ts';
import { parseSearch } from '../../../api/search/query.ts';
import { snippets } from '../../../api/search/snippet.ts';
import { seeded } from '../../gateway/fuzz-helpers.ts';

const WORDS = ['Quillan', 'Wharf', 'terraces', 'housing', 'rooming-houses', 'Café', 'transit', 'and', 'the', '<b>', 'O\'Neil'];

describe('snippets kept for a page', () => {
  it.each([1, 2, 3])('are each row\'s own (seed %i)', (seed) => {
    const rng = seeded(seed);
    const text = () => Array.from({ length: rng.int(1, 40) }, () => rng.pick(WORDS)).join(rng.pick([' ', ', ']));
    const pool = Array.from({ length: 12 }, () => [text(), rng.int(0, 2) ? text() : null]);
    const rows = Array.from({ length: 300 }, () => (rng.int(0, 2) ? rng.pick(pool) : [text(), rng.int(0, 2) ? text() : null]));
    const weights = [1, 3];
    const index = buildSearchIndex({ fields: ['subjects', 'summary'], rows }, weights);
    for (const q of ['quillan', 'wharf terraces', '"quillan wharf"', 'hous*', 'transit -cafe', 'the and', 'oneil', '"o neil" b']) {
      const kept = snippets(index, parseSearch(q), weights);
      for (let r = 0; r < rows.length; r++) expect([q, r, kept(r)]).toEqual([q, r, snippets(index, parseSearch(q), weights)(r)]);
    }
  });
});
