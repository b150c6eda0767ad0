// The deviation bloc rule (4.2) and item lobbying (4.1) on a hand-computable council: one lobbied item L (published
// L1 link), one unlinked item U (no vote date on its motions: dated by the item's first vote), one item P of the
// previous term. Every expected figure below is worked out in the comments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { activityWarehouse, comm, l1, published } from './insights-activity-fixture.ts';

const L = '2023.PH1.1', U = '2023.PH1.2', P = '2022.PH9.1';
const M = [101, 102, 103, 104, 105];
let wh: Warehouse;

/** One motion's votes: every listed member votes Yes unless named in `no` or `absent`. */
function motion(item: string, n: number, voters: number[], no: number[] = [], absent: number[] = []) {
  return voters.map((p) => ({ agenda_item_id: item, motion_number: n, person_id: p, vote: absent.includes(p) ? 'Absent' : no.includes(p) ? 'No' : 'Yes' }));
}

beforeAll(async () => {
  const votes = [
    // L, motions 1-12: 101 votes No on 1-3 against a Yes bloc (3 deviations in 12); 105 absent on 12
    ...[1, 2, 3].flatMap((n) => motion(L, n, M, [101])),
    ...[4, 5, 6, 7, 8, 9, 10, 11].flatMap((n) => motion(L, n, M)),
    ...motion(L, 12, M, [], [105]),
    // L, motion 13, 3 Yes - 2 No: for 101, 104, 105 (Yes) the others split 2-2, a tie: no bloc, skipped;
    // for 102 and 103 (No) the others are 3-1 Yes: both deviate
    ...motion(L, 13, M, [102, 103]),
    // U, motions 1-10 (106 votes on 1-9 only): 102 deviates on motion 1
    ...motion(U, 1, [...M, 106], [102]),
    ...[2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => motion(U, n, [...M, 106])),
    ...motion(U, 10, [...M, 106], [], [106]),
    // P (previous term): 101 alone against two Yes votes
    ...motion(P, 1, [101, 102, 103], [101]),
  ];
  const motions = [
    ...Array.from({ length: 13 }, (_, k) => ({ agenda_item_id: L, motion_number: k + 1, vote_date: '2023-03-01' })),
    ...Array.from({ length: 10 }, (_, k) => ({ agenda_item_id: U, motion_number: k + 1, vote_date: null })),
    { agenda_item_id: P, motion_number: 1, vote_date: '2022-06-01' },
  ];
  wh = await activityWarehouse({
    int_votes: votes,
    int_motions: motions,
    int_agenda_items: [{ id: L, first_vote_date: '2023-03-01' }, { id: U, first_vote_date: '2023-05-01' }, { id: P, first_vote_date: '2022-06-01' }],
    api_agenda_items: [
      { id: P, first_vote_date: '2022-06-01', ward: 3, committee_code: 'PH', title: 'P', _sort: '2022.PH .000009.000001', f_wards: [3] },
      { id: L, first_vote_date: '2023-03-01', ward: null, committee_code: 'PH', title: 'L', _sort: '2023.PH .000001.000001', f_wards: [4, 5] },
      { id: U, first_vote_date: '2023-05-01', ward: 5, committee_code: 'PH', title: 'U', _sort: '2023.PH .000001.000002', f_wards: [5] },
      { id: '2023.PH1.3', first_vote_date: null, ward: 5, committee_code: 'PH', title: 'never voted', _sort: '2023.PH .000001.000003', f_wards: [5] },
    ],
    api_registrations: [
      { id: 'SM1', client_organization_id: 501, firm_organization_id: 601, lobbyist_person_id: 701, subjects: ['Housing'] },
      { id: 'SM2', client_organization_id: 502, firm_organization_id: null, lobbyist_person_id: 702, subjects: ['Housing'] },
      { id: 'SM3', client_organization_id: 503, firm_organization_id: null, lobbyist_person_id: 703, subjects: ['Housing'] },
    ],
    api_links: [l1(1, 'SM1', L), l1(2, 'SM3', L)],
    api_communications: [
      comm('c1', 'SM1', 701, 'member', 101, '2023-01-01'), // 59 days before the vote: L is lobbied for 101
      comm('c2', 'SM1', 701, 'staff', 103, '2023-02-15'), // 103's staff, 14 days before: lobbied for 103
      comm('c3', 'SM1', 701, 'member', 102, '2022-08-01'), // 212 days before: outside the 180 days
      comm('c4', 'SM2', 702, 'member', 102, '2023-02-01'), // SM2 has no link to L
      comm('c5', 'SM1', 701, 'member', 105, '2023-03-02'), // the day after the vote
      comm('c6', 'SM1', 701, 'member', 104, '2022-09-02'), // exactly 180 days before: lobbied for 104
      comm('c7', 'SM1', 701, 'city', null, '2023-02-20', 'email'), // City staff: lobbying, not a member's office
      comm('c8', 'SM3', 703, 'member', 101, '2023-03-01'), // on the vote day itself
      comm('c9', 'SM1', 701, 'member', 107, '2023-02-01'), // 107 casts no vote on L
    ],
  });
});
afterAll(() => wh?.close());

