// SM numbers for planted registrations without renumbering the generator's: the generator numbers registrations in
// approval order with steps of 1-3 (registrations.ts numberAndBreak), so unused numbers lie between them. A planted
// registration takes the unused number whose place in that order is nearest its approval day (ties: the lower
// number), so SM numbers keep following approval order closely; numbers past the last are used only when none is left.
import type { Registration } from '../registry/model.ts';

const digits = (sm: string) => Number(sm.slice(2));

/** Give each planted registration an SM number; then put every registration in approval (then SM) order. */
export function numberPlanted(regs: Registration[], planted: readonly Registration[]): void {
  const numbered = regs.filter((r) => r.sm).sort((a, b) => digits(a.sm) - digits(b.sm));
  const free: { n: number; day: number }[] = [];
  for (let i = 1; i < numbered.length; i++) {
    const [lo, hi] = [digits(numbered[i - 1]!.sm), digits(numbered[i]!.sm)];
    // a free number between two registrations sits at the earlier one's approval day
    for (let n = lo + 1; n < hi; n++) free.push({ n, day: numbered[i - 1]!.initial });
  }
  let next = numbered.length ? digits(numbered.at(-1)!.sm) + 1 : 10_001;
  const taken = new Set<number>();
  for (const r of [...planted].sort((a, b) => a.initial - b.initial || a.key - b.key)) {
    let best: { n: number; day: number } | null = null;
    for (const f of free) {
      if (taken.has(f.n)) continue;
      if (!best || Math.abs(f.day - r.initial) < Math.abs(best.day - r.initial)) best = f;
    }
    const n = best ? best.n : next++;
    taken.add(n);
    r.sm = `SM${n}`;
  }
  regs.push(...planted);
  regs.sort((a, b) => a.initial - b.initial || digits(a.sm) - digits(b.sm));
}
