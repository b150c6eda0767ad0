// Public office holder fields of a communication: office, type, position and the name as a lobbyist would type it.
import { dayOf } from '../common/dates.ts';
import { DIVISION_POSITIONS, DIVISIONS, LOCAL_BOARDS, STAFF_POSITIONS, WARDS_25, WARDS_44 } from '../data/places.ts';
import { LOBBYIST_LAST, NICKNAMES, STAFF_FIRST } from '../data/names.ts';
import type { Council } from '../council/members.ts';
import { nameOn } from '../council/terms.ts';
import type { Rng } from '../common/rng.ts';
import { ascii } from '../common/text.ts';
import type { Tenure } from '../common/types.ts';

export interface Poh { office: string; type: string; position: string; name: string; memberId: number | null; officeOf: number | null; kind: string; unalike: boolean }
/** When strong-mayor powers took effect: lobbyists turn to the Mayor's office more often from this day. */
export const STRONG_MAYOR = dayOf('2022-11-23');

function typo(rng: Rng, s: string): string {
  const i = rng.int(1, Math.max(1, s.length - 2));
  return rng.chance(0.5) ? s.slice(0, i) + s.slice(i + 1) : s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
}

/** How a lobbyist typed a member's name; returns the text and whether it still looks like the name. */
export function typedName(rng: Rng, council: Council, t: Tenure, day: number): { name: string; kind: string; unalike: boolean } {
  const m = council.byId.get(t.memberId)!;
  const n = nameOn(m, day);
  const title = t.role === 'Mayor' ? 'Mayor' : 'Councillor';
  if (m.names.length > 1 && n === m.names[m.names.length - 1] && rng.chance(0.3)) return { name: `${title} ${m.names[0].last}`, kind: 'former-surname', unalike: true };
  const roll = rng.next();
  if (roll < 0.25) return { name: `${title} ${n.first} ${n.last}`, kind: 'title-full', unalike: false };
  if (roll < 0.40) return { name: `${n.first} ${n.last}`, kind: 'full', unalike: false };
  // surname first, as in a sorted contact list: the words are right but the order makes the strings look unlike
  if (roll < 0.47) return { name: `${n.last}, ${n.first}`, kind: 'surname-first', unalike: true };
  if (roll < 0.57) return { name: `${title} ${n.last}`, kind: 'title-surname', unalike: false };
  if (roll < 0.63) return { name: `${n.first[0]}. ${n.last}`, kind: 'initial', unalike: false };
  if (roll < 0.67) return { name: `${title} ${n.first[0]}. ${n.last}`, kind: 'title-initial', unalike: false };
  if (roll < 0.71) return { name: `${n.first} ${n.last}`.toLowerCase(), kind: 'lower-case', unalike: false };
  if (roll < 0.74) return { name: `${n.first} ${n.last}`.toUpperCase(), kind: 'upper-case', unalike: false };
  if (roll < 0.77) return { name: n.last, kind: 'surname', unalike: false };
  if (roll < 0.79 && m.accented) return { name: ascii(`${n.first} ${n.last}`), kind: 'no-accents', unalike: false };
  if (roll < 0.82 && NICKNAMES[n.first]) return { name: `${NICKNAMES[n.first]} ${n.last}`, kind: 'nickname', unalike: true };
  if (roll < 0.9) return { name: `${n.first} ${typo(rng, n.last)}`, kind: 'typo', unalike: true };
  return { name: '', kind: 'blank', unalike: true };
}

