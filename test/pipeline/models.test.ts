// Model tests: a tiny, fully known city goes through every SQL layer on an in-memory warehouse and the API
// tables come out as expected (entity resolution, office-holder resolution, vote parsing, dedupe, quarantine).
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { runModels } from '../../pipeline/lib/models.ts';
import { runChecks } from '../../pipeline/lib/checks.ts';
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { emptySourceWarehouse, insertRows } from './source-fixture.ts';

let wh: Warehouse;
const T = '2022-2026';
const ms = (iso: string) => String(Date.parse(`${iso}T14:00:00Z`));

beforeAll(async () => {
  wh = await emptySourceWarehouse();
  await insertRows(wh, 'src_officials__contacts', [
    { term: T, district_name: 'Toronto', district_id: null, primary_role: 'Mayor', first_name: 'Maria', last_name: 'Chen' },
    { term: T, district_name: 'Spadina-Fort York', district_id: '10', primary_role: 'Councillor', first_name: 'Jordan', last_name: 'Smith' },
    { term: T, district_name: 'Toronto-St. Paul\'s', district_id: '12', primary_role: 'Councillor', first_name: 'Priya', last_name: 'Patel' },
    { term: T, district_name: 'Parkdale-High Park', district_id: '04', primary_role: 'Councillor', first_name: 'Alice', last_name: 'Smith' },
    { term: T, district_name: 'Davenport', district_id: '09', primary_role: 'Councillor', first_name: null, last_name: null },
  ]);
  await insertRows(wh, 'src_tmmis__decision_bodies', [
    { term: T, decision_body_id: '1', decision_body_name: 'City Council', committee_code: 'CC' },
    { term: T, decision_body_id: '2', decision_body_name: 'Planning and Housing Committee', committee_code: 'PH' },
  ]);
  await insertRows(wh, 'src_tmmis__decision_body_members', [
    { term: T, decision_body_id: '1', member_id: '1', first_name: 'Maria', last_name: 'Chen', salutation: 'MAYOR' },
    { term: T, decision_body_id: '2', member_id: '3', first_name: 'Priya', last_name: 'Patel', salutation: 'COUNCILR', role: 'CHAIR', appt_start_date: ms('2022-12-01') },
  ]);
  const vote = (first: string, last: string, v: string, extra: Record<string, string> = {}) => ({
    term: T, first_name: first, last_name: last, committee: 'City Council', date_time: '2023-07-19 15:03 PM',
    agenda_item_number: '2023.PH5.12', agenda_item_title: '12 Example Ave\r\n- Zoning', motion_type: 'Adopt Item',
    vote: v, result: 'Carried, 3-1', vote_description: 'Majority required - Adopt Item', ...extra,
  });
  await insertRows(wh, 'src_votes__rows', [
    vote('Maria', 'Chen', 'Yes'), vote('Jordan', 'Smith', 'Yes'), vote('Priya', 'Patel', 'Yes'), vote('Alice', 'Smith', 'No'),
    vote('Alice', 'Smith', 'No'), // duplicated row: counted once
    vote('Priya', 'Patel', 'Absent', { date_time: '2023-07-19 09:30 AM', motion_type: 'Amend Item', result: 'Lost, 1-2', vote_description: 'Majority required - Amend' }),
    vote('Maria', 'Chen', 'Yes', { date_time: '2023-07-19 09:30 AM', motion_type: 'Amend Item', result: 'Lost, 1-2', vote_description: 'Majority required - Amend' }),
  ]);
  await insertRows(wh, 'src_tmmis__agenda_items', [
    { term: T, reference: '2023.PH5.12', agenda_item_id: '100', meeting_date: ms('2023-07-10'), agenda_cd: 'PH', meeting_number: '5',
      decision_body_name: 'Planning and Housing Committee', agenda_item_title: '12 Example Ave - Zoning By-law Amendment',
      ward_ids: '[10]', addresses: '["12 Example Ave"]' },
    { term: T, reference: '2023.PH5.12', agenda_item_id: '90', meeting_date: ms('2023-07-10'), agenda_cd: 'PH', meeting_number: '5',
      agenda_item_title: 'stale duplicate' },
    { term: T, reference: '2023.EX3.4', agenda_item_id: '101', meeting_date: ms('2023-05-03'), agenda_cd: 'EX', meeting_number: '3',
      agenda_item_title: 'Budget update', ward_ids: '[4, 10]', addresses: '[]' },
    { term: T, reference: 'not-an-item', agenda_item_id: '102', meeting_date: ms('2023-05-03'), agenda_cd: 'EX' },
  ]);
  const snap = { snapshot_date: '2026-11-20' };
  await insertRows(wh, 'src_registry__registrations', [
    { ...snap, file_kind: 'active', sm_number: 'SM10002', status: 'Active', type: 'In-house', subject_matter: 'Planning/Development; Housing',
      initial_approval_date: '2023-01-05', proposed_start_date: '2023-01-10', proposed_end_date: '2023-02-30' },
    { ...snap, file_kind: 'closed', sm_number: 'SM9001', status: 'Closed by LRO', type: 'Consultant', subject_matter: 'Transit',
      initial_approval_date: '2022-12-20', proposed_start_date: '2022-12-21' },
    { ...snap, file_kind: 'closed', sm_number: 'SM9001', status: 'Closed', type: 'Consultant', subject_matter: 'Transit' },
  ]);
  await insertRows(wh, 'src_registry__registrants', [
    { ...snap, sm_number: 'SM10002', registration_number: '55434S', first_name: 'JOHN (Jack)', last_name: 'DOE' },
    { ...snap, sm_number: 'SM9001', registration_number: '54370C', first_name: 'John', last_name: 'Doe' },
  ]);
  await insertRows(wh, 'src_registry__firms', [
    { ...snap, sm_number: 'SM10002', ordinal: '1', type: 'In-house', name: 'Maple Leaf Developments Incorporated', business_type: 'Corporation' },
    { ...snap, sm_number: 'SM9001', ordinal: '1', type: 'Consultant', name: 'Strategy Corp.', business_type: 'Corporation' },
  ]);
  await insertRows(wh, 'src_registry__beneficiaries', [
    { ...snap, sm_number: 'SM9001', ordinal: '1', type: 'Client', name: 'MAPLE LEAF DEVELOPMENTS INC.', trade_name: 'Maple Leaf Homes' },
    { ...snap, sm_number: 'SM9001', ordinal: '2', type: 'Client', name: '2456789 Ontario Inc.' },
  ]);
  const comm = (id: string, fields: Record<string, string | null>) => ({ ...snap, sm_number: 'SM10002', communication_id: id, ...fields });
  await insertRows(wh, 'src_registry__communications', [
    comm('C1', { poh_type: 'Member of Council', poh_name: 'Councillor J. Smith', communication_method: 'E-mail;Meeting', communication_date: '2023-06-01' }),
    comm('C2', { poh_type: 'Staff of Member of Council', poh_office: 'office of councillor patel, ward 12', poh_name: 'Mr. Alex Wong',
      communication_method: 'Telephone', communication_date: '2023-06-02' }),
    comm('C3', { poh_type: 'Staff of Member of Council', poh_office: "Mayor's Office; Executive Assistant", communication_method: 'Written', communication_date: '2023-06-03' }),
    comm('C4', { poh_type: 'Member of Council', poh_office: 'Ward 10 Spadina-Fort York', communication_method: 'Other:site visit', communication_date: '2023-06-04' }),
    comm('C5', { poh_type: 'Member of Council', poh_name: 'Councillor Smith', communication_date: '2023-06-05' }),
    comm('C6', { poh_type: 'Employee of the City', poh_office: 'City Planning', communication_date: null }),
    comm('C7', { lobbyist_first_name: 'Jane', lobbyist_last_name: 'Roe', lobbyist_number: '11942S-1' }),
  ]);
  await insertRows(wh, 'src_registry__sightings', [
    { communication_id: 'C1', sm_number: 'SM10002', communication_date: '2023-06-01', first_seen_date: '2023-06-09', last_seen_date: '2026-11-20' },
  ]);
  await runModels(wh, () => {});
});

