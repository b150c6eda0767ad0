// The typed client (client/): its generated types are those of the current openapi.json, and against a live gateway
// (the e2e city served over a real socket) it calls every endpoint of the registry and follows cursors to the end of
// two lists, getting every record the site publishes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../api/routes.ts';
import { generateSchemaTypes, SCHEMA_FILE } from '../../client/generate.ts';
import { createClient, paginate, takeAway, type ApiClient } from '../../client/src/index.ts';
import { startServer, type GatewayServer } from '../../gateway/server.ts';
import { e2eCity } from '../e2e/city.ts';

let listener: GatewayServer;
let api: ApiClient;
let manifest: { counts: Record<string, number> };

beforeAll(async () => {
  const config = await e2eCity();
  manifest = JSON.parse(readFileSync(path.join(config.siteRoot, 'current', '_manifest.json'), 'utf8'));
  listener = await startServer({
    PORT: '0', HOST: '127.0.0.1', SITE_DIR: config.siteRoot, CURSOR_SECRET: config.cursorSecret, BASE_URL: 'http://127.0.0.1/api/v1',
    RATE_LIMIT_ANON: '1000000',
  }, { quiet: true, signals: false });
  api = createClient({ baseUrl: listener.url });
});
afterAll(async () => { await listener?.close(); });

describe('typed client', () => {
  it('is generated from the current openapi.json (run `npx tsx client/generate.ts` after a contract change)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await generateSchemaTypes());
  });

  it('calls every endpoint of the registry and gets its documented 200', async () => {
    const get = api.GET as (p: string, o?: object) => Promise<{ data?: Record<string, unknown>; error?: unknown; response: Response }>;
    for (const route of routes) {
      let options: object = {};
      if (route.kind === 'detail') {
        // a real id: the first record of the matching list
        const list = routes.find((r) => r.kind === 'list' && r.resource === route.resource)!;
        const page = await get(list.path);
        const first = (page.data!.data as { id: unknown }[])[0]!;
        options = { params: { path: { id: String(first.id) } } };
      } else if (route.kind === 'search') {
        options = { params: { query: { q: 'housing' } } }; // its q is required: a word every sample city uses
      } else if (route.kind === 'list' && route.params.some((p) => p.required)) {
        continue; // answered only with its required parameter; covered by the route's own tests
      } else if (route.kind === 'bulk' && route.variant === 'file') {
        // a file the manifest lists: the dictionary (JSON and text bodies parse; a CSV download is text)
        const manifest = (await get('/bulk')).data as { export_date: string };
        const res = await get(route.path, { params: { path: { date: manifest.export_date, file: 'datapackage.json' } } });
        expect([route.path, res.response.status]).toEqual([route.path, 200]);
        continue;
      } else if (route.kind === 'feed' && route.variant !== 'index') {
        // Atom and OPML are XML, read as text (client/README.md)
        const path = route.variant === 'feed' ? { params: { path: { id: 'registrations' } } } : {};
        const res = await get(route.path, { ...path, parseAs: 'text' }) as unknown as { data?: string; response: Response };
        expect([route.path, res.response.status]).toEqual([route.path, 200]);
        expect(res.data, route.path).toMatch(/^<\?xml /);
        continue;
      } else if (route.kind === 'chart') {
        // a chart (docs/charts.md): a per-key one by the first key the chart index lists; an SVG read as text
        const index = (await get('/insights/charts')).data!.data as { insight: string; key: string | null }[];
        const key = index.find((c) => c.key !== null && `insights${c.insight.slice('/insights'.length)}` === route.resource)?.key;
        const res = await get(route.path, {
          ...(route.variant === null ? {} : { params: { path: { id: key } } }), ...(route.format === 'svg' ? { parseAs: 'text' } : {}),
        });
        expect([route.path, res.response.status, res.response.headers.get('content-type')])
          .toEqual([route.path, 200, route.format === 'svg' ? 'image/svg+xml' : 'application/json; charset=utf-8']);
        if (route.format === 'svg') expect(String(res.data)).toMatch(/^<svg /);
        else expect(typeof (res.data!.usermeta as { licence: unknown }).licence).toBe('string');
        continue;
      }
      const { data, error, response } = await get(route.path, options);
      expect([route.path, response.status, error]).toEqual([route.path, 200, undefined]);
      expect(data, route.path).toBeTruthy();
      if (route.kind !== 'static' || route.file !== 'openapi.json') expect(typeof data!.licence, route.path).toBe('string');
    }
  });

  it('follows next_cursor to the end of two lists, record for record', async () => {
    const links = [];
    for await (const link of paginate(api, '/links', { limit: 37 })) links.push(link);
    expect(links.length).toBe(manifest.counts.links);
    expect(new Set(links.map((l) => l.id)).size).toBe(links.length);
    const comms = [];
    for await (const c of paginate(api, '/communications', { office_holder_type: 'member_of_council' })) comms.push(c);
    expect(comms.length).toBeGreaterThan(0);
    expect(comms.every((c) => c.office_holder_type === 'member_of_council')).toBe(true);
  });

  it('takes a list\'s whole answer away as JSON Lines and CSV, the records paginate walks', async () => {
    const query = { office_holder_type: 'member_of_council' } as const;
    const comms = [];
    for await (const c of paginate(api, '/communications', query)) comms.push(c);
    const lines = (await (await takeAway(api, '/communications', query, 'jsonl')).text()).trim().split('\n');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual(comms);
    const csv = await takeAway(api, '/communications', query, 'csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).startsWith('Licence: ')).toBe(true);
    await expect(takeAway(api, '/communications', { from: '2024-13-01' }, 'csv')).rejects.toThrow(/400.*invalid_parameter/);
  });

  it('returns the error body for a malformed filter', async () => {
    const { error, response } = await api.GET('/agenda-items', { params: { query: { from: '2024-13-01' } } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: 'invalid_parameter' });
  });
});
