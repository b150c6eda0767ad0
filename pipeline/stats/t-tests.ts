// Coefficient tests from estimates and a covariance matrix, as R `lmtest::coeftest` and `coefci` report them:
// t = estimate / SE, two-sided p-value and a 95% interval from the t distribution with n − k degrees of freedom
// (distribution functions from @stdlib, accurate to a few units in the last place).
import tCdf from '@stdlib/stats-base-dists-t-cdf';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import type { Matrix } from 'ml-matrix';

export interface CoefficientTest {
  estimate: number;
  std_error: number;
  ci_low: number;
  ci_high: number;
  p_value: number;
}

/** One test per coefficient, in order. */
export function coefficientTests(estimates: readonly number[], covariance: Matrix, df: number, level = 0.95): CoefficientTest[] {
  const q = tQuantile(1 - (1 - level) / 2, df);
  return estimates.map((estimate, i) => {
    const se = Math.sqrt(covariance.get(i, i));
    const t = estimate / se;
    return { estimate, std_error: se, ci_low: estimate - q * se, ci_high: estimate + q * se, p_value: 2 * tCdf(-Math.abs(t), df) };
  });
}

/** Durbin–Watson statistic of residuals in series order: Σ(eₜ − eₜ₋₁)² / Σeₜ². */
export function durbinWatson(residuals: readonly number[]): number {
  let num = 0;
  let den = 0;
  residuals.forEach((e, t) => {
    den += e * e;
    if (t > 0) num += (e - residuals[t - 1]!) ** 2;
  });
  return num / den;
}
