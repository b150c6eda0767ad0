// Subject-matter registrations: who lobbies for whom, on which agenda item, when, and how many communications.
import { dayOf } from '../common/dates.ts';
import { OLD_SUBJECTS, REGISTRY_CATEGORIES, TOPICS } from '../data/topics.ts';
import { makeCtx } from '../council/item-text.ts';
import type { Council } from '../council/members.ts';
import type { Rng } from '../common/rng.ts';
import type { Item } from '../common/types.ts';
import { buildComms } from './communications.ts';
import type { Registration } from './model.ts';
import { OrgFactory } from './orgs.ts';
import type { Org, OrgKind } from './types.ts';
import { parties } from './parties.ts';
import { LobbyistFactory, messyAddress, type Lobbyist } from './people.ts';
import { plantFormerMembers, type PlantedRegistrant } from './former.ts';
import { normName } from '../common/name-variants.ts';

export const REGISTRY_START = dayOf('2008-03-01');
/** Planted look-alike organisations per organisation: enough that L3's look-alike pairs stay above a quarter of its
 * true pairs at every scale. */
const DECOY_SHARE = 0.15;
/** The City division a registration's staff contacts are usually with, by registry category ('City Planning' otherwise). */
export const DIVISION: Record<string, string> = { 'Planning/Development': 'City Planning', Zoning: 'City Planning', Heritage: 'City Planning', Housing: 'Housing Secretariat',
  Transportation: 'Transportation Services', Licensing: 'Municipal Licensing and Standards', 'Waste Management': 'Solid Waste Management Services',
  'Real Estate': 'Corporate Real Estate Management', Procurement: 'Purchasing and Materials Management', Water: 'Toronto Water' };

export interface Registry { regs: Registration[]; orgs: OrgFactory; lobbyists: LobbyistFactory }

