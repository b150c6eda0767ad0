// Planted effects of the contribution insights (sample/README.md "Planted insight effects: contributions"), on their own
// random stream, as extra 2022 Councillor contribution rows appended after every other row (so no other row moves):
//   coordinated giving: an organisation whose registered lobbyists and officers (the people L7 knows: plant.ts) give to
//     a councillor their registrations lobbied in 2018-2022, all on one day; its null, another organisation whose
//     people give to different councillors on different days;
//   alignment: members of the 2022-2026 term funded (2022) by the organisations whose positions they voted with, and
//     a null: members funded by organisations drawn at random among those whose positions they voted on.
// Gifts are written as the person's name and a postal code on their registry records (what L7 links at ≥ 0.95).
import type { Rng } from '../common/rng.ts';
import type { Motion } from '../common/types.ts';
import { TERMS } from '../council/terms.ts';
import type { Contrib, Person } from '../contributions/build.ts';
import type { Candidate, Election } from '../contributions/candidates.ts';
import { YES } from '../council/votes.ts';
import type { Registry } from '../registry/registrations.ts';
import type { Org } from '../registry/types.ts';
import { MIN_PLANT_SCALE } from './activity.ts';

export interface Position { organisation: string; reference: string | null; stance: 'support' | 'oppose' }
export interface ContributionPlantContext {
  rng: Rng; scale: number; registry: Registry; motions: Motion[]; positions: readonly Position[];
  elections: Election[]; files: Map<string, Contrib[]>; people: Person[];
}
interface Giver { id: string; first: string; last: string; tier: 1 | 2; reason: string }

const ELECTION = 2022;
/** Funded votes a planted member needs: above the insight's reporting minimum of 10 with room for unpublished links. */
const MIN_FUNDED = 12;

/** Plant both effects into ctx.files; returns the planted truth (`contributionEffects`), or null below the plant scale. */
export function plantContributionEffects(ctx: ContributionPlantContext): Record<string, unknown> | null {
  if (ctx.scale < MIN_PLANT_SCALE) return null;
  const election = ctx.elections.find((e) => e.year === ELECTION)!;
  const running = new Map(election.candidates.filter((c) => c.office === 'Councillor' && c.memberId !== null).map((c) => [c.memberId!, c]));
  const rows = ctx.files.get(`${ELECTION}|Councillor`)!;
  const give = (rng: Rng, who: Giver, org: Org, cand: Candidate, day: number) => {
    const amount = rng.pick([250, 500, 750, 1000]);
    rows.push({ contributor: `${who.last}, ${who.first}`, address: ' ', postal: org.address.postal, amount, returned: null, type: 'Monetary', goods: '',
      ctype: 'Individual', relationship: '', president: '', authRep: '', cand, day, planted: 'contributions',
      truth: { organisation: org.id, tier: who.tier, person: who.id, related: true, reason: who.reason, similarity: 1, kind: 'planted exact' } });
    return { person: who.id, tier: who.tier, amount, date: day };
  };
  const coordinated = plantCoordinated(ctx, running, election, give);
  const alignment = plantAlignment(ctx, running, election, give, new Set([coordinated.organisation, coordinated.nullOrganisation]));
  return { coordinated, alignment };
}

type Give = (rng: Rng, who: Giver, org: Org, cand: Candidate, day: number) => { person: string; tier: number; amount: number; date: number };

/** The people of each organisation L7 can know: registrants of its registrations (tier 1), its planted officers (tier 2). */
export function giversOf(registry: Registry, people: Person[]): Map<string, Giver[]> {
  const out = new Map<string, Giver[]>();
  const add = (org: string, g: Giver) => { const list = out.get(org) ?? []; if (!list.some((x) => x.id === g.id)) list.push(g); out.set(org, list); };
  // in-house registrants first: a consultant's gift is linked to every client they are registered for
  const regs = registry.regs.filter((r) => r.writeSm).sort((a, b) => Number(a.type === 'Consultant') - Number(b.type === 'Consultant') || a.key - b.key);
  for (const r of regs) add(r.org.id, { id: r.lobbyist.id, first: r.lobbyist.first, last: r.lobbyist.last, tier: 1, reason: 'registered lobbyist' });
  for (const p of people) if (p.tier === 2) add(p.org.id, { id: p.id, first: p.first, last: p.last, tier: 2, reason: `officer (${p.role})` });
  return out;
}

