// Agenda-item wards agree across the e2e city's published figures: every item's wards exist in the ward model of its
// meeting date (44 wards before 2018-12-01, 25 from then on); an item of the 25-ward era whose sites (/sites/{id})
// lie in one ward carries that ward; /agenda-items?ward=W lists every item of the 25-ward era a site in ward W lists,
// and /insights/item-lobbying?ward=W the same items (those with a vote). The planted stale wards
// (sample/plants/stale-wards.ts) are dropped and counted, and the planted legitimate 44-ward number is kept.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config/resolve.ts';
import { e2eConfig, openE2eApp, type E2eApp } from './harness.ts';
import { walkAll } from './walk.ts';

interface Item { id: string; meeting_date: string | null; ward: number | null; first_vote_date: string | null }
interface ItemDetail { ward: number | null; wards: number[] }
interface Site { id: number; ward: number | null; agenda_items: { id: string; meeting_date: string | null }[] }
interface StaleWards {
  stale: { reference: string; wardId: number; address: string | null }[];
  kept: { reference: string; wardId: number }[];
}

const BOUNDARY = '2018-12-01';
const modelOf = (date: string | null) => (date === null ? null : date >= BOUNDARY ? 25 : 44);

let config: Config;
let gw: E2eApp;
let items: Map<string, Item & ItemDetail>;
let sites: Site[];
/** Per item of the 25-ward era: the distinct wards of the sites that list it. */
let siteWards: Map<string, number[]>;

beforeAll(async () => {
  config = await e2eConfig();
  gw = await openE2eApp();
  const rows = await walkAll<Item>(gw, '/agenda-items');
  items = new Map(await Promise.all(rows.map(async (r) =>
    [r.id, { ...r, ...(await gw.json<{ data: ItemDetail }>(`/agenda-items/${encodeURIComponent(r.id)}`)).body.data }] as const)));
  const list = await walkAll<{ id: number }>(gw, '/sites');
  sites = await Promise.all(list.map(async (s) => (await gw.json<{ data: Site }>(`/sites/${s.id}`)).body.data));
  siteWards = new Map();
  for (const s of sites) {
    for (const i of s.agenda_items) {
      if (s.ward === null || modelOf(i.meeting_date) !== 25) continue;
      siteWards.set(i.id, [...new Set([...(siteWards.get(i.id) ?? []), s.ward])].sort((a, b) => a - b));
    }
  }
}, 600_000);

describe('agenda-item wards across the published figures', () => {
  it('gives every item only wards of the ward model of its meeting date', () => {
    expect(items.size).toBeGreaterThan(50);
    for (const [id, it] of items) {
      const model = modelOf(it.meeting_date);
      for (const w of it.wards) expect(model !== null && w >= 1 && w <= model, `${id} (${it.meeting_date}) ward ${w}`).toBe(true);
      expect(it.ward, id).toBe(it.wards.length === 1 ? it.wards[0] : null);
    }
  });

  it('gives an item of the 25-ward era the ward of its sites where they agree', () => {
    const agreeing = [...siteWards].filter(([, wards]) => wards.length === 1);
    expect(agreeing.length).toBeGreaterThan(10);
    for (const [id, wards] of agreeing) expect(items.get(id)!.wards, id).toEqual(wards);
  });

  it('lists at /agenda-items?ward=W and /insights/item-lobbying?ward=W every item a site in ward W lists', async () => {
    const byWard = new Map<number, Set<string>>();
    for (const s of sites) {
      for (const i of s.agenda_items) {
        if (s.ward !== null && modelOf(i.meeting_date) === 25) byWard.set(s.ward, (byWard.get(s.ward) ?? new Set()).add(i.id));
      }
    }
    expect(byWard.size).toBeGreaterThan(5);
    for (const [ward, expected] of byWard) {
      const listed = new Set((await walkAll<Item>(gw, `/agenda-items?ward=${ward}`)).map((i) => i.id));
      for (const id of expected) expect(listed.has(id), `${id} at /agenda-items?ward=${ward}`).toBe(true);
      const lobbying = new Set((await walkAll<{ agenda_item_id: string }>(gw, `/insights/item-lobbying?ward=${ward}`)).map((r) => r.agenda_item_id));
      const voted = [...listed].filter((id) => items.get(id)!.first_vote_date !== null);
      expect([...lobbying].sort(), `/insights/item-lobbying?ward=${ward}`).toEqual(voted.sort());
    }
  });
});

describe('the planted stale wards', () => {
  let planted: StaleWards;
  beforeAll(() => {
    planted = JSON.parse(readFileSync(path.join(config.rawDir, 'sample-truth', 'planted-truth.json'), 'utf8')).staleWards;
  });

  it('drops a stale 44-ward number of the 25-ward era, taking the site\'s ward where the item names one', () => {
    expect(planted.stale.map((s) => s.address !== null)).toEqual([true, false]);
    for (const s of planted.stale) {
      const it = items.get(s.reference)!;
      expect(it.wards, s.reference).not.toContain(s.wardId);
      expect(it.wards, s.reference).toEqual(s.address !== null ? siteWards.get(s.reference) : []);
    }
  });

  it('keeps a legitimate ward above 25 of the 44-ward era', () => {
    expect(planted.kept).toHaveLength(1);
    for (const k of planted.kept) expect(items.get(k.reference)!.wards, k.reference).toContain(k.wardId);
  });

  it('counts the dropped wards in the data-quality report', () => {
    const quality = JSON.parse(readFileSync(path.join(path.dirname(config.warehousePath), 'data-quality.json'), 'utf8'));
    const stale = quality.value_issues.find((v: { source: string; reason: string }) => v.source === 'tmmis'
      && v.reason === 'wardId … is not a ward of the 25-ward model in force on the meeting date');
    expect(stale?.values).toBeGreaterThanOrEqual(planted.stale.length);
  });
});
