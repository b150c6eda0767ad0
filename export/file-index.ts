// The compact file index of an export (path → SHA-256 and size), shared by the gateway, which serves through it, and
// the site writer, which stores it as a binary file beside the manifest so the gateway loads it with one read instead
// of scanning the manifest's entries (three per published file). Paths are one UTF-8 buffer (a compressed twin
// `x.gz` / `x.br` keeps none: its base entry `x` points at it), digests 32 bytes each, sizes one number each, found
// through an open-addressing hash table (FNV-1a; export/file-hash-index.ts). The binary file (export/file-index-file.ts) is
// these arrays as they lie in memory.
import { FNV_OFFSET, FNV_PRIME, fnv1a, HashIndex, slotsFor, twinExt } from './file-hash-index.ts';

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

/** The index of a manifest's file list (the site writer's; the gateway's is scanned from the manifest's bytes). */
export function fileIndexOf(files: Readonly<Record<string, ManifestEntry>>): FileIndex {
  const table = new FileTable();
  for (const relPath of Object.keys(files)) table.addEntry(relPath, files[relPath]!);
  return table.done();
}

/** Paths, their hashes, digests and sizes in growing arrays (in listing order), then the index over them. */
export class FileTable {
  keys: Buffer = Buffer.allocUnsafeSlow(1 << 20);
  keyEnd: Uint32Array = new Uint32Array(1 << 14);
  hashes: Uint32Array = new Uint32Array(1 << 14);
  /** Hash of each path but its last 3 bytes (a twin's base: `x` of `x.gz`). */
  baseHashes: Uint32Array = new Uint32Array(1 << 14);
  digests: Buffer = Buffer.allocUnsafeSlow(32 << 14);
  sizes: Float64Array = new Float64Array(1 << 14);
  private n = 0;
  private used = 0;
  private scratch = Buffer.allocUnsafeSlow(1024);

