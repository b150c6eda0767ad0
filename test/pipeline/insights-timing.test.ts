// Lead times, upcoming windows and topic volume (analysis-definitions.md 4.9) on hand-computable cases: the lead-time
// quantiles are DuckDB's quantile_cont (R type 7: position (n − 1)·p, linear between neighbours), worked out below by
// hand; the upcoming windows follow from them; a topic month's spike is its Poisson tail under the trailing year.
import { afterAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { exportRow, trendWarehouse, type Row } from './insights-trends-fixture.ts';

const opened: Warehouse[] = [];
afterAll(() => { for (const wh of opened) wh.close(); });
async function open(fixture: Parameters<typeof trendWarehouse>[0]): Promise<Warehouse> {
  const wh = await trendWarehouse(fixture);
  opened.push(wh);
  return wh;
}

const plus = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 864e5).toISOString().slice(0, 10);

/** A registration approved on `approved` with L1 links to items meeting `leads` days later (negative: before). */
function linked(id: string, topic: string | null, approved: string, leads: number[], status = 'closed') {
  return {
    registration: { id, status, topic, initial_approval_date: approved, subjects: [] } as Row,
    items: leads.map((d, i) => ({ id: `${id}-I${i}`, meeting_date: plus(approved, d) }) as Row),
    links: leads.map((_, i) => ({ task: 'L1', from_id: id, to_id: `${id}-I${i}` }) as Row),
  };
}

