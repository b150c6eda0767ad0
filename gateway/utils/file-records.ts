// A table's public records read from the export's Arrow file on demand, by position, instead of held in memory (the
// `_json` column is ~80 % of every file: 315 of 386 MB at City volume). The file stays open for the life of the
// table, so a pruned export's rows stay readable while a request still holds it; the operating system's page cache
// keeps the hot ones, and adjacent rows of a page are read with one call.
import { readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { copyByteStrings, type ByteStrings } from '../../api/query/arrow-read.ts';
import { memoryRecords, type RecordSource } from '../../api/query/records.ts';

/** Rows at most this many bytes apart are read in one call (cheaper than another call for the gap). */
const GAP_BYTES = 16 * 1024;

// The handle closes once its table is collected (an export let go by the site holder).
const handles = new FinalizationRegistry<FileHandle>((handle) => void handle.close().catch(() => {}));

/**
 * Records of `column`, a view of `fileBytes` (the whole file, as read through `handle`). A column that is not one
 * contiguous view of the file (several record batches) is copied into memory instead.
 */
export function fileRecords(handle: FileHandle, fileBytes: Uint8Array, column: ByteStrings): RecordSource {
  if (column.values.buffer !== fileBytes.buffer) {
    void handle.close().catch(() => {});
    return memoryRecords(copyByteStrings(column));
  }
  const base = column.values.byteOffset - fileBytes.byteOffset;
  const offsets = column.offsets.slice();
  const fd = handle.fd;
  const source: RecordSource = {
    get: (row) => _read(fd, base + offsets[row]!, offsets[row + 1]! - offsets[row]!).toString('utf8'),
    bytes(rows) {
      const out: Uint8Array[] = new Array(rows.length);
      let i = 0;
      while (i < rows.length) {
        // a run of rows in file order with small gaps: one read, then a view per row
        const from = offsets[rows[i]!]!;
        let to = offsets[rows[i]! + 1]!;
        let j = i + 1;
        for (; j < rows.length; j++) {
          const start = offsets[rows[j]!]!;
          if (start < to || start - to > GAP_BYTES) break;
          to = offsets[rows[j]! + 1]!;
        }
        const buf = _read(fd, base + from, to - from);
        for (let k = i; k < j; k++) out[k] = buf.subarray(offsets[rows[k]!]! - from, offsets[rows[k]! + 1]! - from);
        i = j;
      }
      return out;
    },
  };
  handles.register(source, handle);
  return source;
}

/**
 * `length` bytes at `position`. Synchronous on purpose: a page's rows are a few kilobytes, almost always in the page
 * cache, and one pread costs less than a hop through the thread pool (the answer cache then keeps popular pages).
 */
function _read(fd: number, position: number, length: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, position + got);
    if (n === 0) throw new Error(`an export's Arrow file ended before byte ${position + length}`);
    got += n;
  }
  return buf;
}
