// The link-quality report the evaluation step (links-fitting/evaluate-cli.ts) writes for the sample city: every task is
// measured against the planted truth, and the published bands meet the floors (precision ≥ 0.95 high, ≥ 0.80 moderate;
// the review threshold of gated tasks ≥ 0.95). Recall is reported. The truth must be hard enough to mean something.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LINK_TASKS } from '../../pipeline/links/model-file.ts';
import type { TaskQuality } from '../../links-fitting/evaluate.ts';
import { FLOORS, missedFloors } from '../../links-fitting/floors.ts';
import { e2eConfig } from './harness.ts';

let report: TaskQuality[];

beforeAll(async () => {
  const config = await e2eConfig();
  report = JSON.parse(readFileSync(path.join(path.dirname(config.warehousePath), 'link-quality.json'), 'utf8'));
});

describe('link quality against the planted truth', () => {
  it('measures every task', () => {
    expect(report.map((t) => t.task).sort()).toEqual([...LINK_TASKS].sort());
  });

  it.each([...LINK_TASKS])('%s meets the precision floors in every band it publishes', (task) => {
    const t = report.find((r) => r.task === task)!;
    for (const band of t.bands) {
      if (band.links > 0) expect(band.precision, `${task} ${band.band}`).toBeGreaterThanOrEqual(FLOORS[band.band]);
    }
    expect(t.bands.reduce((n, b) => n + b.decoys_linked, 0), `${task} decoys linked`).toBe(0);
  });

  it('plants truth hard enough to mean something: unalike true pairs and look-alike decoys are each ≥ 1/5 of the true pairs', () => {
    const shares = missedFloors(report).filter((line) => line.includes('share'));
    expect(shares).toEqual([]);
  });

  it('reports recall and finds true pairs for every task with truth at this scale', () => {
    for (const t of report) {
      if (t.true_pairs > 0) expect(t.recall, t.task).toBeGreaterThan(0);
    }
  });

  it('reports L7\'s recall per contribution and per dollar, what the contribution insights stand on', () => {
    const c = report.find((t) => t.task === 'L7')!.contributions!;
    expect(c.true_contributions).toBeGreaterThan(0);
    for (const v of [c.recall, c.dollar_recall, c.review_threshold_recall, c.review_threshold_dollar_recall]) {
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    expect(c.review_threshold_dollar_recall).toBeLessThanOrEqual(c.dollar_recall!);
  });
});