describe('lead times and upcoming windows', () => {
  // transit: lead times 10, 20, 30, 40, 100 and 30 (SM7: items at −30, +30 and +50: the first on or after approval
  // counts); SM6's only item predates its approval: excluded. SM8 has no topic: pooled only (5). SM9's link is L2.
  // rezoning: SM101…SM120 with lead times 10, 20, …, 200.
  const cases = [
    linked('SM1', 'transit', '2024-01-01', [10], 'active'), linked('SM2', 'transit', '2024-01-01', [20]),
    linked('SM3', 'transit', '2024-01-01', [30]), linked('SM4', 'transit', '2024-01-01', [40]),
    linked('SM5', 'transit', '2024-01-01', [100]), linked('SM6', 'transit', '2024-03-01', [-29]),
    linked('SM7', 'transit', '2024-01-01', [-31, 50, 30]), linked('SM8', null, '2024-01-01', [5]),
    ...Array.from({ length: 20 }, (_, i) => linked(`SM${101 + i}`, 'rezoning', '2023-05-01', [10 * (i + 1)])),
  ];
  const unlinked: Row[] = [
    { id: 'SM201', status: 'active', topic: 'rezoning', client_organization_id: 4, initial_approval_date: '2026-01-01', subjects: [] },
    { id: 'SM202', status: 'active', topic: 'transit', client_organization_id: 5, initial_approval_date: '2026-10-01', subjects: [] },
    { id: 'SM203', status: 'closed', topic: 'transit', initial_approval_date: '2026-10-01', subjects: [] },
    { id: 'SM204', status: 'active', topic: 'parks', initial_approval_date: null, subjects: [] },
    { id: 'SM205', status: 'active', topic: null, initial_approval_date: '2026-11-01', subjects: [] },
    { id: 'SM9', status: 'active', topic: 'transit', initial_approval_date: '2026-06-01', subjects: [] },
  ];
  const fixture = {
    int_export: [exportRow()],
    api_topics: [{ id: 'parks' }, { id: 'rezoning' }, { id: 'transit' }],
    api_registrations: [...cases.map((c) => c.registration), ...unlinked],
    api_agenda_items: [...cases.flatMap((c) => c.items), { id: 'SM9-I', meeting_date: '2026-06-02' }],
    api_links: [...cases.flatMap((c) => c.links), { task: 'L2', from_id: 'SM9', to_id: 'SM9-I' }],
  };

  it('gives n, the five quantiles, the mean and excluded_n per topic and pooled, worked by hand', async () => {
    const wh = await open(fixture);
    const rows = await wh.all(`select topic, n, p10, p25, p50, p75, p90, mean, excluded_n from api_insight_lead_times order by _sort`);
    expect(rows).toEqual([
      // pooled: 5, 10, 10, 20, 20, 30, 30, 30, 40, 40, 50 … 90, 100, 100, 110 … 200 (n = 27, positions 26·p)
      // p10 at 2.6 → 10 + 0.6·10; p25 at 6.5 → 30; p50 at 13 → 80; p75 at 19.5 → 135; p90 at 23.4 → 174; mean 2335 / 27
      { topic: '*', n: 27, p10: 16, p25: 30, p50: 80, p75: 135, p90: 174, mean: 86.48, excluded_n: 1 },
      { topic: 'parks', n: 0, p10: null, p25: null, p50: null, p75: null, p90: null, mean: null, excluded_n: 0 },
      // 10, 20, 30, 40, 50 … 200: p10 at 1.9 → 20 + 0.9·10; p25 at 4.75 → 57.5; p50 at 9.5 → 105; p75 at 14.25; p90 at 17.1
      { topic: 'rezoning', n: 20, p10: 29, p25: 57.5, p50: 105, p75: 152.5, p90: 181, mean: 105, excluded_n: 0 },
      // 10, 20, 30, 30, 40, 100: p10 at 0.5 → 15; p25 at 1.25 → 22.5; p50 at 2.5 → 30; p75 at 3.75 → 37.5; p90 at 4.5 → 70
      { topic: 'transit', n: 6, p10: 15, p25: 22.5, p50: 30, p75: 37.5, p90: 70, mean: 38.33, excluded_n: 1 },
    ]);
  });

  it('windows active unlinked registrations from the topic (≥ 20), else the pooled (≥ 20) lead times', async () => {
    const wh = await open(fixture);
    const rows = await wh.all(`select * exclude (_sort, model_version) from api_insight_upcoming order by _sort`);
    expect(rows).toEqual([
      // SM9 has an L2 link only: still upcoming. transit has 6 lead times: pooled p25 30, p75 135
      { registration_id: 'SM9', topic: 'transit', client_organization_id: null, initial_approval_date: '2026-06-01', basis: 'pooled',
        basis_n: 27, window_start: '2026-07-01', window_end: '2026-10-14', overdue: 1 },
      // rezoning: start + floor(57.5), end + ceil(152.5)
      { registration_id: 'SM201', topic: 'rezoning', client_organization_id: 4, initial_approval_date: '2026-01-01', basis: 'topic',
        basis_n: 20, window_start: '2026-02-27', window_end: '2026-06-03', overdue: 1 },
      { registration_id: 'SM202', topic: 'transit', client_organization_id: 5, initial_approval_date: '2026-10-01', basis: 'pooled',
        basis_n: 27, window_start: '2026-10-31', window_end: '2027-02-13', overdue: 0 },
      // no approval date: no window
      { registration_id: 'SM204', topic: 'parks', client_organization_id: null, initial_approval_date: null, basis: 'none',
        basis_n: 0, window_start: null, window_end: null, overdue: null },
      { registration_id: 'SM205', topic: null, client_organization_id: null, initial_approval_date: '2026-11-01', basis: 'pooled',
        basis_n: 27, window_start: '2026-12-01', window_end: '2027-03-16', overdue: 0 },
    ]);
  });

  it('has no basis when even the pooled lead times are fewer than 20', async () => {
    const few = cases.slice(0, 8);
    const wh = await open({ ...fixture, api_registrations: [...few.map((c) => c.registration), unlinked[1]!],
      api_agenda_items: few.flatMap((c) => c.items), api_links: few.flatMap((c) => c.links) });
    // SM1 is active but linked; SM202's topic has 6 lead times and the pool 7: the number that fell short is basis_n
    expect(await wh.all(`select registration_id, basis, basis_n, window_start, window_end, overdue from api_insight_upcoming`)).toEqual([
      { registration_id: 'SM202', basis: 'none', basis_n: 7, window_start: null, window_end: null, overdue: null },
    ]);
  });
});

