// Recorded votes: motions per voted item and venue, each member's Yes/No/Absent, and results consistent with the tally.
import type { Rng } from '../common/rng.ts';
import type { Item, Meeting, Member, Motion, Term } from '../common/types.ts';
import { sittingOn } from './bodies.ts';
import { nameOn, TERMS } from './terms.ts';

export const YES = 0, NO = 1, ABSENT = 2;
const AMENDS = ['Amend Item', 'Amend Item', 'Amend Item (Additional)', 'Amend Motion'];

/** Whether a motion carried under its threshold, and the Result text of the vote file ("Carried, 20-5"). */
export function outcome(threshold: string, yes: number, no: number, seats: number): { carried: boolean; result: string } {
  const need = threshold === 'Majority' ? Math.floor((yes + no) / 2) + 1
    : threshold === 'Two-Thirds' ? Math.ceil(((yes + no) * 2) / 3) : Math.ceil((seats * 2) / 3);
  const carried = yes >= need && yes > 0;
  return { carried, result: carried ? `Carried, ${yes}-${no}` : yes === no ? `Lost (tie), ${yes}-${no}` : `Lost, ${yes}-${no}` };
}

export function buildMotions(rng: Rng, items: Item[], byId: Map<number, Member>): Motion[] {
  const motions: Motion[] = [];
  const termOf = new Map<string, Term>(TERMS.map((t) => [t.key, t]));
  for (const it of items) {
    if (!it.voted) continue;
    const atCouncil = ['CC', 'MM', 'FM'].includes(it.agendaCd) || !!it.council;
    const venues: Meeting[] = [];
    if (!atCouncil || (it.council && rng.chance(0.2))) venues.push(it.meeting);
    if (atCouncil) venues.push(it.council?.meeting ?? it.meeting);
    for (const meeting of venues) {
      const status = venueMotions(rng, it, meeting, termOf.get(meeting.term)!, byId, motions);
      if (meeting === it.council?.meeting && it.council) it.council.status = status; else it.status = status;
    }
  }
  return motions;
}

function venueMotions(rng: Rng, it: Item, meeting: Meeting, term: Term, byId: Map<number, Member>, out: Motion[]): string {
  const council = meeting.body.code === 'CC';
  const day = rng.pick(meeting.days);
  const ids = sittingOn(meeting.body, term, day);
  // Rows are listed alphabetically by surname, as in the City's file.
  ids.sort((a, b) => {
    const na = nameOn(byId.get(a)!, day), nb = nameOn(byId.get(b)!, day);
    return na.last.localeCompare(nb.last) || na.first.localeCompare(nb.first);
  });
  let minute = rng.int(9 * 60 + 40, 19 * 60);
  const absentToday = new Set(ids.filter(() => rng.chance(0.1)));
  const add = (motionType: string, description: string, threshold: string, support: number, direction: number): Motion => {
    const votes = new Uint8Array(ids.length);
    let yes = 0, no = 0;
    ids.forEach((id, k) => {
      if (absentToday.has(id) || rng.chance(0.05)) { votes[k] = ABSENT; return; }
      const p = Math.min(0.98, Math.max(0.02, support + 0.35 * byId.get(id)!.lean * direction));
      votes[k] = rng.chance(p) ? YES : NO;
      if (votes[k] === YES) yes++; else no++;
    });
    const { carried, result } = outcome(threshold, yes, no, ids.length);
    const m: Motion = { item: it, meeting, day, time: minute, motionType, description, threshold, memberIds: ids, votes, result, carried };
    minute = Math.min(23 * 60 + 50, minute + rng.int(1, 25));
    out.push(m);
    return m;
  };
  const mover = () => {
    const id = rng.pick(ids);
    return `Councillor ${nameOn(byId.get(id)!, day).last}`;
  };
  if (it.agendaCd === 'FM') {
    const office = it.title.startsWith('Election') ? 'Speaker' : it.title.includes('Budget Chief') ? 'Budget Chief' : 'Deputy Mayor';
    add('Nomination of a Member', `Appoint ${mover()} as ${office}`, 'Majority', 0.93, 0.1);
    return 'ADOPTED';
  }
  if (it.agendaCd === 'MM' && rng.chance(0.35)) add('Waive Notice', 'Waive notice to consider the motion', 'Two-Thirds full Council', 0.82, 0.3);
  const nAmend = council ? Math.min(6, rng.geometric(1.15)) : Math.min(3, rng.geometric(0.5));
  let amended = false;
  for (let i = 0; i < nAmend; i++) {
    const type = rng.pick(AMENDS);
    const m = add(type, `${type} moved by ${mover()}`, 'Majority', 0.25 + rng.next() * 0.7, rng.next() * 2 - 1);
    amended ||= m.carried;
  }
  if (rng.chance(0.08)) {
    const m = add('Refer Item', `Refer Item to ${rng.pick(['the City Manager', 'the Executive Committee', 'the Planning and Housing Committee', 'staff'])}`, 'Majority', 0.35, rng.next() * 2 - 1);
    if (m.carried) return 'REFERRED';
  }
  if (council && rng.chance(0.04)) add('Reconsider Item', 'Reconsider the item', 'Two-Thirds', 0.4, 0.5);
  const final = amended ? 'Adopt Item as Amended' : 'Adopt Item';
  const m = add(final, rng.chance(0.15) ? `${it.reference} - ${final}` : final, 'Majority', 0.86, rng.next() * 2 - 1);
  return m.carried ? (amended ? 'AMENDED' : 'ADOPTED') : 'NOTADOPT';
}

