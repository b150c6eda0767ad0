// List endpoints through the gateway: canonical requests serve the site's page files byte for byte, filtered
// requests match the engine, and following next_cursor yields every record once, in order.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listBody } from '../../api/query/envelope.ts';
import { loadResourceTable } from '../../api/query/engine.ts';
import { parseListQuery } from '../../api/query/params.ts';
import type { ListRoute } from '../../api/routes/types.ts';
import { routes } from '../../api/routes.ts';
import { exportLayout } from '../../export/layout.ts';
import { FIXTURE_SECRET } from './fixtures/site.ts';
import { organizationRows, registrationRows } from './fixtures/rows.ts';
import { makeApp, useFixtureSite } from './helpers.ts';

const fixture = useFixtureSite();
const exportDir = () => path.join(fixture.root, 'current');
const listRoute = (resource: string) => routes.find((r) => r.kind === 'list' && r.resource === resource) as ListRoute;

async function bytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

describe('canonical pages', () => {
  it('serve the exact static file bytes, first page and every page on the walk', async () => {
    const t = makeApp(fixture.holder);
    let res = await t.get('/organizations');
    let expected = await readFile(path.join(exportDir(), exportLayout.listFirstPage('organizations')));
    let pages = 0;
    for (;;) {
      expect(res.status).toBe(200);
      const got = await bytes(res);
      expect(got.equals(expected)).toBe(true);
      pages++;
      const cursor = JSON.parse(got.toString()).next_cursor as string | null;
      if (!cursor) break;
      res = await t.get(`/organizations?cursor=${cursor}`);
      expected = await readFile(path.join(exportDir(), exportLayout.listPage('organizations', cursor)));
    }
    expect(pages).toBe(3);
  });

  it('treats an explicit default limit and a trailing slash as canonical', async () => {
    const t = makeApp(fixture.holder);
    const file = await readFile(path.join(exportDir(), exportLayout.listFirstPage('organizations')));
    expect((await bytes(await t.get('/organizations?limit=100'))).equals(file)).toBe(true);
    expect((await bytes(await t.get('/organizations/'))).equals(file)).toBe(true);
  });

  it('falls back to the engine for a valid cursor that is not on the canonical walk', async () => {
    const t = makeApp(fixture.holder);
    const first = (await (await t.get('/organizations?limit=30')).json()) as { next_cursor: string };
    const res = (await (await t.get(`/organizations?cursor=${first.next_cursor}`)).json()) as { data: { id: number }[] };
    expect(res.data.map((r) => r.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 31));
  });
});

describe('filtered requests', () => {
  const cases: [string, string][] = [
    ['organizations', 'type=corporation&limit=7'],
    ['organizations', 'q=acme'],
    ['organizations', 'limit=3'],
    ['registrations', 'status=closed%20by%20lro&from=2023-03-01&to=2023-10-31'],
    ['registrations', 'ward=3'],
    ['registrations', 'topic=housing&limit=4'],
  ];
  for (const [resource, qs] of cases) {
    it(`${resource}?${qs} matches the engine`, async () => {
      const route = listRoute(resource);
      const site = fixture.holder.current()!;
      const arrow = await readFile(path.join(exportDir(), exportLayout.data(resource)));
      const table = loadResourceTable(route, new Uint8Array(arrow), { exportId: site.exportId, cursorSecret: FIXTURE_SECRET });
      const query = parseListQuery(route, new URLSearchParams(qs), site.ctx);
      const expected = listBody(table.run(query), query.limit);
      const res = await makeApp(fixture.holder).get(`/${resource}?${qs}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(expected);
    });
  }
});

describe('cursor walk', () => {
  async function walk(first: string): Promise<unknown[]> {
    const t = makeApp(fixture.holder);
    const seen: unknown[] = [];
    let url: string | null = first;
    for (let guard = 0; url && guard < 1000; guard++) {
      const body = (await (await t.get(url)).json()) as { data: { id: unknown }[]; next_cursor: string | null; limit: number };
      expect(body.data.length).toBeLessThanOrEqual(body.limit);
      seen.push(...body.data.map((r) => r.id));
      url = body.next_cursor ? `${first}${first.includes('?') ? '&' : '?'}cursor=${body.next_cursor}` : null;
    }
    expect(url).toBeNull();
    return seen;
  }

  it('yields every organisation once in order (limit 7)', async () => {
    expect(await walk('/organizations?limit=7')).toEqual(organizationRows.map((r) => r.id));
  });

  it('yields every filtered record once in order', async () => {
    const expected = organizationRows.filter((r) => r.type === 'corporation').map((r) => r.id);
    expect(await walk('/organizations?type=corporation&limit=4')).toEqual(expected);
    expect(await walk('/registrations?status=active&limit=2')).toEqual(
      registrationRows.filter((r) => r.status === 'active').map((r) => r.id));
  });

  it('walks the canonical pages to the end', async () => {
    expect(await walk('/organizations')).toEqual(organizationRows.map((r) => r.id));
  });
});

describe('detail and static routes', () => {
  it('serve detail files by id and by slug', async () => {
    const t = makeApp(fixture.holder);
    const byId = await bytes(await t.get('/organizations/3'));
    const bySlug = await bytes(await t.get('/organizations/org-3'));
    expect(byId.equals(await readFile(path.join(exportDir(), exportLayout.detail('organizations', '3'))))).toBe(true);
    expect(bySlug.equals(byId)).toBe(true);
    expect(JSON.parse(byId.toString()).data.id).toBe(3);
    expect((await t.get('/registrations/SM1001')).status).toBe(200);
  });

  it('serve /, /openapi.json and /topics from their files', async () => {
    const t = makeApp(fixture.holder);
    for (const [p, file] of [['', 'index.json'], ['/', 'index.json'], ['/openapi.json', 'openapi.json'], ['/topics', 'topics.json']]) {
      const got = await bytes(await t.get(p!));
      expect(got.equals(await readFile(path.join(exportDir(), exportLayout.staticFile(file!))))).toBe(true);
    }
  });
});
