// The file list of an export's `_manifest.json` (path → SHA-256 and size), held compactly. At City volume the list
// has ~900,000 entries: as parsed JSON it took ~220 MB of heap and 1.5 s to parse; here the paths are one UTF-8
// buffer (compressed twins keep none: their base entry points at them), digests 32 bytes each and sizes one number
// each, found through an open-addressing hash table. The bytes are scanned directly: the writer's JSON.stringify
// layout takes a fast path, anything else is parsed as JSON.
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
  /** Hash of each path but its last 3 bytes (a twin's base: `x` of `x.gz`). */
  baseHashes: Uint32Array = new Uint32Array(1 << 14);
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
      this.baseHashes = _growU32(this.baseHashes);
      this.digests = _grow(this.digests, this.digests.length * 2);
      const sizes = new Float64Array(this.sizes.length * 2);
      sizes.set(this.sizes);
      this.sizes = sizes;
    }
    // copy and hash in one pass (a native copy costs more than the loop for paths this short)
    const keys = this.keys;
    let at = this.used;
    let h = FNV_OFFSET;
    let base = FNV_OFFSET;
    for (let i = from; i < end; i++) {
      if (i === end - 3) base = h;
      const c = src[i]!;
      keys[at++] = c;
      h = Math.imul(h ^ c, FNV_PRIME);
    }
    this.used = at;
    this.keyEnd[this.n] = at;
    this.hashes[this.n] = h >>> 0;
    this.baseHashes[this.n] = base >>> 0;
    return this.n++;
  }

  done(): ManifestFiles {
    const { n, keys: allKeys, keyEnd: allEnd, hashes: allHashes, baseHashes } = this;
    const digests = Buffer.from(this.digests.subarray(0, n * 32));
    const sizes = this.sizes.slice(0, n);
    const from = (i: number) => (i === 0 ? 0 : allEnd[i - 1]!);
    // A compressed twin (`x.gz`, `x.br` beside a listed `x`; two of every three entries) keeps no path of its own:
    // its base entry points at it. Paths that are not `….gz` / `….br` are bases; the others are tried shortest
    // first (so a base that is itself such a path is placed before its twins) and become bases when no base is listed.
    const all = new HashIndex(allKeys, allEnd, allHashes, n);
    const gz = new Int32Array(n).fill(-1);
    const br = new Int32Array(n).fill(-1);
    const candidates: number[][] = [];
    for (let i = 0; i < n; i++) {
      const ext = _twinExt(allKeys, from(i), allEnd[i]!);
      if (ext < 0) all.insert(i);
      else (candidates[allEnd[i]! - from(i)] ??= []).push(i);
    }
    for (const sameLength of candidates) {
      for (const i of sameLength ?? []) {
        const base = all.find(allKeys, from(i), allEnd[i]! - 3, baseHashes[i]!);
        if (base < 0) all.insert(i);
        else (_twinExt(allKeys, from(i), allEnd[i]!) === 0 ? gz : br)[base] = i;
      }
    }
    // the index proper: each distinct base's path once (a path listed twice is found as its later entry, as with
    // JSON.parse), with its twins
    const entries = all.numbers();
    const m = entries.length;
    let used = 0;
    for (const i of entries) used += allEnd[i]! - from(i);
    const keys = Buffer.allocUnsafeSlow(used);
    const keyEnd = new Uint32Array(m);
    const hashes = new Uint32Array(m);
    const twins = new Int32Array(2 * m);
    let distinct = m;
    for (let j = 0, at = 0; j < m; j++) {
      const i = entries[j]!;
      for (let k = from(i); k < allEnd[i]!; k++) keys[at++] = allKeys[k]!;
      keyEnd[j] = at;
      hashes[j] = allHashes[i]!;
      twins[2 * j] = gz[i]!;
      twins[2 * j + 1] = br[i]!;
      distinct += (gz[i]! >= 0 ? 1 : 0) + (br[i]! >= 0 ? 1 : 0);
    }
    const index = new HashIndex(keys, keyEnd, hashes, m);
    for (let j = 0; j < m; j++) index.insert(j);
    const entryOf = (relPath: string): number => {
      const key = Buffer.from(relPath, 'utf8');
      const ext = _twinExt(key, 0, key.length);
      if (ext >= 0) {
        const base = index.find(key, 0, key.length - 3, _hash(key, 0, key.length - 3));
        // a listed base lists its twins; any other path ending so is listed under its own name, if at all
        if (base >= 0) return twins[2 * base + ext]!;
      }
      const j = index.find(key, 0, key.length, _hash(key, 0, key.length));
      return j < 0 ? -1 : entries[j]!;
    };
    return {
      size: distinct,
      has: (relPath) => entryOf(relPath) >= 0,
      get(relPath) {
        const i = entryOf(relPath);
        return i < 0 ? undefined : { sha256: digests.toString('hex', i * 32, i * 32 + 32), bytes: sizes[i]! };
      },
    };
  }
}

/** 0 for a path `….gz`, 1 for `….br` (with something before the dot), else -1. */
function _twinExt(b: Uint8Array, from: number, to: number): number {
  if (to - from <= 3 || b[to - 3] !== 0x2e) return -1;
  if (b[to - 2] === 0x67 && b[to - 1] === 0x7a) return 0;
  if (b[to - 2] === 0x62 && b[to - 1] === 0x72) return 1;
  return -1;
}

/**
 * Open addressing over numbered paths (path k is keys[keyEnd[k - 1], keyEnd[k]), hash hashes[k]), at most half full
 * for `capacity` paths; inserting a path again replaces its number (the later entry wins).
 */
class HashIndex {
  private readonly mask: number;
  private readonly slots: Uint32Array;

  constructor(private readonly keys: Uint8Array, private readonly keyEnd: Uint32Array, private readonly hashes: Uint32Array, capacity: number) {
    let mask = 1;
    while (mask + 1 < capacity * 2) mask = mask * 2 + 1;
    this.mask = mask;
    // slots hold number + 1 (0 = empty)
    this.slots = new Uint32Array(mask + 1);
  }

  insert(k: number): void {
    this.slots[this._slot(this.keys, k === 0 ? 0 : this.keyEnd[k - 1]!, this.keyEnd[k]!, this.hashes[k]!)] = k + 1;
  }

  /** The number of the path in bytes [from, to) of `b` (hash `h`), or -1. */
  find(b: Uint8Array, from: number, to: number, h: number): number {
    return this.slots[this._slot(b, from, to, h)]! - 1;
  }

  /** Numbers held, in slot order. */
  numbers(): number[] {
    const out: number[] = [];
    for (const e of this.slots) if (e !== 0) out.push(e - 1);
    return out;
  }

  private _slot(b: Uint8Array, from: number, to: number, h: number): number {
    const { slots, keys, keyEnd, hashes, mask } = this;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const e = slots[slot]!;
      if (e === 0) return slot;
      if (hashes[e - 1] !== h) continue;
      // same hash: compare the bytes (a loop beats a native call for paths this short)
      const start = e === 1 ? 0 : keyEnd[e - 2]!;
      if (keyEnd[e - 1]! - start !== to - from) continue;
      let i = 0;
      while (i < to - from && keys[start + i] === b[from + i]) i++;
      if (i === to - from) return slot;
    }
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a of bytes [from, to). */
function _hash(b: Uint8Array, from: number, to: number): number {
  let h = FNV_OFFSET;
  for (let i = from; i < to; i++) h = Math.imul(h ^ b[i]!, FNV_PRIME);
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
