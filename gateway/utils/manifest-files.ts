// The file list of an export's `_manifest.json` (path → SHA-256 and size), held compactly. At City volume the list
// has ~900,000 entries: as parsed JSON it took ~220 MB of heap and 1.5 s to parse; here the paths are one UTF-8
// buffer, digests 32 bytes each and sizes one number each, found through an open-addressing hash table. The bytes
// are scanned directly: the writer's JSON.stringify layout takes a fast path, anything else is parsed as JSON.
import type { SiteManifest } from '../../api/site-layout.ts';

export interface ManifestEntry {
  sha256: string;
  bytes: number;
}

export interface ManifestFiles {
  readonly size: number;
  /** The entry of a listed path, or undefined. */
  get(relPath: string): ManifestEntry | undefined;
  has(relPath: string): boolean;
}

/** Everything in the manifest but its file list, which `files` holds. */
export type ManifestHead = Omit<SiteManifest, 'files'>;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const FAST_HEAD = Buffer.from('{"sha256":"');
const FAST_MID = Buffer.from('","bytes":');

/** Parse `_manifest.json`'s bytes; throws on anything that is not a manifest object with a `files` object. */
export function parseManifest(bytes: Buffer): { head: ManifestHead; files: ManifestFiles } {
  const s = new Scanner(bytes);
  const head: Record<string, unknown> = {};
  let files: ManifestFiles | null = null;
  s.expect(0x7b);
  if (!s.take(0x7d)) {
    do {
      const key = s.string();
      s.expect(0x3a);
      if (key === 'files') files = _files(s);
      else head[key] = JSON.parse(bytes.toString('utf8', s.at, s.skipValue()));
    } while (s.take(0x2c));
    s.expect(0x7d);
  }
  if (!files) throw new Error('no "files" object');
  return { head: head as unknown as ManifestHead, files };
}

function _files(s: Scanner): ManifestFiles {
  const table = new FileTable();
  s.expect(0x7b);
  if (s.take(0x7d)) return table.done();
  do {
    s.ws();
    const [keyStart, keyEnd, escaped] = s.rawString();
    const i = escaped
      ? table.add(Buffer.from(JSON.parse(s.bytes.toString('utf8', keyStart - 1, keyEnd + 1)) as string, 'utf8'), 0, -1)
      : table.add(s.bytes, keyStart, keyEnd);
    s.expect(0x3a);
    s.ws();
    s.entry(table, i);
  } while (s.take(0x2c));
  s.expect(0x7d);
  return table.done();
}

/** Paths, their hashes, digests and sizes in growing arrays, then the hash table over them. */
class FileTable {
  keys: Buffer = Buffer.allocUnsafeSlow(1 << 20);
  keyEnd: Uint32Array = new Uint32Array(1 << 14);
  hashes: Uint32Array = new Uint32Array(1 << 14);
  digests: Buffer = Buffer.allocUnsafeSlow(32 << 14);
  sizes: Float64Array = new Float64Array(1 << 14);
  private n = 0;
  private used = 0;

  /** Add the path in bytes [from, to) of `src` (to = -1: all of it); returns the entry's number. */
  add(src: Buffer, from: number, to: number): number {
    const end = to < 0 ? src.length : to;
    if (this.used + end - from > this.keys.length) this.keys = _grow(this.keys, this.used + end - from);
    if (this.n === this.sizes.length) {
      this.keyEnd = _growU32(this.keyEnd);
      this.hashes = _growU32(this.hashes);
      this.digests = _grow(this.digests, this.digests.length * 2);
      const sizes = new Float64Array(this.sizes.length * 2);
      sizes.set(this.sizes);
      this.sizes = sizes;
    }
    // copy and hash in one pass (a native copy costs more than the loop for paths this short)
    const keys = this.keys;
    let at = this.used;
    let h = FNV_OFFSET;
    for (let i = from; i < end; i++) {
      const c = src[i]!;
      keys[at++] = c;
      h = Math.imul(h ^ c, FNV_PRIME);
    }
    this.used = at;
    this.keyEnd[this.n] = at;
    this.hashes[this.n] = h >>> 0;
    return this.n++;
  }

  done(): ManifestFiles {
    const n = this.n;
    const keys = Buffer.from(this.keys.subarray(0, this.used));
    const keyEnd = this.keyEnd.slice(0, n);
    const hashes = this.hashes.slice(0, n);
    const digests = Buffer.from(this.digests.subarray(0, n * 32));
    const sizes = this.sizes.slice(0, n);
    const start = (i: number) => (i === 0 ? 0 : keyEnd[i - 1]!);
    // slots hold entry + 1 (0 = empty); at most half full
    let mask = 1;
    while (mask + 1 < n * 2) mask = mask * 2 + 1;
    const slots = new Uint32Array(mask + 1);
    /** The slot holding the path of entry `i` (or bytes `key` with hash `h`), or the empty slot where it would go (as ~slot). */
    const find = (h: number, same: (e: number) => boolean): number => {
      for (let slot = h & mask; ; slot = (slot + 1) & mask) {
        const e = slots[slot]!;
        if (e === 0) return ~slot;
        if (hashes[e - 1] === h && same(e - 1)) return slot;
      }
    };
    // a path listed twice: the later entry wins, as with JSON.parse
    for (let i = 0; i < n; i++) {
      const slot = find(hashes[i]!, (e) => keys.compare(keys, start(i), keyEnd[i]!, start(e), keyEnd[e]!) === 0);
      slots[slot >= 0 ? slot : ~slot] = i + 1;
    }
    const entryOf = (relPath: string): number => {
      const key = Buffer.from(relPath, 'utf8');
      const slot = find(_hash(key), (e) => keys.compare(key, 0, key.length, start(e), keyEnd[e]!) === 0);
      return slot < 0 ? -1 : slots[slot]! - 1;
    };
    return {
      size: n,
      has: (relPath) => entryOf(relPath) >= 0,
      get(relPath) {
        const i = entryOf(relPath);
        return i < 0 ? undefined : { sha256: digests.toString('hex', i * 32, i * 32 + 32), bytes: sizes[i]! };
      },
    };
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a of the bytes. */
function _hash(b: Buffer): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i]!, FNV_PRIME);
  return h >>> 0;
}

