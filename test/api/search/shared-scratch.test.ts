// One row scratch and one phrase memo serve every index of a process (row-scratch.ts, phrase.ts): indexes of
// different sizes asked in turn — the scratch outgrown and viewed again, the memo's text numbers shared by indexes
// whose texts differ — give what a plain scan of each index's own tokens gives.
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type SearchIndex } from '../../../api/search/index.ts';
import { phraseCounter } from '../../../api/search/phrase.ts';
import { phraseRows } from '../../../api/search/text-postings.ts';
import { prefixUnion } from '../../../api/search/term-rows.ts';
import { seeded } from '../../gateway/fuzz-helpers.ts';

const WORDS = ['ontario', 'place', 'park', 'parking', 'parkway', 'housing', 'house', 'transit', 'snow'];

function _index(rng: ReturnType<typeof seeded>, rows: number): SearchIndex {
  const text = () => (rng.chance(0.2) ? null : Array.from({ length: rng.int(1, 8) }, () => rng.pick(WORDS)).join(' '));
  return buildSearchIndex({ fields: ['a', 'b'], rows: Array.from({ length: rows }, () => [text(), text()]) }, [3, 1]);
}

/** Each row's weighted occurrences of `terms` one after the other, from the index's own tokens. */
function _scan(index: SearchIndex, match: (ids: Int32Array, at: number) => boolean): Map<number, number> {
  const found = new Map<number, number>();
  for (let row = 0; row < index.size; row++) {
    let n = 0;
    for (let f = 0; f < index.fields.length; f++) {
      const text = index.fieldTexts[row * index.fields.length + f]!;
      const ids = index.tokens.subarray(index.textBounds[text]!, index.textBounds[text + 1]!);
      for (let at = 0; at < ids.length; at++) if (match(ids, at)) n += index.weights[f]!;
    }
    if (n > 0) found.set(row, n);
  }
  return found;
}

function _asMap(rows: Uint32Array, counts: ArrayLike<number>): Map<number, number> {
  return new Map(Array.from(rows, (row, i) => [row, counts[i]!]));
}

describe('the scratch and memo shared by every index', () => {
  it('give each index of a process its own rows, whatever index was asked before', () => {
    const rng = seeded(5);
    const indexes = [40, 600, 15, 250, 900, 3].map((rows) => _index(rng, rows));
    for (let n = 0; n < 200; n++) {
      const index = rng.pick(indexes);
      const prefix = rng.pick(['par', 'hous', 'o', 'tr', 'zz']);
      const [from, to] = index.prefixRange(prefix);
      const union = prefixUnion(index, prefix);
      expect(_asMap(union.rows, union.counts), prefix).toEqual(_scan(index, (ids, at) => ids[at]! >= from && ids[at]! < to));
      const phrase = [rng.pick(WORDS), rng.pick(WORDS)].map((w) => index.vocabulary.find((t) => w.startsWith(t)) ?? w);
      const ids = phrase.map((t) => index.termId(t));
      const expected = _scan(index, (tokens, at) => ids[0]! >= 0 && tokens[at] === ids[0] && tokens[at + 1] === ids[1]);
      const gathered = phraseRows(index, phrase);
      expect(_asMap(gathered.rows, gathered.counts), phrase.join(' ')).toEqual(expected);
      // a counter of this index asked row by row, with another index's counter asked between its rows
      const count = phraseCounter(index, phrase, false, index.weights);
      const other = rng.pick(indexes);
      const otherCount = phraseCounter(other, phrase, false, other.weights);
      const counted = new Map<number, number>();
      for (let row = 0; row < index.size; row++) {
        otherCount(row % other.size);
        const c = count(row);
        if (c > 0) counted.set(row, c);
      }
      expect(counted, phrase.join(' ')).toEqual(expected);
    }
  });
});
