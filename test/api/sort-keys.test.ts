// Binary searches over `_sort` keys held as UTF-8 bytes land where the string searches of keys.ts (compareKeys:
// UTF-8 byte order) land, astral characters and shared prefixes included, and rows read back as their keys.
import { Utf8, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { byteStrings } from '../../api/query/arrow-read.ts';
import { compareKeys, lowerBound, upperBound } from '../../api/query/keys.ts';
import { sortKeys } from '../../api/query/sort-keys.ts';

const KEYS = ['', 'a', 'a ', 'a !', 'a b', 'ab', 'b', 'z\uffff', '\u{1f600}', '\u{1f600}a', 'é', '\ue000', '2024-01-01 000017', '2024-01-01!']
  .sort(compareKeys);

describe('sortKeys', () => {
  const keys = sortKeys(byteStrings(vectorFromArray(KEYS, new Utf8())));
  it('reads every row back', () => {
    expect(KEYS.map((_, r) => keys.at(r))).toEqual(KEYS);
  });
  const probes = [...KEYS, 'a  ', '0', '\u{1f601}', '\ud7ff', 'zz', '2024-01-01', '2024-01-01 '];
  for (const p of probes) {
    it(`bounds of ${JSON.stringify(p)}`, () => {
      expect(keys.lowerBound(p)).toBe(lowerBound(KEYS, p));
      expect(keys.upperBound(p)).toBe(upperBound(KEYS, p));
    });
  }
  it('reads a sliced and a multi-chunk column as one', () => {
    const a = vectorFromArray(KEYS.slice(0, 5), new Utf8());
    const b = vectorFromArray(KEYS.slice(5), new Utf8());
    const joined = sortKeys(byteStrings(a.concat(b)));
    expect(KEYS.map((_, r) => joined.at(r))).toEqual(KEYS);
    const sliced = byteStrings(vectorFromArray(KEYS, new Utf8()).slice(3));
    expect(Array.from({ length: sliced.length }, (_, r) => sortKeys(sliced).at(r))).toEqual(KEYS.slice(3));
  });
});
