// The edge bench's arithmetic: the ceiling on what a second gateway worker can add when wrk shares the cores.
import { describe, expect, it } from 'vitest';
import { workerScalingCeiling } from '../../bench/edge-tools.ts';

describe('workerScalingCeiling', () => {
  it('is the cores over what one worker and wrk used together (hand computation)', () => {
    // the last bench run: one worker 100.1 % of a core, wrk 59 %, on 2 cores → 200 / 159.1
    expect(workerScalingCeiling({ server: 100.1, wrk: 59 }, 2)).toBeCloseTo(1.2571, 4);
    // a gateway twice as costly per request as wrk, each using half a core: the machine is half idle → 2×
    expect(workerScalingCeiling({ server: 50, wrk: 50 }, 2)).toBe(2);
  });

  it('falls as the gateway gets cheaper per request and wrk\'s share grows', () => {
    // one worker always at a full core; wrk's cost per request relative to the gateway's rises 0.3 → 0.6 → 0.9
    const ceilings = [30, 60, 90].map((wrk) => workerScalingCeiling({ server: 100, wrk }, 2));
    expect(ceilings[0]).toBeGreaterThan(ceilings[1]!);
    expect(ceilings[1]).toBeGreaterThan(ceilings[2]!);
    expect(ceilings[0]).toBeGreaterThan(1.3);
    expect(ceilings[1]).toBeLessThan(1.3);
  });

  it('is not a number when nothing was measured', () => {
    expect(workerScalingCeiling({ server: 0, wrk: 0 }, 2)).toBeNaN();
  });
});
