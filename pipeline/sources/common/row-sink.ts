// A synchronous row writer over one DuckDB appender, so a streamed file goes into its table batch by batch
// (the CSV reader's record callback is synchronous, and large files must never be held whole in memory).
import type { DuckDBAppender } from '@duckdb/node-api';
import type { Warehouse } from '../../db/warehouse.ts';
import type { Row, SourceTable } from './tables.ts';

/** Rows buffered in the appender between flushes; bounds memory whatever the file size. */
export const SINK_BATCH = 10_000;

export class RowSink {
  private count = 0;
  private constructor(private readonly appender: DuckDBAppender) {}

  static async open(wh: Warehouse, table: SourceTable): Promise<RowSink> {
    return new RowSink(await wh.connection.createAppender(table));
  }

  /** Append one row in the table's column order (see toRow). */
  add(row: Row): void {
    for (const value of row) {
      if (value === null) this.appender.appendNull();
      else this.appender.appendVarchar(value);
    }
    this.appender.endRow();
    if (++this.count % SINK_BATCH === 0) this.appender.flushSync();
  }

  /** Flush and close; returns the rows written. Safe to call once, also after a failure. */
  close(): number {
    try {
      this.appender.flushSync();
    } finally {
      this.appender.closeSync();
    }
    return this.count;
  }
}
