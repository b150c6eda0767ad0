// Poisson upper tails of the topic-volume months (analysis-definitions.md 4.9): P(X ≥ registrations) under
// λ = baseline_sum / 12, once per distinct (registrations, baseline_sum) pair of int_insight_topic_volume_months (a few
// hundred at the City's size), for the published topic-volume table to join. Computed from the exact trailing mean, not the
// 4-decimal baseline published.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Warehouse } from '../../db/warehouse.ts';
import { poissonUpperTail } from '../../stats/poisson.ts';

/** The model's table: the file's name, so the two cannot drift apart. */
const TABLE = path.basename(fileURLToPath(import.meta.url), '.ts');

export async function build(wh: Warehouse): Promise<void> {
  const pairs = await wh.all<{ registrations: number; baseline_sum: number }>(
    `select distinct registrations, baseline_sum from int_insight_topic_volume_months
     where baseline_sum is not null -- months without a full trailing year have no baseline to test against
     order by registrations, baseline_sum`);
  await wh.exec(`create or replace table ${TABLE} (registrations integer, baseline_sum integer, p_value double)`);
  const rows = pairs.map((p) => [String(p.registrations), String(p.baseline_sum),
    String(poissonUpperTail(p.registrations, p.baseline_sum / 12))] as const);
  await wh.appendText(TABLE, rows);
}
