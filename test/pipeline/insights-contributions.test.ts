// The contribution insights' rules that need no city: alignment rows (member rates null below 10 votes on items from
// funding organisations, with the reason; the seed and resamples recorded; same counts and seed → same bytes), and the
// caveat (the contract's alignment sentence word for word, the measured L7 recall stated as a lower bound, refused when
// the seed file measures another L7 model than the night scores with).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alignmentRow, MIN_FUNDED_VOTES, RESAMPLES, SEED } from '../../pipeline/models/insights/api_insight_alignment.ts';
import { ALIGNMENT_CAVEAT, lowerBoundCaveat, readMeasuredRecall, RECALL_SEED } from '../../pipeline/models/insights/int_insight_contribution_caveat.ts';
import { readLinkModel } from '../../pipeline/links/model-file.ts';

/** n items, each with one funded and two unfunded votes; the first `fundedYes` funded votes aligned, every other unfunded one. */
const items = (n: number, fundedYes: number) => Array.from({ length: n }, (_, i) => ({ funded: 1, fundedYes: i < fundedYes ? 1 : 0, unfunded: 2, unfundedYes: 1 }));

describe('alignment rows', () => {
  it('withholds a member\'s rates below 10 funded votes, and says why', () => {
    const row = alignmentRow(items(MIN_FUNDED_VOTES - 1, 8), true);
    expect(row.funded_votes).toBe(9);
    expect(row.funded_aligned).toBe(8); // counts stay: only the rates are withheld
    for (const k of ['funded_rate', 'funded_rate_low', 'funded_rate_high', 'unfunded_rate', 'unfunded_rate_low', 'unfunded_rate_high', 'difference', 'difference_low', 'difference_high'] as const) {
      expect(row[k], k).toBeNull();
    }
    expect(row.suppressed).toBe('fewer than 10 votes on items from funding organisations');
  });

  it('publishes a member\'s rates from 10 funded votes, with intervals around them', () => {
    const row = alignmentRow(items(MIN_FUNDED_VOTES, 9), true);
    expect(row.suppressed).toBeNull();
    expect(row.funded_rate).toBe(0.9);
    expect(row.unfunded_rate).toBe(0.5);
    expect(row.difference).toBe(0.4);
    expect(row.funded_rate_low!).toBeLessThanOrEqual(0.9);
    expect(row.funded_rate_high!).toBeGreaterThanOrEqual(0.9);
    expect(row.difference_low!).toBeLessThanOrEqual(0.4);
    expect(row.difference_high!).toBeGreaterThanOrEqual(0.4);
    expect(row.items).toBe(10);
  });

  it('does not apply the member minimum to the council-wide row', () => {
    const row = alignmentRow(items(3, 2), false);
    expect(row.funded_rate).toBe(0.6667);
    expect(row.suppressed).toBeNull();
  });

  it('records the seed and the 2,000 resamples, and gives the same bytes for the same seed', () => {
    const clusters = items(25, 17);
    const row = alignmentRow(clusters, true);
    expect(row.resamples).toBe(2000);
    expect(RESAMPLES).toBe(2000);
    expect(row.seed).toBe(SEED);
    expect(JSON.stringify(alignmentRow(clusters, true))).toBe(JSON.stringify(row));
    expect(JSON.stringify(alignmentRow(clusters, true, RESAMPLES, SEED + 1))).not.toBe(JSON.stringify(row));
  });

  it('leaves a rate with no votes null with the reason', () => {
    expect(alignmentRow([], false).suppressed).toBe('no votes on items with a published organisation position in this comparison');
    expect(alignmentRow([{ funded: 0, fundedYes: 0, unfunded: 3, unfundedYes: 1 }], false)).toMatchObject({ funded_rate: null, unfunded_rate: 0.3333, difference: null, suppressed: 'no votes on items from funding organisations' });
  });
});

describe('the contribution caveat', () => {
  it('carries the contract\'s alignment sentence word for word', () => {
    expect(ALIGNMENT_CAVEAT).toBe('Donors tend to give to councillors who already agree with them; a difference does not show that a contribution changed a vote.');
  });

  it('states the measured L7 recall of the model the night scores with, as a lower bound', () => {
    const m = readMeasuredRecall();
    expect(m.model_version).toBe(readLinkModel('L7').model_version);
    expect(m.city_volume_dollar_recall).toBe(0.416); // docs/link-models.md, L7 recall per dollar at 0.95, scale 1
    const text = lowerBoundCaveat(m);
    expect(text).toMatch(/^Lower bound: /);
    expect(text).toContain('0.416');
    expect(text).toContain(m.model_version);
  });

  it('refuses a seed that measured another L7 model, or a recall outside (0, 1]', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'l7-recall-'));
    const seed = (body: object) => { const f = path.join(dir, `${Math.random()}.json`); writeFileSync(f, JSON.stringify(body)); return f; };
    expect(() => readMeasuredRecall(RECALL_SEED, 'L7-1999.01.1')).toThrow(/re-measure/);
    expect(() => readMeasuredRecall(seed({ model_version: 'X', city_volume_dollar_recall: 0 }), 'X')).toThrow(/\(0, 1\]/);
    expect(readMeasuredRecall(seed({ model_version: 'X', city_volume_dollar_recall: 0.5 }), 'X').city_volume_dollar_recall).toBe(0.5);
  });
});
