// The finishing helpers on their own: ETag formulas and If-None-Match matching, Cache-Control timing, Accept-Encoding
// negotiation and compression levels.
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cacheControlFor, secondsUntilRefresh } from '../../../gateway/http/cache-control.ts';
import { compress, contentMtime, fileEtag, hashBody, toEtag } from '../../../export/representations.ts';
import { negotiateEncoding } from '../../../gateway/http/negotiate.ts';
import { ifNoneMatchMatches } from '../../../gateway/http/etag.ts';

describe('etag', () => {
  const tag = toEtag(hashBody('hello'));
  it('is strong and quoted, with coding suffixes', () => {
    expect(tag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(toEtag(hashBody('hello'), 'br')).toBe(tag.replace(/"$/, '-br"'));
  });
  it('matches If-None-Match by weak comparison, lists and *', () => {
    expect(ifNoneMatchMatches(tag, tag)).toBe(true);
    expect(ifNoneMatchMatches(`W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchMatches(`"nope", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchMatches('*', tag)).toBe(true);
    expect(ifNoneMatchMatches(toEtag(hashBody('hello'), 'gzip'), tag)).toBe(true);
    expect(ifNoneMatchMatches('"nope"', tag)).toBe(false);
    expect(ifNoneMatchMatches(null, tag)).toBe(false);
  });
});

describe('cache-control', () => {
  const at = (iso: string) => Date.parse(iso);
  it('counts down to the next refresh hour', () => {
    expect(secondsUntilRefresh(at('2026-01-01T05:00:00Z'), 6)).toBe(3600);
    expect(secondsUntilRefresh(at('2026-01-01T06:00:00Z'), 6)).toBe(86_400);
    expect(secondsUntilRefresh(at('2026-01-01T07:00:00Z'), 6)).toBe(23 * 3600);
  });
  it('caps max-age and gives errors short or no caching', () => {
    const policy = { refreshHourUtc: 6, maxAgeCap: 3600, errorMaxAge: 60 };
    expect(cacheControlFor(200, at('2026-01-01T07:00:00Z'), policy)).toBe('public, max-age=3600');
    expect(cacheControlFor(304, at('2026-01-01T05:59:00Z'), policy)).toBe('public, max-age=60');
    expect(cacheControlFor(404, 0, policy)).toBe('public, max-age=60');
    expect(cacheControlFor(400, 0, policy)).toBe('public, max-age=60');
    for (const s of [401, 429, 500, 503]) expect(cacheControlFor(s, 0, policy)).toBe('no-store');
  });
});

describe('compression', () => {
  it('negotiates br over gzip, honouring q-values', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBe(null);
    expect(negotiateEncoding('identity')).toBe(null);
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding(null)).toBe(null);
  });
  it('round-trips', async () => {
    const body = new TextEncoder().encode(JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ i })) }));
    expect(Buffer.from(gunzipSync(await compress(body, 'gzip', 'dynamic')))).toEqual(Buffer.from(body));
    expect(Buffer.from(brotliDecompressSync(await compress(body, 'br', 'static')))).toEqual(Buffer.from(body));
  });
  it('round-trips brotli at every body size, the window fitted to the body (1 KB up to past the 16 MB maximum)', async () => {
    for (const bytes of [1, 1023, 1024, 1025, 70_000, 3_000_000, 17_000_000]) {
      const body = new Uint8Array(Buffer.alloc(bytes, '{"id":1,"name":"the quick brown fox"},'));
      for (const level of bytes > 16_000_000 ? ['dynamic'] as const : ['static', 'dynamic'] as const) {
        expect(Buffer.from(brotliDecompressSync(await compress(body, 'br', level))).equals(Buffer.from(body)), `${bytes} ${level}`).toBe(true);
      }
    }
  });
});

describe('file tags', () => {
  it('are nginx\'s "<hex mtime>-<hex size>" with the mtime taken from the content hash', () => {
    const sha = 'ff00a1b2' + '0'.repeat(56);
    expect(contentMtime(sha)).toBe(0xff00a1b2);
    expect(fileEtag(sha, 4096)).toBe('"ff00a1b2-1000"');
    expect(fileEtag('0000000f' + '0'.repeat(56), 17)).toBe('"f-11"'); // no leading zeros, as nginx prints them
  });
});
