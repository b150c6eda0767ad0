// The alignment bootstrap (pipeline/stats/bootstrap.ts) checked three ways: against a closed form (one vote per item:
// the resampled rate is Binomial(n, p)/n, whose 2.5th and 97.5th percentiles bound the interval), against a second
// implementation (base R with its own generator and 20,000 resamples, test/fixtures/bootstrap/reference.R: the
// intervals agree to Monte Carlo error), and against an independent TypeScript re-count of the same draws (multinomial
// weights per item, R-style 1-based quantile: equal to the last bit). Same seed, same intervals; a seed is a seed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bootstrapTwoRates, percentileInterval, quantile7, type ClusterCounts } from '../../../pipeline/stats/bootstrap.ts';
import { createPrng } from '../../../pipeline/stats/prng.ts';

const dir = path.resolve('test/fixtures/bootstrap');
const reference = JSON.parse(readFileSync(path.join(dir, 'reference.json'), 'utf8')) as Record<string, [number, number]>;
const clusters: ClusterCounts[] = readFileSync(path.join(dir, 'clusters.csv'), 'utf8').trim().split('\n').slice(1).map((line) => {
  const [funded, fundedYes, unfunded, unfundedYes] = line.split(',').map(Number) as [number, number, number, number];
  return { funded, fundedYes, unfunded, unfundedYes };
});

/** Binomial(n, p) quantile: the least k with P(X ≤ k) ≥ q (R's qbinom). */
function qbinom(q: number, n: number, p: number): number {
  let cdf = 0, pmf = (1 - p) ** n;
  for (let k = 0; k <= n; k++) {
    cdf += pmf;
    if (cdf >= q - 1e-12) return k;
    pmf *= ((n - k) / (k + 1)) * (p / (1 - p));
  }
  return n;
}

/** The same bootstrap re-counted another way: how often each item is drawn, then weighted sums; quantiles R-style. */
function secondImplementation(items: readonly ClusterCounts[], resamples: number, seed: number) {
  const prng = createPrng(seed), n = items.length;
  const out = { funded: [] as number[], unfunded: [] as number[], difference: [] as number[] };
  for (let b = 0; b < resamples; b++) {
    const weight = new Array<number>(n).fill(0);
    for (let k = 0; k < n; k++) weight[prng.index(n)]! += 1;
    const total = (key: keyof ClusterCounts) => items.reduce((s, c, i) => s + weight[i]! * c[key], 0);
    const f = total('funded'), u = total('unfunded');
    if (f > 0) out.funded.push(total('fundedYes') / f);
    if (u > 0) out.unfunded.push(total('unfundedYes') / u);
    if (f > 0 && u > 0) out.difference.push(total('fundedYes') / f - total('unfundedYes') / u);
  }
  // R's type 7, 1-based: x[j] + g (x[j+1] − x[j]) with j = floor(1 + (m − 1) p)
  const q = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b), h = 1 + (s.length - 1) * p, j = Math.floor(h);
    return s[j - 1]! + (h - j) * ((s[Math.min(j, s.length - 1)] ?? s[j - 1]!) - s[j - 1]!);
  };
  const interval = (xs: number[]) => ({ low: q(xs, 0.025), high: q(xs, 0.975) });
  return { funded: interval(out.funded), unfunded: interval(out.unfunded), difference: interval(out.difference) };
}

describe('quantile7 and the percentile interval', () => {
  it('equals R quantile(type = 7)', () => {
    const sorted = [3, 1, 4, 1, 5, 9, 2, 6].sort((a, b) => a - b);
    expect(quantile7(sorted, 0.025)).toBeCloseTo(reference.quantile7![0], 12);
    expect(quantile7(sorted, 0.975)).toBeCloseTo(reference.quantile7![1], 12);
    expect(quantile7([], 0.5)).toBeNull();
    expect(percentileInterval([])).toBeNull();
    expect(percentileInterval([0.4])).toEqual({ low: 0.4, high: 0.4 });
  });
});