afterAll(() => wh.close());

const one = async <T = Record<string, unknown>>(sql: string) => (await wh.all<T>(sql))[0];

describe('entities from a known city', () => {
  it('merges spellings of one legal name, keeps trade names as aliases and detects numbered companies', async () => {
    const orgs = await wh.all<{ canonical_name: string; aliases: string[]; type: string }>(
      'select canonical_name, aliases, type from api_organizations order by id');
    // equally frequent spellings: the mixed-case one is preferred over capitals
    expect(orgs.map((o) => o.canonical_name).sort()).toEqual(['2456789 Ontario Inc.', 'Maple Leaf Developments Incorporated', 'Strategy Corp.']);
    const maple = orgs.find((o) => o.canonical_name.startsWith('Maple'))!;
    expect(maple.aliases).toEqual(['MAPLE LEAF DEVELOPMENTS INC.', 'Maple Leaf Homes']);
    expect(maple.type).toBe('corporation');
    expect(orgs.find((o) => o.canonical_name.startsWith('2456789'))!.type).toBe('numbered_company');
  });

  it('resolves the client and firm of consultant and in-house registrations', async () => {
    const regs = await wh.all<Record<string, unknown>>(`select r.id, r.type, r.status, c.canonical_name as client, f.canonical_name as firm,
      r.end_date, r.subjects from api_registrations r left join api_organizations c on c.id = r.client_organization_id
      left join api_organizations f on f.id = r.firm_organization_id order by r._sort`);
    expect(regs.map((r) => r.id)).toEqual(['SM9001', 'SM10002']); // numeric SM order
    expect(regs[0]).toMatchObject({ type: 'consultant', status: 'closed by lro', client: 'Maple Leaf Developments Incorporated', firm: 'Strategy Corp.' });
    expect(regs[1]).toMatchObject({ type: 'in_house', status: 'active', client: 'Maple Leaf Developments Incorporated', firm: null, end_date: null });
    expect(regs[1].subjects).toEqual(['Planning/Development', 'Housing']);
  });

  it('folds lobbyist spellings and nicknames into one person with one role per term', async () => {
    const people = await wh.all<{ canonical_name: string }>("select canonical_name from api_people where slug like 'john-doe%'");
    expect(people).toHaveLength(1);
    const roles = await one<{ f_roles: unknown[] }>("select f_roles from api_people where slug = 'john-doe'");
    // the active registration runs to the snapshot date (2026-11-20), inside the 2026-2030 term
    expect(roles.f_roles).toEqual([
      { role: 'lobbyist', ward: null, term: '2022-2026' },
      { role: 'lobbyist', ward: null, term: '2026-2030' },
    ]);
  });

  it('gives the mayor both mayor and member_of_council roles', async () => {
    const mayor = await one<{ f_roles: { role: string }[] }>("select f_roles from api_people where canonical_name = 'Maria Chen'");
    expect(mayor.f_roles.map((r) => r.role).sort()).toEqual(['mayor', 'member_of_council']);
  });
});

