// The lazy greedy matching (pipeline/stats/greedy-matching.ts) against a plain second implementation: per round, sort
// every (treated, available control) pair by distance, then treated id, then control id, accept greedily. Random
// strata with many equal days (ties everywhere) must give identical matches, whatever the input order.
import { describe, expect, it } from 'vitest';
import { greedyMatch, type Match, type Unit } from '../../../pipeline/stats/greedy-matching.ts';

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** O(rounds · T · C · log) reference: the definition written out. */
function bruteForce(treated: Unit[], controls: Unit[], ratio: number, maxDistance: number): Match[] {
  const used = new Set<string>(), out: Match[] = [];
  let active = new Set(treated.map((t) => t.id));
  for (let round = 1; round <= ratio; round++) {
    const pairs = treated.filter((t) => active.has(t.id)).flatMap((t) => controls.filter((c) => !used.has(c.id))
      .map((c) => ({ t, c, d: Math.abs(t.day - c.day) }))).filter((p) => p.d <= maxDistance);
    // equal distance: lower treated id; for one treated unit, the earlier control, then the lower control id
    pairs.sort((a, b) => a.d - b.d || cmp(a.t.id, b.t.id) || a.c.day - b.c.day || cmp(a.c.id, b.c.id));
    const got = new Set<string>();
    for (const p of pairs) {
      if (got.has(p.t.id) || used.has(p.c.id)) continue;
      got.add(p.t.id); used.add(p.c.id);
      out.push({ treated: p.t.id, control: p.c.id, round, distance: p.d });
    }
    active = got;
  }
  return out;
}

function rng(seed: number) { // mulberry32: a fixed stream, so the test is the same every run
  return () => { seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t ^= t + Math.imul(t ^ (t >>> 7), 61 | t); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}
const key = (m: Match) => `${m.round} ${m.treated} ${m.control} ${m.distance}`;
const sorted = (ms: Match[]) => ms.map(key).sort();

describe('greedy matching without replacement', () => {
  it('equals the written-out definition on 300 random strata with ties', () => {
    const r = rng(20261124);
    for (let s = 0; s < 300; s++) {
      const span = 1 + Math.floor(r() * 60), nT = Math.floor(r() * 12), nC = Math.floor(r() * 30);
      const unit = (p: string, i: number): Unit => ({ id: `${p}${String(Math.floor(r() * 1000)).padStart(3, '0')}-${i}`, day: Math.floor(r() * span) });
      const treated = Array.from({ length: nT }, (_, i) => unit('T', i)), controls = Array.from({ length: nC }, (_, i) => unit('C', i));
      const maxDistance = Math.floor(r() * span);
      const got = greedyMatch(treated, controls, { ratio: 3, maxDistance });
      expect(sorted(got), `stratum ${s}`).toEqual(sorted(bruteForce(treated, controls, 3, maxDistance)));
      expect(sorted(greedyMatch([...treated].reverse(), [...controls].reverse(), { ratio: 3, maxDistance }))).toEqual(sorted(got));
      const controlsUsed = got.map((m) => m.control);
      expect(new Set(controlsUsed).size).toBe(controlsUsed.length);
      for (const t of treated) expect(got.filter((m) => m.treated === t.id).length).toBeLessThanOrEqual(3);
      for (const m of got) expect(m.distance).toBeLessThanOrEqual(maxDistance);
    }
  });

  it('gives every treated unit its first control before any gets a second', () => {
    // T1 and T2 both sit at day 0; the controls at 1, 2, 3, 4: round 1 gives T1 day 1 and T2 day 2, round 2 days 3, 4
    const got = greedyMatch([{ id: 'T2', day: 0 }, { id: 'T1', day: 0 }],
      [1, 2, 3, 4].map((d) => ({ id: `C${d}`, day: d })), { ratio: 3, maxDistance: 10 });
    expect(got.map(key)).toEqual(['1 T1 C1 1', '1 T2 C2 2', '2 T1 C3 3', '2 T2 C4 4']);
  });
});
