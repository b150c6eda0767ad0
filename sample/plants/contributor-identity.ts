// Planted contributor-identity cases (sample/README.md "Planted insight effects: contributions"): who counts as one
// contributor. At every scale, as extra 2022 Councillor rows appended after every other row (the other contribution
// plants' included, so none of theirs moves), on a stream of their own:
//   twice: a registered lobbyist (a consultant: their firm's and their clients' postal codes are on their registry
//     records) gives twice to one councillor's campaign from two of those addresses; both gifts are linked to one
//     registry person: one contributor;
//   home (a null): an ordinary donor gives twice to another campaign from two addresses: still one named contributor;
//   near miss: two lobbyists of one organisation (in-house where an organisation has two) give three gifts to a third
//     campaign on one day: two contributors, so no coordinated-giving row (three gifts are not three people).
// Each campaign is one no other person of the organisations involved gives to, so nothing else joins the counts.
import { FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES } from '../data/names.ts';
import { postalIn, randomFsa } from '../geo/postal.ts';
import type { Rng } from '../common/rng.ts';
import type { Contrib, Person } from '../contributions/build.ts';
import type { Candidate, Election } from '../contributions/candidates.ts';
import type { Registry } from '../registry/registrations.ts';
import type { Org } from '../registry/types.ts';
import type { Lobbyist } from '../registry/people.ts';
import { giversOf } from './contributions.ts';

export interface IdentityPlantContext { rng: Rng; registry: Registry; elections: Election[]; files: Map<string, Contrib[]>; people: Person[] }

const ELECTION = 2022;
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Plant the three cases into ctx.files; returns their truth (`contributionEffects.contributorIdentity`). */
export function plantContributorIdentity(ctx: IdentityPlantContext) {
  const { rng, registry } = ctx;
  const election = ctx.elections.find((e) => e.year === ELECTION)!;
  const rows = ctx.files.get(`${ELECTION}|Councillor`)!;
  const running = election.candidates.filter((c) => c.office === 'Councillor' && c.memberId !== null).sort((a, b) => a.memberId! - b.memberId!);
  const givers = giversOf(registry, ctx.people);
  const used = new Set<Candidate>();
  // a campaign no person the organisations' links can name already gives to (so only the planted gifts count there)
  const campaignFor = (orgs: Org[]) => {
    const people = new Set(orgs.flatMap((o) => (givers.get(o.id) ?? []).map((g) => g.id)));
    const free = running.filter((c) => !used.has(c) && !rows.some((r) => r.cand === c && r.truth?.person && people.has(r.truth.person)));
    const cand = rng.pick(free);
    used.add(cand);
    return cand;
  };
  const give = (name: string, postal: string, cand: Candidate, day: number, truth: Contrib['truth']) => {
    const amount = rng.pick([250, 500, 750, 1000]);
    rows.push({ contributor: name, address: ' ', postal, amount, returned: null, type: 'Monetary', goods: '', ctype: 'Individual',
      relationship: '', president: '', authRep: '', cand, day, planted: 'contributions', truth });
    return { amount, date: day };
  };
  const lobbyistTruth = (l: Lobbyist, org: Org): Contrib['truth'] =>
    ({ organisation: org.id, tier: 1, person: l.id, related: true, reason: 'registered lobbyist', similarity: 1, kind: 'planted exact' });
  // each lobbyist's organisations (clients; a consultant's gift is linked to every one), no L5 plant riding along
  const orgsOf = new Map<Lobbyist, Org[]>();
  for (const r of registry.regs) if (r.writeSm && !r.lobbyist.formerMember && r.lobbyist.namesakeOf === null) {
    const list = orgsOf.get(r.lobbyist) ?? [];
    if (!list.includes(r.org)) list.push(r.org);
    orgsOf.set(r.lobbyist, list.sort(byId));
  }
  const lobbyists = [...orgsOf.keys()].sort(byId);

  // twice: a consultant gives from their own business address (the firm's, on their registrations) and from a client's
  const consultants = lobbyists.filter((l) => l.type === 'Consultant' && orgsOf.get(l)!.some((o) => o.address.postal !== l.org.address.postal));
  const consultant = rng.pick(consultants);
  const client = orgsOf.get(consultant)!.find((o) => o.address.postal !== consultant.org.address.postal)!;
  const twiceCand = campaignFor(orgsOf.get(consultant)!);
  const twiceName = `${consultant.last}, ${consultant.first}`;
  const twice = [consultant.org.address.postal, client.address.postal]
    .map((postal) => give(twiceName, postal, twiceCand, election.day - rng.int(20, 200), lobbyistTruth(consultant, client)));

  // home: an ordinary donor (a surname no lobbyist has) under a name nobody else gives under, from two postal areas
  const taken = new Set([...ctx.files.values()].flat().map((c) => c.contributor.toLowerCase()));
  let homeName: string;
  do homeName = `${rng.pick(LAST_NAMES)}, ${rng.pick(rng.chance(0.5) ? FIRST_NAMES_F : FIRST_NAMES_M)}`; while (taken.has(homeName.toLowerCase()));
  const fsa = randomFsa(rng);
  let otherFsa: string;
  do otherFsa = randomFsa(rng); while (otherFsa === fsa);
  const homeCand = campaignFor([]);
  const home = [postalIn(rng, fsa), postalIn(rng, otherFsa)].map((postal) => give(homeName, postal, homeCand, election.day - rng.int(20, 200), null));

  // near miss: two lobbyists of one organisation (in-house where some organisation has two; never the consultant
  // above), the first giving twice and the second once, all on one day, with the organisation's postal code
  const staffOf = new Map<Org, Lobbyist[]>();
  for (const l of lobbyists) if (l !== consultant) for (const o of orgsOf.get(l)!) staffOf.set(o, [...(staffOf.get(o) ?? []), l]);
  const inHouse = (o: Org) => staffOf.get(o)!.filter((l) => l.type === 'In-house');
  const pairs = [...staffOf.keys()].sort(byId).map((o) => ({ o, pair: inHouse(o).length >= 2 ? inHouse(o) : staffOf.get(o)! })).filter((x) => x.pair.length >= 2);
  const preferred = pairs.filter((x) => x.pair.every((l) => l.type === 'In-house'));
  const { o: org, pair: [one, two] } = rng.pick(preferred.length ? preferred : pairs);
  const nearCand = campaignFor([...orgsOf.get(one!)!, ...orgsOf.get(two!)!]);
  const day = election.day - rng.int(20, 120);
  const near = [one!, one!, two!].map((l) => ({ person: l.id, name: `${l.last}, ${l.first}`,
    ...give(`${l.last}, ${l.first}`, org.address.postal, nearCand, day, lobbyistTruth(l, org)) }));

  return {
    twice: { person: consultant.id, name: twiceName, memberId: twiceCand.memberId, organisation: client.id, gifts: twice },
    home: { name: homeName, memberId: homeCand.memberId, gifts: home },
    nearMiss: { organisation: org.id, memberId: nearCand.memberId, gifts: near },
  };
}
