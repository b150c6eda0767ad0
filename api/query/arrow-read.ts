// Reads Arrow columns straight from their buffers into compact arrays (faster and smaller than row objects).
// Handles several record batches and sliced data, although the site writer emits one batch.
import type { Data, Vector } from 'apache-arrow';

/** Null marker inside Int32 code arrays (the writer refuses this value). */
export const NULL_INT = -2147483648;

/** A list column flattened: elements of row r are positions start[r] … end[r]-1 of `child`. */
export interface FlatList<T> {
  start: Uint32Array;
  end: Uint32Array;
  child: T;
}

/**
 * A not-null Utf8 column as its UTF-8 bytes and row offsets: row r is values[offsets[r], offsets[r + 1]). One chunk
 * that is not sliced is a view of the Arrow buffer (`values` then lies in the file's bytes); anything else is copied
 * into one buffer.
 */
export interface ByteStrings {
  length: number;
  values: Buffer;
  offsets: Int32Array;
}

export function readStrings(vector: Vector): (string | null)[] {
  const out: (string | null)[] = [];
  for (const d of vector.data) _strings(d, 0, d.length, out);
  return out;
}

export function readInts(vector: Vector): Int32Array {
  const out = new Int32Array(vector.length);
  let at = 0;
  for (const d of vector.data) at = _ints(d, 0, d.length, out, at);
  return out;
}

/** Flatten a List<…> column; `readChild` reads child positions [from, to) of one chunk. */
export function readList<T>(vector: Vector, readChild: (child: Data, from: number, to: number) => T, concat: (parts: T[]) => T): FlatList<T> {
  const start = new Uint32Array(vector.length);
  const end = new Uint32Array(vector.length);
  const parts: T[] = [];
  let row = 0;
  let base = 0;
  for (const d of vector.data) {
    const vo = d.valueOffsets as Int32Array;
    const first = vo[d.offset]!;
    const last = vo[d.offset + d.length]!;
    for (let i = 0; i < d.length; i++, row++) {
      start[row] = base + vo[d.offset + i]! - first;
      // A null list behaves as empty: no element can match.
      end[row] = _valid(d, i) ? base + vo[d.offset + i + 1]! - first : start[row]!;
    }
    parts.push(readChild(d.children[0]!, first, last));
    base += last - first;
  }
  return { start, end, child: concat(parts) };
}

export function byteStrings(vector: Vector): ByteStrings {
  const chunks = vector.data;
  if (chunks.length === 1 && chunks[0]!.offset === 0) {
    const d = chunks[0]!;
    const vo = d.valueOffsets as Int32Array;
    // the writer starts at 0; a table from elsewhere may not, and offsets are then rebased onto the view below
    const first = vo[0]!;
    const offsets = first === 0 ? vo.subarray(0, d.length + 1) : vo.subarray(0, d.length + 1).map((o) => o - first);
    return { length: d.length, values: Buffer.from(d.values.buffer, d.values.byteOffset + first, vo[d.length]! - first), offsets };
  }
  // (a sliced chunk's valueOffsets are already sliced to its rows; only its validity bits start at `offset`)
  const offsets = new Int32Array(vector.length + 1);
  let row = 0;
  for (const d of chunks) {
    const vo = d.valueOffsets as Int32Array;
    for (let i = 0; i < d.length; i++, row++) offsets[row + 1] = offsets[row]! + vo[i + 1]! - vo[i]!;
  }
  const values = Buffer.allocUnsafeSlow(offsets[vector.length]!);
  let at = 0;
  for (const d of chunks) {
    const vo = d.valueOffsets as Int32Array;
    const from = vo[0]!;
    const to = vo[d.length]!;
    values.set(d.values.subarray(from, to), at);
    at += to - from;
  }
  return { length: vector.length, values, offsets };
}

/** A copy of a byte column that shares no memory with the Arrow buffers (which can then be let go). */
export function copyByteStrings(column: ByteStrings): ByteStrings {
  const values = Buffer.allocUnsafeSlow(column.values.byteLength);
  column.values.copy(values);
  return { length: column.length, values, offsets: column.offsets.slice() };
}

/** Strings of child positions [from, to). */
export function childStrings(d: Data, from: number, to: number): (string | null)[] {
  const out: (string | null)[] = [];
  _strings(d, from, to, out);
  return out;
}

/** Ints of child positions [from, to). */
export function childInts(d: Data, from: number, to: number): Int32Array {
  const out = new Int32Array(to - from);
  _ints(d, from, to, out, 0);
  return out;
}

function _strings(d: Data, from: number, to: number, out: (string | null)[]): void {
  const vo = d.valueOffsets as Int32Array;
  const buf = Buffer.from(d.values.buffer, d.values.byteOffset, d.values.byteLength);
  for (let i = from; i < to; i++) {
    out.push(_valid(d, i) ? buf.toString('utf8', vo[d.offset + i]!, vo[d.offset + i + 1]!) : null);
  }
}

function _ints(d: Data, from: number, to: number, out: Int32Array, at: number): number {
  const values = d.values as Int32Array;
  for (let i = from; i < to; i++) out[at++] = _valid(d, i) ? values[d.offset + i]! : NULL_INT;
  return at;
}

function _valid(d: Data, i: number): boolean {
  const bm = d.nullBitmap;
  if (!bm || bm.length === 0 || d.nullCount === 0) return true;
  const bit = d.offset + i;
  return (bm[bit >> 3]! & (1 << (bit & 7))) !== 0;
}
