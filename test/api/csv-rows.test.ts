// The shared CSV writer (api/csv-rows.ts) against csv-stringify with the options the bulk export used before it, plus
// quoting every field with a CR or LF (with CRLF records the library leaves a field's lone CR or LF bare, which RFC
// 4180 readers take for the record's end): the same bytes for the same rows, over values of every kind a record holds (text with commas, quotes, CR, LF, leading
// spaces, non-ASCII; integers, decimals, negatives; booleans; null; lists and objects), drawn from a seeded generator.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvField, csvHeader, csvLines, csvRows } from '../../api/csv-rows.ts';
import { seeded, type Rng } from '../gateway/fuzz-helpers.ts';

const LIBRARY = { record_delimiter: 'windows' as const, quoted_match: [/\r/, /\n/], cast: { object: (v: object) => JSON.stringify(v), boolean: (v: boolean) => (v ? '1' : '0') } };
const PIECES = ['a', 'Z', ' ', ',', '"', '\r', '\n', '\r\n', 'é', '–', '😀', ';', "'", '#', '=', '\t', '0'];

function text(rng: Rng): string {
  let out = '';
  for (let n = rng.int(0, 8); n > 0; n--) out += rng.pick(PIECES);
  return out;
}

function value(rng: Rng, depth = 0): unknown {
  switch (rng.int(0, depth > 1 ? 4 : 6)) {
    case 0: return null;
    case 1: return text(rng);
    case 2: return rng.int(-1e6, 1e6);
    case 3: return rng.chance(0.5) ? rng.next() * 1e4 - 5e3 : rng.int(0, 9) / 4;
    case 4: return rng.chance(0.5);
    case 5: return Array.from({ length: rng.int(0, 3) }, () => value(rng, depth + 1));
    default: return Object.fromEntries(Array.from({ length: rng.int(0, 3) }, (_, i) => [`k${i}${text(rng)}`, value(rng, depth + 1)]));
  }
}

describe('csvRows', () => {
  it('writes what csv-stringify writes, byte for byte, for 2000 random records', () => {
    const rng = seeded(4180);
    const columns = ['id', 'name, with comma', 'n', 'x', 'list'];
    const records = Array.from({ length: 2000 }, () => Object.fromEntries(columns.map((c) => [c, value(rng)])));
    const rows = records.map((r) => columns.map((c) => r[c] ?? null));
    expect(csvHeader(columns) + csvRows(columns, records)).toBe(stringify([columns, ...rows], LIBRARY));
  });

  it('reads back through an RFC 4180 parser to each value\'s text, line breaks inside fields included', () => {
    const rng = seeded(7);
    const records = Array.from({ length: 500 }, () => ({ a: text(rng), b: value(rng) }));
    const parsed = parse(csvRows(['a', 'b'], records)) as string[][];
    expect(parsed.map((r) => r[0])).toEqual(records.map((r) => r.a));
    expect(records.some((r) => r.a.includes('\n'))).toBe(true);
  });

  it('writes null and a missing field empty, lists and objects as JSON, numbers as JSON does', () => {
    expect(csvRows(['a', 'b', 'c', 'd', 'e', 'f'], [JSON.parse('{"a":null,"c":[1,"x,y"],"d":{"k":"v"},"e":1.5e-7,"f":"2025-01-02"}') as Record<string, unknown>]))
      .toBe(',,"[1,""x,y""]","{""k"":""v""}",1.5e-7,2025-01-02\r\n');
    expect(csvField(true)).toBe('1');
    expect(csvField(' lead')).toBe(' lead');
  });

  it('writes each preamble line as one field', () => {
    const out = csvLines(['Licence: a, b', 'plain']);
    expect(out).toBe('"Licence: a, b"\r\nplain\r\n');
    expect(parse(out)).toEqual([['Licence: a, b'], ['plain']]);
  });
});
