// The band the mayor-share chart draws around the ITS fit: its line is the coefficients' (β0 + β1·t + β2·post +
// β3·(t − t0)·post at every quarter, gaps included on the same time axis), at the series' first quarter the band is the
// intercept's R-validated interval (x = [1, 0, 0, 0], so x'Σx is the intercept's variance), it is positive everywhere,
// and there is none when the coefficients are not estimated.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { interruptedTimeSeries, interruptedTimeSeriesBand, quarterIndex, type QuarterShare } from '../../../pipeline/stats/its.ts';

function series(name: string): QuarterShare[] {
  return readFileSync(path.resolve('test/fixtures/its', `series-${name}.csv`), 'utf8').trim().split('\n').slice(1)
    .map((line) => { const [quarter, share] = line.split(','); return { quarter: quarter!, share: Number(share) }; });
}

describe('the ITS fit band', () => {
  it.each(['regular', 'gap'])('is the coefficients\' line with the intercept\'s interval at t = 0 (%s series)', (name) => {
    const s = series(name);
    const its = interruptedTimeSeries(s, '2022-11-23');
    const b = Object.fromEntries(its.coefficients.map((c) => [c.term, c]));
    const band = interruptedTimeSeriesBand(s, '2022-11-23');
    const first = quarterIndex(s[0]!.quarter);
    expect(band.length).toBe(quarterIndex(s.at(-1)!.quarter) - first + 1);
    const t0 = quarterIndex(its.intervention_quarter) - first;
    for (const [t, p] of band.entries()) {
      const post = t >= t0 ? 1 : 0;
      const line = b.intercept!.estimate! + b.trend!.estimate! * t + b.level_change!.estimate! * post + b.slope_change!.estimate! * (t - t0) * post;
      expect(Math.abs(p.fitted - line), p.quarter).toBeLessThan(1e-12);
      expect(p.ci_high - p.fitted, p.quarter).toBeGreaterThan(0);
      expect(p.ci_high - p.fitted).toBeCloseTo(p.fitted - p.ci_low, 12);
    }
    expect(band[0]!.ci_low).toBeCloseTo(b.intercept!.ci_low!, 12);
    expect(band[0]!.ci_high).toBeCloseTo(b.intercept!.ci_high!, 12);
  });

  it('is empty when the coefficients are not estimated', () => {
    expect(interruptedTimeSeriesBand(series('regular').slice(0, 12), '2022-11-23')).toEqual([]);
  });
});
