// If-None-Match against an answer's ETag (the tags themselves are export/representations.ts's: a file's is the static
// host's own, an engine answer's hashes the export and the query): a compressed variant's coding suffix and a file
// tag's size are ignored when comparing, so a client that cached one coding still gets 304 when it revalidates.

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
