// Reads a list route's Arrow file for loading its table, without the bytes of its records: the site writer's layout
// (export/arrow-file.ts: one record batch, `_sort` then `_json`, uncompressed) lets the footer and the batch's
// metadata say where the `_json` column's data lies, and that range (most of the file) is left unread — zero in
// the returned buffer, whose untouched pages are never resident. The table reads records from the file instead
// (file-records.ts). A file of any other layout is read whole.
import type { FileHandle } from 'node:fs/promises';
import { Type } from 'apache-arrow';
import { Footer } from 'apache-arrow/ipc/metadata/file';
import { Message } from 'apache-arrow/ipc/metadata/message';

// The file ends with the footer, its int32 length and the 6-byte magic.
const TAIL = 10;
// Buffers of a Utf8 column in a batch: validity, offsets, data; `_json` is the second column.
const JSON_DATA_BUFFER = 5;

/** The file's bytes, with the `_json` data zero where the layout allows skipping it. */
export async function readArrowSkippingRecords(handle: FileHandle): Promise<Uint8Array> {
  const { size } = await handle.stat();
  const skip = size > TAIL ? await _recordsRange(handle, size).catch(() => null) : null;
  const bytes = Buffer.alloc(size);
  if (!skip) {
    await _readInto(handle, bytes, 0, size);
    return bytes;
  }
  await _readInto(handle, bytes, 0, skip.from);
  await _readInto(handle, bytes, skip.to, size);
  return bytes;
}

/** Where the `_json` data lies, or null when the file is not in the writer's layout. */
async function _recordsRange(handle: FileHandle, size: number): Promise<{ from: number; to: number } | null> {
  const footerLength = (await _read(handle, size - TAIL, 4)).readInt32LE(0);
  if (footerLength <= 0 || footerLength > size - TAIL) return null;
  const footer = Footer.decode(await _read(handle, size - TAIL - footerLength, footerLength));
  const fields = footer.schema.fields;
  if (footer.numRecordBatches !== 1 || footer.numDictionaries !== 0 || fields[0]?.name !== '_sort' || fields[1]?.name !== '_json'
    || fields[0].typeId !== Type.Utf8 || fields[1].typeId !== Type.Utf8) return null;
  const block = footer.getRecordBatch(0)!;
  const prefix = await _read(handle, block.offset, 8);
  // a message starts with the continuation marker (-1) and its metadata length
  if (prefix.readInt32LE(0) !== -1) return null;
  const message = Message.decode(await _read(handle, block.offset + 8, prefix.readInt32LE(4)));
  if (!message.isRecordBatch()) return null;
  const batch = message.header();
  if (batch.compression !== null || batch.buffers.length <= JSON_DATA_BUFFER) return null;
  const data = batch.buffers[JSON_DATA_BUFFER]!;
  const from = block.offset + block.metaDataLength + Number(data.offset);
  const to = from + Number(data.length);
  return from >= 0 && to <= size && from <= to ? { from, to } : null;
}

/** `length` bytes at `position`. */
async function _read(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  for (let got = 0; got < length;) {
    const { bytesRead } = await handle.read(buf, got, length - got, position + got);
    if (bytesRead === 0) throw new Error(`an Arrow file ended at byte ${position + got}`);
    got += bytesRead;
  }
  return buf;
}

/** Bytes [from, to) of the file into the same positions of `buf`. */
async function _readInto(handle: FileHandle, buf: Buffer, from: number, to: number): Promise<void> {
  for (let at = from; at < to;) {
    const { bytesRead } = await handle.read(buf, at, to - at, at);
    if (bytesRead === 0) throw new Error(`an Arrow file ended at byte ${at} of ${to}`);
    at += bytesRead;
  }
}
