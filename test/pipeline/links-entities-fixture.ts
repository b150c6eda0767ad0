// A tiny known city for the entity link tasks (L3-L7): organisations with a legal-form look-alike and a numbered
// company that shares its operating company's registrations, a lobbyist who gives money and a namesake elsewhere,
// contracts with a typo and a look-alike supplier, members contacted by name (two Councillor Holts and a Mayor and a
// Councillor Chen in office together: the title, the ward or the given name decides). Also scores feature rows with
// the committed model files, as the framework's scoring does.
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { readLinkModel, type LinkTask } from '../../pipeline/links/model-file.ts';
import { insertRows } from './source-fixture.ts';
import { procurementSourceWarehouse, runProcurementModels } from './procurement-fixture.ts';

const snap = { snapshot_date: '2026-11-20' };
const reg = (sm: string, type = 'In-house') => ({ ...snap, file_kind: 'active', sm_number: sm, status: 'Active', type,
  subject_matter: 'Planning', initial_approval_date: '2025-01-05', proposed_start_date: '2025-01-10' });
const registrant = (sm: string, first: string, last: string, postal: string, extra: Record<string, string> = {}) => ({
  ...snap, sm_number: sm, registration_number: `${last.toUpperCase()}1`, first_name: first, last_name: last, postal_code: postal, ...extra });
const client = (sm: string, name: string, postal: string, trade: string | null = null) => ({
  ...snap, sm_number: sm, ordinal: '1', type: 'Client', name, trade_name: trade, address_line1: '1 Bay St', postal_code: postal });
const GIFTS = 'campaign-finance/2014/3_Counillor_Contributions_2014_election.csv';
const gift = (name: string, postal: string, extra: Record<string, string> = {}) => ({
  source_file: GIFTS, election: '2014', office_file: '3_Counillor_Contributions_2014_election.csv', layout: '2014', contributor_name: name,
  contributor_address: '12 Private Lane, Toronto, ON', contributor_postal_code: postal, amount: '500', contribution_type: 'Monetary',
  contributor_type: 'Individual', candidate: 'Smith, Jordan', office: 'Councillor', ward: '10', ...extra });

