// Greedy nearest-neighbour matching without replacement on one number (a submission day), in rounds (4.6): each
// round gives every treated unit at most one more control, closest pairs first, so every lobbied application gets its
// first control before any gets its second. Exactly the greedy over all (treated, control) pairs sorted by distance,
// then treated id, then control id, computed lazily with a heap (each treated unit offers only its nearest available
// control) and "next available" pointers with path compression, so one stratum costs O((T·k + C) log T), not O(T·C).
import TinyQueue from 'tinyqueue';

/** A unit to match: its id (ties are broken by id in byte order) and its position (days). */
export interface Unit { id: string; day: number }

/** One accepted pair: the control's round (1 = first control of that treated unit) and |day difference|. */
export interface Match { treated: string; control: string; round: number; distance: number }

export interface MatchingOptions {
  /** Most controls per treated unit. */
  ratio: number;
  /** Largest accepted |day difference| (inclusive). */
  maxDistance: number;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Match each treated unit to up to `ratio` controls within `maxDistance`, without replacement. Among equally near
 * controls of one treated unit the earlier one is taken, then the lower id; among equally near pairs, the lower
 * treated id, then the lower control id. The result does not depend on the order of the inputs.
 */
export function greedyMatch(treated: readonly Unit[], controls: readonly Unit[], options: MatchingOptions): Match[] {
  const pool = [...controls].sort((a, b) => a.day - b.day || byId(a.id, b.id));
  const units = [...treated].sort((a, b) => byId(a.id, b.id));
  const n = pool.length;
  // right[i]: smallest available index ≥ i (n when none); left[i + 1]: largest available index ≤ i (-1 when none)
  const right = Int32Array.from({ length: n + 1 }, (_, i) => i);
  const left = Int32Array.from({ length: n + 1 }, (_, i) => i - 1);
  const findRight = (i: number): number => {
    let r = i;
    while (right[r] !== r) r = right[r]!;
    for (let j = i; right[j] !== r;) { const next = right[j]!; right[j] = r; j = next; } // path compression
    return r;
  };
  const findLeft = (i: number): number => { // largest available index ≤ i
    let r = i;
    while (r >= 0 && left[r + 1] !== r) r = left[r + 1]!;
    for (let j = i; j >= 0 && left[j + 1] !== r;) { const next = left[j + 1]!; left[j + 1] = r; j = next; }
    return r;
  };
  const take = (i: number) => { right[i] = i + 1; left[i + 1] = i - 1; };

  const position = (day: number) => { // first index whose day is ≥ day
    let lo = 0, hi = n;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (pool[mid]!.day < day) lo = mid + 1; else hi = mid; }
    return lo;
  };
  interface Offer { t: number; c: number; distance: number }
  const nearest = (t: number): Offer | null => {
    const day = units[t]!.day, p = position(day);
    const r = findRight(p);
    let l = findLeft(p - 1);
    // among available controls of the same (earlier) day, the lowest id: they sit leftmost in the run
    while (l >= 0) { const k = findLeft(l - 1); if (k >= 0 && pool[k]!.day === pool[l]!.day) l = k; else break; }
    const dr = r < n ? pool[r]!.day - day : Infinity, dl = l >= 0 ? day - pool[l]!.day : Infinity;
    const best = dl <= dr ? { c: l, distance: dl } : { c: r, distance: dr }; // equally near: the earlier one
    return best.distance <= options.maxDistance ? { t, ...best } : null;
  };

  const order = (a: Offer, b: Offer) => a.distance - b.distance || byId(units[a.t]!.id, units[b.t]!.id) || byId(pool[a.c]!.id, pool[b.c]!.id);
  const used = new Uint8Array(n);
  const matches: Match[] = [];
  let active = units.map((_, t) => t);
  for (let round = 1; round <= options.ratio && active.length; round++) {
    const queue = new TinyQueue<Offer>(active.map(nearest).filter((o): o is Offer => o !== null), order);
    const next: number[] = [];
    while (queue.length) {
      const offer = queue.pop()!;
      if (used[offer.c]) { // taken since it was offered: the unit offers its next nearest
        const again = nearest(offer.t);
        if (again) queue.push(again);
        continue;
      }
      used[offer.c] = 1;
      take(offer.c);
      matches.push({ treated: units[offer.t]!.id, control: pool[offer.c]!.id, round, distance: offer.distance });
      next.push(offer.t);
    }
    // a unit that found no control this round finds none later (controls only get taken)
    active = next.sort((a, b) => a - b);
  }
  return matches;
}
