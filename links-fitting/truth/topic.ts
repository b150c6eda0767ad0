// topic truth mapper (registration → tracker topic). The sample city gives each registration one generator topic
// (sample/data/topics.ts): its registry category is written first in SubjectMatter, except for 2008-2011
// free-text subject matters, where the particulars' template tells it. The true tracker topics of each generator
// category are fixed below (a journalist's reading of the templates; docs/methodology-links-registration.md).
// Decoys: topics the registration's later (randomly added) registry subjects point to. Fit and measure only.
import { REGISTRY_CATEGORIES, TOPICS, type TopicCtx } from '../../sample/data/topics.ts';
import type { TaskTruth, TruthMapper } from './types.ts';

/** Tracker topics that correctly describe a registration of each generator category. */
export const TRUE_TOPICS: Record<string, readonly string[]> = {
  'Planning/Development': ['rezoning', 'site_plan'], Zoning: ['planning_policy', 'rezoning'],
  Housing: ['affordable_housing', 'rental_housing'], Transportation: ['roads_traffic', 'cycling_walking'],
  Transit: ['transit'], Budget: ['budget'], 'Waste Management': ['waste'], Environment: ['water_energy'],
  'Parks and Recreation': ['parks'], Licensing: ['licensing', 'ride_hailing'], Procurement: ['procurement'],
  'Economic Development': ['economic_development', 'grants'], 'Information Technology': ['technology', 'procurement'],
  Taxation: ['budget'], Heritage: ['heritage'], 'Public Health': ['public_health'], 'Arts and Culture': ['arts_culture', 'grants'],
  Tourism: ['economic_development', 'arts_culture'], Policing: ['policing'], Water: ['water_energy'], Energy: ['water_energy'],
  'Real Estate': ['real_estate'], 'Social Services': ['homelessness'], 'Grants/Funding': ['grants'], Other: [],
};

const words = (s: string) => new Set(s.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 0));
const CTX_A: TopicCtx = { addr: '1 Aaa St', addrLong: '1 Aaa Street', street: 'Bbb Ave', cross: 'Ccc Rd', ward: 'Ward 1 Ddd', year: 2001,
  n: 1, storeys: 6, units: 40, org: 'Eee Inc', park: 'Fff', app: '00 000000 XXX 00 OZ' };
const CTX_B: TopicCtx = { addr: '9 Ggg Ave', addrLong: '9 Ggg Avenue', street: 'Hhh Blvd', cross: 'Iii Dr', ward: 'Ward 2 Jjj', year: 2002,
  n: 2, storeys: 7, units: 41, org: 'Kkk Ltd', park: 'Lll', app: '11 111111 YYY 11 SA' };
// a registration with no agenda item: no address and no file number (the templates then leave the site out)
const CTX_C: TopicCtx = { ...CTX_B, addr: '', addrLong: '', app: '' };

/** The fixed words of every particulars template (words that do not change with the template's context). */
const TEMPLATES = TOPICS.flatMap((t) => [...t.alike, ...t.unalike].map((f) => {
  const b = words(f(CTX_B)), c = words(f(CTX_C));
  return { category: t.category, fixed: [...words(f(CTX_A))].filter((w) => b.has(w) && c.has(w)) };
}));

/** The generator category of a registration: its first registry subject, else the best-fitting template. */
export function generatorCategory(subjects: readonly string[], particulars: string | null): string | null {
  if (subjects[0] && REGISTRY_CATEGORIES.includes(subjects[0])) return subjects[0];
  const text = words(particulars ?? '');
  const fits = TEMPLATES.filter((t) => t.fixed.length > 0 && t.fixed.every((w) => text.has(w)));
  fits.sort((a, b) => b.fixed.length - a.fixed.length);
  return fits[0]?.category ?? null;
}

const mapper: TruthMapper = async (wh) => {
  const regs = await wh.all<{ id: string; subjects: string[] | null; particulars: string | null }>(
    'select id, subjects, particulars from int_registrations order by id');
  const positives = new Set<string>();
  const truthOf = new Map<string, readonly string[]>();
  for (const r of regs) {
    const category = generatorCategory(r.subjects ?? [], r.particulars);
    const topics = category ? TRUE_TOPICS[category] ?? [] : [];
    truthOf.set(r.id, topics);
    for (const t of topics) positives.add(`${r.id}|${t}`);
  }
  const candidates = await wh.all<{ from_id: string; to_id: string; hits: number }>(
    `select from_id, to_id, x['particulars_keyword_hits'] as hits from lnk_topic`);
  const isTrue = (c: { from_id: string; to_id: string }) => positives.has(`${c.from_id}|${c.to_id}`);
  const decoyRows = candidates.filter((c) => !isTrue(c));
  const trueRows = candidates.filter(isTrue);
  return {
    positives, decoys: new Set(decoyRows.map((c) => `${c.from_id}|${c.to_id}`)),
    // "unalike": a proposed true topic none of whose keywords is in the particulars (only a subject says it);
    // look-alike decoys: wrong topics whose keywords are in the particulars, per true pair
    unalikeShare: trueRows.length ? trueRows.filter((c) => !c.hits).length / trueRows.length : 0,
    decoyShare: positives.size ? decoyRows.filter((c) => c.hits > 0).length / positives.size : 0,
  } satisfies TaskTruth;
};

export default mapper;
