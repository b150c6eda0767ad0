// The export's search file (exportLayout.searchIndex), one per searchable list: its full-text index as the night's
// build made it (api/search/index.ts) and what /search shows of each row, so the gateway views the arrays where they
// lie instead of parsing documents and building the index again. Rows are the rows of the list's data file, in order.
//
// Format (little-endian; version 4):
//   bytes 0–7    the magic "TOSEARCH"
//   bytes 8–11   the version (uint32)
//   bytes 12–15  the byte length H of the header (uint32)
//   bytes 16–16+H  the header, JSON in UTF-8: { type, fields, weights, size, totalTokens, pathPrefix?,
//                  sections: { <name>: [byte offset from the file's start, element count] } }
//   then the sections, each starting at a multiple of 8 (zero bytes between), in SECTIONS' order:
//   tokens, textBounds, fieldTexts, rowLengths, postingStarts, postingRows, postingCounts (uint16): the SearchArrays
//     of the same names; idRows, idRanks: the rows in id order and each row's rank in it (api/search/id-order.ts);
//   stringOffsets (uint32, count + 1) and stringBytes (UTF-8): the string table, string s being
//     stringBytes[stringOffsets[s]] … stringBytes[stringOffsets[s + 1] - 1], each distinct string once;
//   rowIds, rowTitles, rowPaths: each row's id, title and API path (below the base URL) as string numbers; when every
//     row's path is one start and its id's path segment (api/search/documents.ts pathSegment), as on every list but
//     communications, the header's pathPrefix is that start and rowPaths is empty: the paths are made from the ids;
//   textStrings: each distinct field text's string number (text 0, the empty text, has none: 0, unread);
//   terms: the sorted vocabulary's string numbers;
//   pairStarts, pairFollowers, pairTextStarts, pairTexts: which words directly follow which, and in which texts
//     (api/search/word-pairs.ts).
// A file of version 2 (written before the pairs were kept) is read without them; the gateway works them out from the
// texts on first need. Versions 2 and 3 always store the paths.
// A file too short for what its header names, of another magic or version, or whose arrays do not fit together is
// refused with an error; its bytes are checked against the export's manifest before they get here.
import { pathSegment, type SearchType } from '../api/search/documents.ts';
import { toIdOrder, type IdOrder } from '../api/search/id-order.ts';
import { buildSearchArrays, searchIndexOver, type SearchArrays, type SearchDocs, type SearchIndex } from '../api/search/index.ts';
import { postingsOf } from '../api/search/postings.ts';
import { ADDED_IN, SECTIONS, checkSearchSections, type SearchHeader, type SectionName, type Sections, type TypedOf } from './search-file-sections.ts';

/** What the build indexes: the list's documents with each row's id, title and API path. */
export interface SearchFile extends SearchDocs {
  type: SearchType;
  ids: readonly string[];
  titles: readonly string[];
  paths: readonly string[];
}

/** A search file opened: its index over views of the file's bytes, and a row's id, title and path decoded when asked. */
export interface OpenedSearchFile {
  type: SearchType;
  index: SearchIndex;
  idOrder: IdOrder;
  id(row: number): string;
  title(row: number): string;
  /** `id`: the row's id when the caller holds it already (a path made from it then decodes nothing). */
  path(row: number, id?: string): string;
}

const MAGIC = 'TOSEARCH';
const VERSION = 4;
/** The versions read: this one, and those whose missing sections (ADDED_IN) are optional. */
const READS = [2, 3, 4];
/** The first version that may make its paths from ids (pathPrefix). */
const PATHS_FROM_IDS = 4;
const FIXED = 16;

type Typed = Int32Array | Uint32Array | Uint16Array | Uint8Array;

