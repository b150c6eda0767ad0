// A planted registration: built like the generator's own (registrations.ts) from a registry category's templates, by a
// lobbyist and organisations the registry already has, with parties and communications — drawn from the plant's
// stream, so the generator's own streams (and every file they write) are untouched.
import { REGISTRY_START, DIVISION, type Registry } from '../registry/registrations.ts';
import { buildComms, type CommCtx } from '../registry/communications.ts';
import type { Registration } from '../registry/model.ts';
import { parties } from '../registry/parties.ts';
import { messyAddress } from '../registry/people.ts';
import { makeCtx } from '../council/item-text.ts';
import type { Council } from '../council/members.ts';
import type { Rng } from '../common/rng.ts';
import type { Item } from '../common/types.ts';
import { TOPICS, type Topic } from '../data/topics.ts';

export interface PlantContext {
  rng: Rng;
  council: Council;
  registry: Registry;
  asOfDay: number;
  /** Shared by every planted registration's communications: group ids continue after the registry's. */
  comms: CommCtx;
}

export interface NewRegistration {
  category: string;
  initial: number;
  /** The agenda item the registration lobbies on (L1 truth), or none. */
  item?: Item | null;
  /** Particulars that only describe the matter (unlike the item's title): the generator's "unalike" templates. */
  unalike?: boolean;
  /** Particulars written out (else drawn from the category's templates). */
  particulars?: string;
  /** Still active on the as-of date (else it closes like the generator's registrations do). */
  active?: boolean;
  communications: number;
  /** Last day a communication may carry (default: a few weeks after the item, or up to a year after approval). */
  lastDay?: number;
}

/** The CommCtx for planted communications: the plant's stream, group ids after the highest the registry wrote. */
export function plantCommCtx(rng: Rng, council: Council, registry: Registry, asOfDay: number): CommCtx {
  let top = 0;
  for (const r of registry.regs) for (const c of r.comms) if (c.groupId) top = Math.max(top, Number(c.groupId));
  return { rng, council, asOfDay, registryStart: REGISTRY_START, groupSeq: { n: Math.max(0, top - 1000) }, lobbyists: registry.lobbyists };
}

export function topicOf(category: string): Topic {
  const topic = TOPICS.find((t) => t.category === category);
  if (!topic) throw new Error(`no generator topic for category ${category}`);
  return topic;
}

/** A registration in `category` approved on `initial`, by an existing lobbyist (consultant 55 %, else in-house). */
export function newRegistration(p: PlantContext, spec: NewRegistration): Registration {
  const { rng, registry } = p;
  const topic = topicOf(spec.category);
  const consultant = rng.chance(0.55);
  const pool = registry.regs.filter((r) => r.type === (consultant ? 'Consultant' : 'In-house') && r.writeSm && !r.lobbyist.formerMember && !r.lobbyist.namesakeOf);
  const like = rng.pick(pool);
  const lobbyist = like.lobbyist;
  const org = consultant ? rng.pick(registry.regs.filter((r) => r.type === 'Consultant' && r.writeSm)).org : lobbyist.org;
  const firm = consultant ? lobbyist.org : org;
  const item = spec.item ?? null;
  const ctx = item?.ctx ?? makeCtx(rng, new Date(spec.initial * 864e5).getUTCFullYear(), rng.int(1, 25), null, null, null, org.canonical);
  const spelled = registry.lobbyists.spell(lobbyist);
  const reg: Registration = {
    key: registry.regs.length, sm: '', writeSm: true, oldLayout: false, type: consultant ? 'Consultant' : 'In-house', closedStatus: 'Closed',
    initial: spec.initial, effective: spec.initial, start: spec.initial, end: null, closeDay: null, subjectMatter: topic.category,
    particulars: spec.particulars ?? rng.pick(spec.unalike ? topic.unalike : topic.alike)(ctx), particularsUnalike: !!item && !!spec.unalike, definition: null,
    item, org, lobbyist,
    registrant: { ...spelled, status: 'Active', soNum: rng.pick(lobbyist.soNums), address: messyAddress(rng, lobbyist.org.address), prev: ['No', '', '', ''] },
    beneficiaries: [], firms: [], gmtUpper: rng.chance(0.5), grassroots: [], privatefundings: [], gmtfundings: [], meetings: [], comms: [],
  };
  parties(rng, registry.orgs, reg, firm);
  const anchor = item ? item.council?.meeting.days[0] ?? item.meeting.days[0] : null;
  const hi = Math.min(p.asOfDay + 10, spec.lastDay ?? (anchor !== null ? anchor + rng.int(0, 30) : spec.initial + rng.int(30, 365)));
  const ward = item?.wardIds.length ? item.wardIds[0]! : null;
  reg.comms = buildComms(p.comms, reg, spec.communications, spec.initial, Math.max(spec.initial, hi), ward, DIVISION[topic.category] ?? 'City Planning');
  const lastRec = reg.comms.reduce((m, c) => Math.max(m, c.recorded), spec.initial);
  const close = lastRec + rng.int(20, 600);
  reg.closeDay = spec.active || close > p.asOfDay ? null : close;
  reg.end = reg.closeDay !== null ? Math.max(reg.closeDay, spec.initial + 365) : null;
  return reg;
}
