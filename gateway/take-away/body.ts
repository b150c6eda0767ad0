// The body of a whole answer, made as it is sent: a pull stream that reads a batch of rows' records at a time (one
// read of the export's file per batch) and writes them as CSV (the shared writer, api/csv-transcode.ts) or JSON Lines
// (the records' own bytes), so what the gateway holds is one batch, whatever the answer's size.
import { csvHeader, csvLines } from '../../api/csv-rows.ts';
import { csvRowsOfRecords } from '../../api/csv-transcode.ts';
import type { RecordSource } from '../../api/query/records.ts';
import type { TakeAwayFormat } from '../../api/take-away.ts';

/** Rows per batch: large enough that a read and a parse are worth their call, small enough to keep the batch small. */
const BATCH_ROWS = 1000;
const EMPTY = new Uint8Array(0);
const NEWLINE = 0x0a;

export interface BodyPlan {
  format: TakeAwayFormat;
  /** The rows in the list's order. */
  rows: readonly number[];
  /** Where their records are read from (the table's, or its labelled records). */
  records: RecordSource;
  /** CSV: the columns in order, and the single-field lines before the header. */
  columns: readonly string[];
  preamble: readonly string[];
}

/** The answer's bytes as a web stream, made batch by batch as the client reads. */
export function takeAwayBody(plan: BodyPlan): ReadableStream<Uint8Array> {
  let next = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true;
        if (plan.format === 'csv') {
          controller.enqueue(Buffer.from(csvLines(plan.preamble) + csvHeader(plan.columns), 'utf8'));
          return;
        }
      }
      if (next >= plan.rows.length) {
        controller.close();
        return;
      }
      const batch = plan.rows.slice(next, next += BATCH_ROWS);
      controller.enqueue(takeAwayBatch(plan, batch));
    },
  }, { highWaterMark: 1 });
}

/** One batch of rows in the plan's form. */
export function takeAwayBatch(plan: Pick<BodyPlan, 'format' | 'records' | 'columns'>, batch: readonly number[]): Uint8Array {
  const lines = plan.records.joined(batch, EMPTY, Buffer.of(NEWLINE), { separator: NEWLINE, once: true });
  return plan.format === 'jsonl' ? lines : csvRowsOfRecords(plan.columns, lines);
}
