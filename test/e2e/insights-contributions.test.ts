// The contribution insights' rules on the default city, through the gateway: every row of every table carries its
// caveat (the measured L7 recall as a lower bound; alignment: the contract's sentence first); alignment's intervals are
// the bootstrap of the row's own seed over its items, recomputed from the warehouse's item counts to the byte, and
// member rates are null below 10 funded votes; contribution-stats has both scopes per election; malformed filters get
// the contract's 400 and well-formed ones are answered.
import { beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../pipeline/db/warehouse.ts';
import { alignmentRow } from '../../pipeline/models/insights/api_insight_alignment.ts';
import { openDefaultCity, type CityApp } from './default-city-app.ts';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const NAMES = ['donor-overlap', 'contribution-overlap', 'coordinated-giving', 'alignment', 'contribution-stats'];
const ALIGNMENT_SENTENCE = 'Donors tend to give to councillors who already agree with them; a difference does not show that a contribution changed a vote.';

let app: CityApp;
let tables: Record<string, Row[]>;
let clusters: Row[];
beforeAll(async () => {
  const city = await openDefaultCity();
  app = city.app;
  tables = Object.fromEntries(await Promise.all(NAMES.map(async (n) => [n, await app.list<Row>(`/insights/${n}`)] as const)));
  const wh = await openWarehouse(city.config.warehousePath, { readOnly: true });
  clusters = await wh.all<Row>(`select term, comparison, person_id, agenda_item_id, funded, funded_aligned, unfunded, unfunded_aligned
    from int_insight_alignment_clusters where agenda_item_id is not null order by term, comparison, person_id, agenda_item_id`);
  wh.close();
}, 900_000);

describe('every row carries its caveat', () => {
  it.each(NAMES)('%s: the lower bound and the measured L7 recall', (name) => {
    const rows = tables[name]!;
    expect(rows.length, name).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.caveat).toContain('Lower bound: linked figures count only contributions a reviewer confirmed');
      expect(r.caveat).toMatch(/reaches 0\.\d{3} of such contributions' dollars at City volume/);
    }
  });

  it('alignment: the contract\'s sentence first', () => {
    for (const r of tables.alignment!) expect(r.caveat.startsWith(ALIGNMENT_SENTENCE)).toBe(true);
  });
});

describe('alignment', () => {
  it('publishes the bootstrap of the row\'s seed over its items, to the byte', () => {
    const rows = tables.alignment!;
    expect(rows.filter((r) => r.funded_rate_low !== null).length).toBeGreaterThan(3);
    for (const r of rows) {
      const mine = clusters.filter((c) => c.term === r.term && c.comparison === r.comparison && c.person_id === r.person_id)
        .map((c) => ({ funded: c.funded, fundedYes: c.funded_aligned, unfunded: c.unfunded, unfundedYes: c.unfunded_aligned }));
      const { model_version: _m, caveat: _c, term: _t, comparison: _k, person_id: _p, election: _e, ...published } = r;
      expect(published, `${r.term} ${r.comparison} ${r.person_id}`).toEqual(alignmentRow(mine, r.person_id !== 0, r.resamples, r.seed));
      expect([r.resamples, r.seed]).toEqual([2000, 20261122]);
    }
  });

  it('withholds member rates below 10 votes on items from funding organisations', () => {
    const members = tables.alignment!.filter((r) => r.person_id !== 0);
    const few = members.filter((r) => r.funded_votes < 10);
    expect(few.length).toBeGreaterThan(0);
    for (const r of few) {
      expect([r.funded_rate, r.unfunded_rate, r.difference, r.difference_low, r.difference_high]).toEqual([null, null, null, null, null]);
      expect(r.suppressed).toBe('fewer than 10 votes on items from funding organisations');
    }
    expect(members.filter((r) => r.funded_votes >= 10 && r.funded_rate !== null).length).toBeGreaterThan(0);
  });

  it('has a council-wide row (person 0) for each term and comparison, first in its order', () => {
    const keys = new Set(tables.alignment!.map((r) => `${r.term}|${r.comparison}`));
    for (const key of keys) {
      const rows = tables.alignment!.filter((r) => `${r.term}|${r.comparison}` === key);
      expect(rows[0]!.person_id, key).toBe(0);
    }
  });
});

describe('contribution-stats and donor-overlap', () => {
  it('has both scopes for every election with campaigns, 123 never below 12', async () => {
    const elections = [...new Set((await app.list<Row>('/campaigns')).map((c) => c.election))].sort();
    const rows = tables['contribution-stats']!;
    expect(rows.map((r) => `${r.election} ${r.scope}`)).toEqual(elections.flatMap((e) => [`${e} 12`, `${e} 123`]));
    for (const e of elections) {
      const [a, b] = rows.filter((r) => r.election === e);
      expect(b!.contributions).toBeGreaterThanOrEqual(a!.contributions);
      expect(b!.amount).toBeGreaterThanOrEqual(a!.amount);
      expect(a!.tier3_share).toBeNull();
    }
  });

  it('gives each election a council-wide row (candidate 0) with the median of its Councillor campaigns\' shares', () => {
    const rows = tables['donor-overlap']!;
    for (const e of [...new Set(rows.map((r) => r.election))]) {
      const mine = rows.filter((r) => r.election === e);
      expect(mine[0]).toMatchObject({ campaign_id: 0, candidate_person_id: 0, office: 'Councillor' });
      const shares = mine.filter((r) => r.campaign_id !== 0 && r.office === 'Councillor' && r.dollar_share !== null).map((r) => r.dollar_share).sort((x, y) => x - y);
      const mid = (shares.length - 1) / 2;
      const median = (shares[Math.floor(mid)] + shares[Math.ceil(mid)]) / 2;
      expect(Math.abs(mine[0]!.council_median_dollar_share - median), e).toBeLessThanOrEqual(1e-4); // shares are rounded to 4 places
    }
  });
});

describe('filters', () => {
  const BAD = [
    ['/insights/donor-overlap?election=22', 'election'], ['/insights/donor-overlap?candidate=x', 'candidate'],
    ['/insights/contribution-overlap?organization=1.5', 'organization'], ['/insights/coordinated-giving?election=2022a', 'election'],
    ['/insights/alignment?comparison=between', 'comparison'], ['/insights/alignment?person=-', 'person'],
    ['/insights/contribution-stats?scope=3', 'scope'], ['/insights/contribution-stats?scope=12&limit=501', 'limit'],
  ] as const;
  it.each(BAD)('%s is a 400 naming %s', async (url, param) => {
    const { status, body } = await app.json<{ error: string; message: string }>(url);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: expect.any(String), message: expect.stringContaining(param) });
  });

  it.each(['/insights/donor-overlap?election=2022&candidate=0', '/insights/alignment?term=2022-2026&comparison=prior_term&person=0',
    '/insights/contribution-stats?scope=123', '/insights/coordinated-giving?election=2014'])('%s is answered', async (url) => {
    const { status, body } = await app.json<{ data: unknown[] }>(url);
    expect(status).toBe(200);
    expect(Array.isArray(body.data)).toBe(true);
  });
});
