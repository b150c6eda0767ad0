// One error shape on every failure path: status, stable code, the four documented fields, no internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import type { ExportHolder } from '../../export/serve/export-holder.ts';
import { fixedExportHolder } from '../../export/serve/export-holder.ts';
import { makeFixtureSite } from './fixtures/site.ts';
import { errorOf, makeApp, openHolder } from './helpers.ts';

const ERROR_KEYS = ['error', 'message', 'licence', 'attribution'];
let root: string;
let otherRoot: string;
let holder: ExportHolder;
let otherHolder: ExportHolder;

beforeAll(async () => {
  root = await makeFixtureSite('2026-11-20');
  otherRoot = await makeFixtureSite('2026-11-21');
  holder = await openHolder(root);
  otherHolder = await openHolder(otherRoot);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(otherRoot, { recursive: true, force: true });
});

async function nextCursor(t: ReturnType<typeof makeApp>, path: string): Promise<string> {
  const body = (await (await t.get(path)).json()) as { next_cursor: string };
  expect(body.next_cursor).toBeTypeOf('string');
  return body.next_cursor;
}

describe('error shape', () => {
  const cases: [string, string, number, string][] = [
    ['unknown route', '/nope', 404, 'route_not_found'],
    ['path outside the base', '/../../other', 404, 'route_not_found'],
    ['double slash', '/organizations//', 404, 'route_not_found'],
    ['bad enum', '/organizations?type=bank', 400, 'invalid_parameter'],
    ['bad date', '/registrations?from=2023-1-1', 400, 'invalid_parameter'],
    ['impossible date', '/registrations?from=2023-02-30', 400, 'invalid_parameter'],
    ['bad integer', '/registrations?ward=abc', 400, 'invalid_parameter'],
    ['negative integer', '/registrations?ward=-1', 400, 'invalid_parameter'],
    ['limit 0', '/organizations?limit=0', 400, 'invalid_parameter'],
    ['limit 501', '/organizations?limit=501', 400, 'invalid_parameter'],
    ['repeated parameter', '/organizations?type=other&type=other', 400, 'invalid_parameter'],
    ['unknown parameter', '/organizations?colour=red', 400, 'unknown_parameter'],
    ['garbage cursor', '/organizations?cursor=not-a-cursor', 400, 'invalid_cursor'],
    ['empty cursor', '/organizations?cursor=', 400, 'invalid_cursor'],
    ['unknown id', '/organizations/99999', 404, 'not_found'],
    ['unknown slug', '/organizations/no-such-org', 404, 'not_found'],
    ['unsafe id', '/organizations/..%2F_manifest', 404, 'not_found'],
    ['reserved id', '/organizations/index', 404, 'not_found'],
    ['slug on a route without slugs', '/registrations/org-1', 404, 'not_found'],
    ['malformed percent-encoding', '/organizations/%ZZ', 400, 'invalid_parameter'],
  ];
  for (const [name, path, status, code] of cases) {
    it(`${name}: ${status} ${code}`, async () => {
      const t = makeApp(holder);
      const res = await t.get(path);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const e = await errorOf(res);
      expect(e).toMatchObject({ status, error: code });
      expect(e.keys).toEqual(ERROR_KEYS);
      expect(e.message).not.toMatch(/at .*\.ts|Error:|node_modules/);
      expect(res.headers.get('ratelimit')).toMatch(/^"anonymous";r=\d+;t=\d+$/);
    });
  }

  it('tampered cursor: 400 invalid_cursor', async () => {
    const t = makeApp(holder);
    const c = await nextCursor(t, '/organizations?limit=5');
    const flipped = c.slice(0, 3) + (c[3] === 'A' ? 'B' : 'A') + c.slice(4);
    expect(await errorOf(await t.get(`/organizations?limit=5&cursor=${flipped}`))).toMatchObject({ status: 400, error: 'invalid_cursor' });
  });

  it('cursor from another query: 400 invalid_cursor', async () => {
    const t = makeApp(holder);
    const c = await nextCursor(t, '/organizations?type=other&limit=2');
    expect(await errorOf(await t.get(`/organizations?type=government&limit=2&cursor=${c}`))).toMatchObject({ status: 400, error: 'invalid_cursor' });
    expect(await errorOf(await t.get(`/registrations?cursor=${c}`))).toMatchObject({ status: 400, error: 'invalid_cursor' });
  });

  it('cursor from another export: 400 cursor_expired', async () => {
    const c = await nextCursor(makeApp(otherHolder), '/organizations?limit=5');
    expect(await errorOf(await makeApp(holder).get(`/organizations?limit=5&cursor=${c}`))).toMatchObject({ status: 400, error: 'cursor_expired' });
  });

  it('wrong method: 405 method_not_allowed with Allow', async () => {
    const t = makeApp(holder);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await t.get('/organizations', { method });
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(await errorOf(res)).toMatchObject({ status: 405, error: 'method_not_allowed', keys: ERROR_KEYS });
    }
  });

  it('request target over the URL limit: 414 uri_too_long, counted like any request', async () => {
    const t = makeApp(holder, { http: { maxUrlBytes: 2048, maxHeaderBytes: 16384 } });
    // '/api/v1/organizations?type=' is 27 bytes: a value of 2021 fills the target to the limit exactly
    expect((await t.get(`/organizations?type=${'x'.repeat(2048 - 27)}`)).status).toBe(400);
    for (const path of [`/organizations?type=${'x'.repeat(2048 - 26)}`, `/organizations/${'1'.repeat(3000)}`, `/${'n'.repeat(5000)}`]) {
      const res = await t.get(path);
      expect(await errorOf(res)).toMatchObject({ status: 414, error: 'uri_too_long', keys: ERROR_KEYS });
      expect(res.headers.get('ratelimit')).toMatch(/^"anonymous";r=\d+;t=\d+$/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('no site published: 503 service_unavailable', async () => {
    const t = makeApp(fixedExportHolder(null));
    for (const path of ['/', '/organizations', '/organizations/1', '/topics']) {
      const res = await t.get(path);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await errorOf(res)).toMatchObject({ status: 503, error: 'service_unavailable', keys: ERROR_KEYS });
    }
  });

  it('unexpected exception: 500 internal_error without internals, logged once', async () => {
    const fail = () => { throw new Error('secret internal detail at /srv/x.ts:1'); };
    const broken = { ...holder, current: fail, forCursor: async () => fail() };
    const t = makeApp(broken);
    const res = await t.get('/organizations');
    const e = await errorOf(res);
    expect(e).toMatchObject({ status: 500, error: 'internal_error', keys: ERROR_KEYS });
    expect(JSON.stringify(e)).not.toContain('secret');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(t.logged).toHaveLength(1);
  });
});
