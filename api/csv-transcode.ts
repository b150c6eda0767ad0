// CSV rows straight from serialised records (JSON objects, one after another): the bytes csv-rows.ts writes for the
// parsed records, without parsing them. A whole answer or a bulk table is mostly flat records whose fields come in the
// columns' order; each field's value is turned into its cell where it lies (a string without escapes is its own bytes,
// quoted when it holds a comma; an integer its digits; null empty; true/false 1/0), and what is rarer (an escaped
// string, a decimal, a list or object, a record whose keys are not the columns in order) goes through JSON.parse and
// csvField, so every cell is the parsed path's byte for byte (test/api/csv-transcode.test.ts holds them equal).
import { csvField, csvRows } from './csv-rows.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const ZERO = 0x30;
const N = 0x6e;
const T = 0x74;
const F = 0x66;

// The JSON text of each column name (`"id"`), made once per column list.
const keysOf = new WeakMap<readonly string[], Buffer[]>();

/** CSV rows (CRLF-terminated) of `records`: serialised JSON objects separated by commas, whitespace or nothing, each
 *  record's `columns` in order. */
export function csvRowsOfRecords(columns: readonly string[], records: Uint8Array): Buffer {
  let keys = keysOf.get(columns);
  if (!keys) keysOf.set(columns, keys = columns.map((c) => Buffer.from(JSON.stringify(c), 'utf8')));
  const src = Buffer.from(records.buffer, records.byteOffset, records.byteLength);
  const w = new Writer(src.byteLength + 1024);
  for (let i = _skipSeparators(src, 0); i < src.length; i = _skipSeparators(src, i)) {
    const mark = w.at;
    let end = _record(src, i, keys, w);
    if (end < 0) {
      w.at = mark;
      end = _valueEnd(src, i);
      w.text(csvRows(columns, [JSON.parse(src.toString('utf8', i, end)) as Record<string, unknown>]));
    }
    i = end;
  }
  return w.done();
}

/** The fast path of the record at `start`: the index after it, or -1 (nothing to keep of what it wrote) when it is not
 *  the plain shape.
 *  Byte loops in JavaScript rather than Buffer calls: the spans are a few bytes, shorter than a native call's cost. */
function _record(src: Buffer, start: number, keys: readonly Buffer[], w: Writer): number {
  const end = src.length;
  if (src[start] !== OPEN_BRACE) return -1;
  let i = start + 1;
  for (let c = 0; c < keys.length; c++) {
    if (c > 0) {
      if (src[i++] !== COMMA) return -1;
      w.byte(COMMA);
    }
    const key = keys[c]!;
    for (let k = 0; k < key.length; k++) if (src[i + k] !== key[k]) return -1;
    i += key.length;
    if (src[i++] !== COLON) return -1;
    const b = src[i];
    if (b === QUOTE) {
      let j = i + 1;
      let escaped = false;
      let comma = false;
      for (; j < end; j++) {
        const x = src[j];
        if (x === QUOTE) break;
        if (x === BACKSLASH) {
          escaped = true;
          j++;
        } else if (x === COMMA) comma = true;
      }
      if (j >= end) return -1;
      if (escaped) w.text(csvField(JSON.parse(src.toString('utf8', i, j + 1))));
      else if (comma) {
        w.byte(QUOTE);
        w.copy(src, i + 1, j);
        w.byte(QUOTE);
      } else w.copy(src, i + 1, j);
      i = j + 1;
    } else if (b === OPEN_BRACKET || b === OPEN_BRACE) {
      const j = _valueEnd(src, i);
      w.text(csvField(JSON.parse(src.toString('utf8', i, j))));
      i = j;
    } else if (b === N && src[i + 1] === 0x75 && src[i + 2] === 0x6c && src[i + 3] === 0x6c) {
      i += 4; // null: an empty field
    } else if (b === T && src[i + 1] === 0x72 && src[i + 2] === 0x75 && src[i + 3] === 0x65) {
      w.byte(0x31);
      i += 4;
    } else if (b === F && src[i + 1] === 0x61 && src[i + 2] === 0x6c && src[i + 3] === 0x73 && src[i + 4] === 0x65) {
      w.byte(0x30);
      i += 5;
    } else {
      let j = i;
      while (j < end && src[j] !== COMMA && src[j] !== CLOSE_BRACE) j++;
      if (_plainInteger(src, i, j)) w.copy(src, i, j);
      else {
        const text = src.toString('latin1', i, j);
        const n = Number(text);
        if (text.trim() === '' || Number.isNaN(n)) return -1;
        w.text(csvField(n));
      }
      i = j;
    }
  }
  if (src[i] !== CLOSE_BRACE) return -1;
  w.byte(0x0d);
  w.byte(0x0a);
  return i + 1;
}

/** Whether src[i, j) is an integer whose digits String(Number(…)) gives back: 0, or an optional minus and at most 15
 *  digits without a leading zero. */
function _plainInteger(src: Buffer, i: number, j: number): boolean {
  const first = src[i] === MINUS ? i + 1 : i;
  const digits = j - first;
  if (digits < 1 || digits > 15) return false;
  if (src[first] === ZERO) return digits === 1 && first === i;
  for (let k = first; k < j; k++) if (src[k]! < ZERO || src[k]! > ZERO + 9) return false;
  return true;
}

/** The index after the JSON value starting at `i` (a string, a list or object with what it nests, or a scalar). */
function _valueEnd(src: Buffer, i: number): number {
  let depth = 0;
  for (let j = i; j < src.length; j++) {
    const b = src[j];
    if (b === QUOTE) {
      for (j++; j < src.length && src[j] !== QUOTE; j++) if (src[j] === BACKSLASH) j++;
      if (depth === 0) return j + 1;
    } else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
    else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
      if (--depth <= 0) return j + 1;
    } else if (depth === 0 && (b === COMMA || b === 0x0a || b === 0x0d || b === 0x20 || b === 0x09)) return j;
  }
  return src.length;
}

function _skipSeparators(src: Buffer, i: number): number {
  while (i < src.length && (src[i] === COMMA || src[i] === 0x0a || src[i] === 0x0d || src[i] === 0x20 || src[i] === 0x09)) i++;
  return i;
}

/** Bytes written into a buffer that grows as needed. */
class Writer {
  private buf: Buffer;
  at = 0;

  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(size);
  }

  byte(b: number): void {
    this._room(1);
    this.buf[this.at++] = b;
  }

  copy(from: Buffer, start: number, end: number): void {
    const n = end - start;
    this._room(n);
    if (n > 64) {
      this.at += from.copy(this.buf, this.at, start, end);
      return;
    }
    const buf = this.buf;
    let at = this.at;
    for (let k = start; k < end; k++) buf[at++] = from[k]!;
    this.at = at;
  }

  text(s: string): void {
    this._room(s.length * 3);
    this.at += this.buf.write(s, this.at, 'utf8');
  }

  done(): Buffer {
    return this.buf.subarray(0, this.at);
  }

  private _room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }
}
