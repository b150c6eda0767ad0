// The compact file index of an export (path → SHA-256 and size), shared by the gateway, which serves through it, and
// the site writer, which stores it as a binary file beside the manifest so the gateway loads it with one read instead
// of scanning the manifest's ~900,000 entries at City volume (1.4 s). Paths are one UTF-8 buffer (a compressed twin
// `x.gz` / `x.br` keeps none: its base entry `x` points at it), digests 32 bytes each, sizes one number each, found
// through an open-addressing hash table (FNV-1a); the binary file is these arrays as they lie in memory, the digests
// and sizes last, where the gateway leaves them (read by position when a file is first served).
import { createHash } from 'node:crypto';
import { readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

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
    // encoded into one scratch buffer (a Buffer per path made this 20 times slower)
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
    const all = new HashIndex(allKeys, allEnd, allHashes, new Uint32Array(_slotsFor(n)));
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
      slots: new Uint32Array(_slotsFor(m)),
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
    return new FileIndex(parts, _memoryRecords(records));
  }
}

/** The arrays of an index; in this order (after a header) in the binary file. */
interface IndexParts {
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

/** The record of entry i as [digest, size]. */
type RecordReader = (i: number) => ManifestEntry;

const RECORD_BYTES = 40;
const MAGIC = 0x4c544649; // "LTFI"
/** Written in the machine's byte order: a reader of the other order sees another number and scans the manifest. */
const BYTE_ORDER = 0x01020304;
const VERSION = 1;
const HEADER_BYTES = 40;

/** The lookup over an index, and its binary form. */
export class FileIndex implements ManifestFiles {
  readonly size: number;
  private readonly table: HashIndex;

  constructor(private readonly parts: IndexParts, private readonly record: RecordReader) {
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

  /** The binary file: a header (magic, byte order, version, counts) and the arrays, each at a multiple of 8 bytes. */
  toBytes(): Uint8Array {
    const p = this.parts;
    if (!p.records) throw new Error('an index read from its file is not written again');
    const arrays = _arrays(p);
    const out = new Uint8Array(_layout(arrays.map((a) => a.byteLength)).total);
    const header = new Uint32Array(out.buffer, 0, HEADER_BYTES / 4);
    header.set([MAGIC, BYTE_ORDER, VERSION, p.size, p.records.byteLength / RECORD_BYTES, p.keyEnd.length, p.slots.length, p.keys.byteLength]);
    let at = HEADER_BYTES;
    for (const a of arrays) {
      out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
      at = _align(at + a.byteLength);
    }
    return out;
  }

  /** The index in `bytes` (a whole file toBytes wrote), viewed in place; null when they are not one of this version
   *  and byte order. */
  static fromBytes(bytes: Uint8Array): FileIndex | null {
    if (bytes.byteOffset % 8 !== 0) bytes = new Uint8Array(bytes);
    const shape = _shape(bytes);
    if (!shape || shape.total !== bytes.byteLength) return null;
    const records = new Uint8Array(bytes.buffer, bytes.byteOffset + shape.recordsAt, shape.n * RECORD_BYTES);
    return new FileIndex(_parts(bytes, shape, records), _memoryRecords(records));
  }

  /**
   * The index in the file at `file` if its bytes are `named` (size and SHA-256, checked here), else null. Its
   * records (digests and sizes: 36 MB at City volume) stay in the file, read by position when asked for, through a
   * descriptor that stays open while the index lives.
   */
  static async open(file: string, named: ManifestEntry): Promise<FileIndex | null> {
    const handle = await open(file);
    try {
      const { size } = await handle.stat();
      if (size !== named.bytes || size < HEADER_BYTES) return _closed(handle);
      const header = Buffer.allocUnsafeSlow(HEADER_BYTES);
      await handle.read(header, 0, HEADER_BYTES, 0);
      const shape = _shape(header);
      if (!shape || shape.total !== size) return _closed(handle);
      // the lookup part is kept; the records are only hashed, a chunk at a time
      const head = new Uint8Array(shape.recordsAt);
      await handle.read(head, 0, head.byteLength, 0);
      const hash = createHash('sha256').update(head);
      const chunk = Buffer.allocUnsafeSlow(Math.min(4 << 20, size - shape.recordsAt));
      for (let at = shape.recordsAt; at < size;) {
        const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, size - at), at);
        if (bytesRead === 0) return _closed(handle);
        hash.update(chunk.subarray(0, bytesRead));
        at += bytesRead;
      }
      if (hash.digest('hex') !== named.sha256) return _closed(handle);
      const index = new FileIndex(_parts(head, shape, null), _fileRecords(handle.fd, shape.recordsAt));
      descriptors.register(index, handle);
      return index;
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  }

