// Cluster bootstrap of two proportions and their difference (the alignment insight): observations grouped in clusters
// (agenda items), clusters resampled with replacement (createPrng, one index per drawn cluster, resample after
// resample), each resample's rates computed from the drawn clusters' counts, and 95% percentile intervals taken over
// the resamples (quantile type 7: linear interpolation between order statistics, R's default). A resample in which a
// group has no observation has no rate for it and is left out of that rate's interval and of the difference's.
import { createPrng } from './prng.ts';

/** One cluster's counts: votes and aligned votes of the funded and the unfunded group. */
export interface ClusterCounts { funded: number; fundedYes: number; unfunded: number; unfundedYes: number }

export interface Interval { low: number; high: number }

export interface TwoRatesBootstrap {
  /** Intervals of the funded rate, the unfunded rate and funded − unfunded; null when no resample defines them. */
  funded: Interval | null;
  unfunded: Interval | null;
  difference: Interval | null;
}

/** The p-quantile of ascending values, type 7 (x[h] interpolated, h = (n − 1) p); null for no values. */
export function quantile7(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  const h = (sorted.length - 1) * p, lo = Math.floor(h), hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** The 95% percentile interval of a sample (2.5th and 97.5th percentiles, type 7); null when it is empty. */
export function percentileInterval(values: readonly number[]): Interval | null {
  const sorted = [...values].sort((a, b) => a - b);
  const low = quantile7(sorted, 0.025), high = quantile7(sorted, 0.975);
  return low === null || high === null ? null : { low, high };
}

/**
 * Bootstrap the funded rate, the unfunded rate and their difference over `resamples` resamples of the clusters (in the
 * order given: the caller fixes it), drawn with a generator seeded with `seed`.
 */
export function bootstrapTwoRates(clusters: readonly ClusterCounts[], resamples: number, seed: number): TwoRatesBootstrap {
  const prng = createPrng(seed);
  const n = clusters.length;
  const funded: number[] = [], unfunded: number[] = [], difference: number[] = [];
  for (let b = 0; b < resamples && n > 0; b++) {
    let f = 0, fy = 0, u = 0, uy = 0;
    for (let k = 0; k < n; k++) {
      const c = clusters[prng.index(n)]!;
      f += c.funded; fy += c.fundedYes; u += c.unfunded; uy += c.unfundedYes;
    }
    const fr = f > 0 ? fy / f : null, ur = u > 0 ? uy / u : null;
    if (fr !== null) funded.push(fr);
    if (ur !== null) unfunded.push(ur);
    if (fr !== null && ur !== null) difference.push(fr - ur);
  }
  return { funded: percentileInterval(funded), unfunded: percentileInterval(unfunded), difference: percentileInterval(difference) };
}
