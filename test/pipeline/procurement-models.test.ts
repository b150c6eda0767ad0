// Procurement and contributions models on a tiny known city: amount and document-number parsing, contract ids,
// supplier resolution on equal keys only, corporate groups, campaigns with person matching, privacy of contributor
// addresses, and api rows valid against the route schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { assertDocsValid, assertRecordsValid } from '../../build/site/validate-records.ts';
import { procurementRoutes } from '../../api/routes/procurement.ts';
import { contributionRoutes } from '../../api/routes/contributions.ts';
import type { DetailRoute, ListRoute } from '../../api/routes/types.ts';
import { insertRows } from './source-fixture.ts';
import { procurementSourceWarehouse, runProcurementModels } from './procurement-fixture.ts';

let wh: Warehouse;
const snap = { snapshot_date: '2026-11-20' };
const AWARDED = 'procurement/tobids-awarded-contracts.csv';
const award = (doc: string | null, supplier: string, amount: string, date = '2026-01-10') => ({
  source_file: AWARDED, document_number: doc, rfx_type: 'RFQ', high_level_category: 'Goods and Services',
  successful_supplier: supplier, award: amount, award_date: date, division: 'Toronto Water,Transportation Services',
  description: 'Road salt', wards: 'None',
});
const PRIVATE = ['M4C 1B5', 'M4C1B5', 'M5H 1A1', 'M5H1A1', '10 King St W', '77 Elm Ave', 'M6P 2R2', 'M6P2R2'];