export function buildRegistry(rng: Rng, council: Council, items: Item[], scale: number, asOfDay: number): Registry {
  const orgs = new OrgFactory(rng.fork('orgs'));
  const memberSurnames = new Set(council.members.flatMap((m) => m.names.map((n) => normName(n.last))));
  const lobbyists = new LobbyistFactory(rng.fork('lobbyists'), memberSurnames);
  const nOrg = Math.max(16, Math.round(5000 * scale)); // about one organisation per 2.5 registrations at every scale
  const kinds: OrgKind[] = ['developer', 'developer', 'developer', 'company', 'company', 'company', 'association', 'nonprofit', 'nonprofit', 'nonprofit'];
  for (let i = 0; i < nOrg; i++) orgs.create(rng.pick(kinds));
  // Look-alike organisations in proportion to the registry (decoys.ts): mostly companies, some non-profits and associations.
  const originals = orgs.orgs.filter((x) => x.kind !== 'firm');
  const lookalikes: Org[] = [];
  for (const o of rng.sample(originals, Math.max(5, Math.round(nOrg * DECOY_SHARE)))) {
    const d = orgs.createDecoy(o);
    if (d) lookalikes.push(o, d);
  }
  // every look-alike and its original appear in the registry (the first registrations that fit their kind name them)
  const mustName = rng.shuffle(lookalikes.filter((o, k) => lookalikes.indexOf(o) === k));
  const clients = orgs.orgs.slice();
  const firms: Org[] = [];
  for (let i = 0; i < Math.max(4, Math.round(250 * scale)); i++) firms.push(orgs.create('firm'));
  const staffOf = new Map<Org, Lobbyist[]>();
  const lobbyistFor = (type: Lobbyist['type'], org: Org): Lobbyist => {
    const list = staffOf.get(org) ?? [];
    if (list.length && rng.chance(type === 'Consultant' ? 0.8 : 0.85)) return rng.pick(list);
    const l = lobbyists.create(type, org);
    staffOf.set(org, [...list, l]);
    return l;
  };
  // Former members who lobby their former colleagues, and namesakes who never held office (former.ts). Each gets
  // one to three registrations of their own (pinRegistrations); a former member's start a year after leaving office.
  const planted = plantFormerMembers(rng.fork('former'), council, lobbyists, firms, clients, asOfDay);

  const lobbyable = items.filter((it) => it.reference && it.agendaCd !== 'FM' && it.meeting.days[0] > REGISTRY_START + 30);
  const itemWeights = lobbyable.map((it) => (TOPICS[it.topicIndex].address ? 4 : 1) * (it.voted ? 2 : 1));
  const nReg = Math.max(30, Math.round(12_400 * scale));
  const nComm = Math.max(nReg * 2, Math.round(115_000 * scale * 0.97)); // a few % more are lobbyist-only records
  const w = Array.from({ length: nReg }, () => Math.exp(1.1 * rng.normal()));
  const wSum = w.reduce((a, b) => a + b, 0);
  const commCtx = { rng: rng.fork('comms'), council, asOfDay, registryStart: REGISTRY_START, groupSeq: { n: 0 }, lobbyists };
  const pins = pinRegistrations(rng, planted, nReg, scale);
  const anchorOf = (it: Item) => it.council?.meeting.days[0] ?? it.meeting.days[0];
  const regs: Registration[] = [];
  for (let i = 0; i < nReg; i++) {
    const pin = pins.get(i);
    const type = pin ? pin.lobbyist.type : rng.weighted(['Consultant', 'In-house', 'Voluntary'] as const, [55, 38, 7]);
    const from = Math.max(REGISTRY_START, pin?.fromDay ?? 0);
    const open = pin ? lobbyable.filter((it) => anchorOf(it) - 20 >= from) : lobbyable;
    const item = open.length && rng.chance(0.58) ? (pin ? rng.pick(open) : rng.weighted(lobbyable, itemWeights)) : null;
    const due = pin ? -1 : mustName.findIndex((o) => (o.kind === 'nonprofit') === (type === 'Voluntary'));
    const org = due >= 0 ? mustName.splice(due, 1)[0]
      : type === 'Voluntary' ? rng.pick(clients.filter((o) => o.kind === 'nonprofit')) ?? rng.pick(clients)
      : type === 'In-house' && pin ? pin.lobbyist.org : rng.pick(clients.filter((o) => o.kind !== 'nonprofit'));
    const firm = type === 'Consultant' ? (pin ? pin.lobbyist.org : rng.pick(firms)) : org;
    const lobbyist = pin ? pin.lobbyist : lobbyistFor(type, firm);
    const anchor = item ? anchorOf(item) : null;
    const growth = Math.pow(rng.next(), 0.6); // registrations grow over time
    const initial = anchor ? Math.max(from, anchor - rng.int(20, 420)) : from + Math.floor(growth * (asOfDay - 5 - from));
    const lo = initial, hi = Math.min(asOfDay + 10, anchor ? anchor + rng.int(0, 30) : initial + rng.int(30, 700));
    const topicIndex = item?.topicIndex ?? rng.weighted(TOPICS.map((_, k) => k), TOPICS.map((t) => t.weight));
    const topic = TOPICS[topicIndex];
    const ctx = item?.ctx ?? makeCtx(rng, new Date(initial * 864e5).getUTCFullYear(), rng.int(1, 25), null, null, null, org.canonical);
    const unalike = !!item && rng.chance(0.25);
    let particulars = rng.pick(unalike ? topic.unalike : topic.alike)(ctx);
    if (rng.chance(0.3)) particulars += `; ${rng.pick(['meetings with staff and members of Council', 'including related reports to Council', 'and any related by-laws'])}`;
    const cats = [topic.category, ...rng.sample(REGISTRY_CATEGORIES, rng.int(0, 2))].filter((c, k, a) => a.indexOf(c) === k);
    const subjectMatter = initial < dayOf('2011-06-01') && rng.chance(0.35) ? rng.pick(OLD_SUBJECTS) : cats.join(';');
    const soNum = rng.pick(lobbyist.soNums);
    const spelled = lobbyists.spell(lobbyist);
    const office = lobbyist.previousOffice;
    const prev = office ? [rng.pick(['Yes', 'Yes', 'yes']), office.position, office.program, office.lastDay] : [rng.chance(0.1) ? 'no' : 'No', '', '', ''];
    const reg: Registration = {
      key: i, sm: '', writeSm: true, oldLayout: false, type, closedStatus: rng.chance(0.12) ? 'Closed by LRO' : 'Closed', initial, effective: initial + (rng.chance(0.4) ? rng.int(1, 200) : 0),
      start: rng.chance(0.9) ? initial : null, end: null, closeDay: null, subjectMatter, particulars, particularsUnalike: unalike,
      definition: rng.chance(0.3) ? `${topic.category}: ${topic.subject}` : null, item, org, lobbyist,
      registrant: { ...spelled, status: 'Active', soNum, address: messyAddress(rng, lobbyist.org.address), prev },
      beneficiaries: [], firms: [], gmtUpper: rng.chance(0.5), grassroots: [], privatefundings: [], gmtfundings: [], meetings: [], comms: [],
    };
    parties(rng, orgs, reg, firm);
    const n = Math.max(1, Math.round((w[i] / wSum) * nComm));
    const ward = item?.wardIds.length ? item.wardIds[0] : null;
    reg.comms = buildComms(commCtx, reg, n, lo, Math.max(lo, hi), ward, DIVISION[topic.category] ?? 'City Planning');
    const lastRec = reg.comms.reduce((m, c) => Math.max(m, c.recorded), initial);
    // About a third of registrations are still active at any time: many stay open for years after the last contact.
    const close = lastRec + (rng.chance(0.5) ? rng.int(20, 400) : rng.int(400, 3000));
    reg.closeDay = close <= asOfDay ? close : null;
    reg.end = rng.chance(0.85) ? Math.max(close, initial + 365) : null;
    if (reg.effective > (reg.closeDay ?? asOfDay)) reg.effective = initial;
    if (reg.closeDay !== null && rng.chance(0.15)) reg.registrant.status = rng.pick(['Superseded', 'Force Closed']);
    regs.push(reg);
  }
  numberAndBreak(rng, regs);
  return { regs, orgs, lobbyists };
}

