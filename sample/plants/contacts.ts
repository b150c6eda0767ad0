// Shared helpers of the planted insight effects: the council term they are planted in, the councillors who sat for
// the whole of it, and communications added to a registration the way the registry records them (the member's name
// and office as lobbyists type them, recorded within three days, registry order kept).
import { isoOf } from '../common/dates.ts';
import type { Rng } from '../common/rng.ts';
import type { Tenure, Term } from '../common/types.ts';
import type { Council } from '../council/members.ts';
import { nameOn, TERMS } from '../council/terms.ts';
import type { Registration } from '../registry/model.ts';
import { typedName, wardOffice } from '../registry/poh.ts';

/** The latest council term with at least a year of votes before the as-of date. */
export function plantTerm(asOfDay: number): Term {
  return [...TERMS].reverse().find((t) => t.start + 365 < asOfDay) ?? TERMS[0];
}

/** Councillors who held their seat for the whole term (up to the as-of date), in seat order. */
export function wholeTermCouncillors(council: Council, term: Term, asOfDay: number): Tenure[] {
  const end = Math.min(term.end, asOfDay);
  return council.tenures.filter((t) => t.term === term.key && t.role === 'Councillor' && t.start <= term.start + 31 && t.end >= end - 31)
    .sort((a, b) => (a.ward ?? 0) - (b.ward ?? 0));
}

/** The member's display name on a day ("First Last"), as the people listing will carry it. */
export function memberName(council: Council, memberId: number, day: number): string {
  const n = nameOn(council.byId.get(memberId)!, day);
  return `${n.first} ${n.last}`;
}

/** Days on which the registration can carry a new communication recorded by `latest`: approved, not yet closed. */
export function openSpan(reg: Registration, from: number, to: number, asOfDay: number): [number, number] | null {
  const lo = Math.max(from, reg.initial);
  const hi = Math.min(to, (reg.closeDay ?? asOfDay) - 4, asOfDay - 4); // recorded within 3 days, before it closes
  return reg.writeSm && lo <= hi ? [lo, hi] : null;
}

/** What planting a contact needs: the plant's own random stream, the council, and the last group id given to a planted
 *  record (shared by the plants; from 9,000,000, a range the registry model never reaches). */
export interface PlantCtx { rng: Rng; council: Council; asOfDay: number; groups: { n: number } }

/** Add a communication from the registrant to a councillor on the given day, typed as lobbyists type them (the name
 *  and ward office in the registry's usual spellings, poh.ts), recorded within three days. */
export function addMemberContact(ctx: PlantCtx, reg: Registration, seat: Tenure, day: number, method: string): void {
  const { rng, council } = ctx;
  const typed = typedName(rng, council, seat, day);
  reg.comms.push({
    seq: 1000 + reg.comms.length, day, dateText: isoOf(day), recorded: day + rng.int(0, 3), office: wardOffice(rng, council, seat, day),
    pohType: 'Member of Council', position: rng.pick(['Councillor', 'Councillor', 'City Councillor', '']), pohName: typed.name, method,
    groupId: String(++ctx.groups.n), lobbyist: null, truth: { memberId: seat.memberId, officeOf: null, kind: typed.kind, unalike: typed.unalike },
    planted: 'activity',
  });
}

/** Put communications back in registry order (by the day entered), so later snapshots only append. */
export function reorder(regs: Iterable<Registration>): void {
  for (const r of regs) r.comms.sort((a, b) => a.recorded - b.recorded || (a.day ?? 0) - (b.day ?? 0) || a.seq - b.seq);
}
