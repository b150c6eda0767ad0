// The one contributor identity (int_contributor_identities) on hand-made rows: the registry person a contribution's
// published links name; else the registry person its folded name's linked rows name in the same election, when they
// name exactly one; else the folded name. The postal code is not an input: the same person from two addresses is one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { runModel } from '../../pipeline/lib/models.ts';
import { loadFixtureTables, type Row } from '../helpers/fixture-tables.ts';

const TABLES = {
  stg_contributions__rows: { election: 'VARCHAR', source_file: 'VARCHAR', source_position: 'BIGINT', contributor_key: 'VARCHAR', contributor_postal_code: 'VARCHAR' },
  int_contribution_ids: { entity: 'VARCHAR', natural_key: 'VARCHAR', id: 'INTEGER' },
  api_contributions: { contribution_id: 'INTEGER', organization_id: 'INTEGER', tier: 'INTEGER', registry_person_id: 'INTEGER' },
};

/** Contribution rows by id: [election, folded name, postal code]. */
const ROWS: Record<number, [string, string | null, string]> = {
  1: ['2022', 'stephen lachance', 'M5V1A1'], // linked to person 105 (for two organisations: a consultant)
  2: ['2022', 'stephen lachance', 'M4C1B5'], // the same lobbyist from another address, linked again
  3: ['2022', 'stephen lachance', 'M6P2R2'], // and once more, not linked: the name is only ever person 105's
  4: ['2018', 'stephen lachance', 'M5V1A1'], // another election: the 2022 links say nothing about it
  5: ['2022', 'pat officer', 'M5H1A1'], // linked at tier 2 only (no registry person)…
  6: ['2022', 'pat officer', 'M5H1A1'], // …and at tier 1, to person 7 under the same name
  7: ['2022', 'john smith', 'M1B1A1'], // linked to person 8
  8: ['2022', 'john smith', 'M2N1A1'], // a namesake lobbyist, person 9
  9: ['2022', 'john smith', 'M3C1A1'], // not linked: two people have that name, so it stays a name
  10: ['2022', 'ann roe', 'M6P2R2'], // an ordinary donor, twice, from two addresses
  11: ['2022', 'ann roe', 'M4C1B5'],
  12: ['2022', 'jo doe', 'M5V1A1'], // links naming two people (namesakes in the registry): no one person's
  13: ['2022', null, 'M5V1A1'], // no name at all: kept, as one unnamed contributor
};
const LINKS: [number, number, 1 | 2, number | null][] = [
  [1, 10, 1, 105], [1, 11, 1, 105], [2, 10, 1, 105],
  [5, 20, 2, null], [6, 20, 1, 7],
  [7, 30, 1, 8], [8, 31, 1, 9],
  [12, 40, 1, 21], [12, 41, 1, 22],
];

let wh: Warehouse;
let identity: Map<number, string>;
beforeAll(async () => {
  wh = await openWarehouse(':memory:');
  const file = 'campaign-finance/2022/ContributionSearchResults_Councillor.csv';
  const rows: Row[] = Object.entries(ROWS).map(([id, [election, key, postal]]) => ({
    election, source_file: file, source_position: Number(id), contributor_key: key, contributor_postal_code: postal }));
  await loadFixtureTables(wh, TABLES, {
    stg_contributions__rows: rows,
    int_contribution_ids: rows.map((r) => ({ entity: 'contribution', natural_key: `${r.election}|${file}|${r.source_position}`, id: r.source_position })),
    api_contributions: LINKS.map(([c, o, tier, p]) => ({ contribution_id: c, organization_id: o, tier, registry_person_id: p })),
  });
  await runModel(wh, 'api', 'int_contributor_identities');
  const out = await wh.all<{ contribution_id: number; election: string; identity: string }>('select * from int_contributor_identities');
  expect(out).toHaveLength(Object.keys(ROWS).length); // one identity per row
  for (const r of out) expect(r.election).toBe(ROWS[r.contribution_id]![0]);
  identity = new Map(out.map((r) => [r.contribution_id, r.identity]));
});
afterAll(() => wh.close());

describe('int_contributor_identities', () => {
  it('is the registry person a contribution\'s published links name, whatever the address or organisations', () => {
    expect([identity.get(1), identity.get(2)]).toEqual(['person:105', 'person:105']);
    expect([identity.get(7), identity.get(8)]).toEqual(['person:8', 'person:9']); // namesakes linked to each stay apart
  });

  it('gives an unlinked gift the one registry person its name is linked to in the same election', () => {
    expect(identity.get(3)).toBe('person:105');
    expect(identity.get(4)).toBe('name:stephen lachance'); // in 2018 no row of that name is linked
  });

  it('gives a gift linked at tier 2 only the registry person its name is linked to at tier 1', () => {
    expect([identity.get(5), identity.get(6)]).toEqual(['person:7', 'person:7']);
  });

  it('keeps the name when that name is linked to two registry people, or a contribution\'s links name two', () => {
    expect(identity.get(9)).toBe('name:john smith');
    expect(identity.get(12)).toBe('name:jo doe');
  });

  it('counts an ordinary donor giving from two addresses once: the postal code plays no part', () => {
    expect([identity.get(10), identity.get(11)]).toEqual(['name:ann roe', 'name:ann roe']);
  });

  it('keeps a row with no name, under the empty name', () => {
    expect(identity.get(13)).toBe('name:');
  });
});
