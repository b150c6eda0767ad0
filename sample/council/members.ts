// Council members across the five terms: incumbents carry over, some retire, one marries, one seat goes vacant,
// and some serve alongside a look-alike (same or near-same surname; see lookalikes.ts).
import { dayOf } from '../common/dates.ts';
import { ACCENTED_LAST, FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES } from '../data/names.ts';
import { ward44to25 } from '../data/places.ts';
import type { Rng } from '../common/rng.ts';
import type { Member, Tenure } from '../common/types.ts';
import { LOOKALIKE_SURNAMES, plantLookalikes } from './lookalikes.ts';
import { TERMS } from './terms.ts';

/** The ordinary surname draw: look-alike surnames occur only where lookalikes.ts plants them. */
const SURNAMES = LAST_NAMES.filter((n) => !LOOKALIKE_SURNAMES.has(n));

export interface Council { members: Member[]; tenures: Tenure[]; byId: Map<number, Member>; marriedId: number; vacancyWard: number; lookalikes: number[][] }

export function buildCouncil(rng: Rng): Council {
  const members: Member[] = [];
  const usedLast = new Set<string>();
  let accentedLeft = 4; // guarantees a few accented names whatever the seed
  const newMember = (startDay: number): Member => {
    const gender: 'F' | 'M' = rng.chance(0.42) ? 'F' : 'M';
    let last: string;
    if (accentedLeft > 0 && rng.chance(0.12)) { last = ACCENTED_LAST.find((n) => !usedLast.has(n)) ?? rng.pick(SURNAMES); accentedLeft--; }
    else { do last = rng.pick(SURNAMES); while (usedLast.has(last) && usedLast.size < SURNAMES.length); }
    usedLast.add(last);
    const first = rng.pick(gender === 'F' ? FIRST_NAMES_F : FIRST_NAMES_M);
    const m: Member = { id: `P-M${members.length + 1}`, memberId: 100_001 + members.length * 7, gender,
      names: [{ first, last, from: startDay }], accented: /[^\x00-\x7f]/.test(first + last), lean: rng.next() * 2 - 1 };
    members.push(m);
    return m;
  };
  const tenures: Tenure[] = [];
  let seats = new Map<number, Member>(); // ward -> councillor of the previous term
  const mayors: Member[] = [];

  for (const term of TERMS) {
    const next = new Map<number, Member>();
    if (term.wards === 44) {
      for (let w = 1; w <= 44; w++) {
        const inc = seats.get(w);
        next.set(w, inc && rng.chance(0.78) ? inc : newMember(term.start));
      }
    } else {
      // 2018 redistricting: at most one incumbent per new ward; the others lose or retire.
      const pool = new Map<number, Member[]>();
      for (const [w, m] of seats) {
        const nw = term.key === '2018-2022' ? ward44to25(w) : w;
        pool.set(nw, [...(pool.get(nw) ?? []), m]);
      }
      for (let w = 1; w <= 25; w++) {
        const cands = pool.get(w) ?? [];
        next.set(w, cands.length && rng.chance(0.85) ? rng.pick(cands) : newMember(term.start));
      }
    }
    for (const [w, m] of next) tenures.push({ memberId: m.memberId, term: term.key, role: 'Councillor', ward: w, start: term.start, end: term.end });
    // Mayors: a new one, then a former councillor, then one mayor for two terms who resigns early in the fifth.
    const idx = TERMS.indexOf(term);
    if (idx === 0) mayors.push(newMember(term.start));
    if (idx === 1) mayors.push(members.find((m) => !tenures.some((x) => x.term === term.key && x.memberId === m.memberId) && m !== mayors[0])!);
    if (idx === 2) mayors.push(newMember(term.start));
    const mayor = idx >= 3 ? mayors[2] : mayors[idx];
    const mayorEnd = idx === 4 ? dayOf('2023-02-17') : term.end;
    tenures.push({ memberId: mayor.memberId, term: term.key, role: 'Mayor', ward: null, start: term.start, end: mayorEnd });
    if (idx === 4) {
      // By-election mayor: a 2006-2010 councillor who had left council.
      const former = members.find((m) => tenures.some((x) => x.memberId === m.memberId && x.term === '2006-2010' && x.role === 'Councillor')
        && !tenures.some((x) => x.memberId === m.memberId && x.term !== '2006-2010'))!;
      tenures.push({ memberId: former.memberId, term: term.key, role: 'Mayor', ward: null, start: dayOf('2023-07-12'), end: term.end });
    }
    seats = next;
  }
  // One vacancy late in the last term (shows as a `None` row in the contact list).
  const vacancyWard = 1 + rng.int(0, 24);
  const vac = tenures.find((x) => x.term === '2022-2026' && x.ward === vacancyWard)!;
  vac.end = dayOf('2026-03-31');
  // Married name: a woman serving in both 2006-2010 and 2010-2014 changes surname in mid-2012.
  const married = members.find((m) => m.gender === 'F' && ['2006-2010', '2010-2014'].every((k) =>
    tenures.some((x) => x.memberId === m.memberId && x.term === k && x.role === 'Councillor')))
    ?? members.find((m) => m.gender === 'F')!;
  let newLast: string;
  do newLast = rng.pick(SURNAMES); while (usedLast.has(newLast));
  married.names.push({ first: married.names[0].first, last: newLast, from: dayOf('2012-06-15') });
  // Look-alikes are renamed from the members drawn above (the married member and accented names stay as they are).
  const keep = new Set(members.filter((m) => m === married || m.accented).map((m) => m.memberId));
  const lookalikes = plantLookalikes(rng.fork('lookalikes'), members, tenures, keep);
  // The retired councillor turned mayor keeps the same memberId (TMMIS does), so identities persist across roles.
  return { members, tenures, byId: new Map(members.map((m) => [m.memberId, m])), marriedId: married.memberId, vacancyWard, lookalikes };
}