function _grow(b: Buffer, atLeast: number): Buffer {
  let size = b.length * 2;
  while (size < atLeast) size *= 2;
  const out = Buffer.allocUnsafeSlow(size);
  b.copy(out);
  return out;
}

function _growU32(a: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length * 2);
  out.set(a);
  return out;
}

/** A cursor over JSON bytes. */
class Scanner {
  at = 0;
  constructor(readonly bytes: Buffer) {}

  ws(): void {
    const b = this.bytes;
    while (this.at < b.length && (b[this.at] === 0x20 || b[this.at] === 0x0a || b[this.at] === 0x0d || b[this.at] === 0x09)) this.at++;
  }

  take(c: number): boolean {
    this.ws();
    if (this.bytes[this.at] !== c) return false;
    this.at++;
    return true;
  }

  expect(c: number): void {
    if (!this.take(c)) throw new Error(`expected "${String.fromCharCode(c)}" at byte ${this.at}`);
  }

  /** A string's content bytes [start, end) and whether it holds an escape; the cursor moves past it. */
  rawString(): [number, number, boolean] {
    this.expect(QUOTE);
    const b = this.bytes;
    const start = this.at;
    let escaped = false;
    for (let i = start; i < b.length; i++) {
      if (b[i] === BACKSLASH) { escaped = true; i++; continue; }
      if (b[i] === QUOTE) { this.at = i + 1; return [start, i, escaped]; }
    }
    throw new Error('unterminated string');
  }

  string(): string {
    const [start, end, escaped] = this.rawString();
    return escaped ? (JSON.parse(this.bytes.toString('utf8', start - 1, end + 1)) as string) : this.bytes.toString('utf8', start, end);
  }

  /** Skip one JSON value; returns the position after it. */
  skipValue(): number {
    this.ws();
    const b = this.bytes;
    const c = b[this.at];
    if (c === QUOTE) { this.rawString(); return this.at; }
    if (c === 0x7b || c === 0x5b) {
      let depth = 0;
      do {
        const d = b[this.at];
        if (d === QUOTE) { this.rawString(); continue; }
        if (d === 0x7b || d === 0x5b) depth++;
        else if (d === 0x7d || d === 0x5d) depth--;
        this.at++;
      } while (depth > 0 && this.at < b.length);
      if (depth > 0) throw new Error('unterminated value');
      return this.at;
    }
    while (this.at < b.length && !',}] \n\r\t'.includes(String.fromCharCode(b[this.at]!))) this.at++;
    return this.at;
  }

  /** A file entry `{"sha256": "<64 hex>", "bytes": <n>}`, stored as entry `i` of the table. */
  entry(table: FileTable, i: number): void {
    const b = this.bytes;
    const at = this.at;
    if (_matches(b, at, FAST_HEAD) && _matches(b, at + 75, FAST_MID)) {
      // the writer's layout: 64 hex digits, then the size's digits up to the closing brace
      const digests = table.digests;
      let ok = true;
      for (let k = 0; k < 32; k++) {
        const hi = _hex(b[at + 11 + 2 * k]!);
        const lo = _hex(b[at + 12 + 2 * k]!);
        if (hi < 0 || lo < 0) ok = false;
        digests[i * 32 + k] = (hi << 4) | lo;
      }
      let end = at + 85;
      let n = 0;
      while (b[end]! >= 0x30 && b[end]! <= 0x39) n = n * 10 + b[end++]! - 0x30;
      if (ok && b[end] === 0x7d && end > at + 85) {
        table.sizes[i] = n;
        this.at = end + 1;
        return;
      }
    }
    const value = JSON.parse(b.toString('utf8', at, this.skipValue())) as { sha256?: unknown; bytes?: unknown };
    if (typeof value?.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(value.sha256) || typeof value.bytes !== 'number') {
      throw new Error(`a file entry at byte ${at} is not {sha256, bytes}`);
    }
    table.digests.write(value.sha256, i * 32, 'hex');
    table.sizes[i] = value.bytes;
  }
}

function _matches(b: Buffer, at: number, literal: Buffer): boolean {
  for (let k = 0; k < literal.length; k++) if (b[at + k] !== literal[k]) return false;
  return true;
}

/** Value of a lower-case hex digit, -1 for any other byte (the writer's digests are lower case). */
function _hex(c: number): number {
  return c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
}
