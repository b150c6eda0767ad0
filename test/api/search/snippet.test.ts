// A page's snippet maker keeps what it read of each text for the page's other hits (texts repeat: the communications
// of one registration share its texts): each row's snippet is the one a maker new to that row gives. A text that
// holds what HTML reads is escaped piece by piece around the marks; one that does not is given as it is.
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

  it('escapes every piece of a text that holds what HTML reads, and leaves a text that does not as it is', () => {
    const rows = [['Parks & <Recreation> "quoted" O\'Neil housing & more'], ['plain housing text'], ['<housing>&amp;']];
    const make = snippets(buildSearchIndex({ fields: ['subjects'], rows }, [1]), parseSearch('housing'), [1]);
    expect(make(0)!.html).toBe('Parks &amp; &lt;Recreation&gt; &quot;quoted&quot; O&#39;Neil <mark>housing</mark> &amp; more');
    expect(make(1)!.html).toBe('plain <mark>housing</mark> text');
    expect(make(2)!.html).toBe('&lt;<mark>housing</mark>&gt;&amp;amp;');
  });
});