describe('deviation (4.2)', () => {
  it('counts votes against the bloc of the other members, skips ties and absences, and splits lobbied from unlobbied', async () => {
    const rows = await published<Record<string, unknown>>(wh, 'api_insight_deviation');
    const pick = (r: Record<string, unknown>) => [r.term, r.person_id, r.lobbied_votes, r.lobbied_deviations, r.lobbied_rate,
      r.unlobbied_votes, r.unlobbied_deviations, r.unlobbied_rate, r.difference, r.suppressed];
    expect(rows.map(pick)).toEqual([
      // P: 101 deviates once; 102 and 103 vote with each other's Yes (others 1 Yes - 1 No for each: a tie, skipped)
      ['2018-2022', 101, 0, 0, null, 1, 1, null, null, 'fewer than 10 lobbied and fewer than 10 unlobbied votes'],
      // 101: L 1-12 lobbied (3 deviations), 13 a tie; U 10 votes, none against
      ['2022-2026', 101, 12, 3, 0.25, 10, 0, 0, 0.25, null],
      // 102: never lobbied (212 days; SM2 unlinked): L 1-13 (deviates on 13) + U 1-10 (deviates on 1) = 2 of 23
      ['2022-2026', 102, 0, 0, null, 23, 2, 0.087, null, 'fewer than 10 lobbied votes'],
      // 103: lobbied through staff: L 13 votes, 1 deviation (1/13 = 0.076923)
      ['2022-2026', 103, 13, 1, 0.0769, 10, 0, 0, 0.0769, null],
      // 104: lobbied 180 days before (boundary included): L 1-12 (13 a tie)
      ['2022-2026', 104, 12, 0, 0, 10, 0, 0, 0, null],
      // 105: contacted the day after: unlobbied; absent on L 12, tie on 13: L 1-11 + U 1-10
      ['2022-2026', 105, 0, 0, null, 21, 0, 0, null, 'fewer than 10 lobbied votes'],
      // 106: 9 votes (absent on U 10): below the minimum of 10
      ['2022-2026', 106, 0, 0, null, 9, 0, null, null, 'fewer than 10 lobbied and fewer than 10 unlobbied votes'],
    ]);
    expect(rows.every((r) => r.model_version === '2026-11-20')).toBe(true);
  });

  it('skips a tie and keeps the votes of members who have a bloc on the same motion', async () => {
    const rows = await wh.all<{ person_id: number; bloc: string; deviated: boolean }>(
      `select person_id, bloc, deviated from int_insight_deviation_votes where agenda_item_id = $i and motion_number = 13 order by person_id`, { i: L });
    expect(rows).toEqual([{ person_id: 102, bloc: 'Yes', deviated: true }, { person_id: 103, bloc: 'Yes', deviated: true }]);
  });
});

describe('item lobbying (4.1)', () => {
  it('has one row per voted item and window, counting communications on linked registrations from first vote − w to the vote day', async () => {
    const rows = await published<Record<string, unknown>>(wh, 'api_insight_item_lobbying');
    const pick = (r: Record<string, unknown>) => [r.agenda_item_id, r.window, r.registrations, r.organizations, r.lobbyists,
      r.communications, r.member_communications, r.members_contacted, r.members_contacted_who_voted];
    expect(rows.map(pick)).toEqual([
      [P, 30, 0, 0, 0, 0, 0, 0, 0], [P, 90, 0, 0, 0, 0, 0, 0, 0], [P, 180, 0, 0, 0, 0, 0, 0, 0],
      // 30 days (from 2023-01-30): c2, c7, c8, c9; offices 103 (staff), 101, 107 (107 did not vote)
      [L, 30, 2, 2, 2, 4, 3, 3, 2],
      // 90 days (from 2022-12-01): + c1 (101 again)
      [L, 90, 2, 2, 2, 5, 4, 3, 2],
      // 180 days (from 2022-09-02, included): + c6 (104); c3 (212 days) and c5 (after) never count
      [L, 180, 2, 2, 2, 6, 5, 4, 3],
      [U, 30, 0, 0, 0, 0, 0, 0, 0], [U, 90, 0, 0, 0, 0, 0, 0, 0], [U, 180, 0, 0, 0, 0, 0, 0, 0],
    ]);
    expect(rows[3]).toMatchObject({ first_vote_date: '2023-03-01', ward: null, committee_code: 'PH', title: 'L', model_version: '2026-11-20' });
  });

  it('filters by any ward the item concerns', async () => {
    const rows = await wh.all<{ agenda_item_id: string }>(
      `select distinct agenda_item_id from api_insight_item_lobbying where list_contains(f_wards, 5) order by 1`);
    expect(rows.map((r) => r.agenda_item_id)).toEqual([L, U]);
  });
});