beforeAll(async () => {
  wh = await procurementSourceWarehouse();
  await insertRows(wh, 'src_officials__contacts', [
    { term: '2014-2018', district_name: 'Toronto', primary_role: 'Mayor', first_name: 'Maria', last_name: 'Chen' },
    { term: '2014-2018', district_name: 'Ward 10', district_id: '10', primary_role: 'Councillor', first_name: 'Jordan', last_name: 'Smith' },
    { term: '2010-2014', district_name: 'Ward 44', district_id: '44', primary_role: 'Councillor', first_name: 'Fatima', last_name: 'Bradford' },
  ]);
  const reg = (sm: string, type = 'Consultant') => ({ ...snap, file_kind: 'active', sm_number: sm, status: 'Active', type,
    subject_matter: 'Planning', initial_approval_date: '2025-01-05', proposed_start_date: '2025-01-10' });
  await insertRows(wh, 'src_registry__registrations', ['SM1', 'SM2', 'SM3', 'SM4', 'SM5', 'SM6', 'SM7', 'SM8', 'SM9'].map((sm) => reg(sm)));
  await insertRows(wh, 'src_registry__firms', ['SM1', 'SM2', 'SM3', 'SM4', 'SM5', 'SM6', 'SM7', 'SM8', 'SM9'].map((sm) => ({
    ...snap, sm_number: sm, ordinal: '1', type: 'Consultant', name: 'Temple Public Affairs Ltd.', address_line1: '1 Front St', postal_code: 'M5J 1A1' })));
  const client = (sm: string, name: string, line1 = '5 Bay St', postal = 'M5J 2A2', line2: string | null = null) => ({
    ...snap, sm_number: sm, ordinal: '1', type: 'Client', name, address_line1: line1, address_line2: line2, postal_code: postal });
  const owner = (sm: string, type: string, name: string) => ({ ...snap, sm_number: sm, ordinal: '2', type, name, address_line1: '9 Bay St', postal_code: 'M5J 2B2' });
  await insertRows(wh, 'src_registry__beneficiaries', [
    client('SM1', 'Acme Holdings Inc.', '11 Bay St'), owner('SM1', 'Parent company', 'Zenith Capital Corp.'),
    client('SM2', 'Acme Builders Ltd.', '12 Bay St'), owner('SM2', 'Controlling interest holder', 'Zenith Capital Corp.'),
    client('SM3', 'Solo Ltd.', '13 Bay St'), owner('SM3', 'Parent company', 'SOLO LIMITED'), // names itself
    client('SM4', 'MLE', '14 Bay St'), owner('SM4', 'Subsidiary company', 'Maple Leaf Engineering Inc.'), // a spelling of itself
    client('SM5', 'Harbour Realty Ltd.', '10 King St W', 'M5H 1A1', 'Suite 5'),
    client('SM6', 'Harbour Developments Inc.', '400 Queen St', 'M5V 3C3'),
    client('SM7', 'Lake Shore Inc.', '15 Bay St'),
    client('SM8', 'Twin Towers Ltd.', '20 Elm St', 'M6P 9Z9'), client('SM9', 'Twin Tower Holdings Ltd.', '20 Elm St', 'M6P 9Z9'),
  ]);
  await insertRows(wh, 'src_registry__communications', [
    { ...snap, sm_number: 'SM1', ordinal: '1', communication_id: 'C1', poh_type: 'Member of Council', poh_name: 'Jordan Smith',
      communication_method: 'Meeting', communication_date: '2025-02-01' },
  ]);
  await insertRows(wh, 'src_procurement__awarded', [
    award('4000000001', 'ACME HOLDINGS INCORPORATED', '$1,317,169.92 CAD'), // resolves (same key)
    award('4000000001', 'Acme Holding Inc.', '26773.58', '2026-01-12'), // near miss: must not resolve
    award('Doc 4000000001', 'Granite Media Ltd.', 'USD 25,659.03', '2026-01-15'), // prefix stripped: third call-up line
    award('4000000002', 'Granite Media Ltd.', '31.65/MT'),
    award('4000000003', 'Granite Media Ltd.', '$3,122,693.10 $2,498,154.48'),
    award('4000000004', 'Granite Media Ltd.', 'kj'),
    award('4000000005', 'Granite Media Ltd.', 'S2,035,000.00'),
    award('1111111111', 'Granite Media Ltd.', '100.00'),
    award('1111111111', 'Granite Media Ltd.', '200.00'),
    award('xxxxxxxx', 'Granite Media Ltd.', '300.00'),
    award('3.77E+1100', 'Granite Media Ltd.', '400.00'),
    award('3.77E+1100', 'Granite Media Ltd.', '400.00'), // an exact duplicate line still gets its own id
  ]);
  await insertRows(wh, 'src_procurement__non_competitive', [
    { workspace_number: '8614', reason: 'Emergency', contract_date: '2026-02-08', supplier_name: 'Harbour Realty Ltd.', contract_amount: '$65,095.00', division: 'Toronto Water', wards: '7' },
    { workspace_number: '95', reason: 'Exception - Secure/confidential', contract_date: '2026-02-30', supplier_name: 'Nobody Co', contract_amount: '22372.00', division: 'City Planning' },
  ]);
  await insertRows(wh, 'src_procurement__solicitations', [
    { document_number: '4000000001', rfx_type: 'RFQ', noip_type: 'Notice of Intended Procurement', issue_date: '2025-11-01',
      submission_deadline: '2025-12-01', high_level_category: 'Goods and Services', description: 'Road salt', division: 'Toronto Water' },
  ]);
  const F14C = 'campaign-finance/2014/3_Counillor_Contributions_2014_election.csv';
  const gift = (candidate: string, office: string, ward: string | null, name: string, postal: string, amount: string, extra: Record<string, string | null> = {}) => ({
    source_file: F14C, election: '2014', office_file: '3_Counillor_Contributions_2014_election.csv', layout: '2014', contributor_name: name,
    contributor_address: null, contributor_postal_code: postal, amount, contribution_type: 'Monetary', contributor_type: 'Individual',
    candidate, office, ward, ...extra });
  await insertRows(wh, 'src_contributions__rows', [
    gift('Smith, Jordan', 'Councillor', '10', 'Xu, Gord', 'M4C 1B5', '750'),
    gift('Smith, Jordan', 'Councillor', '10', 'Xu, Gord', 'M4C 1B5', '250'), // same contributor twice
    gift('Smith, Jordan', 'Councillor', '10', 'Xu, Gordon', 'M6P 2R2', '300', { contribution_type: 'Goods/Services', goods_description: 'Lawn signs' }),
    gift('Smith, Jordan', 'Councillor', '10', 'Harbour Developments Inc.', 'M5H 1A1', '500',
      { contributor_type: 'Corporation', contributor_address: '10 King St W Suite 5, Toronto, ON' }),
    gift('Doe, Jane', 'Councillor', '10', 'Roe, Ann', 'M6P 2R2', '100', { contributor_address: '77 Elm Ave, Toronto, ON' }),
    gift('Park, Lee', 'Toronto District School Board', '5', 'Kim, Sam', 'M6P 2R2', '100'),
    gift('Smith, Jordan', 'Councillor', '10', 'Xu, Gord', 'M6H 2A1', '100'), // Xu Gord again, from another address
  ]);
  const filing = (candidate: string, office: string, ward: string | null, total: string | null, elected: string, incumbent: string) => ({
    election: '2014', candidate, office, ward, total_contributions: total, contributions_n: total === null ? null : '3',
    contributors_n: total === null ? null : '3', elected, incumbent, filing_type: 'Main' });
  await insertRows(wh, 'src_contributions__filings', [
    filing('Chen, Maria', 'Mayor', null, '61,975.00', 'Yes', 'No'),
    filing('Chen, Maria', 'Councillor', '3', '500.00', 'No', 'No'), // namesake of the mayor: not the member
    filing('Smith, Jordan', 'Councillor', '10', null, 'Yes', 'No'), // no totals: taken from the rows
    filing('Bradford, Fatima', 'Councillor', '17', '850.00', 'No', 'No'), // a past member's namesake: flags disagree
  ]);
  await insertRows(wh, 'src_groups__manual', [
    { group_name: 'Harbour group', organization_name: 'HARBOUR REALTY LIMITED', basis_note: 'parent', source: 'annual report' },
    { group_name: 'Harbour group', organization_name: 'Lake Shore', basis_note: 'subsidiary', source: 'annual report' },
    { group_name: 'Harbour group', organization_name: 'Harbr Realty', basis_note: 'subsidiary', source: 'annual report' },
  ]);
  await runProcurementModels(wh);
});

