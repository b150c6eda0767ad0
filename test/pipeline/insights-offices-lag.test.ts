// The Mayor's-office share and its ITS document (4.5) against a hand count, and disclosure lag (4.11) in both of its
// states: measured once the snapshot history spans 6 months, one measurement row (that every filter returns) before.
import { afterAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { trendInsightRoutes } from '../../api/routes/insights-trends.ts';
import type { ListRoute } from '../../api/routes/types.ts';
import { loadResourceTable } from '../../api/query/engine.ts';
import { parseListQuery } from '../../api/query/params.ts';
import { toArrowFile } from '../../export/arrow-file.ts';
import { exportRow, trendWarehouse, type Row } from './insights-trends-fixture.ts';

const opened: Warehouse[] = [];
afterAll(() => { for (const wh of opened) wh.close(); });
async function open(fixture: Parameters<typeof trendWarehouse>[0]): Promise<Warehouse> {
  const wh = await trendWarehouse(fixture);
  opened.push(wh);
  return wh;
}

describe('mayor share', () => {
  // Person 1 is the Mayor; 2 sits on the Executive Committee from the 2022-2026 term (the Mayor chairs it); 3 does not.
  // No Executive Committee appointment of 2018-2022 is loaded: quarters before 2022-11-15 have no comparison, nor
  // has 2022Q4, which the 2022-2026 appointments cover only from its 46th day.
  const comm = (id: string, member: number | null, date: string, registration: string): Row =>
    ({ id, registration_id: registration, member_person_id: member, date, first_seen_date: date });
  const fixture = (intervention?: string) => ({
    int_export: [exportRow('2023-10-15', intervention)],
    int_terms: [{ term: '2018-2022', start_date: '2018-12-01', end_date: '2022-11-14' }, { term: '2022-2026', start_date: '2022-11-15', end_date: '2026-11-14' }],
    int_people: [{ id: 1, natural_key: 'member:ann mayor' }, { id: 2, natural_key: 'member:bo exec' }, { id: 3, natural_key: 'member:cy other' }],
    int_person_roles: [{ person_id: 1, role: 'mayor', start_date: '2018-12-01', end_date: '2026-11-14' },
      { person_id: 1, role: 'member_of_council', start_date: '2018-12-01', end_date: '2026-11-14' }],
    int_committee_memberships: [
      { term: '2022-2026', name_key: 'ann mayor', committee_code: 'EX', start_date: '2022-11-15', end_date: null },
      { term: '2022-2026', name_key: 'bo exec', committee_code: 'EX', start_date: '2022-11-15', end_date: null },
      { term: '2022-2026', name_key: 'cy other', committee_code: 'PH', start_date: '2022-11-15', end_date: null },
    ],
    api_registrations: [
      { id: 'SM1', status: 'active', subjects: ['Planning/Development', 'Housing'] },
      { id: 'SM2', status: 'active', subjects: [' budget '] }, // mapped case- and space-insensitively
      { id: 'SM3', status: 'active', subjects: ['Transit'] },
    ],
    api_communications: [
      comm('C1', 1, '2022-08-01', 'SM1'), comm('C2', 3, '2022-08-02', 'SM3'), comm('C3', 2, '2022-09-30', 'SM2'),
      comm('C4', null, '2022-08-03', 'SM1'), // city staff: not a member's office
      comm('C5', 1, '2023-01-05', 'SM2'), comm('C6', 1, '2023-02-01', 'SM3'), comm('C7', 2, '2023-03-31', 'SM1'), comm('C8', 3, '2023-01-10', 'SM1'),
      comm('C9', 2, '2023-08-01', 'SM3'),
      comm('C10', 1, '2023-10-02', 'SM1'), // 2023Q4 has not ended on the export date: outside the series
    ],
  });
  const row = (quarter: string, category: string, mayor: number, all: number, share: number | null, exec: number | null, post: number) =>
    ({ quarter, category, mayor_office: mayor, all_member_offices: all, share, executive_committee_share: exec, post });

  it('counts member-office communications per quarter and category, and the Mayor\'s and the Executive Committee\'s shares', async () => {
    const wh = await open(fixture());
    const rows = await wh.all(`select * exclude (_sort, model_version) from api_insight_mayor_share order by _sort`);
    expect(rows).toEqual([
      row('2022Q3', 'all', 1, 3, 0.3333, null, 0), row('2022Q3', 'planning_development', 1, 1, 1, null, 0),
      row('2022Q3', 'budget', 0, 1, 0, null, 0), row('2022Q3', 'housing', 1, 1, 1, null, 0),
      row('2022Q4', 'all', 0, 0, null, null, 0), row('2022Q4', 'planning_development', 0, 0, null, null, 0),
      row('2022Q4', 'budget', 0, 0, null, null, 0), row('2022Q4', 'housing', 0, 0, null, null, 0),
      // C5, C6 to the Mayor, C7 to an Executive Committee member, C8 to another councillor
      row('2023Q1', 'all', 2, 4, 0.5, 0.25, 1), row('2023Q1', 'planning_development', 0, 2, 0, 0.5, 1),
      row('2023Q1', 'budget', 1, 1, 1, 0, 1), row('2023Q1', 'housing', 0, 2, 0, 0.5, 1),
      row('2023Q2', 'all', 0, 0, null, null, 1), row('2023Q2', 'planning_development', 0, 0, null, null, 1),
      row('2023Q2', 'budget', 0, 0, null, null, 1), row('2023Q2', 'housing', 0, 0, null, null, 1),
      row('2023Q3', 'all', 0, 1, 0, 1, 1), row('2023Q3', 'planning_development', 0, 0, null, null, 1),
      row('2023Q3', 'budget', 0, 0, null, null, 1), row('2023Q3', 'housing', 0, 0, null, null, 1),
    ]);
  });

  it('moves post with the configured intervention date, and writes the ITS document (too short a series: why)', async () => {
    const wh = await open(fixture('2023-07-01'));
    expect((await wh.all<{ post: number }>(`select post from api_insight_mayor_share where category = 'all' order by _sort`)).map((r) => r.post))
      .toEqual([0, 0, 0, 0, 1]);
    const [{ doc }] = await wh.all<{ doc: string }>(`select cast(doc as varchar) as doc from api_insight_mayor_share_its`);
    expect(JSON.parse(doc)).toEqual({
      intervention_date: '2023-07-01', intervention_quarter: '2023Q3', n_pre: 2, n_post: 1, durbin_watson: null, model_version: '2023-10-15',
      coefficients: ['intercept', 'trend', 'level_change', 'slope_change'].map((term) => ({ term, estimate: null, std_error: null, ci_low: null, ci_high: null, p_value: null })),
      measurement: '2 quarters before 2023Q3 and 1 from it: the interrupted time series needs at least 8 quarters on each side, so its coefficients are not estimated',
    });
  });
});

describe('disclosure lag', () => {
  const disclosureLag = trendInsightRoutes.find((r) => r.id === 'insights.disclosure-lag') as ListRoute;
  const comm = (id: string, date: string, seen: string, registration: string, lobbyist: number | null): Row =>
    ({ id, registration_id: registration, lobbyist_person_id: lobbyist, member_person_id: null, date, first_seen_date: seen });
  const fixture = (exportDay: string) => ({
    int_export: [exportRow(exportDay)],
    api_registrations: [
      { id: 'SMA', status: 'active', firm_organization_id: 50, subjects: ['Housing', 'Budget'] },
      { id: 'SMB', status: 'active', firm_organization_id: null, subjects: ['Housing'] },
    ],
    api_communications: [
      comm('D0', '2025-12-01', '2026-01-10', 'SMA', 7), // dated before the first snapshot: censored, left out
      comm('D1', '2026-02-01', '2026-02-02', 'SMA', 7), comm('D2', '2026-02-01', '2026-02-10', 'SMA', 7), // 1 and 9 days
      comm('D3', '2026-03-01', '2026-03-04', 'SMB', 8), comm('D4', '2026-03-01', '2026-04-30', 'SMB', null), // 3 and 60 days
    ],
  });

  it('measures lateness (> 3 days) per subject once the history spans 6 months', async () => {
    const wh = await open(fixture('2026-11-20'));
    const stat = (type: string, id: string | null, n: number, late: number, share: number, median: number, p90: number) =>
      ({ subject_type: type, subject_id: id, communications: n, late, late_share: share, median_lag_days: median, p90_lag_days: p90, measurement: null });
    expect(await wh.all(`select * exclude (_sort, model_version, f_subject_types, f_subject_ids) from api_insight_disclosure_lag order by _sort`)).toEqual([
      stat('all', null, 4, 2, 0.5, 6, 44.7), // lags 1, 3, 9, 60: median at 1.5 → 6, p90 at 2.7 → 9 + 0.7·51
      stat('firm', '50', 2, 1, 0.5, 5, 8.2),
      stat('lobbyist', '7', 2, 1, 0.5, 5, 8.2),
      stat('lobbyist', '8', 1, 0, 0, 3, 3), // exactly 3 days is not late
      stat('subject', 'Budget', 2, 1, 0.5, 5, 8.2),
      stat('subject', 'Housing', 4, 2, 0.5, 6, 44.7),
    ]);
  });

  it('returns one measurement row to every request until then, saying from which date rows appear', async () => {
    const wh = await open(fixture('2026-07-09')); // 2026-01-10 + 6 months = 2026-07-10
    const rows = await wh.all<Record<string, unknown>>(`select * from api_insight_disclosure_lag`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject_type: 'all', subject_id: null, communications: null, late: null, late_share: null,
      median_lag_days: null, p90_lag_days: null, model_version: '2026-07-09' });
    expect(rows[0]!.measurement).toBe('The registry snapshot history runs from 2026-01-10 to 2026-07-09, less than the 6 months disclosure lag '
      + 'needs (a communication\'s first sighting is known only from the first snapshot on): rows will appear from 2026-07-10.');
    // through the gateway's engine: every filter a measured row could match returns the one row
    const ctx = { exportId: '2026-07-09-test', cursorSecret: 's' };
    const table = loadResourceTable(disclosureLag, toArrowFile(disclosureLag, rows).bytes, ctx);
    for (const query of ['', 'subject_type=firm', 'subject_type=lobbyist&subject_id=8', 'subject_type=subject&subject_id=Budget', 'subject_id=50']) {
      const page = table.run(parseListQuery(disclosureLag, new URLSearchParams(query), ctx));
      expect(page.records.map((r) => JSON.parse(r).measurement), query).toEqual([rows[0]!.measurement]);
    }
    // a subject the registry never had has no row, now or later
    expect(table.run(parseListQuery(disclosureLag, new URLSearchParams('subject_id=999'), ctx)).records).toEqual([]);
  });
});