/** The city: source rows, then every model (the entity link models among them), in the derived order. */
export async function entityLinkCity(): Promise<Warehouse> {
  const wh = await procurementSourceWarehouse();
  await insertRows(wh, 'src_officials__contacts', [
    { term: '2022-2026', district_name: 'Toronto', primary_role: 'Mayor', first_name: 'Maria', last_name: 'Chen' },
    { term: '2022-2026', district_name: 'Ward 10', district_id: '10', primary_role: 'Councillor', first_name: 'Jordan', last_name: 'Smith' },
    { term: '2022-2026', district_name: 'Ward 12', district_id: '12', primary_role: 'Councillor', first_name: 'Priya', last_name: 'Patel' },
    { term: '2022-2026', district_name: 'Ward 5', district_id: '5', primary_role: 'Councillor', first_name: 'Wei', last_name: 'Chen' },
    { term: '2018-2022', district_name: 'Ward 3', district_id: '3', primary_role: 'Councillor', first_name: 'Dana', last_name: 'Holt' },
    { term: '2018-2022', district_name: 'Ward 4', district_id: '4', primary_role: 'Councillor', first_name: 'Lee', last_name: 'Holt' },
    { term: '2018-2022', district_name: 'Ward 6', district_id: '6', primary_role: 'Councillor', first_name: 'Paula', last_name: 'Kelly' },
  ]);
  await insertRows(wh, 'src_registry__registrations', ['SM1', 'SM2', 'SM3', 'SM4', 'SM5', 'SM6', 'SM7'].map((sm) => reg(sm)));
  await insertRows(wh, 'src_registry__registrants', [
    registrant('SM1', 'Avery', 'Lindqvist', 'M5J 2B2'),
    registrant('SM2', 'Avery', 'Lindqvist', 'M5J 2B2'), // the same lobbyist files for the numbered company
    registrant('SM3', 'Robin', 'Okafor', 'M4W 1A1'),
    registrant('SM4', 'Sam', 'Ferreira', 'M6P 3C3'),
    registrant('SM5', 'Dana', 'Holt', 'M6P 3C3', { previous_public_office_holder: 'Yes',
      previous_public_office_hold_position: 'City Councillor', previous_public_office_hold_last_date: '2022-11-14' }),
    // former Councillor Paula Kelly, registered under her married name; a namesake who sat on another council
    registrant('SM6', 'Paula', 'Rahman', 'M6P 3C3', { previous_public_office_holder: 'Yes', previous_public_office_hold_position: 'Councillor',
      previous_public_office_position_program_name: 'Ward 6', previous_public_office_hold_last_date: '2022-11-14' }),
    registrant('SM7', 'Paulo', 'Kelly', 'M6P 3C3', { previous_public_office_holder: 'Yes', previous_public_office_hold_position: 'Regional Councillor',
      previous_public_office_position_program_name: 'Regional Municipality of York', previous_public_office_hold_last_date: '2022-11-14' }),
  ]);
  await insertRows(wh, 'src_registry__beneficiaries', [
    client('SM1', 'Harbour Realty Inc.', 'M5J 1A1'),
    client('SM2', '1234567 Ontario Inc.', 'M5J 1A1', 'Harbour Realty'), // the numbered company that IS Harbour Realty
    client('SM3', 'Maple Leaf Developments Inc.', 'M4W 2B2'),
    client('SM4', 'Maple Leaf Development Corp.', 'M6P 4D4'), // a different legal entity
    client('SM5', 'Holt Advisory Ltd.', 'M6P 3C3'),
    client('SM6', 'Holt Advisory Ltd.', 'M6P 3C3'),
    client('SM7', 'Holt Advisory Ltd.', 'M6P 3C3'),
  ]);
  await insertRows(wh, 'src_registry__communications', [
    { ...snap, sm_number: 'SM1', ordinal: '1', communication_id: 'C1', poh_type: 'Member of Council', poh_name: 'Councillor J. Smith',
      poh_office: 'Ward 10', communication_method: 'Meeting', communication_date: '2025-02-01' },
    { ...snap, sm_number: 'SM3', ordinal: '1', communication_id: 'C2', poh_type: 'Member of Council', poh_name: 'Priya Patel',
      communication_method: 'Meeting', communication_date: '2025-03-01' },
    // look-alike members: two Councillor Holts (2018-2022), Mayor Maria Chen and Councillor Wei Chen (2022-2026)
    ...([['C3', 'Councillor Holt', 'City Council', '2020-03-01'], ['C4', 'Councillor Holt', 'Ward 4', '2020-03-02'],
      ['C5', 'Holt, Dana', 'City Council', '2020-03-03'], ['C6', 'Mayor Chen', "Mayor's Office", '2025-04-01'],
      ['C7', 'Councillor Chen', 'City Council', '2025-04-02']] as const).map(([id, name, office, date], i) => ({
      ...snap, sm_number: 'SM4', ordinal: String(i + 1), communication_id: id, poh_type: 'Member of Council', poh_name: name,
      poh_office: office, communication_method: 'Meeting', communication_date: date })),
  ]);
  await insertRows(wh, 'src_procurement__awarded', [
    { document_number: '4000000001', successful_supplier: 'Harbour Realty Incorporated', award: '1000.00', award_date: '2026-01-10', rfx_type: 'RFQ' },
    { document_number: '4000000002', successful_supplier: 'Harbuor Realty Inc.', award: '1000.00', award_date: '2026-01-11', rfx_type: 'RFQ' },
    { document_number: '4000000003', successful_supplier: 'Maple Leaf Development Corporation', award: '1000.00', award_date: '2026-01-12', rfx_type: 'RFQ' },
  ]);
  await insertRows(wh, 'src_contributions__rows', [
    gift('Lindqvist, Avery', 'M5J 3X9'), // the lobbyist, in the postal area of their business address
    gift('Lindqvist, Avery', 'M1B 5K7'), // a namesake in another postal area
    gift('Lindqvist, Morgan', 'M5J 4Y1'), // same surname and area, another first name (tier 3 at most)
    gift('Okafor, Robin', 'M4W 9Z9', { source_position: '4' }),
  ].map((g, i) => ({ ...g, source_position: String(i + 1) })));
  await runProcurementModels(wh);
  return wh;
}

export interface ScoredPair { from_id: string; to_id: string; x: Record<string, number>; evidence: string; extra: string; p: number }

/** The rows of a task's features table with the probability of the committed model file. */
export async function scored(wh: Warehouse, task: LinkTask): Promise<ScoredPair[]> {
  const model = readLinkModel(task);
  const rows = await wh.all<{ from_id: string; to_id: string; x: string; evidence: string; extra: string }>(
    `select from_id, to_id, to_json(x)::varchar as x, evidence::varchar as evidence, extra::varchar as extra from lnk_${task.toLowerCase()}`);
  return rows.map((r) => {
    const x = JSON.parse(r.x) as Record<string, number>;
    const z = Object.entries(model.weights).reduce((s, [k, w]) => s + w * (x[k] ?? 0), model.intercept);
    return { ...r, x, p: Math.round(10000 / (1 + Math.exp(-z))) / 10000 };
  });
}
