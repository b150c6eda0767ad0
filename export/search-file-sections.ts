// The sections of a search file (export/search-file.ts, which documents the format) and whether they fit together:
// lengths that agree with the header and with each other, offsets that only grow, and every number that indexes
// another array inside it. A file that passes is read without an index out of bounds, so a damaged file is an error
// at load, never a wrong answer later.
import type { SearchType } from '../api/search/documents.ts';

/** The constructor of a section's array. */
export type TypedOf = Int32ArrayConstructor | Uint32ArrayConstructor | Uint16ArrayConstructor | Uint8ArrayConstructor;

/** Every section with the array it holds, in the file's order. */
export const SECTIONS = {
  tokens: Int32Array, textBounds: Uint32Array, fieldTexts: Uint32Array, rowLengths: Uint32Array,
  postingStarts: Uint32Array, postingRows: Uint32Array, postingCounts: Uint16Array, idRows: Uint32Array, idRanks: Uint32Array,
  stringOffsets: Uint32Array, stringBytes: Uint8Array, rowIds: Uint32Array, rowTitles: Uint32Array, rowPaths: Uint32Array,
  textStrings: Uint32Array, terms: Uint32Array, pairStarts: Uint32Array, pairFollowers: Uint32Array,
  pairTextStarts: Uint32Array, pairTexts: Uint32Array,
} as const satisfies Record<string, TypedOf>;

/** The sections a file of an earlier version lacks, by the version that added them. */
export const ADDED_IN: Partial<Record<SectionName, number>> = { pairStarts: 3, pairFollowers: 3, pairTextStarts: 3, pairTexts: 3 };

export type SectionName = keyof typeof SECTIONS;
export type Sections = { [K in Exclude<SectionName, 'tokens' | 'postingCounts' | 'stringBytes' | Pairs>]: Uint32Array } &
  { tokens: Int32Array; postingCounts: Uint16Array; stringBytes: Uint8Array } & { [K in Pairs]?: Uint32Array };

type Pairs = 'pairStarts' | 'pairFollowers' | 'pairTextStarts' | 'pairTexts';

/** The file's JSON header. */
export interface SearchHeader {
  type: SearchType;
  fields: readonly string[];
  weights: readonly number[];
  size: number;
  totalTokens: number;
  /** Every row's path is this and its id's path segment (pathSegment), and rowPaths is empty (version 4 on). */
  pathPrefix?: string;
  /** section name → [byte offset, element count] */
  sections: Record<string, [number, number]>;
}

/** Throws with what does not fit. */
export function checkSearchSections(header: SearchHeader, s: Sections): void {
  const fail = (what: string) => { throw new Error(`search file damaged: ${what}`); };
  if (typeof header.type !== 'string' || !Array.isArray(header.fields) || !Array.isArray(header.weights)) fail('header');
  if (header.weights.length !== header.fields.length || !header.weights.every((w) => typeof w === 'number')) fail('weights');
  const size = header.size;
  if (!Number.isInteger(size) || size < 0 || !Number.isFinite(header.totalTokens)) fail('header counts');
  if (header.pathPrefix !== undefined && typeof header.pathPrefix !== 'string') fail('pathPrefix');
  const stored = header.pathPrefix === undefined ? ['rowPaths'] as const : [];
  for (const name of ['rowLengths', 'idRows', 'idRanks', 'rowIds', 'rowTitles', ...stored] as const) {
    if (s[name].length !== size) fail(`${name} of ${s[name].length} rows, not ${size}`);
  }
  // paths made from ids are not stored as well
  if (header.pathPrefix !== undefined && s.rowPaths.length !== 0) fail('rowPaths beside a pathPrefix');
  if (s.fieldTexts.length !== size * header.fields.length) fail('fieldTexts');
  const texts = s.textStrings.length;
  const termCount = s.terms.length;
  const strings = s.stringOffsets.length - 1;
  if (texts < 1 || s.textBounds.length !== texts + 1 || strings < 0 || s.postingStarts.length !== termCount + 1) fail('counts');
  _bounds(s.textBounds, s.tokens.length, 'textBounds', fail);
  _bounds(s.postingStarts, s.postingRows.length, 'postingStarts', fail);
  _bounds(s.stringOffsets, s.stringBytes.length, 'stringOffsets', fail);
  if (s.postingCounts.length !== s.postingRows.length) fail('postingCounts');
  _below(s.tokens, termCount, 'tokens', fail);
  _below(s.fieldTexts, texts, 'fieldTexts', fail);
  _below(s.postingRows, size, 'postingRows', fail);
  _below(s.idRows, size, 'idRows', fail);
  _below(s.idRanks, size, 'idRanks', fail);
  for (const name of ['rowIds', 'rowTitles', 'rowPaths', 'terms'] as const) _below(s[name], strings, name, fail);
  _below(s.textStrings.subarray(1), strings, 'textStrings', fail); // text 0, the empty text, has no string
  if (s.pairStarts) {
    // each word's followers and each pair's texts are searched by halving, so they must rise strictly
    const followers = s.pairFollowers!;
    if (s.pairStarts.length !== termCount + 1 || s.pairTextStarts!.length !== followers.length + 1) fail('pair counts');
    _bounds(s.pairStarts, followers.length, 'pairStarts', fail);
    _bounds(s.pairTextStarts!, s.pairTexts!.length, 'pairTextStarts', fail);
    _below(followers, termCount, 'pairFollowers', fail);
    _below(s.pairTexts!, texts, 'pairTexts', fail);
    _rising(s.pairStarts, followers, 'pairFollowers of term', fail);
    _rising(s.pairTextStarts!, s.pairTexts!, 'pairTexts of pair', fail);
  }
}

// offsets into an array of `length`: from 0, never falling, ending at its length
function _bounds(a: Uint32Array, length: number, name: string, fail: (what: string) => never): void {
  if (a[0] !== 0 || a[a.length - 1] !== length) fail(`${name} do not span their array`);
  for (let i = 1; i < a.length; i++) if (a[i]! < a[i - 1]!) fail(`${name} fall at ${i}`);
}

// each group of `values` (group g is values[starts[g]] … values[starts[g + 1] - 1]) rising strictly
function _rising(starts: Uint32Array, values: Uint32Array, name: string, fail: (what: string) => never): void {
  for (let g = 0; g + 1 < starts.length; g++) {
    for (let k = starts[g]! + 1; k < starts[g + 1]!; k++) if (values[k]! <= values[k - 1]!) fail(`${name} ${g} not rising`);
  }
}

function _below(a: Int32Array | Uint32Array, limit: number, name: string, fail: (what: string) => never): void {
  for (let i = 0; i < a.length; i++) if (!(a[i]! >= 0 && a[i]! < limit)) fail(`${name}[${i}] out of range`);
}
