// The trend insights find what the default city plants (sample/README.md, "Planted insight effects: trends") and do
// not find what it does not: the shift to the Mayor's office (ITS level change), spike months and the spread-out null,
// housing lead times and the upcoming registrations they window, a late and a prompt disclosing firm.
import { beforeAll, describe, expect, it } from 'vitest';
import { interruptedTimeSeries, quarterIndex } from '../../pipeline/stats/its.ts';
import { TRUE_TOPICS } from '../../links-fitting/truth/topic.ts';
import { openDefaultCity, plantedTruth, type CityApp } from './default-city-app.ts';

interface Truth {
  members: { memberId: number; tenures: { role: string; start: string; end: string }[] }[];
  trends: {
    mayorShift: { interventionDate: string; preShare: number; postShare: number; levelChange: number; quarterShares: Record<string, number> };
    topicVolume: { spikes: { category: string; month: string; planted: number }[]; spread: { category: string; months: string[] } };
    leadTimes: { category: string; leadDays: [number, number]; linked: { sm: string; reference: string; leadDays: number }[]; upcoming: { sm: string; approved: string }[] };
    disclosureLag: { late: { registrations: string[] }; prompt: { registrations: string[] } };
  };
}
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let app: CityApp;
let truth: Truth;
beforeAll(async () => {
  const city = await openDefaultCity();
  app = city.app;
  truth = plantedTruth<Truth>(city.config);
}, 900_000);

const topicOf = (category: string) => TRUE_TOPICS[category]![0]!;
const DAY = 864e5;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;

describe('mayor share: the planted shift to the Mayor\'s office', () => {
  it('has an ITS level change whose 95% interval covers the planted change and excludes 0', async () => {
    const { body: its } = await app.json<Row>('/insights/mayor-share/its');
    const rows = (await app.list<Row>('/insights/mayor-share?category=all')).filter((r) => r.all_member_offices > 0);
    const { interventionDate, quarterShares } = truth.trends.mayorShift;
    // The change an ITS finds on the shares the generator wrote (the planted shift, the mayoralty's vacancy from
    // 2023-02-17 to 2023-07-12, the activity plants' councillor contacts), over the quarters the city publishes, is
    // what the data can show.
    const expected = rows.filter((r) => quarterShares[r.quarter] !== undefined).map((r) => ({ quarter: r.quarter, share: quarterShares[r.quarter]! }));
    expect(expected.length).toBe(rows.length);
    const plantedChange = interruptedTimeSeries(expected, interventionDate).coefficients[2]!.estimate!;
    const level = its.coefficients.find((c: Row) => c.term === 'level_change');
    expect(its.measurement).toBeNull();
    expect(its.n_pre).toBeGreaterThanOrEqual(8);
    expect(level.ci_low, `level change ${level.estimate} [${level.ci_low}, ${level.ci_high}], planted ${plantedChange}`).toBeGreaterThan(0);
    expect(level.ci_low).toBeLessThanOrEqual(plantedChange);
    expect(level.ci_high).toBeGreaterThanOrEqual(plantedChange);
    // the share itself moved: before the intervention about the generator's 0.07 (a Mayor's office is easier to
    // identify than a councillor's staff, so the measured share sits a little above it), after it several times higher
    const pooled = (post: number) => { const xs = rows.filter((r) => r.post === post); return xs.reduce((a, r) => a + r.mayor_office, 0) / xs.reduce((a, r) => a + r.all_member_offices, 0); };
    expect(pooled(0)).toBeLessThan(0.2);
    expect(pooled(1)).toBeGreaterThan(pooled(0) + 0.2);
  });
});

describe('topic volume: planted spikes are flagged, the spread-out null is not', () => {
  it('flags exactly the planted spike months, and no month of the topic whose registrations were spread', async () => {
    const rows = await app.list<Row>('/insights/topic-volume?spike=1');
    const { spikes, spread } = truth.trends.topicVolume;
    expect(rows.map((r) => `${r.topic} ${r.month}`).sort()).toEqual(spikes.map((s) => `${topicOf(s.category)} ${s.month}`).sort());
    for (const r of rows) expect(r.p_value).toBeLessThan(0.01);
    const nulls = await app.list<Row>(`/insights/topic-volume?topic=${topicOf(spread.category)}&month_from=${spread.months[0]}&month_to=${spread.months.at(-1)}`);
    expect(nulls.map((r) => r.month)).toEqual(spread.months);
    expect(nulls.every((r) => r.registrations >= 1 && r.spike === 0)).toBe(true);
  });
});

