// Look-alike members of council: surnames that are equal or one letter apart among members serving at the same time
// (Toronto 2010-2014 had Mayor Rob Ford and Councillor Doug Ford; councils carry Thompson and Thomson, Kelly and
// Kelley, Davis and Davies). A lobbyist typing "Councillor Ford" then names two people, and only the first name, the
// title or the ward tells them apart. The sample city plants these densely on purpose (about a third of the
// seats belong to a look-alike group in each term), so the hard case is frequent enough to fit and measure L4 on.
import type { Rng } from '../common/rng.ts';
import type { Member, Tenure } from '../common/types.ts';
import { FIRST_NAMES_F, FIRST_NAMES_M } from '../data/names.ts';
import { TERMS } from './terms.ts';

/** Surname families: every spelling in a family is within Jaro-Winkler 0.92 of the others (equal ones are relatives
 * or common surnames). The first family is the Ford pattern: a mayor and a councillor of the same term. */
export const LOOKALIKE_FAMILIES: readonly (readonly string[])[] = [
  ['Ford', 'Ford', 'Ford'],
  ['Thompson', 'Thomson', 'Thomsen'],
  ['Kelly', 'Kelley'],
  ['Davis', 'Davies'],
  ['Johnston', 'Johnson', 'Johnstone'],
  ['Chen', 'Cheng', 'Chen'],
  ['Matthews', 'Mathews'],
  ['Phillips', 'Philips'],
  ['Peterson', 'Petersen'],
  ['Nguyen', 'Nguyen'],
  ['Anderson', 'Andersen'],
  ['Carroll', 'Carrol'],
  ['Singh', 'Singh'],
  ['Fraser', 'Frazer'],
  ['Holyday', 'Holiday'],
  ['Walker', 'Walker'],
  ['Clark', 'Clarke'],
  ['Brown', 'Browne'],
  ['Green', 'Greene'],
  ['Wilson', 'Willson'],
  ['Patel', 'Patel'],
  ['Lee', 'Lee'],
];
/** Surnames kept out of the ordinary draw, so look-alikes occur only where planted. */
export const LOOKALIKE_SURNAMES = new Set(LOOKALIKE_FAMILIES.flat());

/** Look-alike ordered pairs of members per seat in each term: 0.4, with the two mayors below, gives L4 about 0.3-0.4
 * look-alike candidates per member contact (a third of the contacts name no look-alike, typed or blank names). */
const UNITS_PER_SEAT = 0.4;

/** Renames members into look-alike groups so that every term carries enough concurrent look-alikes; returns groups. */
export function plantLookalikes(rng: Rng, members: Member[], tenures: Tenure[], keep: Set<number>): number[][] {
  const byId = new Map(members.map((m) => [m.memberId, m]));
  const serving = (termKey: string) => [...new Set(tenures.filter((t) => t.term === termKey).map((t) => t.memberId))];
  const termsServed = (id: number, fromKey: string) => new Set(tenures.filter((t) => t.memberId === id && t.term >= fromKey).map((t) => t.term)).size;
  const groupOf = new Map<number, number>(); // memberId -> group index
  const groups: number[][] = [];
  const families = [LOOKALIKE_FAMILIES[0], ...rng.shuffle(LOOKALIKE_FAMILIES.slice(1))];
  let nextFamily = 0;
  let sharedInitial = false;
  const assign = (ids: number[]) => {
    const family = families[nextFamily++];
    const g = groups.length;
    groups.push(ids);
    const firsts = new Set<string>();
    ids.forEach((id, k) => {
      const m = byId.get(id)!;
      groupOf.set(id, g);
      let first = m.names[0].first;
      // a first name already in the group would merge two people; one equal-surname group shares an initial on purpose
      const pool = m.gender === 'F' ? FIRST_NAMES_F : FIRST_NAMES_M;
      if (firsts.has(first)) first = rng.pick(pool.filter((f) => !firsts.has(f)));
      if (!sharedInitial && g > 0 && k === 1 && family[0] === family[1]) {
        const same = pool.filter((f) => f[0] === [...firsts][0][0] && !firsts.has(f));
        if (same.length) { first = rng.pick(same); sharedInitial = true; }
      }
      firsts.add(first);
      m.names = [{ ...m.names[0], first, last: family[k % family.length] }];
      m.accented = /[^\x00-\x7f]/.test(first);
    });
  };
  const free = (id: number) => !groupOf.has(id) && !keep.has(id);

  // The Ford pattern: the mayor of the second term and a councillor of that term; a relative joins in the third.
  const [t2, t3, t5] = [TERMS[1].key, TERMS[2].key, TERMS[4].key];
  const mayors = tenures.filter((t) => t.role === 'Mayor');
  const mayor2 = mayors.find((t) => t.term === t2)!.memberId;
  const pickBy = (ids: number[], fromKey: string) => ids.length
    ? rng.weighted(ids, ids.map((id) => 1 + termsServed(id, fromKey) ** 2)) : undefined;
  const brother = pickBy(serving(t2).filter((id) => id !== mayor2 && free(id)), t2);
  const relative = pickBy(serving(t3).filter((id) => free(id) && id !== brother && !serving(t2).includes(id)), t3);
  if (free(mayor2) && brother) assign([mayor2, brother, ...(relative ? [relative] : [])]);
  // The mayor elected in the by-election of the last term (the busiest office) serves with a look-alike councillor.
  const lastMayor = mayors.reduce((a, b) => (b.start > a.start ? b : a)).memberId;
  const namesake = pickBy(serving(t5).filter((id) => id !== lastMayor && free(id)), t5);
  if (free(lastMayor) && namesake) assign([lastMayor, namesake]);

  for (const term of TERMS) {
    const ids = serving(term.key);
    const units = () => {
      const count = new Map<number, number>();
      for (const id of ids) if (groupOf.has(id)) count.set(groupOf.get(id)!, (count.get(groupOf.get(id)!) ?? 0) + 1);
      return [...count.values()].reduce((s, n) => s + n * (n - 1), 0);
    };
    const target = Math.round(UNITS_PER_SEAT * term.wards);
    while (units() < target && nextFamily < families.length) {
      const pool = ids.filter(free);
      if (pool.length < 2) break;
      const size = families[nextFamily].length >= 3 && rng.chance(0.5) && pool.length >= 3 ? 3 : 2;
      const chosen: number[] = [];
      while (chosen.length < size) chosen.push(pickBy(pool.filter((id) => !chosen.includes(id)), term.key)!);
      assign(chosen);
    }
  }
  return groups;
}
