// L7's recall counted the way the contribution insights use it: per contribution (a planted gift is found when any
// of its true organisations is linked) and per dollar (the planted gifts' amounts found), at 0.7 (the model's recall)
// and at 0.95 (the review threshold: the most that reviewer-confirmed, published links can reach). Per (contribution,
// organisation) pair a lobbyist with many clients counts many times; per dollar is what "share of a campaign's
// dollars from linked contributors" stands on.
import type { Warehouse } from '../pipeline/db/warehouse.ts';

export interface ContributionRecall {
  true_contributions: number;
  true_dollars: number;
  /** contributions (dollars) with a true organisation scored ≥ 0.7 */
  recall: number | null;
  dollar_recall: number | null;
  /** the same at ≥ 0.95, the score L7 needs before a reviewer's confirmation can publish it */
  review_threshold_recall: number | null;
  review_threshold_dollar_recall: number | null;
}

/** Per-contribution and per-dollar recall of L7 over its scored rows and true (contribution|organisation) pairs. */
export async function contributionRecall(wh: Warehouse, positives: ReadonlySet<string>,
  rows: readonly { key: string; probability: number }[]): Promise<ContributionRecall> {
  const amounts = new Map((await wh.all<{ id: string; amount: number | null }>(
    `select cast(i.id as varchar) as id, r.amount::double as amount
     from int_contribution_ids as i
     inner join stg_contributions__rows as r on i.natural_key = r.election || '|' || r.source_file || '|' || cast(r.source_position as varchar)
     where i.entity = 'contribution'`)).map((r) => [r.id, r.amount ?? 0]));
  const gifts = new Set([...positives].map((k) => k.split('|')[0]));
  const foundAt = (threshold: number) => new Set(rows.filter((r) => r.probability >= threshold && positives.has(r.key)).map((r) => r.key.split('|')[0]));
  const dollars = (ids: Iterable<string>) => [...ids].reduce((s, id) => s + (amounts.get(id) ?? 0), 0);
  const total = dollars(gifts);
  const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 10000 : null);
  const at70 = foundAt(0.7), at95 = foundAt(0.95);
  return {
    true_contributions: gifts.size, true_dollars: Math.round(total * 100) / 100,
    recall: share(at70.size, gifts.size), dollar_recall: share(dollars(at70), total),
    review_threshold_recall: share(at95.size, gifts.size), review_threshold_dollar_recall: share(dollars(at95), total),
  };
}