  /** Add the path in bytes [from, to) of `src` (to = -1: all of it); returns the entry's number. */
  add(src: Uint8Array, from: number, to: number): number {
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

  /** Add a listed path with its entry (digest as 64 lower-case hex digits). */
  addEntry(relPath: string, entry: ManifestEntry): void {
    if (!/^[0-9a-f]{64}$/.test(entry.sha256)) throw new Error(`${relPath}: not a SHA-256 digest`);
    // encoded into one scratch buffer: a Buffer per path would allocate once per entry
    if (this.scratch.length < relPath.length * 3) this.scratch = Buffer.allocUnsafeSlow(relPath.length * 3);
    const i = this.add(this.scratch, 0, this.scratch.write(relPath, 0, 'utf8'));
    this.digests.write(entry.sha256, i * 32, 'hex');
    this.sizes[i] = entry.bytes;
  }

  done(): FileIndex {
    const { n, keys: allKeys, keyEnd: allEnd, hashes: allHashes, baseHashes } = this;
    const from = (i: number) => (i === 0 ? 0 : allEnd[i - 1]!);
    // A compressed twin (`x.gz`, `x.br` beside a listed `x`; two of every three entries) keeps no path of its own:
    // its base entry points at it. Paths that are not `….gz` / `….br` are bases; the others are tried shortest
    // first (so a base that is itself such a path is placed before its twins) and become bases when no base is listed.
    const all = new HashIndex(allKeys, allEnd, allHashes, new Uint32Array(slotsFor(n)));
    const gz = new Int32Array(n).fill(-1);
    const br = new Int32Array(n).fill(-1);
    const candidates: number[][] = [];
    for (let i = 0; i < n; i++) {
      const ext = twinExt(allKeys, from(i), allEnd[i]!);
      if (ext < 0) all.insert(i);
      else (candidates[allEnd[i]! - from(i)] ??= []).push(i);
    }
    for (const sameLength of candidates) {
      for (const i of sameLength ?? []) {
        const base = all.find(allKeys, from(i), allEnd[i]! - 3, baseHashes[i]!);
        if (base < 0) all.insert(i);
        else (twinExt(allKeys, from(i), allEnd[i]!) === 0 ? gz : br)[base] = i;
      }
    }
    // the index proper: each distinct base's path once (a path listed twice is found as its later entry, as with
    // JSON.parse), with its twins
    const numbers = all.numbers();
    const m = numbers.length;
    let used = 0;
    for (const i of numbers) used += allEnd[i]! - from(i);
    // each entry's record: its digest, then its size
    const records = new Uint8Array(n * RECORD_BYTES);
    const recordSizes = new Float64Array(records.buffer);
    for (let i = 0; i < n; i++) {
      records.set(this.digests.subarray(i * 32, i * 32 + 32), i * RECORD_BYTES);
      recordSizes[i * (RECORD_BYTES / 8) + 4] = this.sizes[i]!;
    }
    const parts: IndexParts = {
      size: m,
      keyEnd: new Uint32Array(m),
      hashes: new Uint32Array(m),
      entries: new Uint32Array(m),
      twins: new Int32Array(2 * m),
      slots: new Uint32Array(slotsFor(m)),
      keys: new Uint8Array(used),
      records,
    };
    for (let j = 0, at = 0; j < m; j++) {
      const i = numbers[j]!;
      for (let k = from(i); k < allEnd[i]!; k++) parts.keys[at++] = allKeys[k]!;
      parts.keyEnd[j] = at;
      parts.hashes[j] = allHashes[i]!;
      parts.entries[j] = i;
      parts.twins[2 * j] = gz[i]!;
      parts.twins[2 * j + 1] = br[i]!;
      parts.size += (gz[i]! >= 0 ? 1 : 0) + (br[i]! >= 0 ? 1 : 0);
    }
    const index = new HashIndex(parts.keys, parts.keyEnd, parts.hashes, parts.slots);
    for (let j = 0; j < m; j++) index.insert(j);
    return new FileIndex(parts, memoryRecords(records));
  }
}

/** The arrays of an index; in this order (after a header) in the binary file. */
export interface IndexParts {
  /** Distinct paths listed. */
  size: number;
  /** Base j's path is keys[keyEnd[j - 1], keyEnd[j]), its FNV-1a hash hashes[j], its entry number entries[j], its
   *  gzip and brotli twins' entry numbers twins[2 j], twins[2 j + 1] (-1: none). */
  keyEnd: Uint32Array;
  hashes: Uint32Array;
  entries: Uint32Array;
  twins: Int32Array;
  /** The hash table: base number + 1 per slot (0 = empty), a power of two at least twice the bases. */
  slots: Uint32Array;
  keys: Uint8Array;
  /** Entry i's record: its SHA-256 (32 bytes), then its size (a float64) — last in the file, so the gateway can leave
   *  them there (null) and read one when a file is first served. */
  records: Uint8Array | null;
}

/** The record of entry i: its digest and size. */
export type RecordReader = (i: number) => ManifestEntry;

/** Bytes of an entry's record: its SHA-256 (32 bytes), then its size (a float64). */
export const RECORD_BYTES = 40;

/** The lookup over an index, and its binary form. */
export class FileIndex implements ManifestFiles {
  readonly size: number;
  private readonly table: HashIndex;

  constructor(readonly parts: IndexParts, private readonly record: RecordReader) {
    this.size = parts.size;
    this.table = new HashIndex(parts.keys, parts.keyEnd, parts.hashes, parts.slots);
  }

  has(relPath: string): boolean {
    return this._entryOf(relPath) >= 0;
  }

  get(relPath: string): ManifestEntry | undefined {
    const i = this._entryOf(relPath);
    return i < 0 ? undefined : this.record(i);
  }

  private _entryOf(relPath: string): number {
    const { twins, entries } = this.parts;
    const key = Buffer.from(relPath, 'utf8');
    const ext = twinExt(key, 0, key.length);
    if (ext >= 0) {
      const base = this.table.find(key, 0, key.length - 3, fnv1a(key, 0, key.length - 3));
      // a listed base lists its twins; any other path ending so is listed under its own name, if at all
      if (base >= 0) return twins[2 * base + ext]!;
    }
    const j = this.table.find(key, 0, key.length, fnv1a(key, 0, key.length));
    return j < 0 ? -1 : entries[j]!;
  }
}

/** Records held in memory (the site writer's, an index scanned from the manifest). */
export function memoryRecords(records: Uint8Array): RecordReader {
  const sizes = new Float64Array(records.buffer, records.byteOffset, records.byteLength / 8);
  return (i) => ({
    sha256: Buffer.from(records.buffer, records.byteOffset + i * RECORD_BYTES, 32).toString('hex'),
    bytes: sizes[i * (RECORD_BYTES / 8) + 4]!,
  });
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
