// Newey–West (HAC) covariance of OLS coefficients with Bartlett weights 1 − l/(L+1), no prewhitening and the
// finite-sample factor n/(n − k): the same matrix as R `sandwich::NeweyWest(fit, lag = L, prewhite = FALSE,
// adjust = TRUE)`, i.e. (X'X)⁻¹ S (X'X)⁻¹ · n/(n−k) with S = Σₜ eₜ²xₜxₜ' + Σₗ wₗ Σₜ eₜeₜ₋ₗ(xₜxₜ₋ₗ' + xₜ₋ₗxₜ').
import { Matrix } from 'ml-matrix';
import type { OlsFit } from './ols.ts';

/** The k × k HAC covariance matrix of a fit's coefficients. */
export function neweyWestCovariance(x: readonly (readonly number[])[], fit: OlsFit, lag: number): Matrix {
  const { n, k, residuals: e } = fit;
  const scores = x.map((row, t) => row.map((v) => v * e[t]!)); // ψₜ = xₜ eₜ
  const meat = Matrix.zeros(k, k);
  for (let l = 0; l <= lag; l++) {
    const w = l === 0 ? 1 : 1 - l / (lag + 1);
    for (let t = l; t < n; t++) {
      const a = scores[t]!;
      const b = scores[t - l]!;
      for (let i = 0; i < k; i++) {
        for (let j = 0; j < k; j++) {
          // lag 0 adds ψₜψₜ' once; each later lag adds the cross product and its transpose
          meat.set(i, j, meat.get(i, j) + w * (l === 0 ? a[i]! * a[j]! : a[i]! * b[j]! + b[i]! * a[j]!));
        }
      }
    }
  }
  return fit.xtxInverse.mmul(meat).mmul(fit.xtxInverse).mul(n / (n - k));
}
