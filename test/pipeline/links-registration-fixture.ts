// Helpers of the registration link tests (L1, L2, topic): apply a committed model file to a task's feature table
// (probability = σ(intercept + Σ w·x), as the framework's scoring does) and measure precision and recall per
// publication band against the planted truth; plus a tiny known city for the feature unit tests.
import { sigmoid } from '../../links-fitting/logistic.ts';
import { featureTable, readLinkModel, type LinkModel, type LinkTask } from '../../pipeline/links/model-file.ts';
import type { TaskTruth } from '../../links-fitting/truth/types.ts';
import type { Warehouse } from '../../pipeline/db/warehouse.ts';

export interface ScoredPair { from: string; to: string; x: Record<string, number>; probability: number }

/** Probability of one candidate under a model file (absent features count as 0), rounded like the framework. */
export function probability(model: Pick<LinkModel, 'intercept' | 'weights'>, x: Record<string, number>): number {
  const z = Object.entries(model.weights).reduce((s, [k, w]) => s + w * (x[k] ?? 0), model.intercept);
  return Math.round(sigmoid(z) * 1e4) / 1e4;
}

/** Every candidate of a task with its score under the task's committed model file (or the one given). */
export async function scoreTask(wh: Warehouse, task: LinkTask, model: LinkModel = readLinkModel(task)): Promise<ScoredPair[]> {
  const rows = await wh.all<{ from_id: string; to_id: string; x: string }>(
    `select from_id, to_id, to_json(x)::varchar as x from ${featureTable(task)} order by from_id, to_id`);
  return rows.map((r) => {
    const x = JSON.parse(r.x) as Record<string, number>;
    return { from: r.from_id, to: r.to_id, x, probability: probability(model, x) };
  });
}

export interface BandQuality { band: 'high' | 'moderate'; published: number; correct: number; precision: number | null; recall: number }

/** Precision of the published links in each band (high ≥ 0.9, moderate [0.7, 0.9)) and recall of the true pairs. */
export function bandQuality(pairs: readonly ScoredPair[], truth: Pick<TaskTruth, 'positives'>): BandQuality[] {
  const bands = [{ band: 'high' as const, lo: 0.9, hi: Infinity }, { band: 'moderate' as const, lo: 0.7, hi: 0.9 }];
  return bands.map(({ band, lo, hi }) => {
    const published = pairs.filter((p) => p.probability >= lo && p.probability < hi);
    const correct = published.filter((p) => truth.positives.has(`${p.from}|${p.to}`)).length;
    return { band, published: published.length, correct, precision: published.length ? correct / published.length : null,
      recall: truth.positives.size ? correct / truth.positives.size : 0 };
  });
}

/** Share of the true pairs that blocking proposed at all (the ceiling of any model's recall). */
export function blockingRecall(pairs: readonly ScoredPair[], truth: Pick<TaskTruth, 'positives'>): number {
  const proposed = new Set(pairs.map((p) => `${p.from}|${p.to}`));
  return truth.positives.size ? [...truth.positives].filter((k) => proposed.has(k)).length / truth.positives.size : 1;
}

/**
 * A tiny known city: just the tables the registration link models read. SM1 lobbies on a rezoning at 12 Queen St E
 * (same site, planning file 21 100001 STE 13 OZ), with look-alike files around it: next door at 14 Queen St E, on the
 * twin street at 12 Queen St W, a minor variance at 10 Queen St E and a site plan on the same site in 2012; SM2 on the 2023 budget, whose title comes back at a later meeting
 * (the decoy 2023.EX9.1, decided ten months after the last contact); SM3 on cycle tracks on Queen St E.
 */
