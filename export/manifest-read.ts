// Reading an export's `_manifest.json`: its head (export id, counts, …) and its file list (path → SHA-256 and size),
// held compactly (export/file-index.ts) because a City-volume list parsed as JSON objects costs hundreds of MB of heap
// and seconds per worker start. The writer names the binary file index, with its SHA-256, in the head before the list
// (export/manifest-write.ts); then only the head is read and the index is loaded with one read. When the index cannot
// be used (written on a machine of the other byte order, or not the bytes the head names) the manifest's bytes are
// scanned instead: the writer's JSON.stringify layout takes a fast path, anything else is parsed as JSON.
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { openFileIndex } from './file-index-file.ts';
import { FileTable, type ManifestFiles } from './file-index.ts';
import { exportLayout, type ExportManifest } from './layout.ts';

export type { ManifestEntry, ManifestFiles } from './file-index.ts';

/** Everything in the manifest but its file list, which `files` holds. */
export type ManifestHead = Omit<ExportManifest, 'files'>;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const FAST_HEAD = Buffer.from('{"sha256":"');
const FAST_MID = Buffer.from('","bytes":');

/** Bytes read for the head: the writer puts the file list last, after a head of a few kilobytes. */
const HEAD_BYTES = 1 << 20;

/** The manifest of the export in `dir`: through the file index its head names when those are the index's bytes (in
 *  this machine's byte order), else scanned. */
export async function readManifest(dir: string): Promise<{ head: ManifestHead; files: ManifestFiles; source: 'index' | 'scan' }> {
  const manifestPath = path.join(dir, exportLayout.manifest);
  const head = headBeforeFiles(await _prefix(manifestPath));
  if (head?.file_index) {
    const files = await openFileIndex(path.join(dir, exportLayout.fileIndex), head.file_index).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (files) return { head, files, source: 'index' };
  }
  return { ...parseManifest(await readFile(manifestPath)), source: 'scan' };
}

/** The head of the export in `dir`'s manifest (its run id, counts, …): the keys before its file list, which the
 *  writer puts last (export/manifest-write.ts), read from its first bytes (the list is most of the file); a manifest
 *  whose list is not within them is parsed whole. */
export async function readManifestHead(dir: string): Promise<ManifestHead> {
  const manifestPath = path.join(dir, exportLayout.manifest);
  return headBeforeFiles(await _prefix(manifestPath)) ?? parseManifest(await readFile(manifestPath)).head;
}

