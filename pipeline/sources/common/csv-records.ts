// Streams a City CSV file as decoded records (UTF-8 with stray Windows-1252 bytes), mapped to columns by header name.
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { createMixedDecoder } from '../../lib/encoding.ts';

export interface CsvRecord {
  /** 1-based record number after the header. */
  position: number;
  values: string[];
}

export interface CsvReadResult {
  header: string[];
  /** Rows whose every field is blank (the City's exports end with thousands of `,,,,`): counted, not loaded. */
  blank: number;
  /** A parse error that stopped reading the file (records before it were delivered). */
  error: { position: number; message: string } | null;
}

/** Header text folded for matching: case, spaces and punctuation ignored (`Agenda Item #` → `agendaitem`). */
export function toHeaderKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export interface CsvHandlers {
  onHeader: (header: string[]) => void;
  /** Every non-blank record after the header. */
  onRecord: (record: CsvRecord) => void;
}

/** Read a CSV file record by record, streaming. */
export async function readCsv(file: string, handlers: CsvHandlers): Promise<CsvReadResult> {
  const decoder = createMixedDecoder();
  const decode = new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(null, Buffer.from(decoder.write(chunk), 'utf8'));
    },
    flush(done) {
      done(null, Buffer.from(decoder.end(), 'utf8'));
    },
  });
  // relax_column_count: a short or long row is quarantined by the adapter instead of aborting the file;
  // relax_quotes: a stray quote inside an unquoted field is kept as text.
  const parser = parse({ relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true });
  const result: CsvReadResult = { header: [], blank: 0, error: null };
  let position = 0;
  let seenHeader = false;
  fs.createReadStream(file).on('error', (err) => parser.destroy(err)).pipe(decode).pipe(parser);
  try {
    for await (const values of parser as AsyncIterable<string[]>) {
      if (!seenHeader) {
        result.header = values;
        seenHeader = true;
        handlers.onHeader(values);
        continue;
      }
      position++;
      if (values.every((v) => v.trim() === '')) result.blank++;
      else handlers.onRecord({ position, values });
    }
  } catch (err) {
    result.error = { position: position + 1, message: (err as Error).message };
  }
  return result;
}
