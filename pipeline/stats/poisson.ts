// Poisson upper tail for topic-volume's spike test (analysis-definitions.md 4.9): P(X ≥ k) for X ~ Poisson(λ), through
// the identity P(X ≥ k) = P(k, λ), the regularised lower incomplete gamma function (@stdlib gammainc), which stays
// accurate in the far tail where 1 − Σ_{j<k} e^{−λ} λ^j / j! would cancel to nothing. Equal to R's
// ppois(k - 1, λ, lower.tail = FALSE) (test/fixtures/poisson/).
import gammainc from '@stdlib/math-base-special-gammainc';

/** P(X ≥ k) for X ~ Poisson(λ); k a count (integer ≥ 0), λ ≥ 0. */
export function poissonUpperTail(k: number, lambda: number): number {
  if (!Number.isInteger(k) || k < 0) throw new Error(`poissonUpperTail: k must be a count, got ${k}`);
  if (!(lambda >= 0) || !Number.isFinite(lambda)) throw new Error(`poissonUpperTail: λ must be finite and ≥ 0, got ${lambda}`);
  if (k === 0) return 1; // every count is ≥ 0
  if (lambda === 0) return 0; // X is 0 for certain
  return gammainc(lambda, k);
}