  private _entryOf(relPath: string): number {
    const { twins, entries } = this.parts;
    const key = Buffer.from(relPath, 'utf8');
    const ext = _twinExt(key, 0, key.length);
    if (ext >= 0) {
      const base = this.table.find(key, 0, key.length - 3, _hash(key, 0, key.length - 3));
      // a listed base lists its twins; any other path ending so is listed under its own name, if at all
      if (base >= 0) return twins[2 * base + ext]!;
    }
    const j = this.table.find(key, 0, key.length, _hash(key, 0, key.length));
    return j < 0 ? -1 : entries[j]!;
  }
}

// An index read from its file closes its descriptor once it is collected (an export let go by the site holder).
const descriptors = new FinalizationRegistry<FileHandle>((handle) => void handle.close().catch(() => {}));

async function _closed(handle: FileHandle): Promise<null> {
  await handle.close();
  return null;
}

interface Shape { size: number; n: number; m: number; slotCount: number; keyBytes: number; offsets: number[]; recordsAt: number; total: number }

/** The counts and section offsets a header states; null when it is not this format's or not consistent. */
function _shape(bytes: Uint8Array): Shape | null {
  if (bytes.byteLength < HEADER_BYTES) return null;
  const [magic, order, version, size, n, m, slotCount, keyBytes] = new Uint32Array(bytes.buffer, bytes.byteOffset, 8);
  if (magic !== MAGIC || order !== BYTE_ORDER || version !== VERSION) return null;
  if (slotCount! < 2 * m! || (slotCount! & (slotCount! - 1)) !== 0) return null;
  const { offsets, total } = _layout([m! * 4, m! * 4, m! * 4, m! * 8, slotCount! * 4, keyBytes!, n! * RECORD_BYTES]);
  return { size: size!, n: n!, m: m!, slotCount: slotCount!, keyBytes: keyBytes!, offsets, recordsAt: offsets[6]!, total };
}

/** The lookup arrays, viewed in `bytes` (the file from its start, at least up to its records). */
function _parts(bytes: Uint8Array, s: Shape, records: Uint8Array | null): IndexParts {
  const at = (k: number) => bytes.byteOffset + s.offsets[k]!;
  const buf = bytes.buffer;
  return {
    size: s.size,
    keyEnd: new Uint32Array(buf, at(0), s.m),
    hashes: new Uint32Array(buf, at(1), s.m),
    entries: new Uint32Array(buf, at(2), s.m),
    twins: new Int32Array(buf, at(3), 2 * s.m),
    slots: new Uint32Array(buf, at(4), s.slotCount),
    keys: new Uint8Array(buf, at(5), s.keyBytes),
    records,
  };
}

function _memoryRecords(records: Uint8Array): RecordReader {
  const sizes = new Float64Array(records.buffer, records.byteOffset, records.byteLength / 8);
  return (i) => ({
    sha256: Buffer.from(records.buffer, records.byteOffset + i * RECORD_BYTES, 32).toString('hex'),
    bytes: sizes[i * (RECORD_BYTES / 8) + 4]!,
  });
}

/** Records read from the file by position (a few microseconds from the page cache; only a file's first serving
 *  asks, the file cache keeps its answer). */
function _fileRecords(fd: number, recordsAt: number): RecordReader {
  const scratch = Buffer.allocUnsafeSlow(RECORD_BYTES);
  const size = new Float64Array(scratch.buffer, scratch.byteOffset + 32, 1);
  return (i) => {
    if (readSync(fd, scratch, 0, RECORD_BYTES, recordsAt + i * RECORD_BYTES) !== RECORD_BYTES) throw new Error('file index cut short');
    return { sha256: scratch.toString('hex', 0, 32), bytes: size[0]! };
  };
}

function _arrays(p: IndexParts): ArrayBufferView[] {
  return [p.keyEnd, p.hashes, p.entries, p.twins, p.slots, p.keys, p.records!];
}

function _align(n: number): number {
  return Math.ceil(n / 8) * 8;
}

function _layout(lengths: readonly number[]): { offsets: number[]; total: number } {
  const offsets: number[] = [];
  let at = HEADER_BYTES;
  for (const length of lengths) {
    offsets.push(at);
    at = _align(at + length);
  }
  return { offsets, total: at };
}

/** Slots for `capacity` paths: a power of two at least twice as many (so the table is at most half full). */
function _slotsFor(capacity: number): number {
  let slots = 2;
  while (slots < capacity * 2) slots *= 2;
  return slots;
}

/** 0 for a path `….gz`, 1 for `….br` (with something before the dot), else -1. */
function _twinExt(b: Uint8Array, from: number, to: number): number {
  if (to - from <= 3 || b[to - 3] !== 0x2e) return -1;
  if (b[to - 2] === 0x67 && b[to - 1] === 0x7a) return 0;
  if (b[to - 2] === 0x62 && b[to - 1] === 0x72) return 1;
  return -1;
}

/**
 * Open addressing over numbered paths (path k is keys[keyEnd[k - 1], keyEnd[k]), hash hashes[k]) in `slots` (a power
 * of two, number + 1 per slot, 0 = empty); inserting a path again replaces its number (the later entry wins).
 */
class HashIndex {
  private readonly mask: number;

  constructor(private readonly keys: Uint8Array, private readonly keyEnd: Uint32Array, private readonly hashes: Uint32Array,
    private readonly slots: Uint32Array) {
    this.mask = slots.length - 1;
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
