// The publication rules, on hand-made scores and decisions: thresholds per task, bands, rejections, confirmations
// for L5/L7/position, two independent confirming records for L5, one-to-one L4, and stable link ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareModels, runModel } from '../../pipeline/lib/models.ts';
import { openWarehouse, type Warehouse } from '../../pipeline/db/warehouse.ts';

let wh: Warehouse;
type Pair = [task: string, from: string, to: string, p: number, evidence?: object];
const pairs: Pair[] = [
  ['L1', 'SM1', 'I1', 0.95], ['L1', 'SM1', 'I2', 0.75], ['L1', 'SM1', 'I3', 0.65], ['L1', 'SM2', 'I1', 0.97],
  ['L3', 'O1', 'O2', 0.85], ['L3', 'O1', 'O3', 0.92],
  ['L4', 'C1', 'P1', 0.97], ['L4', 'C1', 'P2', 0.96], ['L4', 'C2', 'P1', 0.98], ['L4', 'C2', 'P2', 0.40],
  ['L5', 'P9', 'P1', 0.99, { confirming_records: [{ source: 'registry' }, { source: 'registry' }] }],
  ['L5', 'P8', 'P2', 0.99, { confirming_records: [{ source: 'registry' }, { source: 'council membership' }] }],
  ['L7', 'K1', 'O1', 0.99], ['L7', 'K2', 'O1', 0.96], ['L7', 'K3', 'O1', 0.94],
  ['position', 'O1', 'I1', 0.97],
];
const decisions: [string, string, string, string][] = [
  ['L1', 'SM2', 'I1', 'rejected'], ['L5', 'P9', 'P1', 'confirmed'], ['L5', 'P8', 'P2', 'confirmed'],
  ['L7', 'K2', 'O1', 'confirmed'], ['L7', 'K3', 'O1', 'confirmed'],
];

beforeAll(async () => {
  wh = await openWarehouse(':memory:');
  await wh.exec('create table state_entity_ids (entity varchar, natural_key varchar, id integer)');
  await prepareModels(wh);
  await wh.exec(`create table int_link_scores as select * from (values ${pairs.map(([t, f, to, p]) =>
    `('${t}', 'x', '${f}', 'y', '${to}', ${p}, 'logistic', '${t}-1', '${t}-q1', '{}'::json)`).join(', ')})
    as v(task, from_type, from_id, to_type, to_id, probability, model, model_version, question_version, extra)`);
  await wh.exec(`create table int_link_evidence as select * from (values ${pairs.map(([t, f, to, , e]) =>
    `('${t}', 'x', '${f}', 'y', '${to}', '${JSON.stringify(e ?? {})}'::json, '{}'::json)`).join(', ')})
    as v(task, from_type, from_id, to_type, to_id, evidence, extra)`);
  await wh.exec(`create table stg_review__decisions as select * from (values ${decisions.map(([t, f, to, d]) =>
    `('${t}', 'x', '${f}', 'y', '${to}', '${d}', 'reviewer', timestamp '2026-11-01 10:00:00', null)`).join(', ')})
    as v(task, from_type, from_id, to_type, to_id, decision, reviewer, reviewed_at, note)`);
  for (const model of ['int_link_keys', 'int_link_ids', 'int_links']) await runModel(wh, 'links', model);
});
afterAll(() => wh.close());

const published = async () => (await wh.all<{ k: string; confidence: string }>(
  `select task || ':' || from_id || '>' || to_id as k, confidence from int_links where published order by k`));

describe('publication rules', () => {
  it('publishes exactly what the rules allow, with the right band', async () => {
    expect(await published()).toEqual([
      { k: 'L1:SM1>I1', confidence: 'high' }, // ≥ 0.9
      { k: 'L1:SM1>I2', confidence: 'moderate' }, // 0.7 to below 0.9; I3 at 0.65 is out; SM2>I1 was rejected
      { k: 'L3:O1>O3', confidence: 'high' }, // merges need 0.9 (O1>O2 at 0.85 is out)
      { k: 'L4:C2>P1', confidence: 'high' }, // C1 has two members within 0.2 of each other: neither
      { k: 'L5:P8>P2', confidence: 'high' }, // confirmed with two independent sources (P9's two are one source)
      { k: 'L7:K2>O1', confidence: 'high' }, // confirmed at ≥ 0.95; K1 unconfirmed, K3 below 0.95
    ]);
  });

  it('never publishes position or L7 without a confirmation, nor a rejected link at any score', async () => {
    const rows = await wh.all<{ task: string; published: boolean }>(
      "select task, published from int_links where (task = 'position') or (task = 'L1' and from_id = 'SM2')");
    expect(rows.every((r) => !r.published)).toBe(true);
  });

  it('gives ids to publishable and decided pairs only, and keeps them when run again', async () => {
    const before = await wh.all<{ natural_key: string; id: number }>('select natural_key, id from int_link_ids order by id');
    expect(before.map((r) => r.natural_key)).not.toContain('L1|x|SM1|y|I3');
    await wh.exec("insert into state_entity_ids select entity, natural_key, id from int_link_ids");
    await wh.exec("insert into int_link_scores values ('L1', 'x', 'SM0', 'y', 'I0', 0.99, 'logistic', 'L1-1', 'L1-q1', '{}'::json)");
    for (const model of ['int_link_keys', 'int_link_ids']) await runModel(wh, 'links', model);
    const after = new Map((await wh.all<{ natural_key: string; id: number }>('select natural_key, id from int_link_ids')).map((r) => [r.natural_key, r.id]));
    for (const r of before) expect(after.get(r.natural_key)).toBe(r.id);
    expect(after.get('L1|x|SM0|y|I0')).toBe(Math.max(...before.map((r) => r.id)) + 1);
  });
});
