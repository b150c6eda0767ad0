// CSV rows made from serialised records without parsing them (api/csv-transcode.ts) are the parsed path's bytes
// (api/csv-rows.ts) for records of every shape: the plain one (keys in the columns' order), escaped strings, non-ASCII,
// commas, decimals and exponents, -0, large integers, lists and objects, and records whose keys are missing, extra,
// out of order or spaced, separated by commas, newlines or nothing.
import { describe, expect, it } from 'vitest';
import { csvRows } from '../../api/csv-rows.ts';
import { csvRowsOfRecords } from '../../api/csv-transcode.ts';
import { seeded, type Rng } from '../gateway/fuzz-helpers.ts';

const COLUMNS = ['id', 'name', 'n', 'x', 'list', 'when'];
const PIECES = ['a', 'Z', ' ', ',', '"', '\\', '/', '\r', '\n', '\t', '\u0001', 'é', '–', '😀', '#', '0', '{', '}', '[', ']', ':'];

function text(rng: Rng): string {
  let out = '';
  for (let n = rng.int(0, 6); n > 0; n--) out += rng.pick(PIECES);
  return out;
}

function value(rng: Rng, depth = 0): unknown {
  switch (rng.int(0, depth > 1 ? 5 : 7)) {
    case 0: return null;
    case 1: return text(rng);
    case 2: return rng.int(-1e6, 1e6);
    case 3: return rng.pick([0.1, -0, 1e21, 2 ** 53 + 2, -1234.5, 1e-7, 123456789012345, 1234567890123456, 0.30000000000000004]);
    case 4: return rng.chance(0.5);
    case 5: return rng.pick(['2025-01-02', 'SM10420', 'plain text', 'with, comma']);
    case 6: return Array.from({ length: rng.int(0, 3) }, () => value(rng, depth + 1));
    default: return Object.fromEntries(Array.from({ length: rng.int(0, 3) }, (_, i) => [`k${i}${text(rng)}`, value(rng, depth + 1)]));
  }
}

/** A record's JSON text: usually the plain shape, sometimes with a key missing, added, moved, or spaces around. */
function serialise(rng: Rng, record: Record<string, unknown>): string {
  const shape = rng.int(0, 9);
  if (shape === 0) return JSON.stringify(record, null, 1);
  const entries = Object.entries(record);
  if (shape === 1) entries.splice(rng.int(0, entries.length - 1), 1);
  if (shape === 2) entries.push(['extra', value(rng)]);
  if (shape === 3) entries.reverse();
  return JSON.stringify(Object.fromEntries(entries));
}

describe('csvRowsOfRecords', () => {
  it('writes the parsed path\'s bytes for 3000 random records in 30 batches', () => {
    const rng = seeded(2026);
    for (let batch = 0; batch < 30; batch++) {
      const records = Array.from({ length: 100 }, () => Object.fromEntries(COLUMNS.map((c) => [c, value(rng)])));
      const texts = records.map((r) => serialise(rng, r));
      const separator = rng.pick([',', '\n', '', ' ,\n']);
      const got = csvRowsOfRecords(COLUMNS, Buffer.from(texts.join(separator), 'utf8')).toString('utf8');
      expect(got).toBe(csvRows(COLUMNS, texts.map((t) => JSON.parse(t) as Record<string, unknown>)));
    }
  });

  it('copies plain fields as they lie and converts what JSON writes otherwise', () => {
    const json = '{"id":"C1","name":"a, b","n":-0,"x":1.50,"list":["x",{"k":"v"}],"when":"caf\\u00e9"}{"id":"C2","name":null,"n":12,"x":true,"list":[],"when":"2025-01-02"}';
    expect(csvRowsOfRecords(COLUMNS, Buffer.from(json)).toString()).toBe('C1,"a, b",0,1.5,"[""x"",{""k"":""v""}]",café\r\nC2,,12,1,[],2025-01-02\r\n');
    expect(csvRowsOfRecords(COLUMNS, Buffer.alloc(0)).toString()).toBe('');
  });
});
