// Decision bodies per term with appointments; Executive Committee membership changes mid-term.
import { CC_25, CC_44 } from '../data/places.ts';
import type { Rng } from '../common/rng.ts';
import type { Appointment, Body, Term, Tenure } from '../common/types.ts';
import { TERMS } from './terms.ts';

type Def = [code: string, name: string, label: string, family: string];
const OLD: Def[] = [
  ['CC', 'City Council', 'COUNCIL', 'CC'], ['EX', 'Executive Committee', 'CMMTTEE', 'EX'],
  ['PG', 'Planning and Growth Management Committee', 'CMMTTEE', 'PLAN'], ['PW', 'Public Works and Infrastructure Committee', 'CMMTTEE', 'WORKS'],
  ['PE', 'Parks and Environment Committee', 'CMMTTEE', 'ENV'], ['CD', 'Community Development and Recreation Committee', 'CMMTTEE', 'SOC'],
  ['ED', 'Economic Development Committee', 'CMMTTEE', 'ECON'], ['GM', 'Government Management Committee', 'CMMTTEE', 'GOV'],
  ['LS', 'Licensing and Standards Committee', 'CMMTTEE', 'LIC'], ['BU', 'Budget Committee', 'CMMTTEE', 'BU'], ['AU', 'Audit Committee', 'CMMTTEE', 'AU'],
];
const NEW: Def[] = [
  ['CC', 'City Council', 'COUNCIL', 'CC'], ['EX', 'Executive Committee', 'CMMTTEE', 'EX'],
  ['PH', 'Planning and Housing Committee', 'CMMTTEE', 'PLAN'], ['IE', 'Infrastructure and Environment Committee', 'CMMTTEE', 'WORKS ENV'],
  ['EC', 'Economic and Community Development Committee', 'CMMTTEE', 'SOC ECON'], ['GG', 'General Government and Licensing Committee', 'CMMTTEE', 'GOV LIC'],
  ['BU', 'Budget Committee', 'CMMTTEE', 'BU'], ['AU', 'Audit Committee', 'CMMTTEE', 'AU'],
];
const COMMUNITY: Def[] = [
  ['TE', 'Toronto and East York Community Council', 'CCOUNCIL', 'COMM'], ['NY', 'North York Community Council', 'CCOUNCIL', 'COMM'],
  ['EY', 'Etobicoke York Community Council', 'CCOUNCIL', 'COMM'], ['SC', 'Scarborough Community Council', 'CCOUNCIL', 'COMM'],
];

export function buildBodies(rng: Rng, tenures: Tenure[]): Body[] {
  const bodies: Body[] = [];
  let nextId = 2601;
  for (const term of TERMS) {
    const defs = [...(term.wards === 44 ? OLD : NEW), ...COMMUNITY].map((d): Def =>
      // Bodies are renamed between terms: the 2022-2026 general government committee lost "and Licensing".
      term.key === '2022-2026' && d[0] === 'GG' ? ['GG', 'General Government Committee', d[2], d[3]] : d);
    const seats = tenures.filter((x) => x.term === term.key);
    const councillors = seats.filter((x) => x.role === 'Councillor');
    const mayorSeats = seats.filter((x) => x.role === 'Mayor');
    const chairs: Tenure[] = [];
    for (const [code, name, label, family] of defs) {
      const body: Body = { decisionBodyId: nextId++, term: term.key, code, name, label, family, members: [] };
      const appoint = (s: Tenure, role?: Appointment['role']) =>
        body.members.push({ memberId: s.memberId, start: s.start, end: s.end === term.end ? null : s.end, ...(role ? { role } : {}) });
      if (code === 'CC') {
        for (const s of seats) appoint(s);
      } else if (COMMUNITY.some((c) => c[0] === code)) {
        const wards = (term.wards === 44 ? CC_44 : CC_25)[code];
        const cs = councillors.filter((s) => wards.includes(s.ward!));
        cs.forEach((s, i) => appoint(s, i === 0 ? 'CHAIR' : i === 1 ? 'VICECHR' : undefined));
      } else if (code !== 'EX') {
        const size = code === 'AU' ? 5 : 6;
        const cs = rng.sample(councillors, size);
        chairs.push(cs[0]);
        cs.forEach((s, i) => appoint(s, i === 0 ? 'CHAIR' : i === 1 ? 'VICECHR' : undefined));
      }
      bodies.push(body);
    }
    // Executive Committee: the mayor(s), standing-committee chairs and members at large; one seat changes at mid-term.
    const ex = bodies.find((b) => b.term === term.key && b.code === 'EX')!;
    for (const s of mayorSeats) ex.members.push({ memberId: s.memberId, start: s.start, end: s.end === term.end ? null : s.end, role: 'CHAIR' });
    for (const s of chairs) ex.members.push({ memberId: s.memberId, start: s.start, end: s.end === term.end ? null : s.end });
    const atLarge = rng.sample(councillors.filter((s) => !chairs.includes(s)), 4);
    const mid = term.start + Math.floor((term.end - term.start) / 2);
    atLarge.forEach((s, i) => ex.members.push({ memberId: s.memberId, start: s.start, end: i === 0 ? mid : (s.end === term.end ? null : s.end), ...(i === 1 ? { role: 'VICECHR' as const } : {}) }));
    const replacement = rng.pick(councillors.filter((s) => !chairs.includes(s) && !atLarge.includes(s)));
    ex.members.push({ memberId: replacement.memberId, start: mid + 1, end: replacement.end === term.end ? null : replacement.end });
  }
  return bodies;
}

/** Members of a body sitting on a given day (used for recorded votes). */
export function sittingOn(body: Body, term: Term, day: number): number[] {
  return body.members.filter((a) => a.start <= day && day <= (a.end ?? term.end)).map((a) => a.memberId);
}
