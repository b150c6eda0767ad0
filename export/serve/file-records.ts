// A table's public records read from the export's Arrow file on demand, by position, instead of held in memory (the
// `_json` column is most of every file). The file stays open for the life of the
// table, so a pruned export's rows stay readable while a request still holds it; the operating system's page cache
// keeps the hot ones, adjacent rows of a page are read with one call, and the records read lately are kept in a
// small budget of memory (recent-records.ts) so the next answer that shows them reads none.
import { readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { copyByteStrings, type ByteStrings } from '../../api/query/arrow-read.ts';
import { joinedLength, memoryRecords, RECORD_SEPARATOR, type RecordSource } from '../../api/query/records.ts';
import { RecentRecords } from './recent-records.ts';

/** Rows at most this many bytes apart are read in one call (cheaper than another call for the gap). */
const GAP_BYTES = 16 * 1024;

/** The default budget of a table's recent records: a quarter of its records' bytes, at most 8 MiB, filled only as
 *  records are asked for (what it holds at City volume: docs/benchmarks-edge.md, "Figures behind the code"). */
function _recentRecordsBudget(columnBytes: number): number {
  return Math.min(8 * 1024 * 1024, Math.ceil(columnBytes / 4));
}

// The handle closes once its table is collected (an export let go by the export holder).
const handles = new FinalizationRegistry<FileHandle>((handle) => void handle.close().catch(() => {}));

/**
 * Records of `column`, a view of `fileBytes` (the whole file, as read through `handle`), the latest read kept in
 * `cacheBytes` of memory (0: none). A column that is not one contiguous view of the file (several record batches) is
 * copied into memory instead.
 */
export function fileRecords(handle: FileHandle, fileBytes: Uint8Array, column: ByteStrings,
  cacheBytes = _recentRecordsBudget(column.values.byteLength)): RecordSource {
  if (column.values.buffer !== fileBytes.buffer) {
    void handle.close().catch(() => {});
    return memoryRecords(copyByteStrings(column));
  }
  const base = column.values.byteOffset - fileBytes.byteOffset;
  const offsets = column.offsets.slice();
  const fd = handle.fd;
  const cache = cacheBytes > 0 ? new RecentRecords(cacheBytes, offsets.length - 1) : null;
  const length = (row: number) => offsets[row + 1]! - offsets[row]!;
  const source: RecordSource = {
    get: (row) => _read(fd, base + offsets[row]!, length(row)).toString('utf8'),
    joined(rows, head, tail, { separator = RECORD_SEPARATOR, once = false } = {}) {
      // a whole answer's rows pass through once: neither looked for among the kept records nor kept
      const kept = once ? null : cache;
      const out = Buffer.allocUnsafe(joinedLength(rows, length, head, tail));
      out.set(head, 0);
      // where each row goes in the body; the kept rows are copied there now …
      const at: number[] = new Array(rows.length);
      const missing: number[] = [];
      let end = head.byteLength;
      for (let i = 0; i < rows.length; i++) {
        if (i > 0) out[end++] = separator;
        at[i] = end;
        if (!kept?.copyTo(rows[i]!, length(rows[i]!), out, end)) missing.push(i);
        end += length(rows[i]!);
      }
      out.set(tail, end);
      // … and the others are read from the file: a lone row straight into its place, a run of rows in file order
      // with small gaps in one read, then copied to theirs
      let m = 0;
      while (m < missing.length) {
        const first = rows[missing[m]!]!;
        const from = offsets[first]!;
        let to = offsets[first + 1]!;
        let j = m + 1;
        for (; j < missing.length; j++) {
          const row = rows[missing[j]!]!;
          const start = offsets[row]!;
          if (start < to || start - to > GAP_BYTES) break;
          to = offsets[row + 1]!;
        }
        if (j === m + 1) _readInto(fd, base + from, out, at[missing[m]!]!, to - from);
        else {
          const run = _read(fd, base + from, to - from);
          for (let k = m; k < j; k++) {
            const row = rows[missing[k]!]!;
            run.copy(out, at[missing[k]!]!, offsets[row]! - from, offsets[row + 1]! - from);
          }
        }
        for (let k = m; k < j; k++) {
          const i = missing[k]!;
          kept?.put(rows[i]!, out.subarray(at[i]!, at[i]! + length(rows[i]!)));
        }
        m = j;
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
  _readInto(fd, position, buf, 0, length);
  return buf;
}

/** `length` bytes at `position` into `target` at `at`. */
function _readInto(fd: number, position: number, target: Uint8Array, at: number, length: number): void {
  let got = 0;
  while (got < length) {
    const n = readSync(fd, target, at + got, length - got, position + got);
    if (n === 0) throw new Error(`an export's Arrow file ended before byte ${position + length}`);
    got += n;
  }
}