function plantCoordinated(ctx: ContributionPlantContext, running: Map<number, Candidate>, election: Election, give: Give) {
  const rng = ctx.rng.fork('coordinated'), term = TERMS.find((t) => t.key === '2018-2022')!;
  const givers = giversOf(ctx.registry, ctx.people);
  // officers are known to L7 only through their organisation's 2014 corporate gift: organisations with planted officers
  const withOfficers = new Set(ctx.people.filter((p) => p.tier === 2).map((p) => p.org.id));
  const contacts = new Map<string, number>(); // org|member → communications with the member's office in the term
  for (const r of ctx.registry.regs) if (r.writeSm && withOfficers.has(r.org.id)) for (const c of r.comms) {
    const member = c.truth?.officeOf ?? c.truth?.memberId ?? null;
    if (member === null || c.day === null || c.day < term.start || c.day > term.end || !running.has(member)) continue;
    contacts.set(`${r.org.id}|${member}`, (contacts.get(`${r.org.id}|${member}`) ?? 0) + 1);
  }
  // the organisation (at least four people) and running councillor with the most communications, so that some reach the
  // published record with the office resolved; then most people; ties by id
  const ranked = [...contacts].map(([key, n]) => { const [org, member] = key.split('|') as [string, string]; return { org, member: Number(member), n, people: givers.get(org)?.length ?? 0 }; })
    .filter((x) => x.people >= 4)
    .sort((a, b) => b.n - a.n || b.people - a.people || (a.org < b.org ? -1 : a.org > b.org ? 1 : 0) || a.member - b.member);
  const pick = ranked[0]!;
  const org = ctx.registry.orgs.orgs.find((o) => o.id === pick.org)!, cand = running.get(pick.member)!;
  const day = election.day - rng.int(20, 120);
  const gifts = givers.get(org.id)!.slice(0, 6).map((g) => give(rng, g, org, cand, day));
  // the null: another organisation's people, each to a different councillor on a different day
  const other = [...givers].filter(([id, list]) => id !== org.id && list.length >= 3).sort(([a], [b]) => (a < b ? -1 : 1));
  const [nullId, nullGivers] = rng.pick(other);
  const nullOrg = ctx.registry.orgs.orgs.find((o) => o.id === nullId)!;
  const cands = rng.sample([...running.values()].filter((c) => c !== cand), 3);
  const nullGifts = nullGivers.slice(0, 3).map((g, i) => ({ ...give(rng, g, nullOrg, cands[i]!, election.day - 30 - 17 * i), member: cands[i]!.memberId }));
  return { organisation: org.id, memberId: cand.memberId, communications: pick.n, gifts, nullOrganisation: nullOrg.id, nullGifts };
}

function plantAlignment(ctx: ContributionPlantContext, running: Map<number, Candidate>, election: Election, give: Give, taken: Set<string>) {
  const rng = ctx.rng.fork('alignment'), term = TERMS.find((t) => t.key === '2022-2026')!;
  // each member's last Yes/No on a motion to adopt each item voted in the term (what the insight reads)
  const votes = new Map<number, Map<string, boolean>>();
  for (const m of ctx.motions) {
    if (!m.motionType.startsWith('Adopt Item') || !m.item.reference || m.day < term.start || m.day > term.end) continue;
    m.memberIds.forEach((id, k) => {
      if (m.votes[k]! > 1) return; // absent
      const mine = votes.get(id) ?? new Map<string, boolean>();
      mine.set(m.item.reference!, m.votes[k] === YES);
      votes.set(id, mine);
    });
  }
  const orgs = new Map(ctx.registry.orgs.orgs.map((o) => [o.id, o]));
  const givers = giversOf(ctx.registry, ctx.people);
  const positions = ctx.positions.filter((p) => p.reference && !taken.has(p.organisation) && givers.has(p.organisation));
  // per running member: for each organisation, the votes on its positions and how many were aligned
  const tallies = [...running.keys()].sort((a, b) => a - b).map((memberId) => {
    const mine = votes.get(memberId) ?? new Map<string, boolean>();
    const byOrg = new Map<string, { votes: number; aligned: number }>();
    for (const p of positions) {
      const yes = mine.get(p.reference!);
      if (yes === undefined) continue;
      const t = byOrg.get(p.organisation) ?? { votes: 0, aligned: 0 };
      t.votes++;
      if (yes === (p.stance === 'support')) t.aligned++;
      byOrg.set(p.organisation, t);
    }
    return { memberId, byOrg: [...byOrg].sort(([a], [b]) => (a < b ? -1 : 1)) };
  });
  const sum = (xs: [string, { votes: number }][]) => xs.reduce((s, [, t]) => s + t.votes, 0);
  // planted: the members with the most votes on positions they always voted with; funders = those organisations
  const planted = tallies.map((t) => ({ ...t, funders: t.byOrg.filter(([, x]) => x.aligned === x.votes) }))
    .filter((t) => sum(t.funders) >= MIN_FUNDED).sort((a, b) => sum(b.funders) - sum(a.funders) || a.memberId - b.memberId).slice(0, 3);
  // null: other members with votes left over to compare, funded by organisations drawn at random among those whose
  // positions they voted on
  const nulls = rng.shuffle(tallies.filter((t) => !planted.some((p) => p.memberId === t.memberId) && sum(t.byOrg) >= MIN_FUNDED + 6)).slice(0, 2)
    .map((t) => {
      const funders: typeof t.byOrg = [];
      for (const f of rng.shuffle([...t.byOrg])) if (sum(funders) < MIN_FUNDED) funders.push(f);
      return { ...t, funders };
    });
  const fund = (t: { memberId: number; funders: [string, { votes: number; aligned: number }][] }, kind: string) => ({
    memberId: t.memberId, kind,
    funders: t.funders.map(([org, x]) => ({ organisation: org, votes: x.votes, aligned: x.aligned,
      gift: give(rng, givers.get(org)![0]!, orgs.get(org)!, running.get(t.memberId)!, election.day - rng.int(10, 200)) })),
  });
  return { term: term.key, election: ELECTION, members: [...planted.map((t) => fund(t, 'aligned')), ...nulls.map((t) => fund(t, 'null'))] };
}