describe('topic volume', () => {
  /** `n` registrations of `topic` approved in `month` (YYYY-MM). */
  const approvals = (topic: string, month: string, n: number): Row[] =>
    Array.from({ length: n }, (_, i) => ({ id: `SM-${topic}-${month}-${i}`, status: 'closed', topic, initial_approval_date: `${month}-0${1 + (i % 9)}`, subjects: [] }));
  const months2020 = Array.from({ length: 12 }, (_, i) => `2020-${String(i + 1).padStart(2, '0')}`);
  const fixture = {
    int_export: [exportRow('2021-03-15')],
    api_topics: [{ id: 'parks' }, { id: 'rezoning' }, { id: 'transit' }],
    api_registrations: [
      // transit: one a month through 2020, then 5 in January (λ = 12/12) and 5 in February (λ = 16/12)
      ...months2020.flatMap((m) => approvals('transit', m, 1)), ...approvals('transit', '2021-01', 5), ...approvals('transit', '2021-02', 5),
      // rezoning: flat, one a month (the null); parks: 4 in a month after a year of none (too few), then 5
      ...[...months2020, '2021-01', '2021-02', '2021-03'].flatMap((m) => approvals('rezoning', m, 1)),
      ...approvals('parks', '2021-01', 4), ...approvals('parks', '2021-02', 5),
      { id: 'SM-untagged', status: 'closed', topic: null, initial_approval_date: '2020-06-01', subjects: [] },
    ],
  };
  /** P(X ≥ k), X ~ Poisson(λ), by the finite sum. */
  const tail = (k: number, lambda: number) => {
    let cdf = 0;
    for (let j = 0, term = Math.exp(-lambda); j < k; j++, term *= lambda / j) cdf += term;
    return 1 - cdf;
  };

  it('counts each topic month, tests it against the trailing year and flags spikes (≥ 5 and p < 0.01)', async () => {
    const wh = await open(fixture);
    const rows = await wh.all<{ topic: string; month: string; registrations: number; baseline: number | null; p_value: number | null; spike: number }>(
      `select topic, month, registrations, baseline, p_value, spike from api_insight_topic_volume order by _sort`);
    // a dense grid: 3 topics × 15 months (2020-01, the first approval, through the export's month)
    expect(rows.length).toBe(45);
    const at = (topic: string, month: string) => rows.find((r) => r.topic === topic && r.month === month)!;
    // no full trailing year before 2021-01: no baseline, no test
    expect(at('transit', '2020-12')).toEqual({ topic: 'transit', month: '2020-12', registrations: 1, baseline: null, p_value: null, spike: 0 });
    const jan = at('transit', '2021-01');
    expect([jan.registrations, jan.baseline, jan.spike]).toEqual([5, 1, 1]);
    expect(jan.p_value!).toBeCloseTo(tail(5, 1), 14); // 0.00366 < 0.01
    const feb = at('transit', '2021-02');
    expect([feb.registrations, feb.baseline, feb.spike]).toEqual([5, 1.3333, 0]); // 11 + 5 over the trailing year
    expect(feb.p_value!).toBeCloseTo(tail(5, 16 / 12), 14); // 0.0118: not below 0.01
    expect(at('transit', '2021-03')).toMatchObject({ registrations: 0, baseline: 1.6667, p_value: 1, spike: 0 }); // 20 / 12
    // the flat topic never spikes; a month of 4 after an empty year has p = 0 but too few registrations
    expect(rows.filter((r) => r.topic === 'rezoning').map((r) => r.spike)).toEqual(Array(15).fill(0));
    expect(at('parks', '2021-01')).toMatchObject({ registrations: 4, baseline: 0, p_value: 0, spike: 0 });
    expect(at('parks', '2021-02')).toMatchObject({ registrations: 5, baseline: 0.3333, spike: 1 });
    expect(at('parks', '2021-02').p_value!).toBeCloseTo(tail(5, 4 / 12), 14);
  });
});

