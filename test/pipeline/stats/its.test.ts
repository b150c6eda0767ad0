// The mayor-share ITS equals R (lm + sandwich::NeweyWest(lag 1, prewhite FALSE, adjust TRUE) + lmtest coeftest /
// coefci, test/fixtures/its/reference.R) on the same series to 1e-9: estimates, standard errors, intervals,
// p-values and Durbin–Watson, on a regular series and one with missing quarters; with fewer than 8 quarters on a
// side the coefficients are null and `measurement` says why.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstFullQuarter, interruptedTimeSeries, quarterLabel, type QuarterShare } from '../../../pipeline/stats/its.ts';

const dir = path.resolve('test/fixtures/its');
const reference = JSON.parse(readFileSync(path.join(dir, 'reference.json'), 'utf8')) as Record<string, {
  n_pre: number; n_post: number; durbin_watson: number; coefficients: Record<string, number | string>[];
}>;

function series(name: string): QuarterShare[] {
  return readFileSync(path.join(dir, `series-${name}.csv`), 'utf8').trim().split('\n').slice(1)
    .map((line) => { const [quarter, share] = line.split(','); return { quarter: quarter!, share: Number(share) }; });
}

/** Equal to 1e-9, relative for values above 1 in size (p-values far below 1e-9 compare to 1e-9 absolute). */
function close(actual: number | null, expected: number, what: string): void {
  expect(actual, what).not.toBeNull();
  expect(Math.abs(actual! - expected), `${what}: ${actual} vs R ${expected}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
}

describe('interrupted time series', () => {
  it('puts t0 at the first full quarter on or after the intervention date', () => {
    expect(quarterLabel(firstFullQuarter('2022-11-23'))).toBe('2023Q1');
    expect(quarterLabel(firstFullQuarter('2023-01-01'))).toBe('2023Q1');
    expect(quarterLabel(firstFullQuarter('2023-01-02'))).toBe('2023Q2');
    expect(quarterLabel(firstFullQuarter('2022-12-31'))).toBe('2023Q1');
  });

  it.each(['regular', 'gap'])('equals R on the %s series to 1e-9', (name) => {
    const ref = reference[name]!;
    const got = interruptedTimeSeries(series(name), '2022-11-23');
    expect([got.n_pre, got.n_post, got.intervention_quarter, got.measurement]).toEqual([ref.n_pre, ref.n_post, '2023Q1', null]);
    close(got.durbin_watson, ref.durbin_watson, 'durbin_watson');
    expect(got.coefficients.map((c) => c.term)).toEqual(['intercept', 'trend', 'level_change', 'slope_change']);
    got.coefficients.forEach((c, i) => {
      for (const k of ['estimate', 'std_error', 'ci_low', 'ci_high', 'p_value'] as const) close(c[k], ref.coefficients[i]![k] as number, `${c.term} ${k}`);
    });
  });

  it('recovers the planted level change of the fixture series within its interval', () => {
    const level = interruptedTimeSeries(series('regular'), '2022-11-23').coefficients.find((c) => c.term === 'level_change')!;
    expect(level.ci_low!).toBeLessThan(0.065 + 0.03);
    expect(level.ci_low!).toBeGreaterThan(0);
  });

  it('leaves the coefficients null with a measurement when a side has fewer than 8 quarters', () => {
    const got = interruptedTimeSeries(series('short-pre'), '2022-11-23');
    expect([got.n_pre, got.n_post]).toEqual([7, 15]);
    expect(got.durbin_watson).toBeNull();
    expect(got.coefficients.every((c) => c.estimate === null && c.std_error === null && c.p_value === null)).toBe(true);
    expect(got.measurement).toMatch(/7 quarters before 2023Q1 and 15 from it.*at least 8 quarters on each side/);
  });
});