afterAll(() => wh.close());

const orgId = async (name: string) =>
  (await wh.all<{ id: number }>(`select id from int_organizations where canonical_name = '${name}'`))[0]?.id;

describe('procurement staging', () => {
  it('parses amounts and nulls every damaged kind with its reason', async () => {
    const rows = await wh.all<{ amount_raw: string; amount: number | null; amount_issue: string | null; amount_repair: string | null }>(
      'select amount_raw, amount, amount_issue, amount_repair from stg_procurement__awarded order by source_position');
    const by = Object.fromEntries(rows.map((r) => [r.amount_raw, r]));
    expect(by['$1,317,169.92 CAD']!.amount).toBe(1317169.92);
    expect(by['26773.58']!.amount).toBe(26773.58);
    expect(by['USD 25,659.03']).toMatchObject({ amount: null, amount_issue: 'foreign currency' });
    expect(by['31.65/MT']).toMatchObject({ amount: null, amount_issue: 'rate, not a total' });
    expect(by['$3,122,693.10 $2,498,154.48']).toMatchObject({ amount: null, amount_issue: 'several amounts in one cell' });
    expect(by.kj).toMatchObject({ amount: null, amount_issue: 'not an amount' });
    expect(by['S2,035,000.00']).toMatchObject({ amount: 2035000, amount_issue: null, amount_repair: 'S read as $' });
    const qa = await wh.all<{ reason: string }>("select reason from qa_procurement_values where reason like 'Award%'");
    expect(qa).toHaveLength(4);
  });

  it('normalises document numbers to 10 digits and nulls damage with a reason', async () => {
    const rows = await wh.all<{ document_number_raw: string; document_number: string | null; document_number_issue: string | null }>(
      'select distinct document_number_raw, document_number, document_number_issue from stg_procurement__awarded');
    const by = Object.fromEntries(rows.map((r) => [r.document_number_raw, r]));
    expect(by['Doc 4000000001']!.document_number).toBe('4000000001');
    expect(by['1111111111']).toMatchObject({ document_number: null, document_number_issue: 'placeholder' });
    expect(by.xxxxxxxx).toMatchObject({ document_number: null, document_number_issue: 'placeholder' });
    expect(by['3.77E+1100']).toMatchObject({ document_number: null, document_number_issue: 'scientific notation (digits lost)' });
  });
});

