// The Atom feeds of the e2e city's export (docs/feeds.md), read back with a maintained feed parser: every feed is
// well-formed Atom with the elements RFC 4287 requires, the licence and attribution in <rights>, at most 100 entries
// newest first with tag: ids; the index and the OPML list exactly the feeds the export holds; each feed's entries are
// the newest records of the API answer it follows (walked through the gateway with the same filter, dated
// independently from the published lists); the gateway answers the files' bytes as Atom with ETag/304 and the
// writer's twins; and the feed stage run again over the same warehouse writes the same bytes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseOpml } from 'feedsmith';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTION, LICENCE } from '../../api/licence.ts';
import { exportLayout, type ExportManifest } from '../../export/layout.ts';
import { readFeedRows } from '../../build/feeds/read-rows.ts';
import { feedsExport } from '../../build/feeds/write-feeds.ts';
import { SiteSink } from '../../build/site/sink.ts';
import { fileEffects } from '../../build/site/effects.ts';
import { BASE, e2eConfig, openE2eApp, openE2eWarehouse, type E2eApp } from './harness.ts';
import { walkAll } from './walk.ts';
import { parseFeed, type ParsedFeed } from '../helpers/feeds.ts';

interface Registration { id: string; client_organization_id: number | null; firm_organization_id: number | null; initial_approval_date: string | null; start_date: string | null; topic: string | null }
interface Communication { id: string; registration_id: string; first_seen_date: string; date: string | null; member_person_id: number | null }
interface IndexFeed { id: string; url: string; title: string; kind: string; subject: string | number | null; entries: number; updated: string }

let gw: E2eApp;
let dir: string;
let manifest: ExportManifest;
let index: { opml: string; feeds: IndexFeed[]; licence: string; attribution: string };
const feeds = new Map<string, ParsedFeed>();
let registrations: Registration[];
let communications: Communication[];
let shown: Map<string, string>;
let exportDate: string;
const tmp: string[] = [];

beforeAll(async () => {
  const config = await e2eConfig();
  dir = path.join(config.siteRoot, 'current');
  manifest = JSON.parse(readFileSync(path.join(dir, exportLayout.manifest), 'utf8')) as ExportManifest;
  exportDate = manifest.export_date;
  gw = await openE2eApp();
  index = (await gw.json<typeof index>('/feeds')).body;
  for (const f of index.feeds) feeds.set(f.id, parseFeed(readFileSync(path.join(dir, exportLayout.feed(f.id)), 'utf8'), f.id));
  registrations = await walkAll<Registration>(gw, '/registrations');
  communications = await walkAll<Communication>(gw, '/communications');
  // the date the registry first showed a registration, from the published lists (docs/feeds.md): its communications'
  // first sighting, or its approval when earlier or it has none, never before the history's first snapshot
  const history = communications.reduce((min, c) => (c.first_seen_date < min ? c.first_seen_date : min), '9999-99-99');
  const firstListed = new Map<string, string>();
  for (const c of communications) {
    const known = firstListed.get(c.registration_id);
    if (known === undefined || c.first_seen_date < known) firstListed.set(c.registration_id, c.first_seen_date);
  }
  shown = new Map();
  for (const r of registrations) {
    const approved = r.initial_approval_date ?? r.start_date;
    const fromApproval = approved === null ? null : approved > history ? approved : history;
    const listed = firstListed.get(r.id) ?? null;
    const date = [listed, fromApproval].filter((d): d is string => d !== null).sort()[0];
    if (date) shown.set(r.id, date);
  }
}, 600_000);

afterAll(() => {
  for (const d of tmp) rmSync(d, { recursive: true, force: true });
});

const day = (updated: string) => updated.slice(0, 10);

/** The feed holds the newest records of `candidates` (id → date): all of them when they are at most 100, else 100 of
 *  them, newest first, with every candidate newer than the feed's oldest entry in it (ties at that date may go
 *  either way); each entry dated as its record. */
function expectNewest(name: string, candidates: Map<string, string>, idOf: (entryId: string) => string) {
  const feed = feeds.get(name);
  expect(feed, `${name} is in the index`).toBeDefined();
  const got = feed!.entries.map((e) => ({ id: idOf(e.id), date: day(e.updated) }));
  for (const e of got) expect(candidates.get(e.id), `${name}: ${e.id}`).toBe(e.date);
  expect(new Set(got.map((e) => e.id)).size).toBe(got.length);
  expect(got.map((e) => e.date)).toEqual([...got.map((e) => e.date)].sort().reverse());
  expect(got.length).toBe(Math.min(100, candidates.size));
  const oldest = got.at(-1)?.date ?? '';
  const held = new Set(got.map((e) => e.id));
  for (const [id, date] of candidates) if (date > oldest) expect(held.has(id), `${name}: ${id} of ${date} is missing`).toBe(true);
}

