// Performance check (not part of `vitest run`): `npx tsx test/build/perf-site.ts [scale]`.
// Builds and publishes a synthetic export at production size (115k communications, 12k registrations, 30k agenda
// items, 20k organisations, 20k people, with detail documents and slugs) and times filtered engine queries.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadResourceTable } from '../../api/query/engine.ts';
import { parseListQuery } from '../../api/query/params.ts';
import { publishSite } from '../../build/publish.ts';
import { routesOfKind } from '../../api/routes.ts';
import { fileEffects } from '../../build/site/effects.ts';
import { toExportId, type SiteInput } from '../../build/site/input.ts';
import { writeSite } from '../../build/site/write-site.ts';
import { paramValue, randomRows, rng } from './helpers/random-rows.ts';

const scale = Number(process.argv[2] ?? 1);
const SIZES: Record<string, number> = { communications: 115_000, registrations: 12_000, 'agenda-items': 30_000, organizations: 20_000, people: 20_000 };
const r = rng(7);
const lists: Record<string, Record<string, unknown>[]> = {};
for (const route of routesOfKind('list')) lists[route.resource] = randomRows(route, Math.round(SIZES[route.resource]! * scale), r);
const details: Record<string, SiteInput['details'][string]> = {};
for (const route of routesOfKind('detail')) {
  details[route.resource] = lists[route.resource]!.map((row) => ({
    id: String(row.id),
    slug: route.slugs ? `${String(row.id)}-some-slug` : null,
    doc: JSON.stringify({ ...row, _sort: undefined, notes: 'x'.repeat(400 + Math.floor(r() * 800)), related: [{ a: 1 }, { b: 2 }] }),
  }));
}
const input: SiteInput = { exportDate: '2026-11-20', runId: 'perf', baseUrl: 'https://api.example.org/api/v1', cursorSecret: 's', lists, details, topics: [] };

const root = await mkdtemp(path.join(os.tmpdir(), 'perf-site-'));
const t0 = performance.now();
const res = await publishSite({
  siteRoot: root, exportIdFor: (g) => toExportId(input.exportDate, input.runId, g),
  build: (dir, exportId) => writeSite({ ...input, exportId }, dir, fileEffects()), log: console.log,
});
const seconds = (performance.now() - t0) / 1000;
console.log(`writeSite + verify + publish: ${Object.keys(res.manifest.files).length + 1} files in ${seconds.toFixed(1)} s`);

const ctx = { exportId: res.manifest.export_id, cursorSecret: 's' };
for (const route of routesOfKind('list')) {
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path.join(res.dir, '_data', `${route.resource}.arrow`));
  const l0 = performance.now();
  const table = loadResourceTable(route, bytes, ctx);
  const loadMs = performance.now() - l0;
  const times: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const search = new URLSearchParams();
    for (const p of route.params) if (p.filter && r() < 0.3) search.set(p.name, paramValue(r, p));
    if (r() < 0.3) search.set('limit', '500');
    const q0 = performance.now();
    table.run(parseListQuery(route, search, ctx));
    times.push(performance.now() - q0);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.floor(times.length * p)]!.toFixed(3);
  console.log(`${route.resource}: ${table.size} rows, load ${loadMs.toFixed(0)} ms, query p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${times[times.length - 1]!.toFixed(3)} ms`);
}
await rm(root, { recursive: true, force: true });
