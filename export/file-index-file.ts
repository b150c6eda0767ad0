// The file index's binary file (`_file-index.bin`, export/file-index.ts): a header (magic, byte order, version, counts)
// and the index's arrays as they lie in memory, each at a multiple of 8 bytes, the entries' records (digest, size)
// last. The site writer writes it; the gateway reads the lookup part and leaves the records (most of the file) in
// the file, reading one by position when a file is first served.
import { createHash } from 'node:crypto';
import { readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { FileIndex, memoryRecords, RECORD_BYTES, type IndexParts, type ManifestEntry, type RecordReader } from './file-index.ts';

const MAGIC = 0x4c544649; // "LTFI"
/** Written in the machine's byte order: a reader of the other order sees another number and scans the manifest. */
const BYTE_ORDER = 0x01020304;
const VERSION = 1;
const HEADER_BYTES = 40;

/** The binary file of an index built in memory (FileTable). */
export function fileIndexBytes(index: FileIndex): Uint8Array {
  const p = index.parts;
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

/** The index in `bytes` (a whole file fileIndexBytes wrote), viewed in place; null when they are not one of this
 *  version and byte order. */
export function fileIndexFromBytes(bytes: Uint8Array): FileIndex | null {
  if (bytes.byteOffset % 8 !== 0) bytes = new Uint8Array(bytes);
  const shape = _shape(bytes);
  if (!shape || shape.total !== bytes.byteLength) return null;
  const records = new Uint8Array(bytes.buffer, bytes.byteOffset + shape.recordsAt, shape.n * RECORD_BYTES);
  return new FileIndex(_parts(bytes, shape, records), memoryRecords(records));
}

/**
 * The index in the file at `file` if its bytes are `named` (size and SHA-256, checked here), else null. Its records
 * stay in the file, read by position when asked for, through a descriptor that stays open while the index lives.
 */
export async function openFileIndex(file: string, named: ManifestEntry): Promise<FileIndex | null> {
  const handle = await open(file);
  try {
    const { size } = await handle.stat();
    if (size !== named.bytes || size < HEADER_BYTES) return await _closed(handle);
    const shape = _shape(await _read(handle, Buffer.allocUnsafeSlow(HEADER_BYTES), 0));
    if (!shape || shape.total !== size) return await _closed(handle);
    // the lookup part is kept; the records are only hashed, a chunk at a time
    const head = await _read(handle, new Uint8Array(shape.recordsAt), 0);
    const hash = createHash('sha256').update(head);
    const chunk = Buffer.allocUnsafeSlow(Math.min(4 << 20, size - shape.recordsAt));
    for (let at = shape.recordsAt; at < size; at += chunk.length) {
      hash.update(await _read(handle, chunk.subarray(0, Math.min(chunk.length, size - at)), at));
    }
    if (hash.digest('hex') !== named.sha256) return await _closed(handle);
    const index = new FileIndex(_parts(head, shape, null), _fileRecords(handle.fd, shape.recordsAt));
    descriptors.register(index, handle);
    return index;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

/** Fill `into` from `position` (a short read would leave the rest unread). */
async function _read<T extends Uint8Array>(handle: FileHandle, into: T, position: number): Promise<T> {
  for (let got = 0; got < into.byteLength;) {
    const { bytesRead } = await handle.read(into, got, into.byteLength - got, position + got);
    if (bytesRead === 0) throw new Error(`the file index ended at byte ${position + got}`);
    got += bytesRead;
  }
  return into;
}

// An index read from its file closes its descriptor once it is collected (an export let go by the export holder).
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

/** Records read from the file by position, synchronously: a positioned read from the page cache costs less than a
 *  hop through the thread pool, and only a file's first serving asks (the file cache keeps its answer). */
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