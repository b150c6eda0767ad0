// Planted effect for /insights/meeting-rates (analysis-definitions.md 4.4): in the latest full term a consultant firm
// meets one councillor's office far more than others do (24 contacts, 90 % meetings), and another firm contacts a
// second councillor's office with the ordinary mix of methods (24 contacts: the planted null). Each office also gets
// 40 contacts in the ordinary mix from other registrations, so its own rate is not the planted firm's.
import type { Org } from '../registry/types.ts';
import type { Registration } from '../registry/model.ts';
import { METHODS } from '../registry/poh.ts';
import type { Tenure } from '../common/types.ts';
import { addMemberContact, memberName, openSpan, plantTerm, wholeTermCouncillors, type PlantCtx } from './contacts.ts';

const FIRM_CONTACTS = 24;
const BACKGROUND_CONTACTS = 40;
const MEETING_SHARE = 0.9;

export interface PlantedFirm { sms: string[]; officeMemberId: number; officeName: string; contacts: number; meetings: number }
export interface MeetingRatePlant { term: string; meetingFirm: PlantedFirm; ordinaryFirm: PlantedFirm; backgroundPerOffice: number }

/** `exclude`: members already carrying another plant, left out so the effects stay apart. */
export function plantMeetingRates(ctx: PlantCtx, regs: Registration[], exclude: ReadonlySet<number>): MeetingRatePlant | null {
  const { rng, council, asOfDay } = ctx;
  const term = plantTerm(asOfDay);
  const end = Math.min(term.end, asOfDay);
  const span = (r: Registration) => openSpan(r, term.start, end, asOfDay);
  // consultant firms (the lobbyist's organisation on a consultant registration) with registrations open in the term
  const byFirm = new Map<Org, Registration[]>();
  for (const r of regs) if (r.type === 'Consultant' && span(r)) byFirm.set(r.lobbyist.org, [...(byFirm.get(r.lobbyist.org) ?? []), r]);
  const firms = [...byFirm.keys()].sort((a, b) => a.id.localeCompare(b.id));
  const seats = wholeTermCouncillors(council, term, asOfDay).filter((t) => !exclude.has(t.memberId));
  if (firms.length < 2 || seats.length < 2) return null;
  const [meetingFirm, ordinaryFirm] = rng.sample(firms, 2);
  const [meetingSeat, ordinarySeat] = rng.sample(seats, 2);
  const others = regs.filter((r) => span(r) && r.lobbyist.org !== meetingFirm && r.lobbyist.org !== ordinaryFirm);
  const ordinary = () => rng.pick(METHODS.filter((x) => x));
  const planted = (firm: Org, seat: Tenure, share: number): PlantedFirm => {
    let meetings = 0;
    const firmRegs = byFirm.get(firm)!;
    for (let i = 0; i < FIRM_CONTACTS; i++) {
      const method = share > 0 ? (rng.chance(share) ? 'Meeting' : rng.pick(['E-mail', 'Telephone'])) : ordinary();
      if (/^meeting/i.test(method)) meetings++;
      contact(firmRegs, seat, method);
    }
    for (let i = 0; i < BACKGROUND_CONTACTS && others.length; i++) contact(others, seat, ordinary());
    return { sms: firmRegs.map((r) => r.sm).sort(), officeMemberId: seat.memberId, officeName: memberName(council, seat.memberId, end),
      contacts: FIRM_CONTACTS, meetings };
  };
  const contact = (pool: Registration[], seat: Tenure, method: string) => {
    const reg = rng.pick(pool);
    const [lo, hi] = span(reg)!;
    addMemberContact(ctx, reg, seat, rng.int(lo, hi), method);
  };
  return {
    term: term.key, backgroundPerOffice: BACKGROUND_CONTACTS,
    meetingFirm: planted(meetingFirm, meetingSeat, MEETING_SHARE),
    ordinaryFirm: planted(ordinaryFirm, ordinarySeat, 0),
  };
}