describe('communications', () => {
  const name = (id: string) => `(select canonical_name from api_people where id = ${id})`;
  it('resolves members by name, initial, office text, Mayor’s office and ward; ambiguity resolves to nobody', async () => {
    const rows = await wh.all<Record<string, unknown>>(`select id, office_holder_type, method, ${name('member_person_id')} as member,
      ${name('office_holder_person_id')} as holder, first_seen_date from api_communications order by _sort`);
    expect(rows.map((r) => r.id)).toEqual(['C1', 'C2', 'C3', 'C4', 'C5']);
    expect(rows[0]).toMatchObject({ member: 'Jordan Smith', holder: 'Jordan Smith', method: 'meeting', first_seen_date: '2023-06-09' });
    expect(rows[1]).toMatchObject({ office_holder_type: 'councillor_staff', member: 'Priya Patel', holder: 'Alex Wong', method: 'call' });
    expect(rows[2]).toMatchObject({ member: 'Maria Chen', method: 'written' });
    expect(rows[3]).toMatchObject({ member: 'Jordan Smith', method: 'other' });
    expect(rows[4]).toMatchObject({ member: null, first_seen_date: '2026-11-20' });
  });

  it('rejects an undated communication with a reason instead of dropping it silently', async () => {
    const qa = await wh.all<{ reason: string; excerpt: string }>("select reason, excerpt from qa_invalid_values where severity = 'rejected'");
    // the key names the registration first, so a reader finds the record by its SM number
    expect(qa).toContainEqual({ reason: 'communication has no date', excerpt: 'SM10002:C6' });
    expect(qa.some((r) => r.reason.startsWith('duplicate SM number SM9001'))).toBe(true);
    const nulled = await wh.all<{ reason: string }>("select reason from qa_invalid_values where severity = 'value_nulled'");
    expect(nulled.map((r) => r.reason)).toContain('invalid proposed_end_date "2023-02-30"');
  });
});

