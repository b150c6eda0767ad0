// Entity link tasks L3-L7 (docs/methodology-links-entities.md): features on a tiny known city (candidates, decoys
// that must score low, a numbered company that is its operating company, a namesake donor elsewhere), and link
// quality on the generated end-to-end city against its planted truth, with L7's evidence free of postal codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openWarehouse, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { TRUTH_MAPPERS } from '../../links-fitting/truth/mappers.ts';
import { e2eCity } from '../e2e/city.ts';
import { entityLinkCity, scored, type ScoredPair } from './links-entities-fixture.ts';

const POSTAL = /[A-Z]\d[A-Z] ?\d[A-Z]\d/i;
const find = (rows: ScoredPair[], from: string, to: string) => rows.find((r) => r.from_id === from && r.to_id === to);

describe('entity link features on a tiny known city', () => {
  let wh: Warehouse;
  const orgId = async (name: string) => String((await wh.all<{ id: number }>('select id from int_organizations where canonical_name = $n', { n: name }))[0]!.id);
  const personId = async (name: string, kind: string) =>
    String((await wh.all<{ id: number }>('select id from int_people where canonical_name = $n and kind = $k', { n: name, k: kind }))[0]!.id);
  beforeAll(async () => { wh = await entityLinkCity(); }, 60_000);
  afterAll(() => wh?.close());

  it('L3: a legal-form look-alike scores low; a numbered company sharing registrations, address and lobbyist scores high', async () => {
    const rows = await scored(wh, 'L3');
    const [inc, corp] = [await orgId('Maple Leaf Developments Inc.'), await orgId('Maple Leaf Development Corp.')];
    const decoy = find(rows, inc, corp) ?? find(rows, corp, inc);
    expect(decoy?.x.legal_form_conflict).toBe(1);
    expect(decoy?.x.plural_s_differs).toBe(1);
    expect(decoy!.p).toBeLessThan(0.1);
    const [numbered, operating] = [await orgId('1234567 Ontario Inc.'), await orgId('Harbour Realty Inc.')];
    const same = find(rows, numbered, operating) ?? find(rows, operating, numbered);
    expect(same?.x).toMatchObject({ numbered_company: 1, trade_name_match: 1, numbered_company_shares_address_or_lobbyist: 1 });
    expect(same!.p).toBeGreaterThanOrEqual(0.7);
    expect(JSON.parse(same!.evidence).compared_names).toHaveLength(2);
  });

  it('L4: the member named on the communication, by initial and by full name', async () => {
    const rows = await scored(wh, 'L4');
    expect(find(rows, 'C1', await personId('Jordan Smith', 'member'))!.x).toMatchObject({ surname_exact: 1, initial_agrees: 1, ward_in_office_matches: 1 });
    expect(find(rows, 'C1', await personId('Jordan Smith', 'member'))!.p).toBeGreaterThanOrEqual(0.9);
    expect(find(rows, 'C2', await personId('Priya Patel', 'member'))!.p).toBeGreaterThanOrEqual(0.9);
    expect(rows.filter((r) => r.from_id === 'C2')).toHaveLength(1); // blocking: the rest of the council is not a candidate
  });

  it('L4: look-alike members are told apart by ward, given name and title; two equal fits stay below the moderate band', async () => {
    const rows = await scored(wh, 'L4');
    const [dana, lee] = [await personId('Dana Holt', 'member'), await personId('Lee Holt', 'member')];
    const [maria, wei] = [await personId('Maria Chen', 'member'), await personId('Wei Chen', 'member')];
    // "Councillor Holt" at "City Council" with two Councillor Holts in office: genuinely ambiguous, for a reviewer
    for (const p of [dana, lee]) {
      expect(find(rows, 'C3', p)!.x.rival_fits_as_well).toBe(1);
      expect(find(rows, 'C3', p)!.p).toBeLessThan(0.7);
    }
    expect(find(rows, 'C4', lee)!.x.ward_in_office_matches).toBe(1);
    expect(find(rows, 'C4', lee)!.p).toBeGreaterThanOrEqual(0.9);
    expect(find(rows, 'C4', dana)!.p).toBeLessThan(0.1);
    expect(find(rows, 'C5', dana)!.x.first_name_exact).toBe(1); // "Holt, Dana": the given name after the surname
    expect(find(rows, 'C5', dana)!.p).toBeGreaterThanOrEqual(0.9);
    expect(find(rows, 'C5', lee)!.p).toBeLessThan(0.1);
    expect(find(rows, 'C6', maria)!.p).toBeGreaterThanOrEqual(0.9);
    expect(find(rows, 'C6', wei)!.x.title_conflicts).toBe(1);
    expect(find(rows, 'C6', wei)!.p).toBeLessThan(0.1);
    expect(find(rows, 'C7', wei)!.p).toBeGreaterThanOrEqual(0.7);
    expect(find(rows, 'C7', maria)!.p).toBeLessThan(0.1);
  });

  it('L5: a declared former councillor scores above a namesake-surname member, with two confirming records', async () => {
    const rows = await scored(wh, 'L5');
    const lobbyist = await personId('Dana Holt', 'lobbyist');
    const right = find(rows, lobbyist, await personId('Dana Holt', 'member'))!;
    const other = find(rows, lobbyist, await personId('Lee Holt', 'member'))!;
    expect(right.x).toMatchObject({ declared_seat_fits_member: 1, declared_seat_is_another_members: 0, same_surname_first_name_exact: 1 });
    expect(other.x).toMatchObject({ declared_seat_fits_member: 0, same_surname_first_name_conflict: 1 });
    expect(JSON.parse(right.evidence).confirming_records.length).toBeGreaterThanOrEqual(2);
    expect(right.p).toBeGreaterThan(other.p);
    expect(other.p).toBeLessThan(0.7);
  });

  it('L5: a married surname is found through the declared seat; a namesake from another council is not her', async () => {
    const rows = await scored(wh, 'L5');
    const kelly = await personId('Paula Kelly', 'member');
    const married = find(rows, await personId('Paula Rahman', 'lobbyist'), kelly)!; // blocked by declaration, not by surname
    expect(married.x).toMatchObject({ same_surname_first_name_exact: 0, declared_seat_fits_member: 1, declared_ward_matches: 1 });
    expect(JSON.parse(married.evidence).full_name_similarity).toBeLessThan(0.85);
    expect(new Set(JSON.parse(married.evidence).confirming_records.map((r: { source: string }) => r.source)).size).toBe(2);
    expect(married.p).toBeGreaterThanOrEqual(0.7);
    const namesake = find(rows, await personId('Paulo Kelly', 'lobbyist'), kelly)!;
    expect(namesake.x).toMatchObject({ same_surname_first_name_conflict: 1, declared_office_elsewhere: 1, declared_seat_fits_member: 0 });
    expect(JSON.parse(namesake.evidence).full_name_similarity).toBeGreaterThan(0.9);
    expect(JSON.parse(namesake.evidence).confirming_records).toHaveLength(0);
    expect(namesake.p).toBeLessThan(0.7);
  });

  it('L6: exact and typo suppliers link, the other legal form does not', async () => {
    const rows = await scored(wh, 'L6');
    const harbour = await orgId('Harbour Realty Inc.');
    expect(find(rows, 'C-4000000001-1', harbour)!.p).toBeGreaterThanOrEqual(0.9);
    expect(find(rows, 'C-4000000002-1', harbour)!.x.adjacent_letters_swapped).toBe(1);
    expect(find(rows, 'C-4000000002-1', harbour)!.p).toBeGreaterThanOrEqual(0.7);
    expect(find(rows, 'C-4000000003-1', await orgId('Maple Leaf Developments Inc.'))!.p).toBeLessThan(0.1);
    expect(find(rows, 'C-4000000003-1', await orgId('Maple Leaf Development Corp.'))!.p).toBeGreaterThanOrEqual(0.9);
  });

  it('L7: the lobbyist in their postal area never ranks below a namesake elsewhere; tiers in extra; no postal code or address in evidence', async () => {
    const rows = await scored(wh, 'L7');
    const harbour = await orgId('Harbour Realty Inc.');
    const ids = await wh.all<{ id: number; natural_key: string }>(`select id, natural_key from int_contribution_ids order by natural_key`);
    const byRow = (n: number) => String(ids.find((i) => i.natural_key.endsWith(`|${n}`))!.id);
    const lobbyist = find(rows, byRow(1), harbour)!, namesake = find(rows, byRow(2), harbour)!, surname = find(rows, byRow(3), harbour)!;
    expect(lobbyist.x.same_postal_area).toBe(1);
    expect(namesake.x.same_postal_area).toBe(0);
    // living in the organisation's postal area is never evidence against (fitted with its sign held, see
    // links-fitting/evidence-signs.ts); on the sample it carries no weight without the same postal code
    expect(lobbyist.p).toBeGreaterThanOrEqual(namesake.p);
    expect(namesake.p).toBeLessThan(0.7);
    expect(JSON.parse(lobbyist.extra)).toEqual({ tier: 1 });
    expect(JSON.parse(surname.extra)).toEqual({ tier: 3 });
    expect(surname.p).toBeLessThan(0.1);
    for (const r of rows) {
      expect(r.evidence).not.toMatch(POSTAL);
      expect(r.evidence).not.toContain('Private Lane');
    }
  });
});

