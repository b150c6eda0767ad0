// A tiny known city for L7 (contribution → organisation): a lobbyist registered for two clients who gives from one
// client's postal code, a namesake elsewhere, the lobbyist writing the registry's middle initial and a namesake
// writing another; two lobbyists "A. E. Robertson" could be; a contributor whose given name differs from the
// lobbyist's; a corporate contribution with a misspelt name at the organisation's registry postal code (its officer
// gives too) and a look-alike company elsewhere (its president is no officer of the organisation); a senior officer
// the registry names on an in-house registration's communications.
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { insertRows } from './source-fixture.ts';
import { procurementSourceWarehouse, runProcurementModels } from './procurement-fixture.ts';

const snap = { snapshot_date: '2026-11-20' };
const reg = (sm: string, type = 'Consultant') => ({ ...snap, file_kind: 'active', sm_number: sm, status: 'Active', type,
  subject_matter: 'Planning', initial_approval_date: '2021-01-05', proposed_start_date: '2021-01-10' });
const registrant = (sm: string, first: string, middle: string, last: string, postal: string) => ({
  ...snap, sm_number: sm, registration_number: `${last.toUpperCase()}${first.length}`, first_name: first, middle_initials: middle,
  last_name: last, postal_code: postal });
const client = (sm: string, name: string, postal: string) => ({
  ...snap, sm_number: sm, ordinal: '1', type: 'Client', name, address_line1: '1 Bay St', postal_code: postal });
const FILE = 'campaign-finance/2014/3_Counillor_Contributions_2014_election.csv';
const gift = (name: string, postal: string, extra: Record<string, string> = {}) => ({
  source_file: FILE, election: '2014', office_file: '3_Counillor_Contributions_2014_election.csv', layout: '2014', contributor_name: name,
  contributor_address: ' ', contributor_postal_code: postal, amount: '500', contribution_type: 'Monetary',
  contributor_type: 'Individual', candidate: 'Smith, Jordan', office: 'Councillor', ward: '10', ...extra });
const corporate = (name: string, street: string, postal: string, president: string) => gift(name, postal, {
  contributor_address: `${street}, Toronto, ON`, contributor_type: 'Corporation', president, authorized_representative: president });

/** The data rows (1-based source positions), by what each one tests. */
export const L7_GIFTS = {
  lobbyistAtClient: 1, namesake: 2, middleAgrees: 3, middleConflicts: 4, twoRobertsons: 5, otherGivenName: 6,
  misspeltCompany: 7, lookalikeCompany: 8, officer: 9, lookalikePresident: 10, registrySeniorOfficer: 11,
} as const;

export async function l7City(): Promise<Warehouse> {
  const wh = await procurementSourceWarehouse();
  await insertRows(wh, 'src_registry__registrations', [...['SM1', 'SM2', 'SM3', 'SM4', 'SM5'].map((sm) => reg(sm)), reg('SM6', 'In-house')]);
  await insertRows(wh, 'src_registry__registrants', [
    registrant('SM1', 'Robin', 'J.', 'Okafor', 'M5V 3L9'),
    registrant('SM2', 'Robin', '', 'Okafor', 'M5V 3L9'), // the middle initial is not on every registration
    registrant('SM3', 'Anjali', 'E', 'Robertson', 'M5H 2N2'),
    registrant('SM4', 'Abena', 'E.', 'Robertson', 'M5H 2N2'),
    registrant('SM5', 'Christopher', '', 'Mendes', 'M4P 1E4'),
    registrant('SM6', 'Helen', '', 'Quist', 'M8V 1B1'),
  ]);
  // the in-house registration's communications name a senior officer who took part
  await insertRows(wh, 'src_registry__communications', [
    { ...snap, sm_number: 'SM6', ordinal: '1', communication_id: 'C1', poh_type: 'Member of Council', poh_name: 'Jordan Smith',
      communication_method: 'Meeting', communication_date: '2022-02-01' },
    { ...snap, sm_number: 'SM6', ordinal: '2', lobbyist_number: 'QUIST5-1', lobbyist_type: 'Sr. Officer', lobbyist_first_name: 'Priya',
      lobbyist_last_name: 'Nandakumar', communication_date: '2022-02-01' },
  ]);
  await insertRows(wh, 'src_registry__beneficiaries', [
    client('SM1', 'Queen West Lofts Ltd.', 'M6J 1A1'),
    client('SM2', 'Maple Leaf Developments Inc.', 'M4W 2B2'),
    client('SM3', 'Harbour Realty Inc.', 'M5J 1A1'),
    client('SM4', 'Lakeshore Homes Inc.', 'M8V 1B1'),
    client('SM5', 'Dufferin Grove Properties Inc.', 'M6H 2K2'),
    client('SM6', 'Lakeshore Homes Inc.', 'M8V 1B1'),
  ]);
  await insertRows(wh, 'src_contributions__rows', [
    gift('Okafor, Robin', 'M4W 2B2'), // from Maple Leaf's postal code: the lobbyist, of both clients
    gift('Okafor, Robin', 'M1B 5K7'), // a namesake elsewhere
    gift('Okafor, Robin J', 'M2N 6K1'), // at home, with the registry's middle initial
    gift('Okafor, Robin K.', 'M2N 6K2'), // another middle initial: someone else
    gift('Robertson, A. E.', 'M3C 1C1'), // fits Anjali E. and Abena E. Robertson alike
    gift('Mendes, Catherine', 'M6H 2K2'), // same surname and client postal code, another given name
    corporate('Harbor Realty Inc.', '1 Bay St', 'M5J 1A1', 'Dana Whitfield'), // misspelt, at Harbour Realty's address
    corporate('Harbour Realty Ltd.', '77 Weston Rd', 'M9N 3R1', 'Morgan Pike'), // another legal entity, elsewhere
    gift('Whitfield, Dana', 'M5J 1A1'), // Harbour Realty's president
    gift('Pike, Morgan', 'M9N 3R1'), // the look-alike company's president
    gift('Nandakumar, Priya', 'M8V 1B1'), // the senior officer the registry names, from the organisation's postal code
  ].map((g, i) => ({ ...g, source_position: String(i + 1) })));
  await runProcurementModels(wh);
  return wh;
}
