// Collects a site's files: refuses to write one path twice, hashes every file for the manifest and keeps a bounded
// number of writes in flight (100k small files would otherwise open too many handles at once).
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { BuildEffects } from './effects.ts';
import type { SiteManifest } from './layout.ts';

const IN_FLIGHT = 64;

export class SiteSink {
  readonly files: SiteManifest['files'] = {};
  private readonly pending = new Set<Promise<void>>();
  private failure: unknown = null;

  constructor(private readonly outDir: string, private readonly effects: BuildEffects) {}

  /** Queue one file (path relative to the export folder); resolves when there is room for the next. */
  async write(rel: string, content: string | Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    if (rel in this.files) throw new Error(`site writer: path written twice: ${rel}`);
    if (rel.startsWith('/') || rel.split('/').some((part) => part === '..' || part === '')) throw new Error(`site writer: unsafe path ${rel}`);
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    this.files[rel] = { sha256: createHash('sha256').update(data).digest('hex'), bytes: data.byteLength };
    const p = this.effects.writeFile(path.join(this.outDir, rel), data).then(
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

  /** Wait for every queued write; rethrows the first failure. */
  async flush(): Promise<void> {
    await Promise.all(this.pending);
    if (this.failure) throw this.failure;
  }
}
