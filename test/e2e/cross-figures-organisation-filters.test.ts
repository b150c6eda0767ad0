// Every organisation filter answers a merged id as it answers the canonical id; firm-clients counts each (firm, client, year) once.
import { beforeAll, describe, expect, it } from 'vitest';
import type { E2eApp } from './harness.ts';
import { CITIES, loadMerges, openCity, stripVersion, type Merges, type Row } from './cross-figures-support.ts';
import { walkAll } from './walk.ts';
import { recountFirmClients } from './firm-clients-recount.ts';

const FILTERS = [
  '/registrations?client=', '/contracts?supplier=', '/contributions?organization=',
  '/insights/firm-clients?firm=', '/insights/firm-clients?client=', '/insights/procurement-timeline?organization=',
  '/insights/noncompetitive-share?scope=supplier&scope_id=', '/insights/contribution-overlap?organization=',
  '/insights/coordinated-giving?organization=', '/insights/meeting-rates?subject_type=firm&subject_id=',
  '/insights/disclosure-lag?subject_type=firm&subject_id=',
];
// filters no merged organisation has rows for in that city (the contribution insights need the sample's plants, and
// no planted coordinated giving involves a merged organisation): compared, but they cannot fail there
const EMPTY_IN: Record<string, string[]> = {
  'e2e city': ['/insights/contribution-overlap?organization=', '/insights/coordinated-giving?organization='],
  'default city': ['/insights/coordinated-giving?organization='],
};

describe.each(CITIES)('organisation filters on the %s', (city, config) => {
  let gw: E2eApp;
  let merges: Merges;
  beforeAll(async () => {
    gw = await openCity(config);
    merges = await loadMerges(gw);
  });

  it('answer for a merged id exactly what they answer for the canonical id', async () => {
    const forMerged = new Map<string, Row[]>(), forCanonical = new Map<string, Row[]>();
    const rowsPerFilter = new Map<string, number>();
    for (const filter of FILTERS) {
      const canonicalRows = new Map<number, Row[]>();
      for (const [id, canonical] of merges.merged) {
        if (!canonicalRows.has(canonical)) canonicalRows.set(canonical, await walkAll<Row>(gw, `${filter}${canonical}`));
        forCanonical.set(`${filter}${id} (merged into ${canonical})`, canonicalRows.get(canonical)!);
        forMerged.set(`${filter}${id} (merged into ${canonical})`, await walkAll<Row>(gw, `${filter}${id}`));
      }
      rowsPerFilter.set(filter, [...canonicalRows.values()].reduce((n, rows) => n + rows.length, 0));
    }
    // a filter with no rows for any canonical record would pass without comparing anything
    expect([...rowsPerFilter].filter(([f, n]) => n === 0 && !EMPTY_IN[city]!.includes(f)).map(([f]) => f)).toEqual([]);
    const counts = (m: Map<string, Row[]>) => new Map([...m].map(([k, rows]) => [k, rows.length]));
    expect(counts(forMerged)).toEqual(counts(forCanonical)); // the short diff first
    expect(forMerged).toEqual(forCanonical);
  });

  it('firm-clients = a recount from /registrations and /communications with merges resolved', async () => {
    const published = await walkAll<Row>(gw, '/insights/firm-clients');
    expect(published.length).toBeGreaterThan(20);
    const expected = recountFirmClients(String(published[0]!.model_version).slice(0, 10),
      await walkAll<Row>(gw, '/registrations'), await walkAll<Row>(gw, '/communications'), (id) => merges.canon(id)!);
    // the firms and clients with a merged record among them, so the recount cannot pass without one
    expect(expected.filter((r) => [r.firm_organization_id, r.client_organization_id].some((id) => merges.components.some((c) => c[0] === id))).length).toBeGreaterThan(0);
    const key = (r: Row) => `firm ${r.firm_organization_id} client ${r.client_organization_id} ${r.year}`;
    const byKey = (rows: Row[]) => new Map(rows.map((r) => [key(r), r] as const).sort(([a], [b]) => (a < b ? -1 : 1))); // one order: aligned diffs
    expect(published.map(key).filter((k, i, ks) => ks.indexOf(k) !== i)).toEqual([]); // each (firm, client, year) once
    expect([...byKey(published).keys()]).toEqual([...byKey(expected).keys()]); // the short diff first: which rows
    expect(byKey(stripVersion(published))).toEqual(byKey(expected));
  });
});