/** The file's bytes: `file` indexed with `weights` (its fields' BM25 weights, which the postings' counts carry). */
export function searchFileBytes(file: SearchFile, weights: readonly number[]): Uint8Array {
  _littleEndian();
  const { arrays, texts } = buildSearchArrays(file, weights);
  const idOrder = toIdOrder(file.ids);
  const strings = new Map<string, number>();
  // strings numbered in order of first use, each once; a null (text 0, the empty text) numbered 0 and never read
  const numbered = (list: readonly (string | null)[]) => Uint32Array.from(list, (s) => {
    if (s === null) return 0;
    let n = strings.get(s);
    if (n === undefined) strings.set(s, n = strings.size);
    return n;
  });
  const rowIds = numbered(file.ids);
  const rowTitles = numbered(file.titles);
  const pathPrefix = _pathPrefix(file);
  const rowPaths = pathPrefix === null ? numbered(file.paths) : new Uint32Array(0);
  const textStrings = numbered(texts);
  const terms = numbered(arrays.vocabulary);
  const stringOffsets = new Uint32Array(strings.size + 1);
  let total = 0;
  let s = 0;
  for (const text of strings.keys()) stringOffsets[++s] = total += Buffer.byteLength(text, 'utf8');
  const stringBytes = Buffer.alloc(total);
  s = 0;
  for (const text of strings.keys()) stringBytes.write(text, stringOffsets[s++]!, 'utf8');
  const sections: Sections = {
    tokens: arrays.tokens, textBounds: arrays.textBounds, fieldTexts: arrays.fieldTexts, rowLengths: arrays.rowLengths,
    postingStarts: arrays.postingStarts, postingRows: arrays.postingRows, postingCounts: arrays.postingCounts,
    idRows: idOrder.rows, idRanks: idOrder.ranks, stringOffsets, stringBytes, rowIds, rowTitles, rowPaths, textStrings, terms,
    pairStarts: arrays.pairs!.starts, pairFollowers: arrays.pairs!.followers, pairTextStarts: arrays.pairs!.textStarts,
    pairTexts: arrays.pairs!.texts,
  };
  // the header's offsets depend on its own length: laid out once with the header's length, again if that moved them
  const layout = (start: number) => {
    const at: Record<string, [number, number]> = {};
    let offset = start;
    for (const name of Object.keys(SECTIONS) as SectionName[]) {
      at[name] = [offset, sections[name]!.length];
      offset = _aligned(offset + sections[name]!.byteLength);
    }
    return { at, end: offset };
  };
  const head = (at: Record<string, [number, number]>) => Buffer.from(JSON.stringify({
    type: file.type, fields: file.fields, weights, size: arrays.size, totalTokens: arrays.totalTokens,
    ...(pathPrefix === null ? {} : { pathPrefix }), sections: at,
  } satisfies SearchHeader), 'utf8');
  let header = head(layout(0).at);
  let placed = layout(_aligned(FIXED + header.length));
  while (head(placed.at).length !== header.length) {
    header = head(placed.at);
    placed = layout(_aligned(FIXED + header.length));
  }
  header = head(placed.at);
  const out = new Uint8Array(placed.end);
  out.set(Buffer.from(MAGIC, 'latin1'), 0);
  const view = new DataView(out.buffer);
  view.setUint32(8, VERSION, true);
  view.setUint32(12, header.length, true);
  out.set(header, FIXED);
  for (const name of Object.keys(SECTIONS) as SectionName[]) {
    const a: Typed = sections[name]!;
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), placed.at[name]![0]);
  }
  return out;
}

/** The index and rows of a search file's bytes (copied once when they are not 8-byte aligned); `weights`, when they
 *  differ from those the file was built with, give the postings' counts again. */
