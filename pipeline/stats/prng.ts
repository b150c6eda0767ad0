// The seeded pseudo-random generator of the pipeline's resampling (the alignment bootstrap): xoroshiro128+ (Blackman
// and Vigna) from pure-rand, seeded with a 32-bit integer, and pure-rand's unbiased integer distribution (rejection
// sampling, no modulo bias). The same seed gives the same sequence on every platform and run, so a published interval
// can be recomputed from its row's `seed`: `createPrng(seed)`, then one `index(n)` per resampled item, in order.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface Prng {
  /** A uniform integer in [0, n): the index of the next item drawn (n ≥ 1). */
  index(n: number): number;
}

/** A generator of uniform indices from a 32-bit integer seed. */
export function createPrng(seed: number): Prng {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff) throw new Error(`createPrng: seed must be a 32-bit integer, got ${seed}`);
  const rng = xoroshiro128plus(seed | 0);
  return {
    index(n: number): number {
      if (!Number.isInteger(n) || n < 1) throw new Error(`Prng.index: n must be a positive integer, got ${n}`);
      return uniformInt(rng, 0, n - 1);
    },
  };
}
