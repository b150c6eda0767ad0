// writeSite on a small hand-made input: the expected files, canonical pages equal to the engine's answers,
// detail documents by id and safe slug, static documents and a manifest whose hashes match the bytes.
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { hasTwins } from '../../export/representations.ts';
import { fileIndexFromBytes } from '../../export/file-index-file.ts';
import { describe, expect, it } from 'vitest';
import { tableFromIPC } from 'apache-arrow';
import { labelledFields, withLabels } from '../../api/labels.ts';
import { loadResourceTable } from '../../api/query/engine.ts';
import { listBody } from '../../api/query/envelope.ts';
import { parseListQuery } from '../../api/query/params.ts';
import { routes, routesOfKind } from '../../api/routes.ts';
import { memoryEffects } from '../../build/site/effects.ts';
import { toExportId } from '../../build/site/input.ts';
import { exportLayout, type ExportManifest } from '../../export/layout.ts';
import { SEARCH_SOURCES } from '../../api/search/documents.ts';
import { SiteSink } from '../../build/site/sink.ts';
import { writeSite } from '../../build/site/write-site.ts';
import { smallSiteInput } from './helpers/small-site.ts';
import { randomRows, rng } from './helpers/random-rows.ts';
import { defineInsight, intParam } from '../../api/routes/define.ts';
import { mayorShareIts } from '../../api/routes/insights-trends.ts';

const text = (b: Uint8Array | undefined) => Buffer.from(b!).toString('utf8');
/** A list route with canonical pages: one that needs no parameter (write-site.ts). */
const canonical = (route: { params: readonly { required?: boolean }[] }) => !route.params.some((p) => p.required);

async function build() {
  const fx = memoryEffects();
  const input = smallSiteInput();
  const manifest = await writeSite(input, '/out', fx);
  const file = (rel: string) => fx.files.get(`/out/${rel}`);
  return { fx, input, manifest, file };
}

