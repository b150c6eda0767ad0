// The 4.6 rules on hand-made applications: matching without replacement, up to 3 controls of the same kind, type and
// size band (and ward at type_ward) with the nearest submission dates within two years, the documented tie-break, and
// the 20-application minimum with its reason in `suppressed`. Every expected figure is worked out in the comments.
import { afterAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { app, developmentProcurementWarehouse, link, published } from './insights-development-procurement-fixture.ts';

const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const opened: Warehouse[] = [];
afterAll(() => { for (const wh of opened) wh.close(); });
async function warehouse(apps: Record<string, unknown>[], lobbied: string[]) {
  const wh = await developmentProcurementWarehouse({
    api_applications: apps, api_links: lobbied.map((id, i) => link(i + 1, 'L2', `SM${i}`, id)),
  });
  opened.push(wh);
  return wh;
}
interface Match { level: string; lobbied_id: string; control_id: string; round: number; days_apart: number }
const matches = (wh: Warehouse, level = 'type') => wh.all<Match>(
  `select level, lobbied_id, control_id, round, days_apart from int_insight_application_matches where level = '${level}' order by lobbied_id, round`);

describe('4.6 matching', () => {
  it('takes up to 3 controls, nearest first, within 730 days (inclusive), never reusing a control', async () => {
    const wh = await warehouse([
      app('L1', day(1000)), app('L2', day(1002)),
      // C1 (1001) is 1 day from both; L1 and L2 are equally near: the lower treated id (L1) takes it
      app('C1', day(1001)), app('C2', day(1004)), app('C3', day(990)), app('C4', day(1000 - 730)), app('C5', day(1002 + 731)),
      app('C6', day(1010)),
    ], ['L1', 'L2']);
    const m = await matches(wh);
    // round 1: pairs by distance: (L1,C1)=1, (L2,C1)=1 → L1 (lower id) takes C1; L2 then offers C2 (2 days): taken
    // round 2: L1 → C3 (10) vs C6 (10): equally near, the earlier (C3, day 990) first; L2 → C6 (8) taken first,
    //          so L1 keeps C3
    // round 3: L1 → C4 (730 days before it: inside); L2 → C4 is 732 days away and C5 731 (both outside): none;
    //          C5 is 733 days from L1
    expect(m).toEqual([
      { level: 'type', lobbied_id: 'L1', control_id: 'C1', round: 1, days_apart: 1 },
      { level: 'type', lobbied_id: 'L1', control_id: 'C3', round: 2, days_apart: 10 },
      { level: 'type', lobbied_id: 'L1', control_id: 'C4', round: 3, days_apart: 730 },
      { level: 'type', lobbied_id: 'L2', control_id: 'C2', round: 1, days_apart: 2 },
      { level: 'type', lobbied_id: 'L2', control_id: 'C6', round: 2, days_apart: 8 },
    ]);
    const controls = m.map((x) => x.control_id);
    expect(new Set(controls).size).toBe(controls.length); // without replacement
    expect(controls).not.toContain('C5'); // 731 days: beyond two years
  });

  it('matches only within kind, type and size band, and within the ward at type_ward', async () => {
    // X-lobbied is lobbied: it is no control for L1
    const wh = await warehouse([
      app('L1', day(500), { ward: 3 }),
      app('X-type', day(500), { type: 'SA' }), app('X-kind', day(500), { kind: 'coa', type: 'OZ' }),
      app('X-size', day(500), { size_band: 'large' }), app('X-lobbied', day(500), { ward: 3, size_band: 'medium' }),
      app('W3', day(560), { ward: 3 }), app('W4', day(501), { ward: 4 }),
    ], ['L1', 'X-lobbied']);
    const cityWide = (await matches(wh)).filter((x) => x.lobbied_id === 'L1').map((x) => x.control_id);
    expect(cityWide).toEqual(['W4', 'W3']); // another ward is fine city-wide; another kind, type or size band is not
    const ward = (await matches(wh, 'type_ward')).filter((x) => x.lobbied_id === 'L1').map((x) => x.control_id);
    expect(ward).toEqual(['W3']); // at type_ward only the same ward
    // a lobbied application is never a control (X-lobbied, alone in its size band, finds none either)
    expect((await matches(wh)).map((x) => x.control_id)).not.toContain('X-lobbied');
    expect((await matches(wh)).map((x) => x.lobbied_id)).not.toContain('X-lobbied');
  });

  it('gives the same matches whatever order the rows arrive in', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => app(`A${String(i).padStart(2, '0')}`, day((i * 37) % 300)));
    const lobbied = rows.filter((_, i) => i % 5 === 0).map((r) => r.id as string);
    const a = await matches(await warehouse(rows, lobbied));
    const b = await matches(await warehouse([...rows].reverse(), [...lobbied].reverse()));
    expect(b).toEqual(a);
    expect(a.length).toBe(24); // 8 lobbied × 3 controls: 32 candidates within reach of all
  });
});

