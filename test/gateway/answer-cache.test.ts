// Engine answers are cached per export by normalised query: a repeated filtered request returns the same bytes
// and ETag without running the engine again, and parameter order does not split the cache. The cache budgets are
// settings (FILE_CACHE_MB, ANSWER_CACHE_MB); with both off every answer is the same, only made again. Where an
// answer is compressed (on the event loop or in zlib's pool, COMPRESS_INLINE_KB) changes no byte.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/resolve.ts';
import { createExportHolder } from '../../export/serve/export-holder.ts';
import { FIXTURE_SECRET } from './fixtures/site.ts';
import { makeApp, useFixtureSite } from './helpers.ts';

const fixture = useFixtureSite();

describe('answer cache', () => {
  it('reuses a filtered answer across requests and parameter orders', async () => {
    const t = makeApp(fixture.holder);
    const site = fixture.holder.current()!;
    const answers = site.answers!;
    const before = answers.size;
    const a = await t.get('/registrations?status=active&limit=7');
    const b = await t.get('/registrations?limit=7&status=active');
    expect(a.status).toBe(200);
    expect(Buffer.from(await a.arrayBuffer())).toEqual(Buffer.from(await b.arrayBuffer()));
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    expect(answers.size).toBe(before + 1);
    await t.get('/registrations?status=active&limit=8');
    expect(answers.size).toBe(before + 2); // page size is part of the answer
  });
});

describe('cache budgets', () => {
  it('are resolved in MB from the environment, 0 turning a cache off', () => {
    expect(resolveConfig({}, {}).cache).toEqual({ fileBytes: 32 * 2 ** 20, answerBytes: 16 * 2 ** 20 });
    expect(resolveConfig({}, { FILE_CACHE_MB: '8', ANSWER_CACHE_MB: '0' }).cache).toEqual({ fileBytes: 8 * 2 ** 20, answerBytes: 0 });
    expect(() => resolveConfig({}, { FILE_CACHE_MB: '-1' })).toThrow(/FILE_CACHE_MB/);
    expect(() => resolveConfig({}, { ANSWER_CACHE_MB: 'lots' })).toThrow(/ANSWER_CACHE_MB/);
  });

  it('compress answers on the event loop when every core runs a worker, unless COMPRESS_INLINE_KB says otherwise', () => {
    const cores = availableParallelism();
    expect(resolveConfig({}, { WORKERS: String(cores) }).inlineCompressBytes).toBe(64 * 1024);
    expect(resolveConfig({}, {}).inlineCompressBytes).toBe(64 * 1024); // WORKERS defaults to the core count
    if (cores > 1) expect(resolveConfig({}, { WORKERS: '1' }).inlineCompressBytes).toBe(0);
    expect(resolveConfig({}, { WORKERS: '1', COMPRESS_INLINE_KB: '16' }).inlineCompressBytes).toBe(16 * 1024);
    expect(resolveConfig({}, { COMPRESS_INLINE_KB: '0' }).inlineCompressBytes).toBe(0);
    expect(() => resolveConfig({}, { COMPRESS_INLINE_KB: 'some' })).toThrow(/COMPRESS_INLINE_KB/);
  });

  it('compressed inline or in the pool, answers the same bytes and tags', async () => {
    const inline = createExportHolder(fixture.root, { cursorSecret: FIXTURE_SECRET, answerCacheBytes: 0, inlineCompressBytes: 2 ** 20, log: () => {} });
    const pool = createExportHolder(fixture.root, { cursorSecret: FIXTURE_SECRET, answerCacheBytes: 0, inlineCompressBytes: 0, log: () => {} });
    await Promise.all([inline.refresh(), pool.refresh()]);
    const [a, b] = [makeApp(inline), makeApp(pool)];
    for (const path of ['/registrations?status=active', '/organizations?limit=40']) {
      for (const encoding of ['gzip', 'br']) {
        const [x, y] = [await a.get(path, { headers: { 'accept-encoding': encoding } }), await b.get(path, { headers: { 'accept-encoding': encoding } })];
        expect(x.headers.get('content-encoding'), path).toBe(encoding);
        expect(x.headers.get('etag')).toBe(y.headers.get('etag'));
        expect(Buffer.from(await x.arrayBuffer())).toEqual(Buffer.from(await y.arrayBuffer()));
      }
    }
  });

  it('with both caches off, answers the same bytes and tags', async () => {
    const off = createExportHolder(fixture.root, { cursorSecret: FIXTURE_SECRET, cacheBytes: 0, answerCacheBytes: 0, log: () => {} });
    await off.refresh();
    expect(off.current()!.answers).toBeNull();
    const cached = makeApp(fixture.holder);
    const uncached = makeApp(off);
    for (const path of ['/registrations', '/registrations?status=active&limit=7', '/organizations?limit=3']) {
      for (const encoding of [null, 'gzip']) {
        const init: RequestInit = { headers: encoding ? { 'accept-encoding': encoding } : {} };
        const [a, b, c] = [await cached.get(path, init), await uncached.get(path, init), await uncached.get(path, init)];
        expect(b.status, path).toBe(200);
        expect(b.headers.get('content-encoding')).toBe(a.headers.get('content-encoding'));
        expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
        expect(c.headers.get('etag')).toBe(a.headers.get('etag'));
        const body = Buffer.from(await a.arrayBuffer());
        expect(Buffer.from(await b.arrayBuffer())).toEqual(body);
        expect(Buffer.from(await c.arrayBuffer())).toEqual(body);
      }
    }
  });
});
