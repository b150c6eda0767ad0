// What a newcomer asks first, answered in one request on the e2e city: contacts with any member's office
// (`member_office=1`: the member and the member's staff), and who is a councillor in a list of people (`role_names`).
import { beforeAll, describe, expect, it } from 'vitest';
import { openE2eApp, type E2eApp } from './harness.ts';
import { isOffice, type Row } from './cross-figures-support.ts';
import { walkAll } from './walk.ts';

let gw: E2eApp;
let communications: Row[];

beforeAll(async () => {
  gw = await openE2eApp();
  communications = await walkAll<Row>(gw, '/communications');
});

const quarterOf = (date: string) => `${date.slice(0, 4)}Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;

describe('member_office=1', () => {
  it('is every contact with a member of council or a member\'s staff resolved to a member, and nothing else', async () => {
    const office = await walkAll<Row>(gw, '/communications?member_office=1');
    expect(office.map((c) => c.id)).toEqual(communications.filter(isOffice).map((c) => c.id));
    // both halves of the office are there: a member_of_council filter alone would miss the staff
    const types = new Set(office.map((c) => c.office_holder_type));
    expect(types).toEqual(new Set(['member_of_council', 'councillor_staff']));
    const members = await walkAll<Row>(gw, '/communications?office_holder_type=member_of_council');
    expect(office.length).toBeGreaterThan(members.filter((c) => c.member_person_id !== null).length);
  });

  it('counts per quarter what /insights/mayor-share counts as all member offices', async () => {
    const office = await walkAll<Row>(gw, '/communications?member_office=1');
    const perQuarter = new Map<string, number>();
    for (const c of office) perQuarter.set(quarterOf(c.date), (perQuarter.get(quarterOf(c.date)) ?? 0) + 1);
    const shares = await walkAll<Row>(gw, '/insights/mayor-share?category=all');
    expect(shares.length).toBeGreaterThan(0);
    for (const row of shares) expect(perQuarter.get(row.quarter) ?? 0, row.quarter).toBe(row.all_member_offices);
  });

  it('combines with the other filters', async () => {
    const from = communications.filter(isOffice)[0]!.date as string;
    const page = await gw.json<{ data: Row[] }>(`/communications?member_office=1&from=${from}&limit=5`);
    expect(page.status).toBe(200);
    expect(page.body.data.length).toBeGreaterThan(0);
    for (const c of page.body.data) expect([c.date >= from, isOffice(c)]).toEqual([true, true]);
  });
});

describe('role_names on /people', () => {
  it('says who is a councillor in a list of councillors', async () => {
    const members = await walkAll<Row>(gw, '/people?role=member_of_council&term=2022-2026');
    expect(members.length).toBeGreaterThan(0);
    for (const p of members) expect(p.role_names, String(p.id)).toContain('member_of_council');
  });

  it('is the distinct roles of the detail, sorted, and the detail carries the same list', async () => {
    const people = await walkAll<Row>(gw, '/people');
    const sample = [...people.filter((p) => p.role_names.length > 1).slice(0, 5), ...people.slice(0, 5)];
    expect(sample.length).toBeGreaterThan(5);
    for (const p of sample) {
      const detail = (await gw.json<{ data: Row }>(`/people/${p.id}`)).body.data;
      const roles = [...new Set((detail.roles as Row[]).map((r) => r.role as string))].sort();
      expect(p.role_names, String(p.id)).toEqual(roles);
      expect(detail.role_names).toEqual(p.role_names);
    }
  });
});
