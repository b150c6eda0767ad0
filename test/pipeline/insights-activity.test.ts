// Office contacts (4.3), meeting rates (4.4) and former officials (4.8) on hand-made inputs: ranks with ties, a quarter
// split at a term boundary, the reporting minimum of 10 communications, the office's own rate in the same category,
// and reviewer-confirmed L5 matches with their counts after leaving office. Expected figures are worked out inline.
import { afterAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { activityWarehouse, comm, published } from './insights-activity-fixture.ts';

const open: Warehouse[] = [];
afterAll(() => open.forEach((wh) => wh.close()));
async function built(...args: Parameters<typeof activityWarehouse>): Promise<Warehouse> {
  const wh = await activityWarehouse(...args);
  open.push(wh);
  return wh;
}
const reg = (id: string, client: number, firm: number | null, lobbyist: number, subjects: string[], approved = '2020-01-01') =>
  ({ id, client_organization_id: client, firm_organization_id: firm, lobbyist_person_id: lobbyist, subjects, initial_approval_date: approved });

describe('office contacts (4.3)', () => {
  it('counts per office, quarter and term, splits a quarter at a term boundary and ranks ties equally', async () => {
    const wh = await built({
      api_registrations: [reg('SM1', 501, 601, 701, ['Housing']), reg('SM2', 502, null, 702, ['Housing']), reg('SM3', 503, null, 703, ['Housing'])],
      api_communications: [
        comm('a', 'SM1', 701, 'member', 101, '2023-01-01', 'meeting'),
        comm('b', 'SM3', 703, 'member', 101, '2023-03-01', 'meeting'),
        comm('c', 'SM1', 701, 'staff', 103, '2023-02-15', 'email'),
        comm('d', 'SM2', 702, 'member', 102, '2023-02-01', 'call'),
        comm('e', 'SM1', 701, 'member', 107, '2023-02-01', null), // no method stated: in no method column
        comm('f', 'SM2', 702, 'member', 102, '2022-11-10', 'written'), // 2022Q4, term 2018-2022 (ends 2022-11-14)
        comm('g', 'SM2', 702, 'member', 102, '2022-11-20', 'other'), // 2022Q4, term 2022-2026
        comm('h', 'SM1', 701, 'city', null, '2023-02-20', 'email'), // not a member's office
      ],
    });
    const rows = await published<Record<string, unknown>>(wh, 'api_insight_office_contacts');
    const pick = (r: Record<string, unknown>) => [r.term, r.quarter, r.person_id, r.communications, r.registrations, r.organizations,
      r.lobbyists, r.meeting, r.call, r.email, r.written, r.other, r.staff_share, r.rank];
    expect(rows.map(pick)).toEqual([
      ['2018-2022', '2022Q4', 102, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1],
      ['2018-2022', 'term', 102, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1],
      ['2022-2026', '2022Q4', 102, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 1],
      // 101 most contacted (2); four offices tie with 1: rank 2 each (competition ranking), by person id
      ['2022-2026', '2023Q1', 101, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 1],
      ['2022-2026', '2023Q1', 102, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0, 2],
      ['2022-2026', '2023Q1', 103, 1, 1, 1, 1, 0, 0, 1, 0, 0, 1, 2],
      ['2022-2026', '2023Q1', 107, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 2],
      // the term rows follow the term's quarters: 101 and 102 tie with 2, then 103 and 107 share rank 3
      ['2022-2026', 'term', 101, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 1],
      ['2022-2026', 'term', 102, 2, 1, 1, 1, 0, 1, 0, 0, 1, 0, 1],
      ['2022-2026', 'term', 103, 1, 1, 1, 1, 0, 0, 1, 0, 0, 1, 3],
      ['2022-2026', 'term', 107, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 3],
    ]);
  });
});

describe('meeting rates (4.4)', () => {
  it('rates each subject against the office in the same category, null below 10 communications, with the reason', async () => {
    const many = (prefix: string, registration: string, lobbyist: number, to: 'member' | 'staff', office: number, methods: (string | null)[]) =>
      methods.map((m, k) => comm(`${prefix}${k}`, registration, lobbyist, to, office, '2024-05-01', m));
    const wh = await built({
      api_registrations: [reg('R1', 501, 601, 701, ['Planning/Development', 'Housing']), reg('R2', 502, null, 702, ['Housing'])],
      api_communications: [
        ...many('a', 'R1', 701, 'member', 201, [...Array(9).fill('meeting'), 'email', 'email', 'email']), // 12: 9 meetings
        ...many('b', 'R2', 702, 'staff', 201, ['meeting', 'meeting', 'call', 'call', 'call', 'call', 'call', null]), // 8: 2 meetings
        ...many('c', 'R1', 701, 'member', 202, ['meeting', 'meeting', 'meeting']),
        ...many('d', 'R2', 702, 'member', 203, Array(10).fill('call')), // an office with no meeting at all
      ],
    });
    const rows = await published<Record<string, unknown>>(wh, 'api_insight_meeting_rates');
    const key = (r: Record<string, unknown>) => `${r.subject_type} ${r.subject_id} ${r.office} ${r.category}`;
    const by = new Map(rows.map((r) => [key(r), [r.communications, r.meetings, r.rate, r.office_rate, r.ratio, r.suppressed]]));
    // office 201: * and Housing 20 communications, 11 meetings (0.55); Planning/Development only R1's 12 (0.75)
    expect(by.get('lobbyist 701 201 *')).toEqual([12, 9, 0.75, 0.55, 1.3636, null]); // 0.75 / 0.55 = 1.363636…
    expect(by.get('lobbyist 701 201 Housing')).toEqual([12, 9, 0.75, 0.55, 1.3636, null]);
    expect(by.get('lobbyist 701 201 Planning/Development')).toEqual([12, 9, 0.75, 0.75, 1, null]);
    expect(by.get('lobbyist 702 201 *')).toEqual([8, 2, null, 0.55, null, 'fewer than 10 communications for the subject']);
    expect(by.get('lobbyist 701 202 *')).toEqual([3, 3, null, null, null, 'fewer than 10 communications for the subject and for the office']);
    expect(by.get('lobbyist 702 203 *')).toEqual([10, 0, 0, 0, null, 'no ratio: the office had no meetings in this category']);
    expect(by.get('firm 601 201 *')).toEqual([12, 9, 0.75, 0.55, 1.3636, null]);
    expect(by.get('office 201 201 *')).toEqual([20, 11, 0.55, 0.55, 1, null]);
    expect(by.get('pair 701:201 201 *')).toEqual(by.get('lobbyist 701 201 *'));
    expect([...by.keys()].some((k) => k.startsWith('firm 502') || k.startsWith('firm null'))).toBe(false); // in-house: no firm
    // lobbyist: 701×201×3 + 702×201×2 + 701×202×3 + 702×203×2 = 10; firm 601: 6; office: 3 + 3 + 2 = 8; pair: 10
    expect(rows.length).toBe(34);
    // order: subject type, subject id, office, "*" before the categories
    expect(rows.slice(0, 3).map(key)).toEqual(['firm 601 201 *', 'firm 601 201 Housing', 'firm 601 201 Planning/Development']);
  });
});

describe('former officials (4.8)', () => {
  it('lists reviewer-confirmed L5 matches with two or more records, and counts what they did after leaving office', async () => {
    const term = (person: number, t: string, role: string, ward: number | null, start: string, end: string) =>
      ({ term: t, name_key: `p${person}`, role, ward, start_date: start, end_date: end });
    const records = (n: number) => ({ confirming_records: Array.from({ length: n }, (_, k) =>
      ({ source: k ? 'council membership' : 'lobbyist registry', record: k ? 'member term' : 'registration SM9', says: 'x' })) });
    const l5 = (id: number, from: number, to: number, n: number, reviewed: string | null = '2026-11-01T10:00:00Z') =>
      ({ id, task: 'L5', from_id: String(from), to_id: String(to), reviewed_at: reviewed, evidence: records(n) });
    const wh = await built({
      int_people: [301, 302, 303, 304, 305, 306, 307].map((id) => ({ id, natural_key: `member:p${id}` })),
      int_member_terms: [
        term(301, '2010-2014', 'councillor', 5, '2010-12-01', '2014-11-30'), term(301, '2014-2018', 'councillor', 5, '2014-12-01', '2018-11-30'),
        term(302, '2014-2018', 'councillor', 9, '2014-12-01', '2018-11-30'), // served with 301
        term(303, '2022-2026', 'councillor', 7, '2022-11-15', '2026-11-14'), // after 301: not a colleague
        term(304, '2018-2022', 'councillor', 5, '2018-12-01', '2022-11-14'), // "ward 5" of the 25 wards: another seat
        term(306, '2010-2014', 'mayor', null, '2010-12-01', '2014-11-30'),
        term(307, '2022-2026', 'mayor', null, '2022-11-15', '2026-11-14'), // a later mayor: the office 306 held
      ],
      api_people: [[401, 'Ann Lobbyist'], [402, 'Max Lobbyist'], [403, 'Unreviewed'], [404, 'One Record'], [301, 'Ann Member'], [306, 'Max Mayor']]
        .map(([id, canonical_name]) => ({ id, canonical_name })),
      api_links: [l5(1, 401, 301, 3), l5(2, 402, 306, 2), l5(3, 403, 301, 2, null), l5(4, 404, 301, 1)],
      api_registrations: [
        reg('R10', 1, null, 401, [], '2017-06-01'), reg('R11', 1, null, 401, [], '2019-03-15'), reg('R12', 1, null, 401, [], '2020-01-10'),
        reg('R20', 2, null, 402, [], '2015-02-01'),
      ],
      api_communications: [
        comm('x0', 'R10', 401, 'member', 302, '2018-06-01'), // while still in office: not counted
        comm('x1', 'R11', 401, 'member', 302, '2019-04-01'), // a colleague
        comm('x2', 'R11', 401, 'staff', 302, '2019-05-01'), // a colleague's staff
        comm('x3', 'R12', 401, 'member', 303, '2023-01-10'),
        comm('x4', 'R11', 401, 'member', 304, '2019-06-01'),
        comm('x5', 'R11', 401, 'city', null, '2019-07-01'),
        comm('y1', 'R20', 402, 'member', 307, '2023-02-01'), // the mayoralty 306 held
        comm('y2', 'R20', 402, 'member', 302, '2016-03-01'), // 302 took office after 306 left
      ],
    });
    const rows = await published<Record<string, unknown>>(wh, 'api_insight_former_officials');
    expect(rows.map((r) => ({ ...r, evidence: (JSON.parse(String(r.evidence)) as unknown[]).length }))).toEqual([
      { lobbyist_person_id: 401, lobbyist_name: 'Ann Lobbyist', former_official_person_id: 301, former_official_name: 'Ann Member',
        role: 'member_of_council', left_office: '2018-11-30', first_registration_after: '2019-03-15', months_after_leaving: 3,
        registrations: 2, communications: 5, communications_to_former_colleagues: 2, evidence: 3, model_version: '2026-11-20' },
      { lobbyist_person_id: 402, lobbyist_name: 'Max Lobbyist', former_official_person_id: 306, former_official_name: 'Max Mayor',
        role: 'mayor', left_office: '2014-11-30', first_registration_after: '2015-02-01', months_after_leaving: 2,
        registrations: 1, communications: 2, communications_to_former_colleagues: 1, evidence: 2, model_version: '2026-11-20' },
    ]);
    const evidence = JSON.parse(String((await wh.all<{ e: string }>(`select cast(evidence as varchar) as e from api_insight_former_officials limit 1`))[0]!.e));
    expect(evidence[0]).toEqual({ source: 'lobbyist registry', id: 'registration SM9', says: 'x' });
  });
});
