// L7 recall per contribution and per dollar (links-fitting/contribution-recall.ts) on hand-made ids, amounts and
// scores: a gift counts once however many of its true organisations are found, dollars weigh it by its amount.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { contributionRecall } from '../../links-fitting/contribution-recall.ts';

let wh: Warehouse;
beforeAll(async () => {
  wh = await openWarehouse(':memory:');
  await wh.exec(`create table int_contribution_ids as select * from (values
    ('contribution', '2014|gifts.csv|1', 1), ('contribution', '2014|gifts.csv|2', 2), ('contribution', '2014|gifts.csv|3', 3),
    ('contribution', '2014|gifts.csv|4', 4)) as v(entity, natural_key, id)`);
  await wh.exec(`create table stg_contributions__rows as select * from (values
    ('2014', 'gifts.csv', 1, 100.0), ('2014', 'gifts.csv', 2, 300.0), ('2014', 'gifts.csv', 3, 600.0), ('2014', 'gifts.csv', 4, 50.0))
    as v(election, source_file, source_position, amount)`);
});
afterAll(() => wh.close());

describe('contributionRecall', () => {
  it('counts a gift once, found at 0.7 or at the review threshold, and weighs it by its amount', async () => {
    // gift 1: a lobbyist's gift true for three clients, one found at 0.97; gift 2 found at 0.8 only; gift 3 missed;
    // gift 4 is no planted gift (its high score is a false link and counts nowhere)
    const positives = new Set(['1|O1', '1|O2', '1|O3', '2|O1', '3|O4']);
    const rows = [{ key: '1|O1', probability: 0.97 }, { key: '1|O2', probability: 0.4 }, { key: '2|O1', probability: 0.8 },
      { key: '3|O4', probability: 0.6 }, { key: '4|O1', probability: 0.99 }];
    expect(await contributionRecall(wh, positives, rows)).toEqual({
      true_contributions: 3, true_dollars: 1000,
      recall: 0.6667, dollar_recall: 0.4, // gifts 1 and 2: 400 of 1,000 dollars
      review_threshold_recall: 0.3333, review_threshold_dollar_recall: 0.1, // gift 1 only
    });
  });
});