describe('cluster bootstrap of two rates', () => {
  it('is bounded by the closed form: one vote per item, the resampled rate is Binomial(n, p)/n', () => {
    for (const [n, yes] of [[50, 35], [120, 30], [30, 29]] as const) {
      const items: ClusterCounts[] = Array.from({ length: n }, (_, i) => ({ funded: 1, fundedYes: i < yes ? 1 : 0, unfunded: 1, unfundedYes: i % 2 }));
      const { funded } = bootstrapTwoRates(items, 2000, 20261122);
      const p = yes / n;
      // 2,000 draws put the empirical 2.5th percentile between the true 0.5th and 6th (and the 97.5th between the 94th
      // and 99.5th): each fails with probability below 1e-6 (binomial tail of the count of draws below the bound)
      expect(funded!.low, `n=${n} low`).toBeGreaterThanOrEqual(qbinom(0.005, n, p) / n);
      expect(funded!.low, `n=${n} low`).toBeLessThanOrEqual(qbinom(0.06, n, p) / n);
      expect(funded!.high, `n=${n} high`).toBeGreaterThanOrEqual(qbinom(0.94, n, p) / n);
      expect(funded!.high, `n=${n} high`).toBeLessThanOrEqual(qbinom(0.995, n, p) / n);
      expect(funded!.low).toBeLessThan(p);
      expect(funded!.high).toBeGreaterThan(p);
    }
  });

  it('gives a point interval when every item is the same', () => {
    const items = Array.from({ length: 12 }, () => ({ funded: 4, fundedYes: 3, unfunded: 5, unfundedYes: 1 }));
    expect(bootstrapTwoRates(items, 2000, 1)).toEqual({
      funded: { low: 0.75, high: 0.75 }, unfunded: { low: 0.2, high: 0.2 }, difference: { low: 0.55, high: 0.55 },
    });
  });

  it('agrees with base R (its own generator, 20,000 resamples) to Monte Carlo error', () => {
    const ours = bootstrapTwoRates(clusters, 2000, 20261122);
    for (const key of ['funded', 'unfunded', 'difference'] as const) {
      const [low, high] = reference[key]!;
      expect(Math.abs(ours[key]!.low - low), `${key} low ${ours[key]!.low} vs R ${low}`).toBeLessThan(0.03);
      expect(Math.abs(ours[key]!.high - high), `${key} high ${ours[key]!.high} vs R ${high}`).toBeLessThan(0.03);
    }
  });

  it('equals an independent re-count of the same draws exactly', () => {
    for (const seed of [1, 20261122, 0xffff_ffff]) {
      const ours = bootstrapTwoRates(clusters, 2000, seed), theirs = secondImplementation(clusters, 2000, seed);
      for (const key of ['funded', 'unfunded', 'difference'] as const) {
        expect(ours[key]!.low).toBeCloseTo(theirs[key].low, 12);
        expect(ours[key]!.high).toBeCloseTo(theirs[key].high, 12);
      }
    }
  });

  it('is reproducible from its seed, and the seed matters', () => {
    const a = JSON.stringify(bootstrapTwoRates(clusters, 2000, 20261122));
    expect(JSON.stringify(bootstrapTwoRates(clusters, 2000, 20261122))).toBe(a);
    expect(JSON.stringify(bootstrapTwoRates(clusters, 2000, 20261123))).not.toBe(a);
  });

  it('leaves a rate without votes out of its interval and the difference', () => {
    const items = [{ funded: 0, fundedYes: 0, unfunded: 3, unfundedYes: 2 }, { funded: 0, fundedYes: 0, unfunded: 2, unfundedYes: 0 }];
    const boot = bootstrapTwoRates(items, 200, 5);
    expect(boot.funded).toBeNull();
    expect(boot.difference).toBeNull();
    expect(boot.unfunded!.low).toBeGreaterThanOrEqual(0);
    expect(boot.unfunded!.high).toBeLessThanOrEqual(1);
  });

  it('draws indices uniformly from a 32-bit seed and refuses others', () => {
    const prng = createPrng(3), counts = [0, 0, 0, 0, 0];
    for (let i = 0; i < 50_000; i++) counts[prng.index(5)]! += 1;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
    expect(() => createPrng(-1)).toThrow(/32-bit/);
    expect(() => createPrng(2 ** 32)).toThrow(/32-bit/);
    expect(() => prng.index(0)).toThrow(/positive/);
  });
});
