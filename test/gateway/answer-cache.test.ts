// Engine answers are cached per export by normalised query: a repeated filtered request returns the same bytes
// and ETag without running the engine again, and parameter order does not split the cache.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteHolder } from '../../gateway/utils/site-holder.ts';
import { makeFixtureSite } from './fixtures/site.ts';
import { makeApp, openHolder } from './helpers.ts';

let root: string;
let holder: SiteHolder;

beforeAll(async () => {
  root = await makeFixtureSite();
  holder = await openHolder(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('answer cache', () => {
  it('reuses a filtered answer across requests and parameter orders', async () => {
    const t = makeApp(holder);
    const site = holder.current()!;
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
