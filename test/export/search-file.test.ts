// The search file's codec (export/search-file.ts): documents built into an index, written, and read back give an index
// equal member by member to the one built in memory, the same rows' ids, titles and paths, the same id order and
// the same answers; bytes that are not 8-byte aligned are read alike; a file cut short, of another magic or version,
// or whose arrays do not fit together is refused with an error.
import { describe, expect, it } from 'vitest';
import { SEARCH_SOURCES } from '../../api/search/documents.ts';
import { rankAfter, toIdOrder } from '../../api/search/id-order.ts';
import { buildSearchIndex, type SearchIndex } from '../../api/search/index.ts';
import { matchRows } from '../../api/search/match.ts';
import { parseSearch } from '../../api/search/query.ts';
import { openSearchFile, searchFileBytes, searchFileDocs, type OpenedSearchFile, type SearchFile } from '../../export/search-file.ts';
import { seeded } from '../gateway/fuzz-helpers.ts';

const WORDS = ['Ontario', 'Place', 'housing', 'Café', 'naïve', 'rooming-houses', 'Gardiner', 'transit', 'snow', 'clearing',
  '東京', 'straße', 'emoji😀word', 'parks', 'and', 'of'];

/** A list of `rows` rows: communications share their registration's texts and paths, ids mix numbers and letters, titles repeat. */
function _file(seed: number, rows: number): SearchFile {
  const rng = seeded(seed);
  const source = SEARCH_SOURCES.find((s) => s.type === 'communication')!;
  const fields = source.fields.map((f) => f.name);
  const shared = Array.from({ length: 5 }, () => fields.map(() => (rng.int(0, 3) === 0 ? null : _text(rng))));
  const ids = [...new Set(Array.from({ length: rows * 2 }, () => (rng.int(0, 1) ? String(rng.int(1, 99999)) : `C-${rng.int(0, 0xfffff).toString(16)}`)))].slice(0, rows);
  return {
    type: source.type,
    fields,
    ids,
    titles: ids.map((id) => (rng.int(0, 2) === 0 ? 'A communication' : `Communication ${id} — ${rng.pick(WORDS)}`)),
    // as on the City's communications, a path names the row's registration, not the row: stored, not made from the id
    paths: ids.map(() => `/communications?registration=${rng.int(1, 40)}`),
    rows: ids.map(() => (rng.int(0, 1) ? rng.pick(shared) : fields.map(() => (rng.int(0, 4) === 0 ? null : _text(rng))))),
  };
}

function _text(rng: ReturnType<typeof seeded>): string {
  return Array.from({ length: rng.int(1, 12) }, () => rng.pick(WORDS)).join(rng.pick([' ', ', ', ' - ', '; ']));
}

const WEIGHTS = SEARCH_SOURCES.find((s) => s.type === 'communication')!.fields.map((f) => f.weight);

function _expectSame(read: SearchIndex, built: SearchIndex): void {
  for (const member of ['fields', 'size', 'vocabulary', 'totalTokens', 'weights', 'tokens', 'textBounds', 'fieldTexts', 'rowLengths'] as const) {
    expect(read[member], member).toEqual(built[member]);
  }
  for (let t = -1; t <= built.vocabulary.length; t++) {
    expect(read.posting(t)).toEqual(built.posting(t));
    expect(read.postingCounts(t)).toEqual(built.postingCounts(t));
  }
  for (const term of [...built.vocabulary, 'zzz-absent', '']) expect(read.termId(term), term).toBe(built.termId(term));
  for (const prefix of ['', 'o', 'on', 'hous', 'caf', 'zz', '東']) expect(read.prefixRange(prefix), prefix).toEqual(built.prefixRange(prefix));
  for (let r = 0; r < built.size; r++) for (let f = 0; f < built.fields.length; f++) expect(read.text(r, f)).toBe(built.text(r, f));
  expect(read.wordPairs()).toEqual(built.wordPairs());
}

