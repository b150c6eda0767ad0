// Writes one bulk file by streaming (never the whole file in memory), hashing it on the way, and optionally its
// gzip twin from the written bytes (level 9, no timestamp in the header, so the same bytes give the same .gz).
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, Writable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';

export interface FileDigest {
  bytes: number;
  sha256: string;
}

/** Stream `source` into `absPath`; returns its size and SHA-256. */
export async function writeHashed(absPath: string, source: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>): Promise<FileDigest> {
  await mkdir(path.dirname(absPath), { recursive: true });
  const digest = new Digest();
  await pipeline(Readable.from(source, { objectMode: false }), digest, createWriteStream(absPath, { flags: 'wx' }));
  return digest.result();
}

/** Gzip an existing file into `<absPath>.gz`; returns the compressed file's size and SHA-256. */
export async function gzipHashed(absPath: string): Promise<FileDigest> {
  const digest = new Digest();
  await pipeline(createReadStream(absPath), createGzip({ level: constants.Z_BEST_COMPRESSION }), digest,
    createWriteStream(`${absPath}.gz`, { flags: 'wx' }));
  return digest.result();
}

/** Size and SHA-256 of a file written by someone else (DuckDB's Parquet). */
export async function hashFile(absPath: string): Promise<FileDigest> {
  const digest = new Digest();
  await pipeline(createReadStream(absPath), digest, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return digest.result();
}

/** A pass-through that counts and hashes the bytes going by. */
class Digest extends Transform {
  private readonly hash = createHash('sha256');
  private size = 0;

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.hash.update(buffer);
    this.size += buffer.byteLength;
    done(null, buffer);
  }

  result(): FileDigest {
    return { bytes: this.size, sha256: this.hash.digest('hex') };
  }
}
