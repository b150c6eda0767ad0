// Candidates of the 2014, 2018 and 2022 elections: the sample council's incumbents and winners plus challengers,
// with elected flags consistent with the next term's members.
import { dayOf } from '../common/dates.ts';
import { FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES } from '../data/names.ts';
import { ward44to25 } from '../data/places.ts';
import type { Council } from '../council/members.ts';
import { nameOn, TERMS } from '../council/terms.ts';
import type { Rng } from '../common/rng.ts';

export interface Candidate { first: string; last: string; office: 'Mayor' | 'Councillor'; ward: number | null; elected: boolean; incumbent: boolean; memberId: number | null; weight: number }
export interface Election { year: number; day: number; wards: number; prev: string; next: string; candidates: Candidate[] }

const ELECTIONS: [number, string, string, string][] = [[2014, '2014-10-27', '2010-2014', '2014-2018'], [2018, '2018-10-22', '2014-2018', '2018-2022'], [2022, '2022-10-24', '2018-2022', '2022-2026']];

export function buildElections(rng: Rng, council: Council): Election[] {
  return ELECTIONS.map(([year, date, prev, next]) => {
    const day = dayOf(date), wards = TERMS.find((t) => t.key === next)!.wards, cands: Candidate[] = [];
    const person = (memberId: number, office: Candidate['office'], ward: number | null, elected: boolean, incumbent: boolean) => {
      const n = nameOn(council.byId.get(memberId)!, day);
      const have = cands.find((c) => c.memberId === memberId);
      if (have) { have.elected ||= elected; have.incumbent ||= incumbent; return; }
      cands.push({ first: n.first, last: n.last, office, ward, elected, incumbent, memberId, weight: elected ? 3 : incumbent ? 2 : 1 });
    };
    const challenger = (office: Candidate['office'], ward: number | null) => cands.push({ first: rng.pick(rng.chance(0.45) ? FIRST_NAMES_F : FIRST_NAMES_M), last: rng.pick(LAST_NAMES),
      office, ward, elected: false, incumbent: false, memberId: null, weight: rng.chance(0.3) ? 0.8 : 0.15 });
    const nextStart = TERMS.find((t) => t.key === next)!.start;
    const mayorNext = council.tenures.find((t) => t.term === next && t.role === 'Mayor' && t.start === nextStart)!;
    const mayorPrev = council.tenures.filter((t) => t.term === prev && t.role === 'Mayor').sort((a, b) => b.end - a.end)[0];
    person(mayorNext.memberId, 'Mayor', null, true, mayorNext.memberId === mayorPrev.memberId);
    if (mayorPrev.memberId !== mayorNext.memberId && rng.chance(0.6)) person(mayorPrev.memberId, 'Mayor', null, false, true);
    for (let k = rng.int(3, 8); k > 0; k--) challenger('Mayor', null);
    for (let w = 1; w <= wards; w++) {
      const winner = council.tenures.find((t) => t.term === next && t.role === 'Councillor' && t.ward === w)!;
      person(winner.memberId, 'Councillor', w, true, council.tenures.some((t) => t.term === prev && t.memberId === winner.memberId && t.role === 'Councillor'));
      // Incumbents whose seat maps onto this ward and who did not win it ran and lost (at most one per ward here).
      const losers = council.tenures.filter((t) => t.term === prev && t.role === 'Councillor' && t.memberId !== winner.memberId
        && (wards === 25 && prev === '2014-2018' ? ward44to25(t.ward!) : t.ward) === w
        && !council.tenures.some((x) => x.term === next && x.memberId === t.memberId));
      if (losers.length && rng.chance(0.7)) person(losers[0].memberId, 'Councillor', w, false, true);
      for (let k = rng.int(1, 6); k > 0; k--) challenger('Councillor', w);
    }
    return { year, day, wards, prev, next, candidates: cands };
  });
}

export const candidateName = (c: Candidate) => `${c.last}, ${c.first}`;