/** The first HEAD_BYTES of a file (all of a shorter one). */
async function _prefix(file: string): Promise<Buffer> {
  const handle = await open(file);
  try {
    const { size } = await handle.stat();
    const prefix = Buffer.allocUnsafe(Math.min(size, HEAD_BYTES));
    const { bytesRead } = await handle.read(prefix, 0, prefix.length, 0);
    return prefix.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The manifest's keys before its file list, from its first bytes; null when the list does not follow whole values
 *  within them (the list not last, or not reached), or they are not a manifest's start. */
export function headBeforeFiles(prefix: Buffer): ManifestHead | null {
  try {
    const s = new Scanner(prefix);
    const head: Record<string, unknown> = {};
    s.expect(0x7b);
    for (;;) {
      const key = s.string();
      s.expect(0x3a);
      if (key === 'files') return head as unknown as ManifestHead;
      const start = s.at;
      const end = s.skipValue();
      // a value running to the end of the bytes read may be cut short (a number's last digits)
      if (end >= prefix.length) return null;
      head[key] = JSON.parse(prefix.toString('utf8', start, end));
      if (!s.take(0x2c)) return null;
    }
  } catch {
    return null;
  }
}

/** Parse `_manifest.json`'s bytes; throws on anything that is not a manifest object with a `files` object. */
export function parseManifest(bytes: Buffer): { head: ManifestHead; files: ManifestFiles } {
  const s = new Scanner(bytes);
  const head: Record<string, unknown> = {};
  let files: ManifestFiles | null = null;
  s.expect(0x7b);
  if (!s.take(0x7d)) {
    do {
      const key = s.string();
      s.expect(0x3a);
      if (key === 'files') files = _files(s);
      else head[key] = JSON.parse(bytes.toString('utf8', s.at, s.skipValue()));
    } while (s.take(0x2c));
    s.expect(0x7d);
  }
  if (!files) throw new Error('no "files" object');
  return { head: head as unknown as ManifestHead, files };
}

function _files(s: Scanner): ManifestFiles {
  const table = new FileTable();
  s.expect(0x7b);
  if (s.take(0x7d)) return table.done();
  do {
    s.ws();
    const [keyStart, keyEnd, escaped] = s.rawString();
    const i = escaped
      ? table.add(Buffer.from(JSON.parse(s.bytes.toString('utf8', keyStart - 1, keyEnd + 1)) as string, 'utf8'), 0, -1)
      : table.add(s.bytes, keyStart, keyEnd);
    s.expect(0x3a);
    s.ws();
    s.entry(table, i);
  } while (s.take(0x2c));
  s.expect(0x7d);
  return table.done();
}

/** A cursor over JSON bytes. */
class Scanner {
  at = 0;
  constructor(readonly bytes: Buffer) {}

  ws(): void {
    const b = this.bytes;
    while (this.at < b.length && (b[this.at] === 0x20 || b[this.at] === 0x0a || b[this.at] === 0x0d || b[this.at] === 0x09)) this.at++;
  }

  take(c: number): boolean {
    this.ws();
    if (this.bytes[this.at] !== c) return false;
    this.at++;
    return true;
  }

  expect(c: number): void {
    if (!this.take(c)) throw new Error(`expected "${String.fromCharCode(c)}" at byte ${this.at}`);
  }

  /** A string's content bytes [start, end) and whether it holds an escape; the cursor moves past it. */
  rawString(): [number, number, boolean] {
    this.expect(QUOTE);
    const b = this.bytes;
    const start = this.at;
    let escaped = false;
    for (let i = start; i < b.length; i++) {
      if (b[i] === BACKSLASH) { escaped = true; i++; continue; }
      if (b[i] === QUOTE) { this.at = i + 1; return [start, i, escaped]; }
    }
    throw new Error('unterminated string');
  }

  string(): string {
    const [start, end, escaped] = this.rawString();
    return escaped ? (JSON.parse(this.bytes.toString('utf8', start - 1, end + 1)) as string) : this.bytes.toString('utf8', start, end);
  }

  /** Skip one JSON value; returns the position after it. */
  skipValue(): number {
    this.ws();
    const b = this.bytes;
    const c = b[this.at];
    if (c === QUOTE) { this.rawString(); return this.at; }
    if (c === 0x7b || c === 0x5b) {
      let depth = 0;
      do {
        const d = b[this.at];
        if (d === QUOTE) { this.rawString(); continue; }
        if (d === 0x7b || d === 0x5b) depth++;
        else if (d === 0x7d || d === 0x5d) depth--;
        this.at++;
      } while (depth > 0 && this.at < b.length);
      if (depth > 0) throw new Error('unterminated value');
      return this.at;
    }
    while (this.at < b.length && !',}] \n\r\t'.includes(String.fromCharCode(b[this.at]!))) this.at++;
    return this.at;
  }

  /** A file entry `{"sha256": "<64 hex>", "bytes": <n>}`, stored as entry `i` of the table. */
  entry(table: FileTable, i: number): void {
    const b = this.bytes;
    const at = this.at;
    if (_matches(b, at, FAST_HEAD) && _matches(b, at + 75, FAST_MID)) {
      // the writer's layout: 64 hex digits, then the size's digits up to the closing brace
      const digests = table.digests;
      let ok = true;
      for (let k = 0; k < 32; k++) {
        const hi = _hex(b[at + 11 + 2 * k]!);
        const lo = _hex(b[at + 12 + 2 * k]!);
        if (hi < 0 || lo < 0) ok = false;
        digests[i * 32 + k] = (hi << 4) | lo;
      }
      let end = at + 85;
      let n = 0;
      while (b[end]! >= 0x30 && b[end]! <= 0x39) n = n * 10 + b[end++]! - 0x30;
      if (ok && b[end] === 0x7d && end > at + 85) {
        table.sizes[i] = n;
        this.at = end + 1;
        return;
      }
    }
    const value = JSON.parse(b.toString('utf8', at, this.skipValue())) as { sha256?: unknown; bytes?: unknown };
    if (typeof value?.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(value.sha256) || typeof value.bytes !== 'number') {
      throw new Error(`a file entry at byte ${at} is not {sha256, bytes}`);
    }
    table.digests.write(value.sha256, i * 32, 'hex');
    table.sizes[i] = value.bytes;
  }
}

function _matches(b: Buffer, at: number, literal: Buffer): boolean {
  for (let k = 0; k < literal.length; k++) if (b[at + k] !== literal[k]) return false;
  return true;
}

/** Value of a lower-case hex digit, -1 for any other byte (the writer's digests are lower case). */
function _hex(c: number): number {
  return c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
}
