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
  /** Records a parse error broke (an unclosed quote…): skipped, reading resumed on the line after the record began. */
  broken: { position: number; message: string }[];
  /** A parse error that stopped reading the file after MAX_RESUMES resumptions (records before it were delivered). */
  error: { position: number; message: string } | null;
  /** Whether the file's last byte is a line break (a file cut off mid-record usually does not end with one). */
  endsWithLineBreak: boolean;
}

// A file that breaks this often is not a CSV with a few damaged records: stop and report it as unreadable.
const MAX_RESUMES = 100;

/** Header text folded for matching: case, spaces and punctuation ignored (`Agenda Item #` → `agendaitem`). */
export function toHeaderKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export interface CsvHandlers {
  onHeader: (header: string[]) => void;
  /** Every non-blank record after the header. */
  onRecord: (record: CsvRecord) => void;
}

/** Read a CSV file record by record, streaming; after a parse error, resume on the line after the broken record. */
export async function readCsv(file: string, handlers: CsvHandlers): Promise<CsvReadResult> {
  const result: CsvReadResult = { header: [], blank: 0, broken: [], error: null, endsWithLineBreak: await _endsWithLineBreak(file) };
  let position = 0;
  let seenHeader = false;
  let skipLines = 0; // physical lines of the file before this pass begins
  for (let pass = 0; ; pass++) {
    // relax_column_count: a short or long row is quarantined by the adapter instead of aborting the file;
    // relax_quotes: a stray quote inside an unquoted field is kept as text.
    const parser = parse({ relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true, info: true });
    let lastLine = skipLines; // last line of the last record this pass delivered
    const decoder = createMixedDecoder();
    fs.createReadStream(file).on('error', (err) => parser.destroy(err))
      .pipe(_decoding(decoder)).pipe(_skippingLines(skipLines)).pipe(parser);
    try {
      for await (const { record: values, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        lastLine = skipLines + info.lines;
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
      return result;
    } catch (err) {
      const message = (err as Error).message;
      if (pass >= MAX_RESUMES || (err as NodeJS.ErrnoException).code === 'ENOENT') {
        result.error = { position: position + 1, message };
        return result;
      }
      // The broken record began on the line after the last good one: skip that line and read on from the next.
      result.broken.push({ position: ++position, message });
      skipLines = lastLine + 1;
    }
  }
}

function _decoding(decoder: ReturnType<typeof createMixedDecoder>): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(null, Buffer.from(decoder.write(chunk), 'utf8'));
    },
    flush(done) {
      done(null, Buffer.from(decoder.end(), 'utf8'));
    },
  });
}

/** Drops the first `n` lines (`\n`-terminated) of a text stream. */
function _skippingLines(n: number): Transform {
  let left = n;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      let start = 0;
      while (left > 0 && start < chunk.length) {
        const nl = chunk.indexOf(10, start);
        if (nl < 0) return done();
        start = nl + 1;
        left--;
      }
      done(null, start === 0 ? chunk : chunk.subarray(start));
    },
  });
}

async function _endsWithLineBreak(file: string): Promise<boolean> {
  let handle: fs.promises.FileHandle | null = null;
  try {
    handle = await fs.promises.open(file, 'r');
    const { size } = await handle.stat();
    if (size === 0) return true;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    return last[0] === 10 || last[0] === 13;
  } catch {
    return true;
  } finally {
    await handle?.close();
  }
}
