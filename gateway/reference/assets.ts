// The reference page's files (/docs/): our page and start script (gateway/reference/page/) and Swagger UI's bundle and
// stylesheet from the swagger-ui-dist package, read once, tagged by their SHA-256 and compressed once (off the event
// loop) on first demand, like the export's files.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compress, MIN_COMPRESS_BYTES, type Encoding, type Representation } from '../../export/representations.ts';
import { toEtag } from '../../export/representations.ts';
import type { Reply } from '../http/reply.ts';

const PAGE_DIR = path.join(import.meta.dirname, 'page');
const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** File name under /docs/ → where it is read from and its type. */
const FILES: Record<string, { from: string; type: string }> = {
  '': { from: path.join(PAGE_DIR, 'index.html'), type: 'text/html; charset=utf-8' },
  'init.js': { from: path.join(PAGE_DIR, 'init.js'), type: 'text/javascript; charset=utf-8' },
  'swagger-ui-bundle.js': { from: path.join(SWAGGER_DIR, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { from: path.join(SWAGGER_DIR, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
};

const loaded = new Map<string, Promise<Reply>>();

/** The reply for a file of the page (`''` is the page itself), or null for a name that is not one. */
export function referenceAsset(name: string): Promise<Reply> | null {
  const file = Object.hasOwn(FILES, name) ? FILES[name]! : null;
  if (!file) return null;
  let reply = loaded.get(name);
  if (!reply) {
    reply = readFile(file.from).then((buf) => {
      const body = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
      return bytesReply(body, file.type);
    });
    reply.catch(() => loaded.delete(name));
    loaded.set(name, reply);
  }
  return reply;
}

/** A 200 reply for fixed bytes of a type: tagged by content, each coding compressed once and kept. */
export function bytesReply(body: Uint8Array, type: string): Reply {
  const hex = createHash('sha256').update(body).digest('hex').slice(0, 32);
  const variants: Partial<Record<Encoding, Promise<Representation>>> = {};
  return {
    status: 200,
    body,
    etag: toEtag(hex),
    headers: { 'content-type': type },
    encoded: body.byteLength < MIN_COMPRESS_BYTES ? undefined : (encoding) => variants[encoding] ??= compress(body, encoding, 'dynamic')
      .then((bytes) => ({ body: bytes, etag: toEtag(hex, encoding), encoding })),
  };
}
