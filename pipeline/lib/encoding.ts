// Text decoding for City files: UTF-8 with stray Windows-1252 bytes, and repair of double-encoded UTF-8 (mojibake).
import { isUtf8 } from 'node:buffer';

const UTF8_FATAL = new TextDecoder('utf-8', { fatal: true });
// Spelled out because Node 20's TextDecoder('windows-1252') decodes as Latin-1 (0x92 → U+0092, not ’).
// 0x81, 0x8D, 0x8F, 0x90, 0x9D are undefined in Windows-1252 and map to the C1 control of the same value (WHATWG).
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';
/** The Windows-1252 character of every byte. */
const CP1252_CHARS: string[] = Array.from({ length: 256 }, (_, b) =>
  b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b),
);
/** Character → byte, for Windows-1252 and Latin-1 renderings of the bytes 0x80–0xFF. */
const CHAR_TO_BYTE = new Map<string, number>();
for (let b = 0x80; b <= 0xff; b++) {
  CHAR_TO_BYTE.set(String.fromCharCode(b), b);
  CHAR_TO_BYTE.set(CP1252_CHARS[b], b);
}

/** Decode bytes as UTF-8, taking any byte that is not part of a valid UTF-8 sequence as Windows-1252. */
export function decodeMixed(bytes: Uint8Array): string {
  const text = isUtf8(bytes) ? toBuffer(bytes).toString('utf8') : decodeSlow(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export interface MixedDecoder {
  /** Decode one chunk; an incomplete UTF-8 sequence at its end is held back for the next chunk. */
  write(chunk: Uint8Array): string;
  /** Flush held-back bytes (decoded as Windows-1252 since they never completed). */
  end(): string;
}

/** Streaming version of `decodeMixed` for files too large to hold in memory. */
export function createMixedDecoder(): MixedDecoder {
  let carry: Buffer | null = null;
  let first = true;
  const emit = (bytes: Uint8Array): string => {
    if (bytes.length === 0) return '';
    let text = isUtf8(bytes) ? toBuffer(bytes).toString('utf8') : decodeSlow(bytes);
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    first = false;
    return text;
  };
  return {
    write(chunk) {
      const buf = carry ? Buffer.concat([carry, chunk]) : toBuffer(chunk);
      const cut = incompleteTail(buf);
      carry = cut < buf.length ? Buffer.from(buf.subarray(cut)) : null;
      return emit(buf.subarray(0, cut));
    },
    end() {
      const rest = carry;
      carry = null;
      return rest ? emit(rest) : '';
    },
  };
}

// Mojibake: UTF-8 bytes read as Windows-1252. Only sequences whose lead is one of the usual suspects are
// candidates (Â Ã Ä Å for Latin letters and symbols, â for punctuation such as ’ – €, ð for emoji), and a
// candidate is replaced only when its bytes form valid UTF-8 decoding into the expected block, so text like
// "Ã" alone or "É–" is left alone.
const CONT_CLASS = [...CHAR_TO_BYTE].filter(([, b]) => b >= 0x80 && b <= 0xbf).map(([c]) => escapeClassChar(c)).join('');
const CANDIDATE = new RegExp(`[\\u00C2-\\u00C5][${CONT_CLASS}]|\\u00E2[${CONT_CLASS}]{2}|\\u00F0[${CONT_CLASS}]{3}`, 'g');
const QUICK_CHECK = /[\u00C2-\u00C5\u00E2\u00F0]/;

/** Repair double-encoded UTF-8 (`BailÃ£o` → `Bailão`, `â€™` → `’`); repeats for text encoded twice over. */
export function repairMojibake(text: string): string {
  let current = text;
  for (let pass = 0; pass < 3 && QUICK_CHECK.test(current); pass++) {
    const next = current.replace(CANDIDATE, repairSequence);
    if (next === current) break;
    current = next;
  }
  return current;
}

function repairSequence(match: string): string {
  const bytes = new Uint8Array(match.length);
  for (let i = 0; i < match.length; i++) {
    const b = CHAR_TO_BYTE.get(match[i]);
    if (b === undefined) return match;
    bytes[i] = b;
  }
  let decoded: string;
  try {
    decoded = UTF8_FATAL.decode(bytes);
  } catch {
    return match;
  }
  const cp = decoded.codePointAt(0)!;
  const plausible =
    (bytes.length === 2 && cp >= 0x80 && cp <= 0x17f) ||
    (bytes.length === 3 && ((cp >= 0x2000 && cp <= 0x206f) || cp === 0x20ac || (cp >= 0x2100 && cp <= 0x215f))) ||
    (bytes.length === 4 && cp >= 0x1f000);
  return plausible ? decoded : match;
}

/** Length of the valid UTF-8 sequence starting at `i`, or 0 when the byte there cannot start one. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i];
  if (b0 < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < bytes.length && bytes[i + k] >= lo && bytes[i + k] <= hi;
  if (b0 >= 0xc2 && b0 <= 0xdf) return cont(1) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    const lo = b0 === 0xe0 ? 0xa0 : 0x80;
    const hi = b0 === 0xed ? 0x9f : 0xbf;
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const lo = b0 === 0xf0 ? 0x90 : 0x80;
    const hi = b0 === 0xf4 ? 0x8f : 0xbf;
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

function decodeSlow(bytes: Uint8Array): string {
  const buf = toBuffer(bytes);
  const parts: string[] = [];
  let runStart = 0;
  let i = 0;
  while (i < buf.length) {
    const n = sequenceLength(buf, i);
    if (n > 0) {
      i += n;
      continue;
    }
    if (i > runStart) parts.push(buf.toString('utf8', runStart, i));
    parts.push(CP1252_CHARS[buf[i]]);
    i++;
    runStart = i;
  }
  if (runStart < buf.length) parts.push(buf.toString('utf8', runStart));
  return parts.join('');
}

/** Index where a trailing, possibly incomplete UTF-8 sequence starts (buffer length when there is none). */
function incompleteTail(buf: Uint8Array): number {
  for (let k = 1; k <= Math.min(3, buf.length); k++) {
    const b = buf[buf.length - k];
    if (b < 0x80) return buf.length;
    if (b >= 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return need > k ? buf.length - k : buf.length;
    }
  }
  return buf.length;
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function escapeClassChar(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