export function wardOffice(rng: Rng, council: Council, t: Tenure, day: number): string {
  const last = nameOn(council.byId.get(t.memberId)!, day).last;
  if (t.role === 'Mayor') return rng.pick(['Mayor', 'Mayor', "Mayor's Office", 'Office of the Mayor']);
  const w = t.ward!;
  if (t.term < '2018') return rng.pick([WARDS_44[w - 1].name, WARDS_44[w - 1].name, `Ward ${w}`, 'City Council', `office of councillor ${last.toLowerCase()}, ward ${w}`]);
  // Some lobbyists keep typing the member's old 44-ward seat after 2018.
  const old = council.tenures.find((x) => x.memberId === t.memberId && x.term === '2014-2018' && x.ward);
  if (old && rng.chance(0.12)) return WARDS_44[old.ward! - 1].name;
  const name = WARDS_25[w - 1].name;
  return rng.pick([`Ward ${w} ${name}`, `Ward ${w} ${name}`, `Ward ${w} - ${name}`, name, `Ward ${w}`, 'City Council', `office of councillor ${last.toLowerCase()}, ward ${w}`, '']);
}

export function pickPoh(rng: Rng, council: Council, holders: Tenure[], day: number, preferWard: number | null, division: string): Poh {
  const afterStrong = day >= STRONG_MAYOR;
  const mayor = holders.find((h) => h.role === 'Mayor');
  const councillors = holders.filter((h) => h.role === 'Councillor');
  const roll = rng.next();
  if (holders.length && roll < 0.62) {
    const mayorShare = afterStrong ? 0.24 : 0.07;
    const preferred = preferWard ? councillors.find((h) => h.ward === preferWard) : undefined;
    const t = mayor && rng.chance(mayorShare) ? mayor : preferred && rng.chance(0.55) ? preferred : rng.pick(councillors);
    return officePoh(rng, council, t, day, roll < 0.33);
  }
  if (roll < 0.95 || !holders.length) {
    return { office: rng.chance(0.6) ? division : rng.pick(DIVISIONS), type: 'Employee of the City', position: rng.pick(DIVISION_POSITIONS),
      name: rng.chance(0.4) ? `${rng.pick(STAFF_FIRST)} ${rng.pick(LOBBYIST_LAST)}` : '', memberId: null, officeOf: null, kind: 'employee', unalike: true };
  }
  return { office: rng.pick(LOCAL_BOARDS), type: rng.pick(['Employee of Local Board', 'Employee of Local Board', 'Member of Local Board', 'Staff of Member of Local Board', 'Member of Advisory Body']),
    position: rng.pick(['Director', 'Board Member', 'Chief Executive Officer', '']), name: rng.chance(0.5) ? `${rng.pick(STAFF_FIRST)} ${rng.pick(LOBBYIST_LAST)}` : '',
    memberId: null, officeOf: null, kind: 'local-board', unalike: true };
}

/** A contact with the office of the member holding tenure `t`: the member (as typed by a lobbyist) or the member's staff. */
export function officePoh(rng: Rng, council: Council, t: Tenure, day: number, member: boolean): Poh {
  if (member) {
    const typed = typedName(rng, council, t, day);
    return { office: wardOffice(rng, council, t, day), type: 'Member of Council', position: t.role === 'Mayor' ? rng.pick(['Mayor', 'Mayor', '']) : rng.pick(['Councillor', 'Councillor', 'City Councillor', '']),
      name: typed.name, memberId: t.memberId, officeOf: null, kind: typed.kind, unalike: typed.unalike };
  }
  const position = rng.pick(STAFF_POSITIONS);
  const office = t.role === 'Mayor' ? rng.pick([`Mayor's Office; ${position || 'Executive Assistant'}`, "Mayor's Office", 'Office of the Mayor'])
    : wardOffice(rng, council, t, day);
  return { office, type: 'Staff of Member of Council', position, name: rng.chance(0.45) ? `${rng.pick(STAFF_FIRST)} ${rng.pick(LOBBYIST_LAST)}` : '',
    memberId: null, officeOf: t.memberId, kind: 'staff', unalike: true };
}

export const METHODS = ['Meeting', 'Meeting', 'E-mail', 'E-mail', 'Telephone', 'Meeting;Telephone;E-mail', 'E-mail;Telephone', 'Written',
  'MeetingsArranged', 'Other:site visit', 'Meeting;E-mail', 'Other:virtual meeting (Zoom)', 'Meeting;Telephone;Written;E-mail', ''];
