// The link-quality floors, checked on a link-quality report: precision ≥ 0.95 in the high band (and, for
// review-gated tasks, at the review threshold), ≥ 0.80 in the moderate band, and truth hard enough to mean something
// (unalike and look-alike-decoy shares ≥ 0.2). The tests assert the same floors on the test city; the bench checks
// them at the scale it runs (BENCH_SCALE=1: the City's volumes) and the pipeline logs what a night misses.
import type { TaskQuality } from './evaluate.ts';

export const FLOORS = { high: 0.95, review_threshold: 0.95, moderate: 0.8, unalike: 0.2, decoys: 0.2 } as const;

/** One line per floor a task misses; empty when every task meets every floor. */
export function missedFloors(report: readonly TaskQuality[]): string[] {
  const missed: string[] = [];
  for (const t of report) {
    for (const b of t.bands) {
      if (b.precision !== null && b.precision < FLOORS[b.band]) missed.push(`${t.task} ${b.band}: precision ${b.precision} < ${FLOORS[b.band]} (${b.links} links)`);
    }
    if (t.unalike_share < FLOORS.unalike) missed.push(`${t.task}: unalike share ${t.unalike_share} < ${FLOORS.unalike}`);
    if (t.decoy_share < FLOORS.decoys) missed.push(`${t.task}: decoy share ${t.decoy_share} < ${FLOORS.decoys}`);
  }
  return missed;
}