describe('agenda items, motions and votes', () => {
  it('keeps the current TMMIS record per reference and flags recorded votes', async () => {
    const items = await wh.all<Record<string, unknown>>('select id, title, committee, meeting_date, ward, first_vote_date, has_recorded_vote, f_wards from api_agenda_items order by _sort');
    expect(items.map((i) => i.id)).toEqual(['2023.EX3.4', '2023.PH5.12']);
    expect(items[1]).toMatchObject({ title: '12 Example Ave - Zoning By-law Amendment', committee: 'Planning and Housing Committee',
      meeting_date: '2023-07-10', ward: 10, first_vote_date: '2023-07-19', has_recorded_vote: 1 });
    expect(items[0]).toMatchObject({ ward: null, has_recorded_vote: 0, f_wards: [4, 10] });
  });

  it('parses the 24-hour clock with AM/PM, dedupes duplicate vote rows and tallies motions', async () => {
    const doc = JSON.parse((await one<{ doc: string }>("select doc from api_agenda_items_detail where id = '2023.PH5.12'")).doc);
    expect(doc.motions.map((m: Record<string, unknown>) => [m.vote_time, m.motion_type, m.yes, m.no, m.absent])).toEqual([
      ['09:30', 'Amend Item', 1, 0, 1],
      ['15:03', 'Adopt Item', 3, 1, 0],
    ]);
    expect(doc.votes.filter((v: { motion_number: number }) => v.motion_number === 2)).toHaveLength(4);
  });

  it('passes every data check', async () => {
    const failed = (await runChecks(wh)).filter((c) => c.failures > 0);
    expect(failed).toEqual([]);
  });
});

describe('stable_ids macro', () => {
  it('keeps issued ids and numbers new keys after the highest, in key order', async () => {
    await wh.exec(`insert into state_entity_ids values ('site', 'B', 1), ('site', 'Z', 2), ('group', 'x', 9)`);
    await wh.exec(`create or replace table t_keys as select * from (values ('A'), ('B'), ('C'), (null)) as t(natural_key)`);
    const rows = await wh.all('select natural_key, id from stable_ids(\'site\', \'t_keys\') order by id');
    expect(rows).toEqual([
      { natural_key: 'B', id: 1 }, { natural_key: 'Z', id: 2 }, { natural_key: 'A', id: 3 }, { natural_key: 'C', id: 4 },
    ]);
    await wh.exec(`delete from state_entity_ids where entity in ('site', 'group')`);
  });
});
