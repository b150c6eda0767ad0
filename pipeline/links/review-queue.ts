// The review queue: candidates a reviewer should decide, with the evidence they need, written as JSON Lines next to
// the warehouse. L5, L7 and position publish only once confirmed, so every candidate at 0.5 or more waits here; for
// the other tasks the uncertain middle (0.5 to below 0.9) does. Decided pairs leave the queue.
import { writeFile } from 'node:fs/promises';
import type { Warehouse } from '../db/warehouse.ts';

/** Write the queue file; returns how many candidates await review per task. */
export async function writeReviewQueue(wh: Warehouse, file: string): Promise<Record<string, number>> {
  const rows = await wh.all<Record<string, unknown>>(`
    select task, from_type, from_id, to_type, to_id, probability, confidence, model_version, question_version,
      published as published_without_review, evidence::varchar as evidence, extra::varchar as extra
    from int_links
    where decision is null -- decided pairs are done
      and probability >= 0.5 -- below that the model says no
      and (review_required or probability < 0.9) -- gated tasks always; others only where the model is unsure
    order by task, probability desc, from_id, to_id`);
  const lines = rows.map((r) => JSON.stringify({ ...r, evidence: JSON.parse(String(r.evidence)), extra: JSON.parse(String(r.extra)) }));
  await writeFile(file, lines.length ? `${lines.join('\n')}\n` : '');
  const counts: Record<string, number> = {};
  for (const r of rows) counts[String(r.task)] = (counts[String(r.task)] ?? 0) + 1;
  return counts;
}
