// Who is planted across the contribution and group sources: registry organisations whose lobbyists (tier 1) and officers (tier 2) give to
// campaigns, whose companies give in 2014, and corporate groups (parent + subsidiaries sharing a head office).
import type { Registry } from '../registry/registrations.ts';
import type { Org } from '../registry/types.ts';
import { LOBBYIST_FIRST, LOBBYIST_LAST, MIDDLE } from '../data/names.ts';
import type { Rng } from '../common/rng.ts';
import type { Person } from './build.ts';

export interface Group { id: string; name: string; parent: Org; members: Org[]; inManualFile: boolean }
export interface Plant { people: Person[]; corporates: { org: Org; officers: Person[]; address: Org }[]; groups: Group[] }
const ROLES = ['President', 'Chief Financial Officer', 'Vice-President, Development', 'Chief Executive Officer', 'Secretary-Treasurer'];

export function plant(rng: Rng, scale: number, reg: Registry): Plant {
  const eligible = reg.orgs.orgs.filter((o) => (o.kind === 'developer' || o.kind === 'company') && !o.decoyOf && o.used.size);
  const focal = rng.sample(eligible, Math.max(5, Math.round(eligible.length * 0.08)));
  // Registered lobbyists of an organisation: its in-house registrants and the consultants it retained.
  const lobbyistsOf = new Map<Org, Set<Registry['lobbyists']['all'][number]>>();
  for (const r of reg.regs) if (r.writeSm) {
    const s = lobbyistsOf.get(r.org) ?? new Set();
    s.add(r.lobbyist);
    lobbyistsOf.set(r.org, s);
  }
  const people: Person[] = [], corporates: Plant['corporates'] = [];
  let officerSeq = 0;
  for (const o of focal) {
    for (const l of rng.sample([...(lobbyistsOf.get(o) ?? [])], 3)) people.push({ id: l.id, first: l.first, middle: l.middle, last: l.last, org: o, tier: 1, role: l.position });
    const officers: Person[] = [];
    for (let k = rng.int(1, 2); k > 0; k--) officers.push({ id: `P-O${++officerSeq}`, first: rng.pick(LOBBYIST_FIRST), middle: rng.pick(MIDDLE), last: rng.pick(LOBBYIST_LAST), org: o, tier: 2, role: rng.pick(ROLES) });
    people.push(...officers);
    if (rng.chance(0.7)) corporates.push({ org: o, officers, address: o });
  }
  // Groups: a parent developer and one or two other registry organisations at its head-office address.
  const groups: Group[] = [];
  const parents = focal.filter((o) => o.kind === 'developer');
  const others = eligible.filter((o) => !focal.includes(o));
  for (let g = 0; g < Math.min(4, parents.length) && others.length >= 2; g++) {
    const parent = parents[g], members = rng.sample(others, rng.int(1, 2));
    for (const m of members) { others.splice(others.indexOf(m), 1); corporates.push({ org: m, officers: [], address: parent }); }
    groups.push({ id: `G${g + 1}`, name: `${parent.canonical.replace(/ (Inc\.|Ltd\.|Limited|Corp\.|Corporation|Incorporated|LP)$/, '')} group of companies`, parent, members, inManualFile: g < 3 });
  }
  return { people, corporates, groups };
}
