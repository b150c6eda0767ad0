// Collects a site's files: refuses to write one path twice, hashes every file for the manifest, writes the gzip and
// brotli twins of the API's bodies (api/representations.ts) with every file's mtime taken from its content hash (so a
// static server's own ETag is a function of the bytes), and keeps a bounded number of writes in flight (100k small
// files would otherwise open too many handles at once).
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { BuildEffects } from './effects.ts';
import { compress, contentMtime, hasTwins, twinPath, type Encoding } from '../../api/representations.ts';
import type { SiteManifest } from '../../api/site-layout.ts';

const CODINGS: readonly Encoding[] = ['gzip', 'br'];

const IN_FLIGHT = 64;

export class SiteSink {
  readonly files: SiteManifest['files'] = {};
  private readonly pending = new Set<Promise<void>>();
  /** Writes not finished yet, by path: an alias of one waits for it (a link to a file not yet on disk is ENOENT). */
  private readonly unfinished = new Map<string, Promise<void>>();
  private failure: unknown = null;

  constructor(private readonly outDir: string, private readonly effects: BuildEffects) {}

  /** Queue one file (path relative to the export folder); resolves when there is room for the next. */
  async write(rel: string, content: string | Uint8Array): Promise<void> {
    this._claim(rel);
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const sha256 = _sha256(data);
    this.files[rel] = { sha256, bytes: data.byteLength };
    const mtime = contentMtime(sha256);
    await this._track(this._writing(rel, this.effects.writeFile(path.join(this.outDir, rel), data, mtime)));
    if (!hasTwins(rel, data.byteLength)) return;
    for (const encoding of CODINGS) {
      const twin = twinPath(rel, encoding);
      this._claim(twin);
      this.files[twin] = { sha256: '', bytes: 0 }; // its place in the manifest's order, filled once compressed
      await this._track(this._writing(twin, compress(data, encoding, 'static').then((bytes) => {
        this.files[twin] = { sha256: _sha256(bytes), bytes: bytes.byteLength };
        // the identity file's mtime: a static server's tag of a twin is then "<that mtime>-<twin size>"
        return this.effects.writeFile(path.join(this.outDir, twin), bytes, mtime);
      })));
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
