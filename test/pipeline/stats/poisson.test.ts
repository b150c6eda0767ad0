// topic-volume's Poisson upper tail P(X ≥ k), X ~ Poisson(λ): a hand-computable case, the edge cases, and R's
// ppois(k − 1, λ, lower.tail = FALSE) over a grid including far tails (test/fixtures/poisson/reference.R).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { poissonUpperTail } from '../../../pipeline/stats/poisson.ts';

const reference = JSON.parse(readFileSync(path.resolve('test/fixtures/poisson/reference.json'), 'utf8')) as {
  cases: { k: number; lambda: number; p: number }[];
};

describe('Poisson upper tail', () => {
  it('equals the hand computation 1 − e^−λ Σ_{j<k} λ^j / j!', () => {
    // λ = 1, k = 2: 1 − e^−1 (1 + 1) = 1 − 2/e
    expect(poissonUpperTail(2, 1)).toBeCloseTo(1 - 2 / Math.E, 14);
    // λ = 0.5, k = 5: 1 − e^−0.5 (1 + 0.5 + 0.125 + 0.5³/6 + 0.5⁴/24)
    const head = 1 + 0.5 + 0.125 + 0.125 / 6 + 0.0625 / 24;
    expect(poissonUpperTail(5, 0.5)).toBeCloseTo(1 - Math.exp(-0.5) * head, 14);
    // a topic month with 5 registrations after a year with 2 in all (λ = 2/12) is a spike: p ≈ 1.1e-6 < 0.01
    const lambda = 2 / 12;
    let cdf = 0;
    for (let j = 0, term = Math.exp(-lambda); j < 5; j++, term *= lambda / j) cdf += term;
    expect(poissonUpperTail(5, lambda)).toBeCloseTo(1 - cdf, 15);
    expect(poissonUpperTail(5, lambda)).toBeLessThan(0.01);
  });

  it('is 1 for k = 0, 0 under λ = 0 for k ≥ 1, and refuses what is not a count or a rate', () => {
    expect(poissonUpperTail(0, 3.5)).toBe(1);
    expect(poissonUpperTail(0, 0)).toBe(1);
    expect(poissonUpperTail(4, 0)).toBe(0);
    expect(() => poissonUpperTail(2.5, 1)).toThrow(/count/);
    expect(() => poissonUpperTail(-1, 1)).toThrow(/count/);
    expect(() => poissonUpperTail(2, -0.1)).toThrow(/λ/);
    expect(() => poissonUpperTail(2, Number.NaN)).toThrow(/λ/);
  });

  it(`equals R's ppois(k − 1, λ, lower.tail = FALSE) to 1e-12 relative on ${reference.cases.length} cases`, () => {
    expect(reference.cases.length).toBeGreaterThan(100);
    for (const { k, lambda, p } of reference.cases) {
      const got = poissonUpperTail(k, lambda);
      const tolerance = 1e-12 * Math.abs(p) + (p === 0 ? 0 : Number.MIN_VALUE);
      expect(Math.abs(got - p), `k=${k} λ=${lambda}: ${got} vs R ${p}`).toBeLessThanOrEqual(tolerance);
    }
  });
});
