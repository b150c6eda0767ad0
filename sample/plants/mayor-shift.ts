// Planted shift of lobbying toward the Mayor's office after strong-mayor powers (analysis-definitions.md 4.5). The
// generator already sends a member-office contact to the Mayor's office with probability 0.07 before 2022-11-23 and
// 0.24 from it (registry/poh.ts); this plant moves a further share of the post-intervention contacts with councillors'
// offices to the Mayor's office (the Mayor, or the Mayor's staff, as lobbyists type them), so that the planted level
// change stands out of the quarterly noise at the default scale: 0.07 → POST_SHARE. Contacts while the mayoralty is
// vacant stay where they were.
import type { Council } from '../council/members.ts';
import { holdersOn } from '../council/terms.ts';
import { isoOf } from '../common/dates.ts';
import type { Rng } from '../common/rng.ts';
import type { Registration } from '../registry/model.ts';
import { officePoh, STRONG_MAYOR } from '../registry/poh.ts';

/** The generator's own shares of member-office contacts that reach the Mayor's office (registry/poh.ts). */
export const PRE_SHARE = 0.07;
const GENERATOR_POST_SHARE = 0.24;
/** The planted share from the intervention on. */
export const POST_SHARE = 0.6;

export interface MayorShiftTruth {
  interventionDate: string;
  preShare: number;
  postShare: number;
  levelChange: number;
  /** Contacts moved from a councillor's office to the Mayor's. */
  moved: number;
  /** The share of member-office contacts at the Mayor's office per quarter, as the generator wrote them (after every
   *  plant: the activity plants' contacts stay at councillors' offices), over the contacts the final snapshot lists. */
  quarterShares?: Record<string, number>;
}

/** Per quarter (YYYYQn), the Mayor's office's share of the member-office contacts the registry publishes by asOfDay. */
export function writtenMayorShares(council: Council, regs: readonly Registration[], asOfDay: number): Record<string, number> {
  const counts = new Map<string, { mayor: number; all: number }>();
  for (const r of regs) {
    if (!r.writeSm) continue;
    for (const c of r.comms) {
      const office = c.truth?.memberId ?? c.truth?.officeOf ?? null;
      if (office === null || c.day === null || c.recorded > asOfDay) continue;
      const date = isoOf(c.day);
      const quarter = `${date.slice(0, 4)}Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
      const mayor = holdersOn(council.tenures, c.day).find((h) => h.role === 'Mayor');
      const n = counts.get(quarter) ?? { mayor: 0, all: 0 };
      n.all++;
      if (mayor && mayor.memberId === office) n.mayor++;
      counts.set(quarter, n);
    }
  }
  return Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([q, n]) => [q, n.mayor / n.all]));
}

export function plantMayorShift(rng: Rng, council: Council, regs: readonly Registration[]): MayorShiftTruth {
  // a councillor-office contact moves with probability q: 0.24 + 0.76·q = POST_SHARE
  const q = (POST_SHARE - GENERATOR_POST_SHARE) / (1 - GENERATOR_POST_SHARE);
  let moved = 0;
  for (const r of regs) {
    for (const c of r.comms) {
      const office = c.truth?.memberId ?? c.truth?.officeOf ?? null;
      // the activity plants' contacts stay with the offices they were planted at (their effects are measured there)
      if (office === null || c.day === null || c.day < STRONG_MAYOR || c.planted) continue;
      const mayor = holdersOn(council.tenures, c.day).find((h) => h.role === 'Mayor');
      if (!mayor || mayor.memberId === office || !rng.chance(q)) continue;
      const poh = officePoh(rng, council, mayor, c.day, c.truth!.memberId !== null);
      c.office = poh.office; c.pohType = poh.type; c.position = poh.position; c.pohName = poh.name;
      c.truth = { memberId: poh.memberId, officeOf: poh.officeOf, kind: poh.kind, unalike: poh.unalike };
      moved++;
    }
  }
  return { interventionDate: isoOf(STRONG_MAYOR), preShare: PRE_SHARE, postShare: POST_SHARE, levelChange: +(POST_SHARE - PRE_SHARE).toFixed(4), moved };
}