const recordId = (prefix: string) => (entryId: string) => {
  const m = new RegExp(`^tag:localhost,2026:${prefix}:(.+)$`).exec(entryId);
  if (!m) throw new Error(`${entryId} is not a ${prefix} tag: id`);
  return m[1]!;
};

describe('feeds of the e2e city', () => {
  it('lists every feed file of the export in the index and the OPML, and nothing else', () => {
    const files = Object.keys(manifest.files).filter((f) => /^api\/v1\/feeds\/.*\.atom$/.test(f)).sort();
    expect(index.feeds.map((f) => exportLayout.feed(f.id)).sort()).toEqual(files);
    expect(files.length).toBeGreaterThan(50);
    for (const f of index.feeds) expect(f.url).toBe(`${BASE}/feeds/${f.id}.atom`);
    const opml = parseOpml(readFileSync(path.join(dir, exportLayout.feedOpml), 'utf8')) as { body?: { outlines?: { xmlUrl?: string }[] } };
    expect(opml.body?.outlines?.map((o) => o.xmlUrl)).toEqual(index.feeds.map((f) => f.url));
    expect(index.opml).toBe(`${BASE}/feeds.opml`);
    expect([index.licence, index.attribution]).toEqual([LICENCE, ATTRIBUTION]);
    for (const kind of ['registrations', 'registrations_topic', 'registrations_ward', 'member_office', 'organization', 'upcoming', 'upcoming_topic']) {
      expect(index.feeds.some((f) => f.kind === kind && (kind.endsWith('topic') || f.entries > 0)), kind).toBe(true);
    }
  });

  it('parses every feed with the elements RFC 4287 requires, the rights, at most 100 entries and stable tag: ids', () => {
    for (const f of index.feeds) {
      const feed = feeds.get(f.id)!;
      expect(feed.id).toBe(`tag:localhost,2026:feed:${f.id}`);
      expect(feed.selfHref).toBe(f.url);
      expect(feed.rights).toContain(LICENCE);
      expect(feed.rights).toContain(ATTRIBUTION);
      expect(feed.title).toBe(f.title);
      expect(feed.entries.length).toBe(f.entries);
      expect(feed.entries.length).toBeLessThanOrEqual(100);
      expect(day(feed.updated)).toBe(feed.entries[0] ? day(feed.entries[0].updated) : '2000-01-01');
      expect(feed.updated).toBe(f.updated);
      for (const e of feed.entries) {
        expect(e.id).toMatch(/^tag:localhost,2026:(registration|communication|upcoming):[A-Za-z0-9]+$/);
        expect(e.links.some((l) => l.rel === 'alternate' && l.href.startsWith(`${BASE}/`))).toBe(true);
        expect(e.links.some((l) => l.rel === 'via' && l.href === 'https://open.toronto.ca/dataset/lobbyist-registry/')).toBe(true);
      }
    }
  });

  it('titles a registration entry as a person reads it, linked to its API record', () => {
    const entry = feeds.get('registrations')!.entries[0]!;
    const id = recordId('registration')(entry.id);
    expect(entry.title).toMatch(new RegExp(`^Registration ${id}: .+ lobbying on .+$`));
    expect(entry.links.find((l) => l.rel === 'alternate')!.href).toBe(`${BASE}/registrations/${id}`);
  });

  it('holds the newest registrations, of all and of each topic and ward, as the API filters them', async () => {
    const dated = (rows: Registration[]) => new Map(rows.filter((r) => shown.has(r.id)).map((r) => [r.id, shown.get(r.id)!] as const));
    expectNewest('registrations', dated(registrations), recordId('registration'));
    const topics = index.feeds.filter((f) => f.kind === 'registrations_topic');
    const wards = index.feeds.filter((f) => f.kind === 'registrations_ward');
    expect(wards.length).toBeGreaterThan(3);
    for (const f of [...topics, ...wards]) {
      const param = f.kind === 'registrations_topic' ? 'topic' : 'ward';
      const filtered = await walkAll<Registration>(gw, `/registrations?${param}=${f.subject}`);
      expectNewest(f.id, dated(filtered), recordId('registration'));
    }
  });

  it('holds the newest communications with each member\'s office (member_office=1) by first sighting', async () => {
    const members = index.feeds.filter((f) => f.kind === 'member_office');
    expect(members.length).toBeGreaterThan(3);
    for (const f of members) {
      const filtered = await walkAll<Communication>(gw, `/communications?member=${f.subject}&member_office=1`);
      expect(filtered.length).toBeGreaterThan(0);
      expectNewest(f.id, new Map(filtered.map((c) => [c.id, c.first_seen_date])), recordId('communication'));
    }
    // every member whose office was contacted has a feed
    const contacted = new Set((await walkAll<Communication>(gw, '/communications?member_office=1')).map((c) => c.member_person_id));
    expect(new Set(members.map((f) => f.subject))).toEqual(contacted);
  });

  it('holds each organisation\'s newest registrations and communications as client or firm', () => {
    const orgFeeds = index.feeds.filter((f) => f.kind === 'organization');
    const active = new Set(registrations.flatMap((r) => [r.client_organization_id, r.firm_organization_id]).filter((o) => o !== null));
    expect(new Set(orgFeeds.map((f) => f.subject))).toEqual(active);
    const byRegistration = new Map<string, Communication[]>();
    for (const c of communications) byRegistration.set(c.registration_id, [...(byRegistration.get(c.registration_id) ?? []), c]);
    const busiest = [...orgFeeds].sort((a, b) => b.entries - a.entries || String(a.id).localeCompare(String(b.id)));
    for (const f of [...busiest.slice(0, 10), ...orgFeeds.slice(0, 10)]) {
      const candidates = new Map<string, string>();
      for (const r of registrations.filter((x) => x.client_organization_id === f.subject || x.firm_organization_id === f.subject)) {
        if (shown.get(r.id)) candidates.set(`registration:${r.id}`, shown.get(r.id)!);
        for (const c of byRegistration.get(r.id) ?? []) candidates.set(`communication:${c.id}`, c.first_seen_date);
      }
      expectNewest(f.id, candidates, (id) => id.replace(/^tag:localhost,2026:/, ''));
    }
  });

  it('holds the registrations that entered their upcoming window, per topic, as /insights/upcoming lists them', async () => {
    interface Upcoming { registration_id: string; window_start: string | null }
    const all = await walkAll<Upcoming>(gw, '/insights/upcoming');
    const entered = (rows: Upcoming[]) => new Map(rows.filter((u) => u.window_start !== null && u.window_start <= exportDate).map((u) => [u.registration_id, u.window_start!]));
    expect(entered(all).size).toBeGreaterThan(0);
    expectNewest('upcoming', entered(all), recordId('upcoming'));
    for (const f of index.feeds.filter((x) => x.kind === 'upcoming_topic')) {
      expectNewest(f.id, entered(await walkAll<Upcoming>(gw, `/insights/upcoming?topic=${f.subject}`)), recordId('upcoming'));
    }
  });

  it('is answered by the gateway as the file\'s bytes, as Atom, with an ETag that answers 304 and the writer\'s twins', async () => {
    const res = await gw.get('/feeds/registrations.atom');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(readFileSync(path.join(dir, exportLayout.feed('registrations'))))).toBe(true);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await _get('/feeds/registrations.atom', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    const br = await _get('/feeds/registrations.atom', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(await br.arrayBuffer()).equals(readFileSync(path.join(dir, `${exportLayout.feed('registrations')}.br`)))).toBe(true);
    expect((await gw.get('/feeds.opml')).headers.get('content-type')).toBe('text/x-opml; charset=utf-8');
    expect((await gw.get('/feeds')).headers.get('content-type')).toBe('application/json; charset=utf-8');
    const missing = await gw.get('/feeds/no-such-feed.atom');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toBe('not_found');
  });

  it('writes the same bytes when the feed stage runs again over the same warehouse', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'feeds-again-'));
    tmp.push(out);
    const wh = await openE2eWarehouse();
    const sink = new SiteSink(out, fileEffects(() => {}));
    try {
      await feedsExport({ baseUrl: BASE, readRows: () => readFeedRows(wh) })({
        dir: out, exportId: 'again', records: new Map(), register: () => {}, write: (rel, content) => sink.write(rel, content),
      });
      await sink.flush();
    } finally {
      wh.close();
    }
    const published = Object.entries(manifest.files).filter(([f]) => f.startsWith('api/v1/feeds/'));
    expect(Object.keys(sink.files).sort()).toEqual(published.map(([f]) => f).sort());
    for (const [f, entry] of published) expect(sink.files[f]!.sha256, f).toBe(entry.sha256);
  });
});

/** A request with headers through the e2e gateway (the harness's get sends none). */
async function _get(p: string, headers: Record<string, string>): Promise<Response> {
  const config = await e2eConfig();
  const { createApp } = await import('../../gateway/app.ts');
  const { createExportHolder } = await import('../../export/serve/export-holder.ts');
  const site = createExportHolder(config.siteRoot, { cursorSecret: config.cursorSecret, log: () => {} });
  await site.refresh();
  const app = createApp({ config, site, log: () => {} });
  return app.request(`${BASE}${p}`, { headers }, { clientAddress: '192.0.2.7' } as never);
}