describe('contracts', () => {
  it('gives every line a unique, URL-safe id: call-up lines numbered, damaged numbers hashed', async () => {
    const rows = await wh.all<{ id: string; _sort: string }>('select id, _sort from api_contracts order by _sort');
    expect(rows).toHaveLength(14);
    expect(new Set(rows.map((r) => r.id)).size).toBe(14);
    expect(new Set(rows.map((r) => r._sort)).size).toBe(14);
    for (const r of rows) expect(r.id).toMatch(/^[CN]-[A-Za-z0-9-]+$/);
    expect(rows.filter((r) => r.id.startsWith('C-4000000001-')).map((r) => r.id)).toEqual(['C-4000000001-1', 'C-4000000001-2', 'C-4000000001-3']);
    expect(rows.map((r) => r.id)).toContain('N-8614');
    expect(rows.at(-1)!.id).toBe('N-8614'); // N-95 sorts before N-8614: workspace numbers are padded in _sort
  });

  it('resolves a supplier on an equal organisation key, to the canonical record of its L3 family', async () => {
    // the L3 model publishes Acme Holdings Inc. as merged into Acme Builders Ltd. (shared owner and postal code), so
    // the contract's supplier is the canonical record, as /contracts?supplier= and every procurement figure name it
    const [merge] = await wh.all<{ from_id: string; to_id: string }>("select from_id, to_id from int_links where task = 'L3' and published and to_id = $id",
      { id: String(await orgId('Acme Holdings Inc.')) });
    expect(merge!.from_id).toBe(String(await orgId('Acme Builders Ltd.')));
    const acme = await orgId('Acme Builders Ltd.');
    const rows = await wh.all<{ supplier_raw: string; supplier_organization_id: number | null; supplier_name: string; supplier_slug: string | null }>(
      "select supplier_raw, supplier_organization_id, supplier_name, supplier_slug from api_contracts where document_number = '4000000001' order by id");
    expect(rows[0]).toMatchObject({ supplier_raw: 'ACME HOLDINGS INCORPORATED', supplier_organization_id: acme, supplier_name: 'Acme Builders Ltd.', supplier_slug: 'acme-builders-ltd' });
    expect(rows[1]).toMatchObject({ supplier_raw: 'Acme Holding Inc.', supplier_organization_id: null, supplier_name: 'Acme Holding Inc.', supplier_slug: null });
  });

  it('carries the matching solicitation in the detail document', async () => {
    const docs = await wh.all<{ id: string; doc: string }>("select id, doc from api_contracts_detail where id in ('C-4000000001-1', 'C-4000000002-1')");
    const by = Object.fromEntries(docs.map((d) => [d.id, JSON.parse(d.doc)]));
    expect(by['C-4000000001-1'].solicitation).toMatchObject({ issue_date: '2025-11-01', submission_deadline: '2025-12-01', type: 'RFQ' });
    expect(by['C-4000000002-1'].solicitation).toBeNull();
    // the detail embeds the contract's published links (L6 supplier matches), each with its task and evidence
    for (const link of by['C-4000000001-1'].links as { task: string; from_id: string; evidence: object }[]) {
      expect(link).toMatchObject({ task: 'L6', from_id: 'C-4000000001-1' });
      expect(typeof link.evidence).toBe('object');
    }
  });
});

describe('groups', () => {
  it('joins components across bases, keeps only groups of two or more, names and ranks bases', async () => {
    const groups = await wh.all<{ id: number; name: string; basis: string; bases: string[]; members: number; registrations: number; contracts: number; contract_amount: number | null }>(
      'select * from api_groups order by id');
    const names = await wh.all<{ group_id: number; canonical_name: string }>(
      'select m.group_id, o.canonical_name from int_group_members as m join int_organizations as o on o.id = m.organization_id order by o.canonical_name');
    const members = (gid: number) => names.filter((n) => n.group_id === gid).map((n) => n.canonical_name);
    expect(groups).toHaveLength(2);
    const acme = groups.find((g) => g.basis === 'parent_subsidiary')!;
    // Acme Holdings Inc. is merged into Acme Builders Ltd. (L3): one member, by its canonical record
    expect(members(acme.id)).toEqual(['Acme Builders Ltd.', 'Zenith Capital Corp.']);
    // the shared beneficiary joined the two Acme records, one legal entity now: no basis between members
    expect(acme.bases).toEqual(['parent_subsidiary']);
    const harbour = groups.find((g) => g.basis === 'manual')!;
    // manual (Harbour Realty + Lake Shore without its legal form) joined to the shared address with a corporate donor
    expect(members(harbour.id)).toEqual(['Harbour Developments Inc.', 'Harbour Realty Ltd.', 'Lake Shore Inc.']);
    expect(harbour).toMatchObject({ name: 'Harbour group', bases: ['manual', 'shared_address'], members: 3, contracts: 1, contract_amount: 65095 });
    // self-named parents, spelling variants (MLE) and registry-only shared addresses (Twin Tower…) make no group
    expect(names.map((n) => n.canonical_name)).not.toContain('MLE');
    expect(names.map((n) => n.canonical_name)).not.toContain('Twin Towers Ltd.');
    expect(groups.map((g) => g.id)).toEqual([...groups.map((g) => g.id)].sort((a, b) => a - b));
    const qa = await wh.all<{ reason: string }>("select reason from qa_procurement_values where source = 'groups'");
    expect(qa.map((q) => q.reason)).toEqual(['manual group member "Harbr Realty" matches no registry organisation key']);
  });

  it('names the connecting records, never an address', async () => {
    const docs = await wh.all<{ doc: string }>('select doc from api_groups_detail');
    const records = docs.flatMap((d) => JSON.parse(d.doc).connections.map((c: { record: Record<string, unknown> }) => c.record));
    expect(records.some((r) => r.type === 'contribution' && r.contribution_row === 4)).toBe(true);
    expect(records.some((r) => r.type === 'manual' && r.group_name === 'Harbour group')).toBe(true);
    expect(records.some((r) => r.type === 'registration' && r.registration_id === 'SM1')).toBe(true);
  });
});