describe('4.6 rows and the 20-application minimum', () => {
  it('publishes rates and differences at 20 lobbied and 60 matched, with outcomes counted per group', async () => {
    // 20 lobbied OZ files, all approved; each has 3 controls 1-3 days later (days 0-1199 spaced 60 apart, far
    // enough that no control is nearer another lobbied file); controls: one in three refused, the rest approved
    const apps = [];
    for (let i = 0; i < 20; i++) {
      apps.push(app(`L${String(i).padStart(2, '0')}`, day(i * 60), { appealed: i < 2 ? 1 : 0 }));
      for (let k = 1; k <= 3; k++) apps.push(app(`C${String(i).padStart(2, '0')}${k}`, day(i * 60 + k), { outcome: k === 3 ? 'refused' : 'approved' }));
    }
    const wh = await warehouse(apps, apps.filter((a) => String(a.id).startsWith('L')).map((a) => a.id as string));
    const [row] = await published<Record<string, unknown>>(wh, 'api_insight_application_comparison', "level = 'type'");
    expect(row).toMatchObject({
      kind: 'development', type: 'OZ', level: 'type', ward: null, lobbied_n: 20, matched_n: 60,
      lobbied_approval_rate: 1, matched_approval_rate: 0.6667, approval_rate_difference: 0.3333,
      lobbied_refusal_rate: 0, matched_refusal_rate: 0.3333, refusal_rate_difference: -0.3333,
      lobbied_appeal_rate: 0.1, matched_appeal_rate: 0, appeal_rate_difference: 0.1,
      lobbied_median_days_to_decision: null, lobbied_unmatched: 0, suppressed: null,
    });
  });

  it('nulls every outcome measure below 20 in either group and says which group in suppressed', async () => {
    // 19 lobbied files with 3 controls each: the lobbied group is short
    const apps = [];
    for (let i = 0; i < 19; i++) {
      apps.push(app(`L${String(i).padStart(2, '0')}`, day(i * 60)));
      for (let k = 1; k <= 3; k++) apps.push(app(`C${String(i).padStart(2, '0')}${k}`, day(i * 60 + k)));
    }
    // 25 lobbied SA files sharing 10 controls: the matched group is short (15 lobbied files find none)
    for (let i = 0; i < 25; i++) apps.push(app(`S${String(i).padStart(2, '0')}`, day(i), { type: 'SA' }));
    for (let k = 0; k < 10; k++) apps.push(app(`T${k}`, day(k), { type: 'SA' }));
    const lobbied = apps.filter((a) => /^[LS]/.test(String(a.id))).map((a) => a.id as string);
    const wh = await warehouse(apps, lobbied);
    const rows = await published<Record<string, unknown>>(wh, 'api_insight_application_comparison', "level = 'type'");
    const measures = Object.keys(rows[0]!).filter((k) => /rate|days/.test(k));
    expect(measures.length).toBe(15);
    const oz = rows.find((r) => r.type === 'OZ')!, sa = rows.find((r) => r.type === 'SA')!;
    expect(oz).toMatchObject({ lobbied_n: 19, matched_n: 57, suppressed: 'fewer than 20 applications in the lobbied group' });
    // 10 controls: 10 lobbied files get one each in round 1, nothing is left for rounds 2 and 3
    expect(sa).toMatchObject({ lobbied_n: 10, matched_n: 10, lobbied_unmatched: 15,
      suppressed: 'fewer than 20 applications in the lobbied group and in the matched group' });
    for (const r of [oz, sa]) for (const k of measures) expect(r[k], `${r.type} ${k}`).toBeNull();
  });
});
