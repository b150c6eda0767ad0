// Where a table's public records (the `_json` column) are read from. The site writer and tests keep them in memory
// as the Arrow buffer; the gateway reads them from the export's file on demand (gateway/utils/file-records.ts).
import type { ByteStrings } from './arrow-read.ts';

export interface RecordSource {
  /** One record, decoded. */
  get(row: number): string;
  /** The UTF-8 bytes of each row, in the order given (views where the bytes are at hand, never decoded). */
  bytes(rows: readonly number[]): Uint8Array[];
}

/** Records served from the column's buffer, which the table then keeps alive. */
export function memoryRecords(column: ByteStrings): RecordSource {
  const { values, offsets } = column;
  return {
    get: (row) => values.toString('utf8', offsets[row]!, offsets[row + 1]!),
    bytes: (rows) => rows.map((r) => values.subarray(offsets[r]!, offsets[r + 1]!)),
  };
}