/** Registrations given to the planted lobbyists (one each in a tiny city, one to three otherwise), by loop index. */
function pinRegistrations(rng: Rng, planted: PlantedRegistrant[], nReg: number, scale: number): Map<number, PlantedRegistrant> {
  const wanted = planted.flatMap((p) => Array.from({ length: scale < 0.01 ? 1 : rng.int(1, 3) }, () => p));
  const slots = rng.sample([...Array(nReg).keys()], wanted.length);
  return new Map(slots.map((slot, k) => [slot, wanted[k]]));
}

/** SM numbers follow approval order; a few records get the old layout or are made malformed on purpose. */
function numberAndBreak(rng: Rng, regs: Registration[]): void {
  regs.sort((a, b) => a.initial - b.initial || a.key - b.key);
  let n = 10_000;
  for (const r of regs) { n += rng.int(1, 3); r.sm = `SM${n}`; }
  const k = (share: number) => Math.max(1, Math.round(regs.length * share));
  for (const r of rng.sample(regs, k(0.005))) r.oldLayout = true;
  for (const r of rng.sample(regs.filter((x) => !x.oldLayout && !x.item), k(0.001))) r.writeSm = false;
  // Every rare group and both government-funding spellings appear at least once, whatever the scale.
  const ok = regs.filter((x) => !x.oldLayout && x.writeSm);
  const ensure = (has: (r: Registration) => boolean, set: (r: Registration) => void) => { if (!ok.some(has)) set(rng.pick(ok)); };
  ensure((r) => r.gmtfundings.length > 0 && r.gmtUpper, (r) => { r.gmtUpper = true; r.gmtfundings.push(['Province of Ontario', 'Ontario Trillium Foundation']); });
  ensure((r) => r.gmtfundings.length > 0 && !r.gmtUpper, (r) => { r.gmtUpper = false; r.gmtfundings = [['Government of Canada', 'Canada Summer Jobs']]; });
  ensure((r) => r.grassroots.length > 0, (r) => r.grassroots.push(['public', '2019-03-01', '2019-06-30', 'councillors']));
  ensure((r) => r.privatefundings.length > 0, (r) => r.privatefundings.push(['Membership dues', 'R. Silva', '', '']));
  ensure((r) => r.meetings.length > 0, (r) => r.meetings.push('Board of Directors'));
  ensure((r) => r.beneficiaries.length > 0, (r) => r.beneficiaries.push({ ...r.firms[0], type: 'Other' }));
  const withDates = regs.filter((x) => x.writeSm && x.comms.some((c) => c.day !== null && c.truth));
  for (const r of rng.sample(withDates, k(0.001))) {
    const c = r.comms.find((x) => x.day !== null && x.truth)!;
    c.dateText = `${c.dateText.slice(0, 4)}-02-30`; // impossible date a pipeline must quarantine
  }
}