describe('lead times and upcoming: the planted housing registrations', () => {
  it('recovers each planted lead time exactly where the planted item is linked, and gives the topic a basis', async () => {
    const { category, linked } = truth.trends.leadTimes;
    const links = await app.list<Row>('/links?task=L1');
    const items = new Map((await app.list<Row>('/agenda-items')).map((i) => [i.id, i.meeting_date as string]));
    const regs = new Map((await app.list<Row>('/registrations')).map((r) => [r.id, r]));
    let recovered = 0;
    for (const p of linked) {
      const to = links.filter((l) => l.from_id === p.sm).map((l) => l.to_id);
      if (to.length !== 1 || to[0] !== p.reference) continue; // unlinked, or linked elsewhere too
      expect(day(items.get(p.reference)!) - day(regs.get(p.sm)!.initial_approval_date), p.sm).toBe(p.leadDays);
      recovered++;
    }
    expect(recovered).toBeGreaterThanOrEqual(15);
    const [row] = await app.list<Row>(`/insights/lead-times?topic=${topicOf(category)}`);
    expect(row!.n).toBeGreaterThanOrEqual(20);
  });

  it('lists every planted unlinked registration with a window from its topic\'s lead times', async () => {
    const { category, upcoming } = truth.trends.leadTimes;
    const [lead] = await app.list<Row>(`/insights/lead-times?topic=${topicOf(category)}`);
    const rows = new Map((await app.list<Row>(`/insights/upcoming?topic=${topicOf(category)}`)).map((r) => [r.registration_id, r]));
    const exportDay = day(lead!.model_version); // the export date every insight row carries
    let overdue = 0;
    for (const p of upcoming) {
      const r = rows.get(p.sm);
      expect(r, `${p.sm} is upcoming`).toBeDefined();
      expect([r!.basis, r!.basis_n, r!.initial_approval_date]).toEqual(['topic', lead!.n, p.approved]);
      expect(day(r!.window_start)).toBe(day(p.approved) + Math.floor(lead!.p25));
      expect(day(r!.window_end)).toBe(day(p.approved) + Math.ceil(lead!.p75));
      expect(r!.overdue).toBe(exportDay > day(r!.window_end) ? 1 : 0);
      overdue += r!.overdue;
    }
    // approved over the last 330 days: some windows have passed, some have not
    expect(overdue).toBeGreaterThan(0);
    expect(overdue).toBeLessThan(upcoming.length);
  });
});

describe('disclosure lag: the planted late and prompt firms', () => {
  it('finds the late filer always late and the prompt one never, with rows measured (history > 6 months)', async () => {
    const regs = new Map((await app.list<Row>('/registrations')).map((r) => [r.id, r]));
    const firmsOf = (sms: string[]) => [...new Set(sms.map((sm) => regs.get(sm)?.firm_organization_id).filter((f) => f != null))];
    const { late, prompt } = truth.trends.disclosureLag;
    for (const [firms, share] of [[firmsOf(late.registrations), 1], [firmsOf(prompt.registrations), 0]] as const) {
      // the firm's rows (one per organisation the pipeline resolved its names to, if they had communications in the window)
      const rows = (await Promise.all(firms.map((f) => app.list<Row>(`/insights/disclosure-lag?subject_type=firm&subject_id=${f}`)))).flat();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.reduce((n, r) => n + r.communications, 0)).toBeGreaterThanOrEqual(10);
      for (const r of rows) expect([r.measurement, r.late_share], `firm ${r.subject_id}`).toEqual([null, share]);
    }
    const [all] = await app.list<Row>('/insights/disclosure-lag?subject_type=all');
    expect(all!.communications).toBeGreaterThan(50);
    expect(all!.late_share).toBeGreaterThan(0);
    expect(all!.late_share).toBeLessThan(1);
  });
});
