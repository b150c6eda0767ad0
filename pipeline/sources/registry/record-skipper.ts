// Byte-level front of the id-only pass: finds each `<ROW>…</ROW>` in the undecoded XML and, when the record reader
// stands between records and those exact bytes were parsed cleanly in an earlier snapshot, counts the record from the
// cache instead of decoding, splitting and parsing it. Everything else (the file's head and tail, the text between
// records, new or changed records, damaged ones) goes through the decoder and the reader as before, so the reader
// sees the same file except for the records it is told to skip, and reports every problem it reported before.
import type { MixedDecoder } from '../../lib/encoding.ts';
import type { EntrySink } from './snapshot-files.ts';
import type { RecordCache } from './record-cache.ts';
import type { KnownRecord } from './types.ts';
import type { RecordReader } from './xml-records.ts';

const OPEN = Buffer.from('<ROW');
const CLOSE = Buffer.from('</ROW>');
// A candidate record longer than this is not waited for: its bytes go to the reader as they come.
const MAX_CANDIDATE_BYTES = 1 << 20;

/** A sink that feeds `reader` through `decoder`, skipping the records `cache` knows; `onKnown` gets each one skipped. */
export function createRecordSkipper(
  reader: RecordReader, decoder: MixedDecoder, cache: RecordCache, onKnown: (known: KnownRecord) => void,
): EntrySink {
  let pending: Buffer = Buffer.alloc(0);
  let fed = false;
  let lastByte = 0;

  const feed = (bytes: Buffer) => {
    if (bytes.length === 0) return;
    reader.write(decoder.write(bytes));
    fed = true;
    lastByte = bytes[bytes.length - 1]!;
  };

  const pump = (final: boolean) => {
    let pos = 0;
    for (;;) {
      const start = pending.indexOf(OPEN, pos);
      if (start < 0) {
        // keep back what may be the beginning of `<ROW` cut by the chunk's end
        const cut = final ? pending.length : Math.max(pos, pending.length - (OPEN.length - 1));
        feed(pending.subarray(pos, cut));
        pos = cut;
        break;
      }
      if (start + OPEN.length >= pending.length && !final) {
        feed(pending.subarray(pos, start));
        pos = start;
        break;
      }
      const after = pending[start + OPEN.length];
      // `<ROW` followed by `>`, white space or `/` is a record tag (as the splitter reads it); `<ROWSET` is not
      if (after !== 0x3e && after !== 0x2f && after !== 0x20 && !(after !== undefined && after >= 0x09 && after <= 0x0d)) {
        const next = Math.min(pending.length, start + OPEN.length);
        feed(pending.subarray(pos, next));
        pos = next;
        continue;
      }
      const close = pending.indexOf(CLOSE, start);
      if (close < 0) {
        const wait = !final && pending.length - start < MAX_CANDIDATE_BYTES;
        const next = wait ? start : pending.length;
        feed(pending.subarray(pos, next));
        pos = next;
        break;
      }
      feed(pending.subarray(pos, start));
      const end = close + CLOSE.length;
      const record = pending.subarray(start, end);
      // The decoder holds nothing back after an ASCII byte, and it has seen the file's first bytes (a BOM is its
      // business), so skipping here leaves its output for the rest of the file as it was.
      const known = fed && lastByte < 0x80 ? cache.get(record) : undefined;
      if (known && reader.skip()) onKnown(known);
      else feed(record);
      pos = end;
    }
    // a copy: the rest is kept past this chunk, whose memory the inflater may reuse
    pending = pos >= pending.length ? Buffer.alloc(0) : Buffer.from(pending.subarray(pos));
  };

  return {
    write(chunk) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      pending = pending.length > 0 ? Buffer.concat([pending, bytes]) : bytes;
      pump(false);
    },
    end() {
      pump(true);
      reader.write(decoder.end());
      reader.end();
    },
  };
}
