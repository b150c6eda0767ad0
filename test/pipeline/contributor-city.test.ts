// The contributor's city, traced from the contribution files to GET /contributions: staging takes the city out of the
// address (the part after the street, never a street, unit or postal code), or, for an individual's row (no address),
// Toronto when the postal code is in an M forward sortation area; api_contributions publishes it beside the name
// while the address and postal code stay in the warehouse.
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareModels, runModel } from '../../pipeline/lib/models.ts';
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { insertRows } from './source-fixture.ts';
import { procurementSourceWarehouse } from './procurement-fixture.ts';

const FILE = 'campaign-finance/2014/2_Mayor.csv';
/** Contributor address and postal code → the city staging should find (null: none may be published). */
const ADDRESSES: [string | null, string, string | null][] = [
  ['100 King St W, Toronto', 'L4C 1B5', 'Toronto'],
  ['1515 Yonge St Suite 930, Vaughan, ON', 'L4K 5R6', 'Vaughan'],
  ['440 Bay St, North  York, ON M5H 2Y4', 'M5H 2Y4', 'North York'],
  ['77 Elm Ave, Toronto ON M4C 1B5', 'M4C 1B5', 'Toronto'],
  ['5 Bay St, TORONTO, Ontario, Canada', 'M5J 2A2', 'TORONTO'],
  ['5 Bay St, Toronto, ON, M5J 2A2', 'M5J 2A2', 'Toronto'],
  ['12 Oak Ave, Markham Ont.', 'L3R 1A1', 'Markham'], // a 2022 EFD cell's address lines, joined by the adapter
  ['12 Elm St', 'L6A 1A1', null], // a street alone names no city
  ['12 Elm St, Suite 200', 'K1A 0B1', null], // a unit, not a city
  ['Unit 5, 100 Main St', 'L5B 2C9', null], // the street comes last: never published
  ['Concession Road, Upper Lane', 'N2L 3G1', null], // a street name without a number is still a street
  ['M4C 1B5', 'L4C 1B5', null],
  // individuals' rows carry no address: an M postal code is in the City of Toronto, others say no city
  [null, 'M4C 1B5', 'Toronto'],
  [null, 'm6h2a1', 'Toronto'],
  [null, 'L4C 1B5', null],
  [null, 'M0M 0M0', null], // the files' placeholder postal code
  [null, 'M4C', null], // not a postal code
];

let wh: Warehouse;

beforeAll(async () => {
  wh = await procurementSourceWarehouse();
  await insertRows(wh, 'src_contributions__rows', ADDRESSES.map(([address, postal], i) => ({
    source_file: FILE, election: '2014', office_file: '2_Mayor.csv', layout: '2014', contributor_name: `Donor, Number ${i + 1}`,
    contributor_address: address, contributor_postal_code: postal, amount: '$300.00', contribution_type: 'Monetary',
    contributor_type: 'Individual', candidate: 'Chen, Maria', office: 'Mayor',
  })));
  await prepareModels(wh);
  await runModel(wh, 'staging', 'stg_contributions__rows');
});

describe('contributor city', () => {
  it('staging takes the city from the address, and nothing that could be part of the street', async () => {
    const rows = await wh.all<{ contributor_city: string | null }>(
      'select contributor_city from stg_contributions__rows order by source_position');
    expect(rows.map((r) => r.contributor_city)).toEqual(ADDRESSES.map(([, , city]) => city));
  });

  it('arrives at api_contributions with the name, without the address or postal code', async () => {
    // the upstream of api_contributions, by hand: one reviewer-confirmed tier-1 L7 link per contribution row
    await wh.exec(`create table int_contribution_ids as
      select cast(source_position as integer) as id, 'contribution' as entity,
        election || '|' || source_file || '|' || cast(source_position as varchar) as natural_key
      from stg_contributions__rows`);
    await wh.exec(`create table int_links as
      select 1000 + id as id, 'L7' as task, 'contribution' as from_type, cast(id as varchar) as from_id,
        'organization' as to_type, '7' as to_id, true as published, '{"tier": 1}'::json as extra
      from int_contribution_ids`);
    await wh.exec(`create table int_link_evidence as
      select task, from_type, from_id, to_type, to_id, '{"matched_person": {"person_id": 3}}'::json as evidence, extra
      from int_links`);
    await wh.exec(`create table int_campaigns as
      select '2014' as election, 'Mayor' as office, null::integer as ward, person_key('Maria', 'Chen') as candidate_key,
        20140001 as id, null::integer as candidate_person_id`);
    await wh.exec('create table int_lobbyist_mentions (name_key varchar, registration_id varchar)');
    await wh.exec('create table int_people (id integer, natural_key varchar)');
    await wh.exec('create table int_registration_organizations (registration_id varchar, client_organization_id integer)');
    await wh.exec('create table int_organization_canonical as select 7 as organization_id, 7 as canonical_id, [7] as family_ids');
    await runModel(wh, 'api', 'api_contributions');
    const rows = await wh.all<Record<string, unknown>>('select * from api_contributions order by contribution_id');
    expect(rows.map((r) => [r.contributor_name, r.contributor_city])).toEqual(
      ADDRESSES.map(([, , city], i) => [`Donor, Number ${i + 1}`, city]));
    const published = JSON.stringify(rows);
    for (const [address] of ADDRESSES) {
      for (const part of address?.split(',').filter((p) => /\d/.test(p)) ?? []) expect(published).not.toContain(part.trim());
    }
    for (const [, postal] of ADDRESSES) expect(published.toUpperCase()).not.toContain(postal.toUpperCase().replace(' ', ''));
    expect(published).not.toMatch(/[A-Z]\d[A-Z] ?\d[A-Z]\d/i);
  });
});