export async function fillRegistrationLinkCity(wh: Warehouse): Promise<void> {
  await wh.exec(`
    create table int_registrations as select * from (values
      ('SM1', 'Zoning by-law amendment application for 12 Queen St E to permit a 30-storey mixed-use building; meetings with staff and members of Council',
        ['Planning/Development'], date '2021-01-10', null),
      ('SM2', '2023 capital and operating budgets', ['Budget', 'Heritage'], date '2022-10-01', 'Budget: budgets; capital budget, operating budget'),
      ('SM3', 'Cycle tracks on Queen St E: impact on loading and parking', ['Transportation'], date '2021-03-01', null)
    ) as t(id, particulars, subjects, initial_approval_date, subject_matter_definition);
    create table int_communications_resolved as select * from (values
      ('SM1', date '2021-02-01'), ('SM1', date '2021-09-01'), ('SM2', date '2022-11-15'), ('SM2', date '2023-02-10'),
      ('SM3', date '2021-04-01'), ('SM3', date '2021-06-01')
    ) as t(registration_id, date);
    create table int_agenda_items as select * from (values
      ('2021.TE5.1', '12 Queen St E - Zoning By-law Amendment Application - Decision Report - Approval', 'TE', date '2021-08-10', date '2021-09-05', null::date, 'zoning; official plan amendments, development applications', '21 100001 STE 13 OZ'),
      ('2023.BU1.1', '2023 Capital and Operating Budgets', 'BU', date '2023-01-20', date '2023-02-15', date '2023-02-15', 'budgets; capital budget, operating budget', null),
      ('2023.EX9.1', '2023 Capital and Operating Budgets', 'EX', date '2023-12-20', null::date, null::date, 'budgets; capital budget, operating budget', null),
      ('2021.TE6.1', 'Installation of Cycle Tracks on Queen St E', 'TE', date '2021-05-20', null::date, null::date, 'traffic; cycling, road safety', null),
      ('2021.PH1.1', 'Long Term Waste Management Strategy', 'IE', date '2021-06-01', null::date, null::date, 'solid waste; recycling', null)
    ) as t(id, title, committee_code, meeting_date, council_meeting_date, first_vote_date, subject_terms, planning_application_number);
    create table int_sites as select * from (values (1, '12 QUEEN ST E', '12_QUEEN_ST_E', 13), (2, '40 KING ST W', '40_KING_ST_W', 10),
      (3, '14 QUEEN ST E', '14_QUEEN_ST_E', 13), (4, '12 QUEEN ST W', '12_QUEEN_ST_W', 10), (5, '10 QUEEN ST E', '10_QUEEN_ST_E', 13))
      as t(id, address, address_key, ward);
    create table int_registration_sites as select * from (values ('SM1', 1, 13)) as t(registration_id, site_id, ward);
    create table int_agenda_item_sites as select * from (values ('2021.TE5.1', 1)) as t(agenda_item_id, site_id);
    create table int_site_mentions as select * from (values
      ('registration', 'SM1', '12_QUEEN_ST_E', '12 Queen St E', '12', 'QUEEN', 'QUEEN_ST_E', 12),
      ('development', '21 100001 STE 13 OZ', '12_QUEEN_ST_E', '12 QUEEN ST E', '12', 'QUEEN', 'QUEEN_ST_E', 12),
      ('development', '20 100002 STE 13 SA', '14_QUEEN_ST_E', '14 QUEEN ST E', '14', 'QUEEN', 'QUEEN_ST_E', 14),
      ('development', '21 100003 STE 10 OZ', '12_QUEEN_ST_W', '12 QUEEN ST W', '12', 'QUEEN', 'QUEEN_ST_W', 12),
      ('development', '12 100004 STE 13 SA', '12_QUEEN_ST_E', '12 QUEEN ST E', '12', 'QUEEN', 'QUEEN_ST_E', 12),
      ('coa', 'A0002/21TEY', '10_QUEEN_ST_E', '10 QUEEN ST E', '10', 'QUEEN', 'QUEEN_ST_E', 10),
      ('coa', 'A0001/22TEY', '40_KING_ST_W', '40 KING ST W', '40', 'KING', 'KING_ST_W', 40)
    ) as t(source, record_id, address_key, address_text, number_text, street_name, street_key, street_number);
    create table int_applications as select * from (values
      ('21 100001 STE 13 OZ', 'development', 'OZ', '12 QUEEN ST E', date '2020-11-01', [1], 'Rezoning for a 30-storey building'),
      ('A0001/22TEY', 'coa', 'MV', '40 KING ST W', date '2022-01-05', [2], 'To construct a rear addition'),
      ('20 100002 STE 13 SA', 'development', 'SA', '14 QUEEN ST E', date '2020-06-01', [3], 'Site plan for a 12-storey building'),
      ('21 100003 STE 10 OZ', 'development', 'OZ', '12 QUEEN ST W', date '2021-02-01', [4], 'Rezoning for a 20-storey building'),
      ('12 100004 STE 13 SA', 'development', 'SA', '12 QUEEN ST E', date '2012-03-01', [1], 'Site plan for a restaurant addition'),
      ('A0002/21TEY', 'coa', 'MV', '10 QUEEN ST E', date '2021-04-01', [5], 'To construct a third-storey addition')
    ) as t(id, kind, type, address, submitted, site_ids, description);
    create table stg_seeds__topics as
      select trim(id) as topic_id, trim(label) as label, string_split(registry_subjects, '|') as registry_subjects,
        string_split(keywords, '|') as keywords
      from read_csv('pipeline/seeds/topics.csv', header = true, all_varchar = true);
  `);
}
