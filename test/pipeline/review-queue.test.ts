// The review queue on hand-made scores: which candidates wait, and L7's order by expected linked dollars (the
// probability times the contribution's amount for a tier 1-2 candidate at the publication threshold whose
// contribution is not linked yet; nothing otherwise), other tasks by score.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareModels, runModel } from '../../pipeline/lib/models.ts';
import { openWarehouse, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { writeReviewQueue } from '../../pipeline/links/review-queue.ts';

let wh: Warehouse;
// contribution id → amount (K1 is already linked through a confirmed link to O1)
const gifts: [id: number, amount: number][] = [[1, 100], [2, 1200], [3, 750], [4, 2500], [5, 300], [6, 300]];
const pairs: [task: string, from: string, to: string, p: number, tier?: number][] = [
  ['L7', '1', 'O1', 0.99, 1], ['L7', '1', 'O2', 0.97, 1], // K1: linked already, its second organisation adds no dollars
  ['L7', '2', 'O1', 0.96, 1], // 0.96 × 1,200 = 1,152
  ['L7', '3', 'O3', 0.98, 2], // 0.98 × 750 = 735
  ['L7', '6', 'O1', 0.97, 1], ['L7', '6', 'O2', 0.97, 1], // 0.97 × 300 = 291, counted once (O1, the first)
  ['L7', '4', 'O3', 0.99, 3], // tier 3 is never published: no dollars, however large the gift
  ['L7', '4', 'O4', 0.6, 1], // below 0.95 a confirmation publishes nothing
  ['L7', '5', 'O1', 0.4, 1], // below 0.5: not queued
  ['L1', 'SM1', 'I1', 0.6], ['L1', 'SM2', 'I1', 0.8], ['L1', 'SM3', 'I1', 0.95],
];

beforeAll(async () => {
  wh = await openWarehouse(':memory:');
  await wh.exec('create table state_entity_ids (entity varchar, natural_key varchar, id integer)');
  await prepareModels(wh);
  await wh.exec(`create table int_contribution_ids as select * from (values ${gifts.map(([id]) =>
    `('contribution', '2014|gifts.csv|${id}', ${id})`).join(', ')}) as v(entity, natural_key, id)`);
  await wh.exec(`create table stg_contributions__rows as select * from (values ${gifts.map(([id, amount]) =>
    `('2014', 'gifts.csv', ${id}, ${amount}::double)`).join(', ')}) as v(election, source_file, source_position, amount)`);
  const extra = (tier?: number) => `'${tier ? JSON.stringify({ tier }) : '{}'}'::json`;
  await wh.exec(`create table int_link_scores as select * from (values ${pairs.map(([t, f, to, p, tier]) =>
    `('${t}', 'x', '${f}', 'y', '${to}', ${p}, 'logistic', '${t}-1', '${t}-q1', ${extra(tier)})`).join(', ')})
    as v(task, from_type, from_id, to_type, to_id, probability, model, model_version, question_version, extra)`);
  await wh.exec(`create table int_link_evidence as select * from (values ${pairs.map(([t, f, to, , tier]) =>
    `('${t}', 'x', '${f}', 'y', '${to}', '{"pair": "${f}>${to}"}'::json, ${extra(tier)})`).join(', ')})
    as v(task, from_type, from_id, to_type, to_id, evidence, extra)`);
  await wh.exec(`create table stg_review__decisions as select * from (values
    ('L7', 'x', '1', 'y', 'O1', 'confirmed', 'reviewer', timestamp '2026-11-01 10:00:00', null))
    as v(task, from_type, from_id, to_type, to_id, decision, reviewer, reviewed_at, note)`);
  for (const model of ['int_link_keys', 'int_link_ids', 'int_links']) await runModel(wh, 'links', model);
});
afterAll(() => wh.close());

describe('review queue', () => {
  it('orders L7 by expected linked dollars and says how many; other tasks by score, unsure ones only', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'queue-')), 'review-queue.jsonl');
    const counts = await writeReviewQueue(wh, file);
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => `${l.task}:${l.from_id}>${l.to_id}`)).toEqual([
      'L1:SM2>I1', 'L1:SM1>I1', // 0.95 is sure enough for L1; the unsure middle by score
      'L7:2>O1', 'L7:3>O3', 'L7:6>O1', // 1,152, 735 and 291 expected dollars
      'L7:4>O3', 'L7:1>O2', 'L7:6>O2', 'L7:4>O4', // no dollars (tier 3; already linked; counted; below 0.95)
    ]);
    expect(lines.filter((l) => l.task === 'L7').map((l) => l.expected_linked_dollars)).toEqual([1152, 735, 291, 0, 0, 0, 0]);
    expect(lines.filter((l) => l.task === 'L1').every((l) => !('expected_linked_dollars' in l))).toBe(true);
    expect(counts).toEqual({ L1: 2, L7: 7 });
    // each line carries its own pair's evidence (joined from int_link_evidence)
    expect(lines.map((l) => (l.evidence as { pair: string }).pair)).toEqual(lines.map((l) => `${l.from_id}>${l.to_id}`));
  });
});
