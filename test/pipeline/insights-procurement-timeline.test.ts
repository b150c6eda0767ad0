// procurement-timeline's `inside` exactly as defined: a communication dated from the issue date to the award date (both
// included) of a solicitation that the organisation later won. The published tables already name canonical records
// and resolved suppliers: organisation 1 lobbies; 2 is merged into it (L3), so the contract 2 won is published as 1's;
// a published L6 link gives 1 the contract K4; 3 is unrelated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { developmentProcurementWarehouse, link, published } from './insights-development-procurement-fixture.ts';

let wh: Warehouse;
const contract = (id: string, doc: string, supplier: number | null, date: string) =>
  ({ id, kind: 'competitive', supplier_organization_id: supplier, date, amount: 1000, document_number: doc, reason: null, division: 'Legal', _sort: id });
const detail = (id: string, issue: string, deadline: string) => ({ id, doc: { solicitation: { issue_date: issue, submission_deadline: deadline } } });
const comm = (id: string, date: string) =>
  ({ id, registration_id: 'SM1', lobbyist_person_id: 9, office_holder_type: 'city_staff', member_person_id: null, date, _sort: id });

beforeAll(async () => {
  wh = await developmentProcurementWarehouse({
    api_organizations: [{ id: 1 }, { id: 3 }],
    api_links: [link(1, 'L3', 1, 2), link(2, 'L6', 'K4', 1, 0.93)],
    int_organization_canonical: [
      { organization_id: 1, canonical_id: 1, is_canonical: true, family_ids: [1, 2] },
      { organization_id: 2, canonical_id: 1, is_canonical: false, family_ids: [1, 2] },
      { organization_id: 3, canonical_id: 3, is_canonical: true, family_ids: [3] },
    ],
    api_registrations: [{ id: 'SM1', type: 'in_house', status: 'active', client_organization_id: 1, firm_organization_id: null,
      lobbyist_person_id: 9, initial_approval_date: '2024-01-02', start_date: null, end_date: null, _sort: 'SM1' }],
    api_communications: [
      comm('c1-before', '2024-02-29'), // the day before S1 opens: 0
      comm('c2-issue', '2024-03-01'), // S1's issue day: 1
      comm('c3-mid', '2024-03-15'), // inside S1: 1
      comm('c4-award', '2024-04-30'), // S1's (first) award day: 1
      comm('c5-after', '2024-05-01'), // the day after; S1's later call-up (05-20) does not reopen it: 0
      comm('c6-family', '2024-06-10'), // inside S2, won by organisation 2, merged into 1 (L3): 1
      comm('c7-other', '2024-08-10'), // inside S3, won by organisation 3 (unrelated): 0
      comm('c8-l6', '2024-10-10'), // inside S4, whose contract a published L6 link gives to 1: 1
    ],
    api_contracts: [
      contract('K1', 'S1', 1, '2024-04-30'), contract('K1b', 'S1', 1, '2024-05-20'),
      contract('K2', 'S2', 1, '2024-06-30'), contract('K3', 'S3', 3, '2024-08-30'), contract('K4', 'S4', 1, '2024-10-30'),
    ],
    api_contracts_detail: [
      detail('K1', '2024-03-01', '2024-03-20'), detail('K1b', '2024-03-01', '2024-03-20'), detail('K2', '2024-06-01', '2024-06-20'),
      detail('K3', '2024-08-01', '2024-08-20'), detail('K4', '2024-10-01', '2024-10-20'),
    ],
  });
});
afterAll(() => wh.close());

interface Event { organization_id: number; row: number; event: string; date: string; communication_id: string | null; contract_id: string | null;
  document_number: string | null; supplier_organization_id: number | null; inside: number | null; f_organization_ids: number[] }
const timeline = (org: number) => published<Event>(wh, 'api_insight_procurement_timeline', `organization_id = ${org}`);

describe('procurement-timeline inside', () => {
  it('flags exactly the communications inside a window the organisation won, its merged records\' and L6 wins included', async () => {
    const comms = (await timeline(1)).filter((e) => e.event === 'communication');
    expect(comms.map((c) => [c.communication_id, c.inside, c.document_number])).toEqual([
      ['c1-before', 0, null], ['c2-issue', 1, 'S1'], ['c3-mid', 1, 'S1'], ['c4-award', 1, 'S1'], ['c5-after', 0, null],
      ['c6-family', 1, 'S2'], ['c7-other', 0, null], ['c8-l6', 1, 'S4'],
    ]);
  });

  it('orders by date, then event, then id, numbering the rows', async () => {
    const events = await timeline(1);
    expect(events.map((e) => e.row)).toEqual(events.map((_, i) => i + 1));
    const day = (d: string) => events.filter((e) => e.date === d).map((e) => e.event);
    expect(day('2024-03-01')).toEqual(['communication', 'solicitation_issued']);
    expect(day('2024-04-30')).toEqual(['communication', 'contract_awarded']);
    expect(events[0]!.event).toBe('registration');
    // the merged record's win is the canonical record's; the unrelated organisation's does not appear
    expect(events.find((e) => e.contract_id === 'K2')!.supplier_organization_id).toBe(1);
    expect(events.find((e) => e.contract_id === 'K4')!.supplier_organization_id).toBe(1);
    expect(events.some((e) => e.contract_id === 'K3' || e.document_number === 'S3')).toBe(false);
    for (const e of events) if (e.event !== 'communication') expect(e.inside).toBeNull();
  });

  it('has no timeline of its own for a merged record, whose id the organisation filter answers with the canonical one', async () => {
    expect(await timeline(2)).toEqual([]);
    const events = await timeline(1);
    for (const e of events) expect(e.f_organization_ids).toEqual([1, 2]);
    expect(events.filter((e) => e.event === 'contract_awarded').map((e) => e.contract_id)).toEqual(['K1', 'K1b', 'K2', 'K4']);
    expect((await timeline(3)).map((e) => e.event)).toEqual(['solicitation_issued', 'solicitation_closed', 'contract_awarded']);
  });
});