export function openSearchFile(given: Uint8Array, weights?: readonly number[]): OpenedSearchFile {
  _littleEndian();
  const bytes = given.byteOffset % 8 === 0 ? given : new Uint8Array(given);
  if (bytes.byteLength < FIXED || new TextDecoder('latin1').decode(bytes.subarray(0, 8)) !== MAGIC) {
    throw new Error('not a search file (no TOSEARCH magic)');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (!READS.includes(version)) throw new Error(`search file of version ${version}, not one of ${READS.join(', ')}`);
  const headerLength = view.getUint32(12, true);
  if (FIXED + headerLength > bytes.byteLength) throw new Error('search file truncated in its header');
  let header: SearchHeader;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(FIXED, FIXED + headerLength))) as SearchHeader;
  } catch {
    throw new Error('search file damaged: its header is not JSON');
  }
  if (typeof header !== 'object' || header === null) throw new Error('search file damaged: its header is not an object');
  if (version < PATHS_FROM_IDS && header.pathPrefix !== undefined) throw new Error(`search file damaged: a pathPrefix in version ${version}`);
  const sections = {} as Record<SectionName, Typed>;
  for (const name of Object.keys(SECTIONS) as SectionName[]) {
    if (version < (ADDED_IN[name] ?? 0)) continue;
    const [offset, count] = header.sections?.[name] ?? [];
    const Type: TypedOf = SECTIONS[name];
    if (!Number.isInteger(offset) || !Number.isInteger(count) || offset! % 8 !== 0 || offset! < FIXED + headerLength || count! < 0) {
      throw new Error(`search file section ${name} misplaced`);
    }
    if (offset! + count! * Type.BYTES_PER_ELEMENT > bytes.byteLength) throw new Error(`search file truncated in section ${name}`);
    sections[name] = new Type(bytes.buffer as ArrayBuffer, bytes.byteOffset + offset!, count!);
  }
  const s = sections as Sections;
  checkSearchSections(header, s);
  const table = Buffer.from(s.stringBytes.buffer, s.stringBytes.byteOffset, s.stringBytes.byteLength);
  const string = (n: number) => table.toString('utf8', s.stringOffsets[n]!, s.stringOffsets[n + 1]!);
  if (weights && weights.length !== header.fields.length) throw new Error(`search file of ${header.fields.length} fields given ${weights.length} weights`);
  const reweighted = weights && weights.some((w, f) => w !== header.weights[f])
    ? postingsOf(s.tokens, s.textBounds, s.fieldTexts, header.size, s.terms.length, weights).counts : null;
  const arrays: SearchArrays = {
    fields: header.fields, weights: reweighted ? weights! : header.weights, size: header.size, totalTokens: header.totalTokens,
    vocabulary: Array.from(s.terms, string),
    tokens: s.tokens, textBounds: s.textBounds, fieldTexts: s.fieldTexts, rowLengths: s.rowLengths,
    postingStarts: s.postingStarts, postingRows: s.postingRows, postingCounts: reweighted ?? s.postingCounts,
    pairs: s.pairStarts ? { starts: s.pairStarts, followers: s.pairFollowers!, textStarts: s.pairTextStarts!, texts: s.pairTexts! } : null,
  };
  const id = (row: number) => string(s.rowIds[row]!);
  const prefix = header.pathPrefix;
  return {
    type: header.type,
    index: searchIndexOver(arrays, (text) => (text > 0 && text < s.textStrings.length ? string(s.textStrings[text]!) : null)),
    idOrder: { rows: s.idRows, ranks: s.idRanks },
    id,
    title: (row) => string(s.rowTitles[row]!),
    path: prefix === undefined ? (row) => string(s.rowPaths[row]!) : (row, held) => prefix + pathSegment(held ?? id(row)),
  };
}

/** The documents a search file was built from, row by row (tests and benchmarks compare other engines on them). */
export function searchFileDocs(bytes: Uint8Array): SearchFile {
  const opened = openSearchFile(bytes);
  const { index } = opened;
  const rows = Array.from({ length: index.size }, (_, r) => index.fields.map((_f, f) => index.text(r, f)));
  return {
    type: opened.type, fields: index.fields, rows,
    ids: rows.map((_, r) => opened.id(r)), titles: rows.map((_, r) => opened.title(r)), paths: rows.map((_, r) => opened.path(r)),
  };
}

/** The start every row's path shares before its id's path segment, or null when some row's path is not made so (or
 *  the list has no rows). */
function _pathPrefix(file: SearchFile): string | null {
  if (file.ids.length === 0) return null;
  const segment = pathSegment(file.ids[0]);
  const first = file.paths[0]!;
  if (!first.endsWith(segment)) return null;
  const prefix = first.slice(0, first.length - segment.length);
  return file.paths.every((path, r) => path === prefix + pathSegment(file.ids[r])) ? prefix : null;
}

function _aligned(n: number): number {
  return Math.ceil(n / 8) * 8;
}

// typed arrays are in the machine's byte order: the file is little-endian, as every machine this runs on
function _littleEndian(): void {
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new Error('search files need a little-endian machine');
}