describe('campaigns', () => {
  it('takes totals from the filing, or from the rows when the filing has none', async () => {
    const rows = await wh.all<Record<string, unknown>>('select * from api_campaigns order by _sort');
    const by = (name: string, office: string) => rows.find((r) => r.candidate_name === name && r.office === office)!;
    expect(by('Maria Chen', 'Mayor')).toMatchObject({ total_contributions: 61975, contributions_n: 3, source_dataset: 'campaign-filings', elected: 1, incumbent: 0 });
    // no filed totals: from the rows, the contributors as people (Xu Gord's three gifts from two addresses are one)
    expect(by('Jordan Smith', 'Councillor')).toMatchObject({ ward: 10, total_contributions: 1900, contributions_n: 5, contributors_n: 3 });
    expect(by('Jane Doe', 'Councillor')).toMatchObject({ total_contributions: 100, source_dataset: 'campaign-contributions', filing_type: null });
    expect(rows.map((r) => r.candidate_name)).not.toContain('Lee Park'); // trustee campaigns are not council campaigns
    const qa = await wh.all<{ reason: string }>("select reason from qa_procurement_values where source = 'contributions'");
    expect(qa.map((q) => q.reason)).toEqual(['contribution to a school board trustee candidate: not a council campaign']);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows[0]).toMatchObject({ id: 20140001, candidate_name: 'Maria Chen', office: 'Mayor' });
  });

  it('matches a candidate to a member only when name and terms agree', async () => {
    const rows = await wh.all<{ candidate_name: string; office: string; candidate_person_id: number | null; natural_key: string | null }>(
      `select c.candidate_name, c.office, c.candidate_person_id, p.natural_key from api_campaigns as c
       left join int_people as p on p.id = c.candidate_person_id order by c._sort`);
    const by = (name: string, office: string) => rows.find((r) => r.candidate_name === name && r.office === office)!;
    expect(by('Maria Chen', 'Mayor').natural_key).toBe('member:maria chen');
    expect(by('Maria Chen', 'Councillor').candidate_person_id).toBeNull(); // namesake, neither incumbent nor elected
    expect(by('Jordan Smith', 'Councillor').natural_key).toBe('member:jordan smith');
    expect(by('Fatima Bradford', 'Councillor').candidate_person_id).toBeNull(); // sat 2010-2014 but filed as non-incumbent
    expect(by('Jane Doe', 'Councillor').candidate_person_id).toBeNull(); // not a member
  });
});

describe('publication', () => {
  it('no api table or detail document carries a contributor address or postal code', async () => {
    const tables = await wh.all<{ table_name: string }>("select table_name from duckdb_tables() where table_name like 'api_%'");
    let all = '';
    for (const { table_name } of tables) {
      const [{ text }] = await wh.all<{ text: string }>(`select coalesce(string_agg(cast(t as varchar), '\n'), '') as text from ${table_name} as t`);
      for (const value of PRIVATE) expect(text.toUpperCase(), `${table_name} carries "${value}"`).not.toContain(value.toUpperCase());
      all += text;
    }
    // the scan reads whole rows: names that are published do show up in it
    for (const published of ['Harbour group', 'Jordan Smith', 'C-4000000001-1', '"contribution_row":4']) expect(all).toContain(published);
    const [{ text }] = await wh.all<{ text: string }>("select string_agg(reason || ' ' || excerpt, '\n') as text from qa_procurement_values");
    for (const value of PRIVATE) expect(text.toUpperCase()).not.toContain(value.toUpperCase());
  });

  it('api rows and documents validate against the route schemas', async () => {
    for (const route of [...procurementRoutes, ...contributionRoutes]) {
      if (route.kind === 'list') {
        const r = route as ListRoute;
        assertRecordsValid(r, await wh.all(`select * from ${r.table}`));
      } else if (route.kind === 'detail') {
        const d = route as DetailRoute;
        const docs = await wh.all<{ id: string; doc: string }>(`select id, doc from ${d.table}`);
        assertDocsValid(d, docs);
      }
    }
  });
});
