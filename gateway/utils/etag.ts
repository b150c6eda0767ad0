// Entity tags and If-None-Match. Static files reuse the SHA-256 recorded in the site manifest; dynamic bodies are
// hashed when built. A compressed variant gets a `-gzip` / `-br` suffix (as Apache does) so the strong tag of one
// byte sequence is never reused for another, and the suffix is ignored when comparing, so a client that cached the
// gzip variant still gets 304 when it revalidates.
import { createHash } from 'node:crypto';

export type Encoding = 'br' | 'gzip';

/** Hex SHA-256 of a body. */
export function hashBody(body: Uint8Array | string): string {
  return createHash('sha256').update(body).digest('hex');
}

/** Strong ETag from a hex digest (128 bits are plenty to tell exports apart), with an optional coding suffix. */
export function toEtag(hexDigest: string, encoding?: Encoding | null): string {
  return `"${hexDigest.slice(0, 32)}${encoding ? `-${encoding}` : ''}"`;
}

/**
 * Whether If-None-Match matches the current ETag: `*` matches any existing representation; otherwise weak
 * comparison (RFC 9110 §13.1.2), i.e. `W/` prefixes and our coding suffixes are ignored.
 */
export function ifNoneMatchMatches(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const trimmed = header.trim();
  if (trimmed === '*') return true;
  const target = opaque(etag);
  return (trimmed.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === target);
}

function opaque(tag: string): string {
  return tag.replace(/^W\//, '').replace(/-(?:gzip|br)"$/, '"');
}
