// Buffered synchronous file writer that counts files and bytes for the summary.
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { encodeWithCp1252 } from '../common/text.ts';

export const stats = { files: 0, bytes: 0 };
export function resetStats(): void { stats.files = 0; stats.bytes = 0; }

export class Out {
  private fd: number;
  private parts: string[] = [];
  private pending = 0;
  constructor(path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.fd = openSync(path, 'w');
    stats.files++;
  }
  /** Text is encoded as UTF-8, except the 0x92 stand-in which becomes the raw Windows-1252 byte. */
  text(s: string): void {
    this.parts.push(s);
    this.pending += s.length;
    if (this.pending > 1 << 20) this.flush();
  }
  bytes(b: Uint8Array): void { this.flush(); this.raw(b); }
  private raw(b: Uint8Array): void { let off = 0; while (off < b.length) off += writeSync(this.fd, b, off); stats.bytes += b.length; }
  private flush(): void {
    if (!this.parts.length) return;
    this.raw(encodeWithCp1252(this.parts.join('')));
    this.parts = []; this.pending = 0;
  }
  close(): void { this.flush(); closeSync(this.fd); }
}

export function writeWhole(path: string, data: string | Uint8Array): void {
  const o = new Out(path);
  if (typeof data === 'string') o.text(data); else o.bytes(data);
  o.close();
}

/** The generator owns these folders under the output directory and rewrites them from scratch. */
export const OWNED = ['lobbyist-registry', 'council-voting-record', 'tmmis', 'meeting-schedule', 'elected-officials', 'sample-truth'];
export function wipeOwned(outDir: string): void {
  for (const d of OWNED) rmSync(`${outDir}/${d}`, { recursive: true, force: true });
}
