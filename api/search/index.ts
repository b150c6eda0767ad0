// The in-memory full-text index of one searchable list: every row's fields cut by the one tokenizer into term ids
// (ids in the vocabulary's sorted order, so a prefix is a range of ids), each term's posting list (the rows holding
// it, ascending) and each field's token stream (phrases are consecutive ids in one field, as in FTS5). A text that
// several rows hold — a registration's, repeated by each of its communications — is cut and kept once, its rows
// pointing at it. Two steps, pure so the build and the gateway share them: the night's build makes the arrays from the
// list's documents (buildSearchArrays) and writes them into the export (export/search-file.ts); a SearchIndex is the
// same code over arrays either just built or viewed where they lie in the export's file (searchIndexOver).
import { terms } from './tokenize.ts';
import { postingsOf } from './postings.ts';
import { wordPairsOf, type WordPairs } from './word-pairs.ts';

/** No rows (api/search is imported by the query layer, so it keeps its own). */
export const EMPTY_ROWS = new Uint32Array(0);

/** The searchable text of one list, a row per row of the list's data file (same order). */
export interface SearchDocs {
  /** Field names, in the order of each row's texts. */
  fields: readonly string[];
  /** Each row's field texts (null: the field is empty in that row). */
  rows: readonly (readonly (string | null)[])[];
}

export interface SearchIndex {
  readonly fields: readonly string[];
  readonly size: number;
  /** Sorted vocabulary: term id → term. */
  readonly vocabulary: readonly string[];
  /** Term id of a term, or -1. */
  termId(term: string): number;
  /** Term ids [from, to) of the terms that start with `prefix`. */
  prefixRange(prefix: string): [number, number];
  /** Rows holding a term id, ascending. */
  posting(id: number): Uint32Array;
  /** How many rows hold a term id (posting(id).length, without making a view: what bounds and estimates read). */
  postingLength(id: number): number;
  /** The field weights the index was built with (all 1 unless given). */
  readonly weights: readonly number[];
  /** Beside posting(id), each row's occurrences of the term counted with `weights`: what BM25 reads per row. */
  postingCounts(id: number): Uint16Array;
  /** Each distinct text's term ids, one after the other: text t is tokens[textBounds[t]] … tokens[textBounds[t + 1] - 1]
   *  (text 0 is the empty text). What scoring loops read without a view per field. */
  readonly tokens: Int32Array;
  readonly textBounds: Uint32Array;
  /** Field f of row r is the text fieldTexts[r * fields.length + f]. */
  readonly fieldTexts: Uint32Array;
  /** Each row's length in tokens, all fields together (BM25's document length). */
  readonly rowLengths: Uint32Array;
  /** Which words directly follow which within one field, and in which texts (word-pairs.ts): the arrays' own, or for
   *  arrays without them (a file written before they were kept) worked out from the texts on first need. */
  wordPairs(): WordPairs;
  /** A row's field text as indexed. */
  text(row: number, field: number): string | null;
  /** Tokens of every row (for BM25's average length). */
  readonly totalTokens: number;
}

/** What a SearchIndex reads: the arrays the build makes from a list's documents, kept as they are in the export's
 *  search file (export/search-file.ts), so the gateway views them where they lie instead of building them again. */
export interface SearchArrays {
  fields: readonly string[];
  weights: readonly number[];
  size: number;
  totalTokens: number;
  /** Sorted vocabulary (UTF-16 code-unit order): term id → term. */
  vocabulary: readonly string[];
  tokens: Int32Array;
  textBounds: Uint32Array;
  fieldTexts: Uint32Array;
  rowLengths: Uint32Array;
  /** Term t's rows are postingRows[postingStarts[t]] … postingRows[postingStarts[t + 1] - 1], with their weighted
   *  occurrences at the same places of postingCounts. */
  postingStarts: Uint32Array;
  postingRows: Uint32Array;
  postingCounts: Uint16Array;
  /** Which words directly follow which, and in which texts (word-pairs.ts); null in a file written before they were
   *  kept. */
  pairs: WordPairs | null;
}

/** The arrays of `docs` and each distinct text by text id (text 0, the empty text, is null). */
export interface BuiltArrays {
  arrays: SearchArrays;
  texts: readonly (string | null)[];
}

/** Index `docs`, counting each term's occurrences in a row with its field's weight (one per field by default). */
export function buildSearchIndex(docs: SearchDocs, weights: readonly number[] = docs.fields.map(() => 1)): SearchIndex {
  const { arrays, texts } = buildSearchArrays(docs, weights);
  return searchIndexOver(arrays, (text) => texts[text] ?? null);
}

