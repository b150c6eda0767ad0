// Where a table's public records (the `_json` column) are read from. The site writer and tests keep them in memory
// as the Arrow buffer; the gateway reads them from the export's file on demand (export/serve/file-records.ts).
import type { ByteStrings } from './arrow-read.ts';

export interface RecordSource {
  /** One record, decoded. */
  get(row: number): string;
  /** `head`, then the rows' UTF-8 bytes in the order given with `separator` (default a comma) between each two, then
   *  `tail`: one buffer, each record copied once straight into it and never decoded (a list answer's body, a batch of
   *  JSON Lines). `once`: the rows are read for a whole answer that passes through once, so a source that keeps the
   *  records it read lately for the next page need not keep these. */
  joined(rows: readonly number[], head: Uint8Array, tail: Uint8Array, options?: JoinOptions): Buffer;
}

export interface JoinOptions {
  separator?: number;
  once?: boolean;
}

/** The byte length of `head`, the rows and their separating commas and `tail` (what joined() allocates). */
export function joinedLength(rows: readonly number[], rowLength: (row: number) => number, head: Uint8Array, tail: Uint8Array): number {
  let total = head.byteLength + tail.byteLength + Math.max(0, rows.length - 1);
  for (let i = 0; i < rows.length; i++) total += rowLength(rows[i]!);
  return total;
}

/** The byte between two joined records (a comma). */
export const RECORD_SEPARATOR = 0x2c;

/** Records served from the column's buffer, which the table then keeps alive. */
export function memoryRecords(column: ByteStrings): RecordSource {
  const { values, offsets } = column;
  return {
    get: (row) => values.toString('utf8', offsets[row]!, offsets[row + 1]!),
    joined(rows, head, tail, { separator = RECORD_SEPARATOR } = {}) {
      const out = Buffer.allocUnsafe(joinedLength(rows, (r) => offsets[r + 1]! - offsets[r]!, head, tail));
      out.set(head, 0);
      let at = head.byteLength;
      for (let i = 0; i < rows.length; i++) {
        if (i > 0) out[at++] = separator;
        at += values.copy(out, at, offsets[rows[i]!]!, offsets[rows[i]! + 1]!);
      }
      out.set(tail, at);
      return out;
    },
  };
}
