// Detail routes name records exactly: every published id, slug and alias of the e2e city answers 200
// with its record, ids that cannot be file names ("21 208078 STE 10 OZ", "A0123/24TEY") answer by their exact id,
// and a mutation of a published name (sign, NUL, quote, space, padding, case) answers 404 with the error body,
// never the record it resembles.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, routesOfKind } from '../../api/routes.ts';
import type { DetailRoute, ListRoute } from '../../api/routes/types.ts';
import { exportLayout, type ExportManifest } from '../../export/layout.ts';
import { e2eConfig, openE2eApp, type E2eApp } from './harness.ts';

let gw: E2eApp;
let dir: string;
let manifest: ExportManifest;

beforeAll(async () => {
  gw = await openE2eApp();
  dir = path.join((await e2eConfig()).siteRoot, 'current');
  manifest = JSON.parse(readFileSync(path.join(dir, exportLayout.manifest), 'utf8')) as ExportManifest;
});

/** Published names of a detail route: file keys (ids, slugs, aliases) and the ids kept under another key. */
function namesOf(route: DetailRoute): { keys: string[]; moved: Record<string, string> } {
  const prefix = `api/v1/${route.resource}/`;
  const keys = Object.keys(manifest.files)
    // documents only: not the list's first page, nor the compressed twins beside every file (x.json.gz, x.json.br)
    .filter((rel) => rel.startsWith(prefix) && rel.endsWith('.json') && !rel.slice(prefix.length).includes('/') && rel !== exportLayout.listFirstPage(route.resource))
    .map((rel) => rel.slice(prefix.length, -'.json'.length));
  const moved = JSON.parse(readFileSync(path.join(dir, exportLayout.detailIds(route.resource)), 'utf8')) as Record<string, string>;
  return { keys, moved };
}

interface ListPage { data: { id: string | number; slug?: string | null }[]; next_cursor: string | null }

function listOf(route: DetailRoute): ListRoute {
  return routes.find((r): r is ListRoute => r.kind === 'list' && r.path === route.path.replace('/{id}', ''))!;
}

async function expectNotFound(url: string) {
  const res = await gw.get(url);
  expect(res.status, url).toBe(404);
  expect(res.headers.get('content-type'), url).toBe('application/json; charset=utf-8');
  const body = (await res.json()) as Record<string, unknown>;
  expect(body.error, url).toBe('not_found');
  expect(body.message, url).toEqual(expect.any(String));
}

describe('every published name answers its record', () => {
  it.each(routesOfKind('detail'))('$path: ids, slugs and aliases', async (route) => {
    const { keys, moved } = namesOf(route);
    for (const key of keys) {
      const res = await gw.get(`${listOf(route).path}/${key}`);
      expect(res.status, key).toBe(200);
      // Buffer.equals, not toEqual: a deep comparison of every byte would cost more than the requests
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(path.join(dir, exportLayout.detail(route.resource, key)))), key).toBe(true);
    }
    for (const [id, key] of Object.entries(moved)) {
      const res = await gw.get(`${listOf(route).path}/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(200);
      const body = (await res.json()) as { data: { id: unknown } };
      expect(body.data.id, id).toBe(id);
      expect(keys).toContain(key);
    }
  });

  it.each(routesOfKind('detail').filter((r) => routes.some((l) => l.kind === 'list' && l.path === r.path.replace('/{id}', ''))))(
    '$path: every listed record by id and slug', async (route) => {
      let cursor: string | null = null;
      let rows = 0;
      for (let page = 0; page < 100; page++) {
        const url: string = `${listOf(route).path}?limit=500${cursor ? `&cursor=${cursor}` : ''}`;
        const { status, body }: { status: number; body: ListPage } = await gw.json<ListPage>(url);
        expect(status, url).toBe(200);
        for (const record of body.data) {
          const doc = await gw.json<{ data: { id: unknown } }>(`${listOf(route).path}/${encodeURIComponent(String(record.id))}`);
          expect(doc.status, String(record.id)).toBe(200);
          expect(doc.body.data.id).toEqual(record.id);
          if (route.slugs && record.slug) expect((await gw.get(`${listOf(route).path}/${record.slug}`)).status, record.slug).toBe(200);
        }
        rows += body.data.length;
        cursor = body.next_cursor;
        if (!cursor) break;
      }
      expect(cursor).toBeNull();
      if (route.resource !== 'groups') expect(rows).toBeGreaterThan(0);
    });

  it('the city has ids that are not file names, and they are found by their exact id', () => {
    const moved = namesOf(routesOfKind('detail').find((r) => r.resource === 'applications')!).moved;
    expect(Object.keys(moved).some((id) => / /.test(id))).toBe(true);
    expect(Object.keys(moved).some((id) => /\//.test(id))).toBe(true);
  });
});

describe('a name that is not published is 404, never a look-alike', () => {
  // Mutations of a published id: each must name no record (the ones the issue found answered record 1).
  const mutate = (id: string) => [
    `-${id}`, `${id}%00`, `${id}%27`, `${id}%22`, `${id}%20`, `%20${id}`, `${id}%09`, `${id}%0A`, `0${id}`, `+${id}`,
    `${id}.0`, `${id}%2F`, `${id}-`, `${id}%E2%80%8B`, `%C2%A0${id}`, `${id}.json`, `${id};`, `${id}%3B`, `${id}%2C1`,
  ];

  it.each(routesOfKind('detail'))('$path', async (route) => {
    const { keys, moved } = namesOf(route);
    const published = new Set([...keys, ...Object.keys(moved)]);
    const base = listOf(route).path;
    const samples = [...keys.slice(0, 3), ...Object.keys(moved).slice(0, 3)];
    if (route.resource === 'groups' && samples.length === 0) return; // the e2e city publishes no group documents
    expect(samples.length).toBeGreaterThan(0);
    let tried = 0;
    for (const id of samples) {
      const variants = [
        ...mutate(encodeURIComponent(id)),
        encodeURIComponent(id.toUpperCase()), encodeURIComponent(id.toLowerCase()), encodeURIComponent(id.replace(/-/g, '_')),
        encodeURIComponent(id.replace(/ /g, '  ')), encodeURIComponent(id.replace(/ /g, '-').toLowerCase()),
      ];
      for (const v of variants) {
        const decoded = decodeURIComponent(v);
        if (published.has(decoded)) continue; // a variant that happens to be another published name is fine
        tried++;
        await expectNotFound(`${base}/${v}`);
      }
    }
    expect(tried).toBeGreaterThan(samples.length * 15);
  });

  it('answers 404 for negative, NUL-, quote- and space-bearing ids on people, organizations, sites, applications and registrations', async () => {
    for (const base of ['/people', '/organizations', '/sites', '/applications', '/registrations']) {
      for (const v of ['-1', '1%00', '1%27', '1%22', '1%20', '%201']) await expectNotFound(`${base}/${v}`);
    }
  });
});