/** The arrays of `docs`' index, each distinct text cut once. */
export function buildSearchArrays(docs: SearchDocs, weights: readonly number[] = docs.fields.map(() => 1)): BuiltArrays {
  const width = docs.fields.length;
  if (weights.length !== width) throw new Error(`search index of ${width} fields given ${weights.length} weights`);
  const size = docs.rows.length;
  const temp = new Map<string, number>();
  const textIds = new Map<string, number>();
  const texts: (string | null)[] = [null];
  let stream: Int32Array = new Int32Array(1024);
  let length = 0;
  const starts: number[] = [0, 0];
  const fieldTexts = new Uint32Array(size * width);
  const rowLengths = new Uint32Array(size);
  let totalTokens = 0;
  for (let r = 0; r < size; r++) {
    const row = docs.rows[r]!;
    if (row.length !== width) throw new Error(`search row ${r} has ${row.length} fields, not ${width}`);
    for (let f = 0; f < width; f++) {
      const text = row[f];
      if (!text) continue;
      let textId = textIds.get(text);
      if (textId === undefined) {
        for (const term of terms(text)) {
          let id = temp.get(term);
          if (id === undefined) temp.set(term, id = temp.size);
          if (length === stream.length) stream = _grow(stream);
          stream[length++] = id;
        }
        textIds.set(text, textId = starts.length - 1);
        texts.push(text);
        starts.push(length);
      }
      fieldTexts[r * width + f] = textId;
      rowLengths[r] += starts[textId + 1]! - starts[textId]!;
    }
    totalTokens += rowLengths[r]!;
  }
  // ids renumbered in sorted order: a prefix's terms are then one range of ids
  const vocabulary = [...temp.keys()].sort(_byCodeUnit);
  const renumber = new Int32Array(temp.size);
  vocabulary.forEach((term, id) => { renumber[temp.get(term)!] = id; });
  const tokens = stream.slice(0, length);
  for (let i = 0; i < length; i++) tokens[i] = renumber[tokens[i]!]!;
  const textBounds = Uint32Array.from(starts);
  const postings = postingsOf(tokens, textBounds, fieldTexts, size, vocabulary.length, weights);
  return {
    arrays: {
      fields: docs.fields, weights, size, totalTokens, vocabulary, tokens, textBounds, fieldTexts, rowLengths,
      postingStarts: postings.starts, postingRows: postings.all, postingCounts: postings.counts,
      pairs: wordPairsOf(tokens, textBounds, vocabulary.length),
    },
    texts,
  };
}

/** The index over built or loaded arrays; `text` gives a distinct text by its id (null for text 0). */
export function searchIndexOver(arrays: SearchArrays, text: (textId: number) => string | null): SearchIndex {
  const { vocabulary, postingStarts: starts, postingRows: all, postingCounts: counts, fieldTexts } = arrays;
  const width = arrays.fields.length;
  const terms = vocabulary.length;
  let pairs = arrays.pairs;
  return {
    fields: arrays.fields,
    size: arrays.size,
    vocabulary,
    totalTokens: arrays.totalTokens,
    tokens: arrays.tokens,
    textBounds: arrays.textBounds,
    fieldTexts,
    rowLengths: arrays.rowLengths,
    termId(term) {
      const at = _lowerBound(vocabulary, term);
      return at < terms && vocabulary[at] === term ? at : -1;
    },
    prefixRange(prefix) {
      return [_lowerBound(vocabulary, prefix), _lowerBound(vocabulary, `${prefix}\uffff`)];
    },
    posting: (id) => (id >= 0 && id < terms ? all.subarray(starts[id]!, starts[id + 1]!) : EMPTY_ROWS),
    postingLength: (id) => (id >= 0 && id < terms ? starts[id + 1]! - starts[id]! : 0),
    weights: arrays.weights,
    postingCounts: (id) => (id >= 0 && id < terms ? counts.subarray(starts[id]!, starts[id + 1]!) : EMPTY_COUNTS),
    wordPairs: () => (pairs ??= wordPairsOf(arrays.tokens, arrays.textBounds, terms)),
    text: (row, field) => (row >= 0 && row < arrays.size && field >= 0 && field < width ? text(fieldTexts[row * width + field]!) : null),
  };
}

const EMPTY_COUNTS = new Uint16Array(0);

function _grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

// UTF-16 code-unit order, which `prefix + '\uffff'` bounds
function _byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function _lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
