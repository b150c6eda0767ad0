// Collects a site's files: refuses to write one path twice, hashes every file for the manifest, writes the gzip and
// brotli twins of the API's bodies (export/representations.ts) with every file's mtime taken from its content hash (so a
// static server's own ETag is a function of the bytes), links a file unchanged since the live export from it with its
// twins instead of writing and compressing it again (previous-export.ts), and keeps a bounded number of writes in
// flight (100k small files would otherwise open too many handles at once).
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { BuildEffects } from './effects.ts';
import { compress, contentMtime, hasTwins, twinPath, type Encoding } from '../../export/representations.ts';
import type { ExportManifest } from '../../export/layout.ts';
import { unchangedEntry, type PreviousExport } from './previous-export.ts';

const CODINGS: readonly Encoding[] = ['gzip', 'br'];

const IN_FLIGHT = 64;

export class SiteSink {
  readonly files: ExportManifest['files'] = {};
  private readonly pending = new Set<Promise<void>>();
  /** Writes not finished yet, by path: an alias of one waits for it (a link to a file not yet on disk is ENOENT). */
  private readonly unfinished = new Map<string, Promise<void>>();
  private failure: unknown = null;
  /** Files (twins included) linked unchanged from the live export rather than written. */
  linked = 0;

  constructor(private readonly outDir: string, private readonly effects: BuildEffects,
    private readonly previous: PreviousExport | null = null) {}

  /** Queue one file (path relative to the export folder); resolves when there is room for the next. */
  async write(rel: string, content: string | Uint8Array): Promise<void> {
    this._claim(rel);
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const sha256 = _sha256(data);
    this.files[rel] = { sha256, bytes: data.byteLength };
    const twins = hasTwins(rel, data.byteLength) ? CODINGS.map((encoding) => twinPath(rel, encoding)) : [];
    for (const twin of twins) {
      this._claim(twin);
      this.files[twin] = { sha256: '', bytes: 0 }; // its place in the manifest's order, filled below
    }
    const names = [rel, ...twins];
    const before = this.previous?.manifest.files;
    const unchanged = before && unchangedEntry(this.previous, rel, sha256, data.byteLength) && twins.every((t) => before[t]);
    if (unchanged) for (const twin of twins) this.files[twin] = { ...before[twin]! };
    // linked from the live export when unchanged (written when a link fails: the live export damaged by hand); every
    // name is tracked on the one promise, so an alias of any of them waits for bytes on disk
    const work = unchanged
      ? this._linkUnchanged(names).then((ok) => (ok ? undefined : this._writeAll(rel, data, sha256, twins)))
      : this._writeAll(rel, data, sha256, twins);
    for (const name of names) await this._track(this._writing(name, work));
  }

  /** Write a file, then compress and write each twin (its manifest entry filled once compressed) with the identity
   *  file's mtime: a static server's tag of a twin is then "<that mtime>-<twin size>". */
  private async _writeAll(rel: string, data: Uint8Array, sha256: string, twins: readonly string[]): Promise<void> {
    const mtime = contentMtime(sha256);
    await this.effects.writeFile(path.join(this.outDir, rel), data, mtime);
    for (const [i, twin] of twins.entries()) {
      const bytes = await compress(data, CODINGS[i]!, 'static');
      this.files[twin] = { sha256: _sha256(bytes), bytes: bytes.byteLength };
      await this.effects.writeFile(path.join(this.outDir, twin), bytes, mtime);
    }
  }

  /** Link a file and its twins from the live export (their mtimes come along: one inode); false, with nothing left
   *  behind, when one of them cannot be linked (the caller then writes them). */
  private async _linkUnchanged(names: readonly string[]): Promise<boolean> {
    const done: string[] = [];
    try {
      for (const name of names) {
        await this.effects.linkFile(path.join(this.previous!.dir, name), path.join(this.outDir, name));
        done.push(name);
      }
      this.linked += names.length;
      return true;
    } catch {
      await Promise.all(done.map((name) => this.effects.removeFile(path.join(this.outDir, name))));
      return false;
    }
  }

  /** A file written beside the sink (streamed by the bulk export): listed in the manifest like the others. */
  register(rel: string, entry: { sha256: string; bytes: number }): void {
    this._claim(rel);
    this.files[rel] = { sha256: entry.sha256, bytes: entry.bytes };
  }

  /** Second name for a file already queued (same bytes, same manifest entry), linked once its write has finished. */
  async alias(rel: string, existing: string): Promise<void> {
    const entry = this.files[existing];
    if (!entry) throw new Error(`site writer: cannot alias unknown file ${existing}`);
    this._claim(rel);
    this.files[rel] = { ...entry };
    await this._track(this._linkWhenWritten(existing, rel));
    for (const encoding of CODINGS) {
      const twin = this.files[twinPath(existing, encoding)];
      if (!twin) continue;
      this._claim(twinPath(rel, encoding));
      this.files[twinPath(rel, encoding)] = { ...twin };
      await this._track(this._linkWhenWritten(twinPath(existing, encoding), twinPath(rel, encoding)));
    }
  }

  private _writing(rel: string, write: Promise<void>): Promise<void> {
    const done = write.finally(() => this.unfinished.delete(rel));
    this.unfinished.set(rel, done);
    return done;
  }

  private async _linkWhenWritten(existing: string, rel: string): Promise<void> {
    await this.unfinished.get(existing);
    await this.effects.linkFile(path.join(this.outDir, existing), path.join(this.outDir, rel));
  }

  private _claim(rel: string): void {
    if (this.failure) throw this.failure;
    if (rel in this.files) throw new Error(`site writer: path written twice: ${rel}`);
    if (rel.startsWith('/') || rel.split('/').some((part) => part === '..' || part === '')) throw new Error(`site writer: unsafe path ${rel}`);
  }

  private async _track(effect: Promise<void>): Promise<void> {
    const p = effect.then(
      () => void this.pending.delete(p),
      (err: unknown) => {
        this.pending.delete(p);
        this.failure ??= err;
      },
    );
    this.pending.add(p);
    if (this.pending.size >= IN_FLIGHT) await Promise.race(this.pending);
  }

  has(rel: string): boolean {
    return rel in this.files;
  }

  /** Wait for every queued write without raising (used on the error path). */
  async settle(): Promise<void> {
    await Promise.allSettled(this.pending);
  }

  /** Wait for every queued write; rethrows the first failure. */
  async flush(): Promise<void> {
    await Promise.all(this.pending);
    if (this.failure) throw this.failure;
  }
}

function _sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
