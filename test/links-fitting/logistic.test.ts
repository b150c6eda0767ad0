// The link models' fitting: IRLS recovers known coefficients on generated data, stays finite on separable data
// thanks to the penalty, is deterministic, and weights rows as repetitions.
import { describe, expect, it } from 'vitest';
import { fitLogistic, fitLogisticSigned, sigmoid } from '../../links-fitting/logistic.ts';

function data(n: number, b0: number, b1: number, b2: number) {
  let s = 7;
  const rand = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  return Array.from({ length: n }, () => {
    const x = { a: rand() * 4 - 2, b: rand() < 0.5 ? 1 : 0 };
    return { x, y: (rand() < sigmoid(b0 + b1 * x.a + b2 * x.b) ? 1 : 0) as 0 | 1 };
  });
}

describe('fitLogistic', () => {
  it('recovers the generating coefficients', () => {
    const fit = fitLogistic(['a', 'b'], data(20_000, -1, 2, 1.5), { lambda: 0.001 });
    expect(fit.intercept).toBeCloseTo(-1, 0);
    expect(fit.weights.a).toBeCloseTo(2, 0);
    expect(fit.weights.b).toBeCloseTo(1.5, 0);
  });

  it('stays finite on perfectly separated data and is deterministic', () => {
    const rows = [0, 0.1, 0.2, 0.8, 0.9, 1].map((v) => ({ x: { s: v }, y: (v > 0.5 ? 1 : 0) as 0 | 1 }));
    const a = fitLogistic(['s'], rows);
    expect(Number.isFinite(a.weights.s)).toBe(true);
    expect(a.weights.s).toBeGreaterThan(0);
    expect(fitLogistic(['s'], rows)).toEqual(a);
  });

  it('treats a row of weight 2 as that row twice (pooled cities are weighted this way)', () => {
    const rows = data(400, 0.5, -1, 1);
    const weighted = rows.map((r, i) => ({ ...r, w: i % 2 ? 2 : 1 }));
    const duplicated = rows.flatMap((r, i) => (i % 2 ? [r, r] : [r]));
    const a = fitLogistic(['a', 'b'], weighted), b = fitLogistic(['a', 'b'], duplicated);
    expect(a.intercept).toBeCloseTo(b.intercept, 5);
    expect(a.weights.a).toBeCloseTo(b.weights.a!, 5);
    expect(a.weights.b).toBeCloseTo(b.weights.b!, 5);
    expect(a.logLoss).toBeCloseTo(b.logLoss, 8);
  });
});

describe('fitLogisticSigned', () => {
  it('holds a feature whose fitted sign contradicts its stated direction at zero and refits the rest', () => {
    const rows = data(20_000, -1, 2, -1.5);
    const free = fitLogisticSigned(['a', 'b'], rows, { lambda: 0.001 });
    expect(free.heldAtZero).toEqual([]);
    expect(free.weights.b).toBeLessThan(0);
    const signed = fitLogisticSigned(['a', 'b'], rows, { lambda: 0.001, signs: { b: 1, a: 1 } });
    expect(signed.heldAtZero).toEqual(['b']);
    expect(signed.weights.b).toBe(0);
    expect(signed.weights.a).toBeCloseTo(fitLogistic(['a'], rows, { lambda: 0.001 }).weights.a!, 6);
    expect(signed.weights.a).toBeGreaterThan(0);
  });
});
