// The review queue: candidates a reviewer should decide, with the evidence they need, written as JSON Lines next to
// the warehouse. L5, L7 and position publish only once confirmed, so every candidate at 0.5 or more waits here; for
// the other tasks the uncertain middle (0.5 to below 0.9) does. Decided pairs leave the queue. L7 comes in the order
// of expected linked dollars (review-queue.sql), each line saying how many.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Warehouse } from '../db/warehouse.ts';

const querySql = path.join(path.dirname(fileURLToPath(import.meta.url)), 'review-queue.sql');

/** Write the queue file; returns how many candidates await review per task. */
export async function writeReviewQueue(wh: Warehouse, file: string): Promise<Record<string, number>> {
  const rows = await wh.all<Record<string, unknown>>(await readFile(querySql, 'utf8'));
  const lines = rows.map(({ expected_linked_dollars: dollars, ...r }) => JSON.stringify({
    ...r, evidence: JSON.parse(String(r.evidence)), extra: JSON.parse(String(r.extra)),
    ...(dollars === null || dollars === undefined ? {} : { expected_linked_dollars: Number(dollars) }),
  }));
  await writeFile(file, lines.length ? `${lines.join('\n')}\n` : '');
  const counts: Record<string, number> = {};
  for (const r of rows) counts[String(r.task)] = (counts[String(r.task)] ?? 0) + 1;
  return counts;
}