describe('writeSite', () => {
  it('writes the expected files and a manifest with matching hashes', async () => {
    const { fx, manifest, file } = await build();
    const expected = new Set<string>([exportLayout.manifest, exportLayout.labels]);
    for (const route of routesOfKind('list')) {
      expected.add(exportLayout.data(route.resource));
      // the records with names beside ids, row for row with the data file (labels=1)
      if (labelledFields(route.fields).length > 0) {
        expected.add(exportLayout.labelledData(route.resource));
        const plain = tableFromIPC(file(exportLayout.data(route.resource))!).getChild('_json')!.toArray() as string[];
        const labelled = tableFromIPC(file(exportLayout.labelledData(route.resource))!).getChild('_json')!.toArray() as string[];
        expect(labelled).toEqual(plain.map((json) => JSON.stringify(withLabels(JSON.parse(json), () => undefined))));
      }
      expect(manifest.counts[route.resource]).toBe(250);
      // a route with a required parameter has no unfiltered answer: no canonical pages, the engine answers it
      if (!canonical(route)) { expect(manifest.counts[`${route.resource}.pages`]).toBe(0); continue; }
      expected.add(exportLayout.listFirstPage(route.resource));
      expect(manifest.counts[`${route.resource}.pages`]).toBe(3);
    }
    for (const route of routesOfKind('detail')) {
      for (const id of ['1', '2', '3', '4', '5', '7']) expected.add(exportLayout.detail(route.resource, id));
      if (route.slugs) expected.add(exportLayout.detail(route.resource, 'first-one'));
      expected.add(exportLayout.detailIds(route.resource));
      expect(manifest.counts[`${route.resource}.details_skipped`]).toBe(1);
    }
    for (const route of routesOfKind('static')) expected.add(exportLayout.staticFile(route.file));
    // each chart the chart index lists, as SVG and spec (docs/charts.md)
    const charts = (JSON.parse(text(file(exportLayout.staticFile('insights/charts.json'))!)) as { data: { svg: string; vega_lite: string }[] }).data;
    expect(charts.length).toBeGreaterThan(6);
    expect(manifest.counts.charts).toBe(charts.length);
    for (const c of charts) for (const url of [c.svg, c.vega_lite]) expected.add(`api/v1${url.slice(url.indexOf('/insights/'))}`);
    // each searchable list's search file (docs/search.md)
    for (const source of SEARCH_SOURCES) expected.add(exportLayout.searchIndex(source.resource));
    expected.add(exportLayout.fileIndex);
    const all = [...fx.files.keys()].map((k) => k.slice('/out/'.length));
    // the API's bodies of 1 KB or more have a gzip and a brotli twin holding the same bytes compressed
    const twins = all.filter((p) => p.endsWith('.gz') || p.endsWith('.br'));
    const written = all.filter((p) => !twins.includes(p));
    expect(twins.length).toBeGreaterThan(0);
    for (const rel of written) {
      const bytes = file(rel)!;
      const want = hasTwins(rel, bytes.byteLength);
      expect(all.includes(`${rel}.gz`) && all.includes(`${rel}.br`), rel).toBe(want);
      if (want) {
        expect(Buffer.from(gunzipSync(file(`${rel}.gz`)!)).equals(Buffer.from(bytes))).toBe(true);
        expect(Buffer.from(brotliDecompressSync(file(`${rel}.br`)!)).equals(Buffer.from(bytes))).toBe(true);
      }
    }
    const pages = written.filter((p) => p.includes('/_pages/'));
    expect(pages).toHaveLength(routesOfKind('list').filter(canonical).length * 2);
    expect(new Set(written.filter((p) => !p.includes('/_pages/')))).toEqual(expected);

    const onDisk = JSON.parse(text(file(exportLayout.manifest))) as ExportManifest;
    expect(onDisk).toEqual(manifest);
    expect(manifest.export_id).toBe(toExportId('2026-11-20', 'run-1'));
    expect(manifest.built_at).toBe('2026-01-02T03:04:05.000Z');
    expect(Object.keys(manifest.files).sort()).toEqual(all.filter((p) => p !== exportLayout.manifest && p !== exportLayout.fileIndex).sort());
    for (const [rel, entry] of Object.entries(manifest.files)) {
      const bytes = file(rel)!;
      expect(entry).toEqual({ sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.byteLength });
    }
    // the file index, named in the head before the list (which comes last), lists the same files
    const indexBytes = file(exportLayout.fileIndex)!;
    expect(manifest.file_index).toEqual({ sha256: createHash('sha256').update(indexBytes).digest('hex'), bytes: indexBytes.byteLength });
    expect(Object.keys(onDisk).at(-1)).toBe('files');
    const index = fileIndexFromBytes(new Uint8Array(indexBytes))!;
    expect(index.size).toBe(Object.keys(manifest.files).length);
    for (const [rel, entry] of Object.entries(manifest.files)) expect(index.get(rel)).toEqual(entry);
    expect(index.has(exportLayout.manifest)).toBe(false);
  });

  it('renders canonical pages byte-identical to the engine, following next_cursor to the end', async () => {
    const { input, manifest, file } = await build();
    const ctx = { exportId: manifest.export_id, cursorSecret: input.cursorSecret };
    for (const route of routesOfKind('list').filter(canonical)) {
      const table = loadResourceTable(route, file(exportLayout.data(route.resource))!, ctx);
      let cursor: string | null = null;
      let rows = 0;
      for (let guard = 0; guard < 10; guard++) {
        const query = parseListQuery(route, new URLSearchParams(cursor ? { cursor } : {}), ctx);
        const page = table.run(query);
        const rel = cursor ? exportLayout.listPage(route.resource, cursor) : exportLayout.listFirstPage(route.resource);
        expect(text(file(rel)), rel).toBe(listBody(page, 100));
        const body = JSON.parse(text(file(rel))) as { data: Record<string, unknown>[]; next_cursor: string | null; limit: number };
        expect(body.limit).toBe(100);
        for (const rec of body.data) expect(Object.keys(rec)).toEqual(route.fields);
        rows += body.data.length;
        cursor = body.next_cursor;
        if (!cursor) break;
      }
      expect(rows).toBe(250);
    }
  });

  it('publishes details by id and safe, unambiguous slugs, keeping string documents byte for byte', async () => {
    const { fx, file } = await build();
    const orgs = routesOfKind('detail').find((r) => r.resource === 'organizations')!;
    expect(JSON.parse(text(file(exportLayout.detail('organizations', 'first-one'))))).toMatchObject({ data: { id: 1, name: 'First' } });
    expect(JSON.parse(text(file(exportLayout.detail('organizations', '1')))).data).toEqual({ id: 1, name: 'First' });
    expect(text(file(exportLayout.detail('organizations', '7')))).toContain('"big":12345678901234567890');
    expect(file(exportLayout.detail('organizations', 'shared'))).toBeUndefined();
    expect(orgs.slugs).toBe(true);
    expect(fx.logs.some((l) => l.includes('"shared" is shared by ids 3, 4'))).toBe(true);
    expect(fx.logs.some((l) => l.includes('"bad/id" is not a safe file name'))).toBe(true);
    const reg = JSON.parse(text(file(exportLayout.detail('registrations', '1')))) as Record<string, unknown>;
    expect(Object.keys(reg)).toEqual(['data', 'licence', 'attribution']);
  });

  it('writes index, topics and openapi documents from the registry', async () => {
    const { file, manifest } = await build();
    const index = JSON.parse(text(file('api/v1/index.json'))) as { endpoints: { path: string; parameters: { name: string }[] }[]; export: unknown; version: string };
    expect(index.version).toBe('v1');
    expect(index.export).toEqual({ id: manifest.export_id, date: '2026-11-20' });
    expect(index.endpoints.map((e) => e.path)).toEqual(routes.map((r) => r.path));
    expect(index.endpoints.find((e) => e.path === '/people')!.parameters.map((p) => p.name)).toEqual(['q', 'role', 'ward', 'term', 'limit', 'cursor']);
    const topics = JSON.parse(text(file('api/v1/topics.json'))) as { data: unknown[]; licence: string };
    expect(topics.data).toEqual([{ id: 'housing', label: 'Housing', description: 'Housing and shelter', group: 'City building' }]);
    expect(topics.licence).toMatch(/Open Government Licence/);
    const openapi = JSON.parse(text(file('api/v1/openapi.json'))) as { servers: unknown };
    expect(openapi.servers).toEqual([{ url: 'https://lobbying.example.org/api/v1' }]);
  });

  it('refuses records that break the contract schema, and rows without a contract field', async () => {
    const input = smallSiteInput(5);
    const rows = input.lists.people!.map((r) => ({ ...r }));
    rows[2]!.id = '17';
    await expect(writeSite({ ...input, lists: { ...input.lists, people: rows } }, '/out', memoryEffects())).rejects.toThrow(/api_people: records break schema Person/);
    const missing = input.lists.organizations!.map(({ slug: _slug, ...rest }) => rest);
    await expect(writeSite({ ...input, lists: { ...input.lists, organizations: missing } }, '/out', memoryEffects())).rejects.toThrow(/slug/);
  });

  it('refuses to write one path twice', async () => {
    const sink = new SiteSink('/out', memoryEffects());
    await sink.write('a/b.json', '{}');
    await expect(sink.write('a/b.json', '{}')).rejects.toThrow(/written twice/);
    await expect(sink.write('../x.json', '{}')).rejects.toThrow(/unsafe path/);
  });

  it('is deterministic apart from the build time', async () => {
    const a = await build();
    const b = await build();
    expect(b.manifest.files).toEqual(a.manifest.files);
  });
});

