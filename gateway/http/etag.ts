// Entity tags and If-None-Match. A file's tag is the static host's own (export/representations.ts: content-derived mtime
// and size, so nginx and the gateway send the same tag for the same bytes). An engine answer is a function of the
// export and the normalised query, so its tag hashes those (not the body); a compressed variant gets a `-gzip` /
// `-br` suffix (as Apache does) so the strong tag of one byte sequence is never reused for another, and the suffix
// is ignored when comparing, so a client that cached the gzip variant still gets 304 when it revalidates.
import { hash } from 'node:crypto';
import type { Encoding } from '../../export/representations.ts';

export type { Encoding } from '../../export/representations.ts';

/** Hex SHA-256 of a body. */
export function hashBody(body: Uint8Array | string): string {
  // one-shot: engine answers hash a short key per request, where a Hash object per call was most of the cost
  return hash('sha256', body, 'hex');
}

/** Strong ETag from a hex digest (128 bits are plenty to tell exports apart), with an optional coding suffix. */
export function toEtag(hexDigest: string, encoding?: Encoding | null): string {
  return `"${hexDigest.slice(0, 32)}${encoding ? `-${encoding}` : ''}"`;
}

/**
 * Whether If-None-Match matches the current ETag: `*` matches any existing representation; otherwise weak
 * comparison (RFC 9110 §13.1.2) of the content part, i.e. `W/` prefixes and the coding part are ignored (an engine
 * answer's `-gzip` / `-br` suffix, a file tag's size, which differs by coding while its content-hash part does not),
 * so a client revalidates whichever coding it cached.
 */
export function ifNoneMatchMatches(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const trimmed = header.trim();
  if (trimmed === '*') return true;
  const target = opaque(etag);
  return (trimmed.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === target);
}

function opaque(tag: string): string {
  return tag.replace(/^W\//, '').replace(/^"([0-9a-f]+)-(?:[0-9a-f]+|gzip|br)"$/, '"$1"');
}