describe('entity link quality on the generated city', () => {
  let wh: Warehouse;
  let planted: Record<string, unknown>;
  beforeAll(async () => {
    const config = await e2eCity();
    wh = await openWarehouse(config.warehousePath, { readOnly: true });
    planted = JSON.parse(readFileSync(path.join(config.rawDir, 'sample-truth', 'planted-truth.json'), 'utf8'));
  }, 600_000);
  afterAll(() => wh?.close());

  for (const task of ['L3', 'L4', 'L5', 'L6', 'L7'] as const) {
    it(`${task}: precision per band, recall above 0, blocking bounded`, async () => {
      const truth = await TRUTH_MAPPERS[task](wh, planted);
      const rows = await scored(wh, task);
      const band = (lo: number, hi: number) => rows.filter((r) => r.p >= lo && r.p < hi);
      const precision = (list: ScoredPair[]) => list.filter((r) => truth.positives.has(`${r.from_id}|${r.to_id}`)).length / list.length;
      const high = band(0.9, 2), moderate = band(0.7, 0.9);
      if (high.length) expect(precision(high)).toBeGreaterThanOrEqual(0.95);
      if (moderate.length) expect(precision(moderate)).toBeGreaterThanOrEqual(0.8);
      if (truth.positives.size) expect(rows.some((r) => r.p >= 0.7 && truth.positives.has(`${r.from_id}|${r.to_id}`))).toBe(true);
      for (const r of rows) if (truth.decoys.has(`${r.from_id}|${r.to_id}`) && task === 'L6') expect(r.p).toBeLessThan(0.7);
      // blocking: candidates stay within a small multiple of the records they start from
      const [{ n }] = await wh.all<{ n: number }>(`select count(distinct from_id)::integer as n from lnk_${task.toLowerCase()}`);
      expect(rows.length).toBeLessThanOrEqual(Math.max(50, n * 12));
      if (task === 'L7') for (const r of rows) expect(r.evidence).not.toMatch(POSTAL);
    });
  }
});
