// Registration link tasks (L1 registration → agenda item, L2 registration → application, topic) and the
// extractive summaries: features on a tiny known city, then the published links' precision per band against the
// planted truth of the end-to-end sample city, scored with the committed model files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { taskTruth } from '../../links-fitting/fit.ts';
import { e2eCity } from '../e2e/city.ts';
import { runModelsFor } from '../helpers/models-for.ts';
import { bandQuality, blockingRecall, fillRegistrationLinkCity, scoreTask, type ScoredPair } from './links-registration-fixture.ts';

describe('registration link features on a tiny city', () => {
  let wh: Warehouse;
  const pairs: Record<string, ScoredPair[]> = {};
  const find = (task: string, from: string, to: string) => pairs[task]!.find((p) => p.from === from && p.to === to);
  beforeAll(async () => {
    wh = await openWarehouse(':memory:');
    await fillRegistrationLinkCity(wh);
    await runModelsFor(wh, ['lnk_l1', 'lnk_l2', 'lnk_topic', 'int_registration_summaries']);
    for (const task of ['L1', 'L2', 'topic'] as const) pairs[task] = await scoreTask(wh, task);
  });
  afterAll(() => wh.close());

  it('blocks L1 on rare shared keywords, sites and dates, never all pairs', () => {
    const l1 = pairs.L1!.map((p) => `${p.from}|${p.to}`).sort();
    expect(l1).toContain('SM1|2021.TE5.1');
    expect(l1).toContain('SM2|2023.BU1.1');
    expect(l1).toContain('SM2|2023.EX9.1'); // same title, ten months after the last contact: a candidate…
    expect(l1).toContain('SM3|2021.TE6.1');
    expect(l1.filter((k) => k.endsWith('2021.PH1.1'))).toEqual([]); // nothing in common with the waste strategy
    expect(l1).not.toContain('SM2|2021.TE5.1');
  });

  it('computes readable L1 features and evidence', async () => {
    const x = find('L1', 'SM1', '2021.TE5.1')!.x;
    expect(x).toMatchObject({ same_site: 1, same_ward: 1, other_site_named: 0, subject_agreement: 1, year_conflict: 0, in_period: 1, best_for_registration: 1 });
    expect(x.fit_margin).toBeGreaterThan(0); // the best candidate of its registration
    expect(x.title_coverage).toBeGreaterThan(0.5);
    const [row] = await wh.all<{ evidence: string }>(`select evidence::varchar as evidence from lnk_l1 where from_id = 'SM1' and to_id = '2021.TE5.1'`);
    const evidence = JSON.parse(row!.evidence);
    expect(evidence.matched_keywords).toEqual(expect.arrayContaining(['12', 'queen', 'zoning']));
    expect(evidence.shared_sites).toEqual(['12 QUEEN ST E']);
    expect(evidence.features.map((f: { name: string }) => f.name).sort()).toEqual(Object.keys(x).sort());
  });

  it('scores the true item high and the same-title decoy low', () => {
    const decoy = find('L1', 'SM2', '2023.EX9.1')!;
    // the same title ten months after the last contact: the look-alike decided closer in time wins
    expect(decoy.x.lookalike_date_margin).toBeLessThan(-1);
    expect(decoy.x.fit_margin).toBeLessThan(0);
    expect(decoy.x).toMatchObject({ in_period: 0, best_for_registration: 0 });
    expect(decoy.probability).toBeLessThan(0.5);
    // a repeated title costs confidence even at the right date
    expect(find('L1', 'SM2', '2023.BU1.1')!.probability).toBeGreaterThan(decoy.probability + 0.3);
    expect(find('L1', 'SM1', '2021.TE5.1')!.probability).toBeGreaterThanOrEqual(0.9);
  });

  it('links the registration to the application on its site, not to the look-alike files around it; a street-only match through an item stays low', () => {
    expect(pairs.L2!.map((p) => `${p.from}|${p.to}`)).toEqual(['SM1|12 100004 STE 13 SA', 'SM1|20 100002 STE 13 SA', 'SM1|21 100001 STE 13 OZ',
      'SM1|21 100003 STE 10 OZ', 'SM1|A0002/21TEY', 'SM3|21 100001 STE 13 OZ']);
    const p = find('L2', 'SM1', '21 100001 STE 13 OZ')!;
    expect(p.x).toMatchObject({ same_site: 1, via_item: 1, via_item_best: 1, address_similarity: 1, street_only: 0, number_gap: 0, outranked_on_site: 0,
      street_named: 1, planning_subject: 1 });
    expect(p.probability).toBeGreaterThanOrEqual(0.9);
    // next door, the twin street, a minor variance next door: proposed by the street block, typed address similar
    const nextDoor = find('L2', 'SM1', '20 100002 STE 13 SA')!, twin = find('L2', 'SM1', '21 100003 STE 10 OZ')!, variance = find('L2', 'SM1', 'A0002/21TEY')!;
    expect(nextDoor.x).toMatchObject({ same_site: 0, street_only: 1, twin_street: 0 });
    expect(nextDoor.x.number_gap).toBeCloseTo(Math.log(3), 6); // two numbers apart
    expect(twin.x).toMatchObject({ same_site: 0, street_only: 1, twin_street: 1, number_gap: 0 });
    expect(variance.x).toMatchObject({ street_only: 1, planning_file: 0 });
    // the same site nine years earlier: same address, but no agenda item and far outside the lobbying period
    const earlier = find('L2', 'SM1', '12 100004 STE 13 SA')!;
    expect(earlier.x).toMatchObject({ same_site: 1, via_item: 0, outranked_on_site: 1 });
    expect(earlier.x.years_outside_period).toBeGreaterThan(4);
    for (const d of [nextDoor, twin, variance, earlier]) {
      expect(d.x.address_similarity).toBeGreaterThan(0.9);
      expect(d.probability).toBeLessThan(0.5);
    }
    const streetOnly = find('L2', 'SM3', '21 100001 STE 13 OZ')!; // cycle tracks on the same street
    expect(streetOnly.x).toMatchObject({ same_site: 0, via_item: 1, via_item_subject_agreement: 0 });
    expect(streetOnly.probability).toBeLessThan(0.7);
  });

  it('puts the first registry subject and keywords ahead of a later subject', () => {
    expect(find('topic', 'SM2', 'budget')!.x).toMatchObject({ first_subject_is_main: 1, default_topic: 1, definition_keyword: 1 });
    expect(find('topic', 'SM2', 'budget')!.probability).toBeGreaterThanOrEqual(0.9);
    expect(find('topic', 'SM2', 'heritage')!.probability).toBeLessThan(0.7); // a second, unrelated subject
    expect(find('topic', 'SM1', 'rezoning')!.probability).toBeGreaterThanOrEqual(0.9);
  });

  it('summarises by extracting the keyword clauses, never adding text', async () => {
    const rows = await wh.all<{ registration_id: string; summary: string }>('select * from int_registration_summaries order by 1');
    expect(rows.find((r) => r.registration_id === 'SM1')!.summary)
      .toBe('Zoning by-law amendment application for 12 Queen St E to permit a 30-storey mixed-use building');
    expect(rows.find((r) => r.registration_id === 'SM2')!.summary).toBe('2023 capital and operating budgets');
  });
});

describe('registration link quality on the generated city', () => {
  it('publishes precise links in each band, reports recall and keeps blocking near-linear', async () => {
    const config = await e2eCity();
    const wh = await openWarehouse(config.warehousePath, { readOnly: true });
    try {
      const [{ n }] = await wh.all<{ n: number }>('select count(*)::integer as n from int_registrations');
      for (const task of ['L1', 'L2', 'topic'] as const) {
        const truth = await taskTruth(wh, task, config.rawDir);
        const pairs = await scoreTask(wh, task);
        const [high, moderate] = bandQuality(pairs, truth);
        console.log(task, { candidates: pairs.length, registrations: n, blocking_recall: blockingRecall(pairs, truth), high, moderate });
        expect(pairs.length).toBeLessThan(50 * n);
        expect(truth.positives.size).toBeGreaterThan(0);
        if (high!.published) expect(high!.precision).toBeGreaterThanOrEqual(0.95);
        if (moderate!.published) expect(moderate!.precision).toBeGreaterThanOrEqual(0.8);
        expect(high!.recall + moderate!.recall).toBeGreaterThan(0);
      }
    } finally {
      wh.close();
    }
  }, 180_000);
});