describe('writeSite: insight routes', () => {
  const requiredRoute = defineInsight('Insights', {
    name: 'rates-by-office',
    primaryKey: ['subject_type', 'subject_id', 'office', 'category'],
    summary: 'test',
    schema: 'MeetingRatesRow',
    order: 'subject',
    params: [intParam('office', 'office', { kind: 'eq', column: 'office', cast: 'integer' })].map((p) => ({ ...p, required: true })),
  });
  const itsDoc = JSON.stringify({
    intervention_date: '2022-11-23', intervention_quarter: '2023Q1', n_pre: 9, n_post: 15, durbin_watson: 1.9, measurement: null,
    coefficients: ['intercept', 'trend', 'level_change', 'slope_change'].map((term) => ({ term, estimate: 0.1, std_error: 0.01, ci_low: 0.08, ci_high: 0.12, p_value: 0.001 })),
    model_version: '2026-11-20',
  });

  it('writes no canonical page for a route with a required parameter, but its data, and the engine answers it', async () => {
    const fx = memoryEffects();
    const rows = randomRows(requiredRoute, 30, rng(7));
    const input = { ...smallSiteInput(1), lists: { [requiredRoute.resource]: rows }, details: {}, documents: { 'insights/mayor-share/its.json': itsDoc } };
    const manifest = await writeSite(input, '/out', fx, [requiredRoute, mayorShareIts]);
    expect(Object.keys(manifest.files).filter((f) => f.startsWith('api/v1/insights/rates-by-office'))).toEqual([]);
    expect(manifest.files['_data/insights/rates-by-office.arrow']).toBeTruthy();
    expect(manifest.counts['insights/rates-by-office.pages']).toBe(0);
    const ctx = { exportId: manifest.export_id, cursorSecret: input.cursorSecret };
    const table = loadResourceTable(requiredRoute, fx.files.get('/out/_data/insights/rates-by-office.arrow')!, ctx);
    const office = rows[0]!.office as number;
    const page = table.run(parseListQuery(requiredRoute, new URLSearchParams(`office=${office}`), ctx));
    expect(page.records.length).toBe(rows.filter((r) => r.office === office).length);
  });

  it('publishes a pipeline-computed document with licence and attribution, and refuses one that breaks its schema', async () => {
    const fx = memoryEffects();
    const input = { ...smallSiteInput(1), lists: {}, details: {}, documents: { 'insights/mayor-share/its.json': itsDoc } };
    await writeSite(input, '/out', fx, [mayorShareIts]);
    const body = JSON.parse(text(fx.files.get('/out/api/v1/insights/mayor-share/its.json')));
    expect(body).toMatchObject({ n_pre: 9, licence: expect.any(String), attribution: expect.any(String) });
    const broken = { ...input, documents: { 'insights/mayor-share/its.json': JSON.stringify({ n_pre: -1 }) } };
    await expect(writeSite(broken, '/out2', memoryEffects(), [mayorShareIts])).rejects.toThrow(/MayorShareIts/);
  });
});
