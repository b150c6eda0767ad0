// Envelopes: exact shapes and byte-identical output for the same input.
import { describe, expect, it } from 'vitest';
import { ATTRIBUTION, LICENCE } from '../../api/licence.ts';
import { detailBody, documentBody, errorBody, listBody, listBodyBuffer, listBodyBytes } from '../../api/query/envelope.ts';
import { memoryRecords } from '../../api/query/records.ts';

describe('envelopes', () => {
  it('builds the list envelope around pre-serialised records', () => {
    const body = listBody({ records: ['{"id":1}', '{"id":2}'], nextCursor: 'abc.def' }, 2);
    expect(body).toBe(`{"data":[{"id":1},{"id":2}],"next_cursor":"abc.def","limit":2,"licence":${JSON.stringify(LICENCE)},"attribution":${JSON.stringify(ATTRIBUTION)}}`);
    expect(JSON.parse(listBody({ records: [], nextCursor: null }, 100))).toEqual({ data: [], next_cursor: null, limit: 100, licence: LICENCE, attribution: ATTRIBUTION });
    expect(listBody({ records: ['{"id":1}'], nextCursor: null }, 5)).toBe(listBody({ records: ['{"id":1}'], nextCursor: null }, 5));
  });

  it('builds the list envelope as bytes from stored records, the same bytes as the string form encodes to', () => {
    const records = ['{"id":"a","name":"Café – Ltd"}', '{"id":"b"}', '{"id":"c","note":"’quoted’"}'];
    const bytes = records.map((r) => Buffer.from(r, 'utf8'));
    const offsets = new Int32Array(records.length + 1);
    bytes.forEach((b, i) => { offsets[i + 1] = offsets[i]! + b.byteLength; });
    const column = memoryRecords({ length: records.length, values: Buffer.concat(bytes), offsets });
    for (const [rows, cursor, limit] of [[[2, 0], 'abc.def', 2], [[], null, 100], [[1], null, 7]] as [number[], string | null, number][]) {
      expect(listBodyBytes(column, rows, cursor, limit).toString('utf8'))
        .toBe(listBody({ records: rows.map((r) => records[r]!), nextCursor: cursor }, limit));
    }
  });

  it('builds the list envelope as bytes from serialised records, the same bytes as the string form encodes to', () => {
    const records = ['{"id":"a","name":"Café – Ltd"}', '{"id":"b"}', '{"id":"c","note":"’quoted’ 東京 😀"}'];
    for (const [rows, cursor, limit] of [[[2, 0], 'abc.def', 2], [[], null, 100], [[1], null, 7]] as [number[], string | null, number][]) {
      const page = { records: rows.map((r) => records[r]!), nextCursor: cursor };
      expect(listBodyBuffer(page, limit).equals(Buffer.from(listBody(page, limit), 'utf8'))).toBe(true);
    }
  });

  it('builds detail and error bodies', () => {
    expect(JSON.parse(detailBody('{"id":"SM1"}'))).toEqual({ data: { id: 'SM1' }, licence: LICENCE, attribution: ATTRIBUTION });
    const err = JSON.parse(errorBody('invalid_parameter', 'Parameter "x" "quoted"')) as Record<string, string>;
    expect(Object.keys(err)).toEqual(['error', 'message', 'licence', 'attribution']);
    expect(err.message).toBe('Parameter "x" "quoted"');
  });

  it('keeps an error body about its message: the licence in full, a short attribution, well under 400 bytes', () => {
    const message = 'Parameter "limit" must be an integer from 1 to 500, got "0"';
    const body = errorBody('invalid_parameter', message);
    const parsed = JSON.parse(body) as Record<string, string>;
    expect(parsed.licence).toBe(LICENCE);
    expect(parsed.attribution).toMatch(/^Source: City of Toronto Open Data/);
    expect(Buffer.byteLength(body) - Buffer.byteLength(message)).toBeLessThan(330);
  });
});

describe('attribution', () => {
  it('names every City dataset the service publishes data from', () => {
    for (const dataset of ['Lobbyist Registry', 'Voting Record', 'TMMIS', 'Meeting Schedule', 'Elected Officials', 'Development Applications',
      'Committee of Adjustment', 'Address Points', 'City Wards', 'Toronto Bids', 'Non-Competitive Contracts', 'Solicitations',
      'Campaign Contributions']) {
      expect(ATTRIBUTION).toContain(dataset);
    }
  });
});

describe('computed documents', () => {
  it('keep their members byte for byte and end with licence and attribution', () => {
    const body = documentBody('{"n_pre":12,"estimate":0.1234567890123}');
    expect(body).toBe(`{"n_pre":12,"estimate":0.1234567890123,"licence":${JSON.stringify(LICENCE)},"attribution":${JSON.stringify(ATTRIBUTION)}}`);
    expect(JSON.parse(documentBody(' {} '))).toEqual({ licence: LICENCE, attribution: ATTRIBUTION });
    expect(() => documentBody('[1]')).toThrow(/JSON object/);
  });
});