function _expectRows(read: OpenedSearchFile, file: SearchFile): void {
  expect(read.type).toBe(file.type);
  for (let r = 0; r < file.ids.length; r++) {
    expect([read.id(r), read.title(r), read.path(r)]).toEqual([file.ids[r], file.titles[r], file.paths[r]]);
    expect(read.path(r, file.ids[r])).toBe(file.paths[r]);
  }
  const order = toIdOrder(file.ids);
  expect(read.idOrder.rows).toEqual(order.rows);
  expect(read.idOrder.ranks).toEqual(order.ranks);
  for (const id of [...file.ids.slice(0, 20), '0', '5000', 'C-', 'zzz']) {
    expect(rankAfter(read.id, read.idOrder, id)).toBe(rankAfter((r) => file.ids[r]!, order, id));
  }
}

describe('the search file', () => {
  it.each([1, 2, 3])('reads back what was built (seed %i)', (seed) => {
    const file = _file(seed, 400);
    const bytes = searchFileBytes(file, WEIGHTS);
    const read = openSearchFile(bytes);
    const built = buildSearchIndex(file, WEIGHTS);
    _expectSame(read.index, built);
    _expectRows(read, file);
    for (const q of ['ontario', '"ontario place"', 'hous*', 'cafe -snow', 'naive transit', 'straße']) {
      expect([...matchRows(read.index, parseSearch(q))], q).toEqual([...matchRows(built, parseSearch(q))]);
    }
    // the documents back, row by row
    expect(searchFileDocs(bytes)).toEqual({ ...file, rows: file.rows.map((row) => [...row]) });
  });

  it('is the same bytes for the same documents', () => {
    expect(Buffer.from(searchFileBytes(_file(4, 200), WEIGHTS)).equals(Buffer.from(searchFileBytes(_file(4, 200), WEIGHTS)))).toBe(true);
  });

  it('reads bytes that are not 8-byte aligned (copied once)', () => {
    const file = _file(5, 150);
    const bytes = searchFileBytes(file, WEIGHTS);
    for (const shift of [1, 3, 4]) {
      const holder = new Uint8Array(bytes.length + shift);
      holder.set(bytes, shift);
      const read = openSearchFile(holder.subarray(shift));
      _expectSame(read.index, buildSearchIndex(file, WEIGHTS));
      _expectRows(read, file);
    }
  });

  it('counts the postings again when asked for other weights', () => {
    const file = _file(6, 150);
    const other = WEIGHTS.map((w, f) => w + f);
    _expectSame(openSearchFile(searchFileBytes(file, WEIGHTS), other).index, buildSearchIndex(file, other));
  });

  it('holds no rows and no words', () => {
    const file: SearchFile = { type: 'site', fields: ['address'], ids: [], titles: [], paths: [], rows: [] };
    const read = openSearchFile(searchFileBytes(file, [5]));
    _expectSame(read.index, buildSearchIndex(file, [5]));
    const blank: SearchFile = { type: 'site', fields: ['address'], ids: ['1'], titles: ['—'], paths: ['/sites/1'], rows: [['— ;']] };
    _expectSame(openSearchFile(searchFileBytes(blank, [5])).index, buildSearchIndex(blank, [5]));
  });

  it('reads a file of version 2, written before the pairs of neighbours were kept: they are worked out from its texts', () => {
    const file = _file(9, 300);
    const bytes = searchFileBytes(file, WEIGHTS);
    // version 2's header names no pair sections; it is written over the new one's, padded with spaces to its length
    const header = _header(bytes);
    for (const name of ['pairStarts', 'pairFollowers', 'pairTextStarts', 'pairTexts']) delete header.sections[name];
    const older = _withHeader(bytes, header);
    new DataView(older.buffer).setUint32(8, 2, true);
    const read = openSearchFile(older);
    _expectSame(read.index, buildSearchIndex(file, WEIGHTS));
    _expectRows(read, file);
  });

  it('makes the paths from the ids where every row\'s path is one start and its id\'s path segment, storing none', () => {
    const file = _file(10, 300);
    const made = { ...file, paths: file.ids.map((id) => `/communications/${encodeURIComponent(id)}`) };
    const bytes = searchFileBytes(made, WEIGHTS);
    expect(_header(bytes).pathPrefix).toBe('/communications/');
    expect(_header(bytes).sections.rowPaths![1]).toBe(0);
    const read = openSearchFile(bytes);
    _expectRows(read, made);
    expect(read.path(made.ids.indexOf(made.ids.find((id) => id.startsWith('C-'))!))).toMatch(/^\/communications\/C-[0-9a-f]+$/);
    expect(searchFileDocs(bytes).paths).toEqual(made.paths);
    // one row's path made otherwise: every path is stored, and the file is larger by at least their bytes
    const odd = { ...made, paths: made.paths.map((p, r) => (r === 150 ? `/elsewhere/${made.ids[r]}` : p)) };
    const oddBytes = searchFileBytes(odd, WEIGHTS);
    expect(_header(oddBytes).pathPrefix).toBeUndefined();
    _expectRows(openSearchFile(oddBytes), odd);
    expect(oddBytes.length - bytes.length).toBeGreaterThan(made.paths.join('').length);
    // an id that needs escaping is escaped as the build escapes it
    const escaped = { ...made, ids: made.ids.map((id, r) => (r === 3 ? 'A0014/20 SC' : id)) };
    escaped.paths = escaped.ids.map((id) => `/communications/${encodeURIComponent(id)}`);
    expect(openSearchFile(searchFileBytes(escaped, WEIGHTS)).path(3)).toBe('/communications/A0014%2F20%20SC');
  });

  it('reads a file of version 3, which stores every path, and refuses a pathPrefix in one', () => {
    const file = _file(11, 200);
    const bytes = searchFileBytes(file, WEIGHTS);
    expect(_header(bytes).pathPrefix).toBeUndefined();
    const older = bytes.slice();
    new DataView(older.buffer).setUint32(8, 3, true);
    const read = openSearchFile(older);
    _expectSame(read.index, buildSearchIndex(file, WEIGHTS));
    _expectRows(read, file);
    const made = { ...file, paths: file.ids.map((id) => `/c/${encodeURIComponent(id)}`) };
    const withPrefix = searchFileBytes(made, WEIGHTS);
    new DataView(withPrefix.buffer).setUint32(8, 3, true);
    expect(() => openSearchFile(withPrefix)).toThrow(/a pathPrefix in version 3/);
  });

  it('refuses a pathPrefix that is not text, paths stored beside one, or neither', () => {
    const file = _file(12, 150);
    const made = { ...file, paths: file.ids.map((id) => `/c/${encodeURIComponent(id)}`) };
    const bytes = searchFileBytes(made, WEIGHTS);
    const header = _header(bytes);
    expect(() => openSearchFile(_withHeader(bytes, { ...header, pathPrefix: 5 }))).toThrow(/damaged: pathPrefix/);
    const { pathPrefix: _, ...without } = header;
    expect(() => openSearchFile(_withHeader(bytes, without))).toThrow(/rowPaths of 0 rows, not 150/);
    // the type shortened to make room in the header for a rowPaths section over the ids' string numbers
    const beside = { ...header, type: 'c', sections: { ...header.sections, rowPaths: header.sections.rowIds! } };
    expect(() => openSearchFile(_withHeader(bytes, beside))).toThrow(/rowPaths beside a pathPrefix/);
  });

  it('refuses a file cut short anywhere, or of another magic or version', () => {
    const bytes = searchFileBytes(_file(7, 120), WEIGHTS);
    for (let n = 0; n < bytes.length; n += Math.max(1, Math.floor(bytes.length / 300))) {
      expect(() => openSearchFile(bytes.slice(0, n)), `cut at ${n}`).toThrow(/search file/);
    }
    const magic = bytes.slice();
    magic[0] = 'X'.charCodeAt(0);
    expect(() => openSearchFile(magic)).toThrow(/not a search file/);
    expect(() => openSearchFile(new TextEncoder().encode('{"type":"site","fields":[],"rows":[]}'))).toThrow(/not a search file/);
    const header = bytes.slice();
    header[16] = '['.charCodeAt(0);
    expect(() => openSearchFile(header)).toThrow(/header is not JSON/);
    const version = bytes.slice();
    new DataView(version.buffer).setUint32(8, 1, true);
    expect(() => openSearchFile(version)).toThrow(/version 1/);
  });

  it('refuses arrays that do not fit together', () => {
    const file = _file(8, 120);
    const bytes = searchFileBytes(file, WEIGHTS);
    const read = openSearchFile(bytes);
    const header = _header(bytes);
    const at = (name: string) => header.sections[name]![0];
    const damaged = (name: string, index: number, value: number) => {
      const copy = bytes.slice();
      new DataView(copy.buffer).setUint32(at(name) + index * 4, value, true);
      return copy;
    };
    expect(() => openSearchFile(damaged('tokens', 3, read.index.vocabulary.length))).toThrow(/tokens\[3\] out of range/);
    expect(() => openSearchFile(damaged('fieldTexts', 0, read.index.textBounds.length))).toThrow(/fieldTexts\[0\] out of range/);
    expect(() => openSearchFile(damaged('postingRows', 1, file.ids.length))).toThrow(/postingRows\[1\] out of range/);
    expect(() => openSearchFile(damaged('textBounds', 2, 0xffffffff))).toThrow(/textBounds fall at 3/);
    expect(() => openSearchFile(damaged('rowIds', 0, 1e6))).toThrow(/rowIds\[0\] out of range/);
    expect(() => openSearchFile(damaged('stringOffsets', 0, 1))).toThrow(/stringOffsets do not span/);
    // a word's followers and a pair's texts are searched by halving: out of order, one would be missed
    const [term, followers] = _groupOfTwo(bytes, header.sections.pairStarts!);
    expect(() => openSearchFile(damaged('pairFollowers', followers + 1, 0))).toThrow(new RegExp(`pairFollowers of term ${term} not rising`));
    expect(() => openSearchFile(damaged('pairFollowers', followers, read.index.vocabulary.length))).toThrow(/pairFollowers\[\d+\] out of range/);
    expect(() => openSearchFile(damaged('pairStarts', 0, 1))).toThrow(/pairStarts do not span/);
    expect(() => openSearchFile(damaged('pairTexts', 0, read.index.textBounds.length))).toThrow(/pairTexts\[0\] out of range/);
    const [pair, texts] = _groupOfTwo(bytes, header.sections.pairTextStarts!);
    expect(() => openSearchFile(damaged('pairTexts', texts + 1, 0))).toThrow(new RegExp(`pairTexts of pair ${pair} not rising`));
  });
});

type Header = { pathPrefix?: unknown; type: string; sections: Record<string, [number, number]> };

function _header(bytes: Uint8Array): Header {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + length))) as Header;
}

/** The file with another header written over its own, padded with spaces to its length (it must not be longer). */
function _withHeader(bytes: Uint8Array, header: object): Uint8Array {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true);
  const text = JSON.stringify(header);
  if (text.length > length) throw new Error('the new header is longer than the file\'s');
  const copy = bytes.slice();
  copy.set(new TextEncoder().encode(text.padEnd(length, ' ')), 16);
  return copy;
}

/** The first group of at least two entries in a section of group starts ([byte offset, count] in the file), and where
 *  its entries begin. */
function _groupOfTwo(bytes: Uint8Array, [offset, count]: [number, number]): [group: number, from: number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const start = (g: number) => view.getUint32(offset + g * 4, true);
  const group = Array.from({ length: count - 1 }, (_, g) => g).find((g) => start(g + 1) - start(g) >= 2)!;
  return [group, start(group)];
}
