// Planted lead times and upcoming registrations (analysis-definitions.md 4.9): registrations that lobby on a housing
// agenda item 45-240 days before its (first) meeting — enough at the default scale that, once linked, their topic has a
// window basis of its own — and recent active housing registrations on no agenda item yet, which /insights/upcoming
// must list with that basis. A quarter of the linked ones describe only the matter (the generator's mix), so the L1
// task's truth keeps its difficulty; the others name the item's site, as a registration about a site does.
import type { Item } from '../common/types.ts';
import { TOPICS } from '../data/topics.ts';
import type { Registration } from '../registry/model.ts';
import { REGISTRY_START } from '../registry/registrations.ts';
import { newRegistration, type PlantContext } from './new-registration.ts';

const CATEGORY = 'Housing';
/** Planted at the default scale (0.02), fewer in smaller cities: linked registrations, recent unlinked ones. Larger
 * cities get no more: their own registrations give every common topic a basis. */
const LINKED_AT_DEFAULT = 26;
const UPCOMING_AT_DEFAULT = 8;
export const LEAD_DAYS = [45, 240] as const;
const UPCOMING_PARTICULARS = ['Affordable housing incentives for a proposed rental building',
  'Support for an affordable housing project by a non-profit provider', 'Municipal incentives for new affordable housing units'];

export interface LeadTimesTruth {
  category: string;
  leadDays: readonly [number, number];
  linked: { sm: string; reference: string; leadDays: number }[];
  upcoming: { sm: string; approved: string }[];
}

export function plantLeadTimes(p: PlantContext, items: Item[], scale: number): { regs: Registration[]; truth: () => LeadTimesTruth } {
  const k = scale / 0.02;
  // items about a site that none of the sources' planning files names (so no L2 truth is missing), with the category's
  // particulars that name the site and share the most words with the item's title
  const topic = TOPICS.find((t) => t.category === CATEGORY)!;
  const candidates = items.flatMap((it) => {
    if (!it.reference || it.agendaCd === 'FM' || TOPICS[it.topicIndex]!.category !== CATEGORY || !it.address || it.planningApp) return [];
    if (it.meeting.days[0]! - LEAD_DAYS[1] <= REGISTRY_START || it.meeting.days[0]! >= p.asOfDay - 10) return [];
    const template = bestTemplate(topic.alike.map((f) => f(it.ctx)).filter((t) => t.includes(it.ctx.addr)), it.title);
    return template === null ? [] : [{ item: it, template }];
  });
  const linked = candidates.length === 0 ? [] : Array.from({ length: Math.min(LINKED_AT_DEFAULT, Math.max(3, Math.round(LINKED_AT_DEFAULT * k))) }, () => {
    const { item, template } = p.rng.pick(candidates);
    const lead = p.rng.int(LEAD_DAYS[0], LEAD_DAYS[1]);
    const unalike = p.rng.chance(0.25);
    const reg = newRegistration(p, { category: CATEGORY, item, initial: item.meeting.days[0]! - lead, unalike, communications: p.rng.int(2, 8) });
    if (!unalike) reg.particulars = template;
    return { reg, reference: item.reference!, lead };
  });
  const upcoming = Array.from({ length: Math.min(UPCOMING_AT_DEFAULT, Math.max(2, Math.round(UPCOMING_AT_DEFAULT * k))) }, () => newRegistration(p, {
    // the matter in general words, naming no site and no agenda item's title: nothing to link yet
    category: CATEGORY, initial: p.asOfDay - p.rng.int(5, 330), particulars: p.rng.pick(UPCOMING_PARTICULARS), active: true,
    communications: p.rng.int(1, 4),
  }));
  return {
    regs: [...linked.map((l) => l.reg), ...upcoming],
    truth: () => ({
      category: CATEGORY, leadDays: LEAD_DAYS,
      linked: linked.map((l) => ({ sm: l.reg.sm, reference: l.reference, leadDays: l.lead })),
      upcoming: upcoming.map((r) => ({ sm: r.sm, approved: new Date(r.initial * 864e5).toISOString().slice(0, 10) })),
    }),
  };
}

const words = (text: string) => new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 4));

/** The particulars that share the most words with the item's title (the first when none shares any), or null. */
function bestTemplate(candidates: string[], title: string): string | null {
  const inTitle = words(title);
  let best: string | null = candidates[0] ?? null, most = 0;
  for (const c of candidates) {
    const shared = [...words(c)].filter((w) => inTitle.has(w)).length;
    if (shared > most) { best = c; most = shared; }
  }
  return best;
}
