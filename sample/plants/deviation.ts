// Planted effect for /insights/deviation (analysis-definitions.md 4.2): in the latest full term, six councillors who
// sat throughout are lobbied before the votes on up to 24 site-specific items: for each a planted registration (registrations.ts)
// contacts each of them, by full name, 3 to 150 days before the first vote they cast on it, and someone on the file
// once more a few days before the item's decision. Three of the six (the deviators) then vote against the bloc of the
// other members on a share of the motions of items lobbied for them; the other three (the null) vote as generated.
// A vote is flipped only where the motion's outcome stays the same, so item statuses and decisions are unchanged.
// Only the planted lobbying moves votes: ordinary registrations' contacts (often with no link the pipeline can find)
// leave them as generated.
import type { Item, Motion, Tenure } from '../common/types.ts';
import { ABSENT, NO, outcome, YES } from '../council/votes.ts';
import { METHODS } from '../registry/poh.ts';
import type { Registration } from '../registry/model.ts';
import type { Registry } from '../registry/registrations.ts';
import { addMemberContact, memberName, plantTerm, wholeTermCouncillors, type PlantCtx } from './contacts.ts';
import { closeAfterLastContact, plantRegistration, sitedWording, templates } from './registrations.ts';

const PLANTED = 6; // three deviators, three with no planted difference
const ITEMS = 24;
/** Chance that a deviator votes against the bloc on a lobbied motion where they would have voted with it. */
export const FLIP_PROBABILITY = 0.7;

export interface PlantedMember { memberId: number; name: string }
export interface DeviationPlant {
  term: string; flipProbability: number; deviators: PlantedMember[]; nulls: PlantedMember[];
  items: { reference: string; sm: string }[]; communications: number; flips: number;
}

export function plantDeviation(ctx: PlantCtx, motions: Motion[], registry: Registry): DeviationPlant | null {
  const { rng, council, asOfDay } = ctx;
  const term = plantTerm(asOfDay);
  const seats = wholeTermCouncillors(council, term, asOfDay);
  const pool = templates(registry.regs);
  if (seats.length < PLANTED || !pool.length) return null;
  const chosen = rng.sample(seats, PLANTED);
  // items decided at Council in the term, after the planted members took office, on which all six voted
  const motionsOf = new Map<Item, Motion[]>();
  for (const m of motions) if (m.meeting.term === term.key && m.day <= asOfDay) motionsOf.set(m.item, [...(motionsOf.get(m.item) ?? []), m]);
  // site-specific items (an address): a registration naming the site is tied to its item by the L1 model with confidence,
  // where a city-wide matter (a budget, a strategy) has look-alikes every year and mostly stays unlinked
  const eligible = [...motionsOf].filter(([it, ms]) => it.reference && sitedWording(it) && it.agendaCd !== 'FM' && ms.some((m) => m.meeting.body.code === 'CC')
    && chosen.every((s) => ms.some((m) => m.memberIds.includes(s.memberId))) && Math.min(...ms.map((m) => m.day)) > term.start + 30);
  const items: DeviationPlant['items'] = [];
  let communications = 0;
  for (const [it, ms] of rng.sample(eligible, ITEMS)) {
    const reg = lobbyOnItem(ctx, registry, rng.pick(pool), it, ms, chosen, term.start + 1);
    if (!reg) continue;
    items.push({ reference: it.reference!, sm: reg.sm });
    communications += reg.comms.length;
  }
  items.sort((a, b) => a.reference.localeCompare(b.reference));
  const named = chosen.map((s) => ({ memberId: s.memberId, name: memberName(council, s.memberId, term.end) }));
  const deviators = named.slice(0, PLANTED / 2);
  const planted = new Set(items.map((i) => i.sm));
  const flips = flipLobbiedVotes(ctx, [...motionsOf.values()].flat(), registry.regs.filter((r) => planted.has(r.sm)),
    new Set(deviators.map((d) => d.memberId)));
  return { term: term.key, flipProbability: FLIP_PROBABILITY, deviators, nulls: named.slice(PLANTED / 2), items, communications, flips };
}

/** A planted registration on the item contacting each chosen member before their first vote on it, and one of them
 *  again 1-6 days before the decision (the Council meeting), as lobbying does when a vote is near. */
function lobbyOnItem(ctx: PlantCtx, registry: Registry, template: Registration, it: Item, ms: Motion[], seats: Tenure[], earliest: number): Registration | null {
  const { rng } = ctx;
  const firstVote = (s: Tenure) => Math.min(...ms.filter((m) => m.memberIds.includes(s.memberId)).map((m) => m.day));
  const decided = it.council?.meeting.days[0] ?? it.meeting.days[0];
  const plan = seats.map((s) => {
    const hi = firstVote(s) - 3;
    return { s, day: rng.int(Math.min(hi, Math.max(earliest, hi - 147)), hi) };
  });
  const closing = Math.max(earliest, decided - rng.int(1, 6));
  const first = Math.min(closing, ...plan.map((p) => p.day));
  const reg = plantRegistration(ctx, registry, template, it, Math.max(earliest - 60, first - rng.int(5, 60)), first);
  if (!reg) return null;
  const method = () => rng.pick(METHODS.filter((x) => x));
  for (const p of plan) addMemberContact(ctx, reg, p.s, p.day, method());
  addMemberContact(ctx, reg, rng.pick(seats), closing, method());
  closeAfterLastContact(ctx, reg);
  return reg;
}

/** The deviators' votes against the bloc on motions of items the planted registrations (`regs`) lobbied them on in the
 *  180 days before the vote; returns the number of votes flipped. */
function flipLobbiedVotes(ctx: PlantCtx, motions: Motion[], regs: Registration[], deviators: Set<number>): number {
  // days on which a planted registration reached a deviator about its item
  const contacts = new Map<string, number[]>();
  for (const r of regs) {
    if (!r.item) continue;
    for (const c of r.comms) {
      const office = c.truth?.memberId ?? c.truth?.officeOf ?? null;
      if (c.day === null || office === null || !deviators.has(office)) continue;
      const key = `${r.item.agendaItemId}|${office}`;
      contacts.set(key, [...(contacts.get(key) ?? []), c.day]);
    }
  }
  let flips = 0;
  for (const m of motions) {
    m.memberIds.forEach((id, k) => {
      if (!deviators.has(id) || m.votes[k] === ABSENT) return;
      const days = contacts.get(`${m.item.agendaItemId}|${id}`) ?? [];
      if (!days.some((d) => d <= m.day && d >= m.day - 180)) return; // not lobbied for this member before this vote
      let yes = 0, no = 0;
      m.votes.forEach((v, j) => { if (j !== k && v === YES) yes++; else if (j !== k && v === NO) no++; });
      const bloc = yes > no ? YES : no > yes ? NO : null;
      if (bloc === null || m.votes[k] !== bloc || !ctx.rng.chance(FLIP_PROBABILITY)) return;
      const next = outcome(m.threshold, yes + (bloc === NO ? 1 : 0), no + (bloc === YES ? 1 : 0), m.memberIds.length);
      if (next.carried !== m.carried) return; // the outcome (and so the item's status) stays as generated
      m.votes[k] = bloc === YES ? NO : YES;
      m.result = next.result;
      flips++;
    });
  }
  return flips;
}
