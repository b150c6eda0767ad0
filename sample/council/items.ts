// Agenda items: allocation of topics to bodies and meetings, look-alike companions, references, Council copies,
// duplicates and one broken record.
import { yearOf } from '../common/dates.ts';
import { CC_25, CC_44, ward44to25 } from '../data/places.ts';
import { TOPICS } from '../data/topics.ts';
import type { Rng } from '../common/rng.ts';
import type { Item, Meeting, Term } from '../common/types.ts';
import { itemSummary, itemTitle, makeAddress, makeCtx, planningApp, resetAddressIds, STATUS_UNVOTED, subjectTerms, vendorName } from './item-text.ts';
import { lookalikeItems } from './item-lookalikes.ts';
import { FM_TITLES, mmTitle } from './item-special.ts';
import { TERMS } from './terms.ts';

const communityOf = (wards: Record<string, number[]>, w: number) => Object.keys(wards).find((k) => wards[k].includes(w))!;

export function buildItems(rng: Rng, meetings: Meeting[], scale: number, memberName: (memberId: number, day: number) => string): Item[] {
  resetAddressIds();
  const items: Item[] = [];
  // ~28,000 items at City size: the drawn ones, plus nearly half as many look-alike companions (item-lookalikes.ts)
  const perTerm = Math.max(12, Math.round((28_000 * scale) / TERMS.length / 1.48));
  const byBody = new Map<number, Meeting[]>();
  for (const m of meetings) byBody.set(m.body.decisionBodyId, [...(byBody.get(m.body.decisionBodyId) ?? []), m]);
  const councils = new Map<string, Meeting[]>();
  for (const m of meetings) if (m.body.code === 'CC' && m.number > 1) councils.set(m.term, [...(councils.get(m.term) ?? []), m]);
  const weights = TOPICS.map((t) => t.weight);
  const vendors = rng.fork('vendors');
  const mk = (term: Term, meeting: Meeting, agendaCd: string, topicIndex: number, title: string, ctx: Item['ctx'], extra: Partial<Item>): Item => {
    const it: Item = { reference: '', refKey: '', agendaItemId: 0, term, meeting, agendaCd, itemNumber: 0,
      termYear: yearOf(meeting.days[0]) + (agendaCd === 'FM' ? 1 : 0), topicIndex, title, summary: itemSummary(rng, topicIndex, ctx, title),
      subjectTerms: subjectTerms(rng, topicIndex), wardIds: [], wardModel: term.wards, address: null, planningApp: null, neighbourhoodIds: [], status: '',
      council: null, duplicateIds: [], voted: false, ctx, lobbied: 0, ...extra };
    items.push(it);
    return it;
  };

  for (const term of TERMS) {
    const tMeetings = meetings.filter((m) => m.term === term.key);
    const bodyMeetings = (pred: (code: string, family: string) => boolean) => tMeetings.filter((m) => pred(m.body.code, m.body.family));
    const inaugural = tMeetings.find((m) => m.body.code === 'CC' && m.number === 1);
    if (inaugural) FM_TITLES.forEach((title) => mk(term, inaugural, 'FM', TOPICS.length - 1, title, makeCtx(rng, yearOf(term.start), 1, null, null, null, ''), { status: 'ADOPTED' }));
    for (let i = 0; i < perTerm; i++) {
      const topicIndex = rng.weighted(TOPICS.map((_, k) => k), weights);
      const topic = TOPICS[topicIndex];
      const w44 = term.wards === 44 ? rng.int(1, 44) : null;
      const w25 = w44 ? ward44to25(w44) : rng.int(1, 25);
      const community = w44 ? communityOf(CC_44, w44) : communityOf(CC_25, w25);
      const isMM = rng.chance(0.07);
      const family = isMM ? 'MM' : rng.pick(topic.bodies);
      const pool = family === 'MM' || family === 'CC' ? bodyMeetings((c) => c === 'CC').filter((m) => m.number > 1)
        : family === 'COMM' ? bodyMeetings((c) => c === community)
          : bodyMeetings((_c, f) => f.split(' ').includes(family));
      if (!pool.length) continue;
      const meeting = rng.pick(pool);
      const year = yearOf(meeting.days[0]);
      const addr = topic.address ? makeAddress(rng, w25) : null;
      const app = topic.category === 'Planning/Development' ? planningApp(rng, year - rng.int(0, 2), community, w44 ?? w25) : null;
      const ctx = makeCtx(rng, year, w25, w44, addr, app, vendorName(vendors));
      let title = itemTitle(rng, topicIndex, ctx);
      if (isMM) title = mmTitle(rng, title, meeting, memberName);
      mk(term, meeting, isMM ? 'MM' : meeting.body.code, topicIndex, title, ctx, {
        wardIds: addr || rng.chance(0.3) ? [w44 ?? w25] : [], address: addr, planningApp: app,
        neighbourhoodIds: addr ? [Math.max(1, w25 * 6 - rng.int(0, 5))] : [],
        status: rng.pick(STATUS_UNVOTED),
      });
    }
  }
  // Matters that come back under a near-equal title (another stage, a deferral, next year's budget, an update).
  items.push(...lookalikeItems(rng.fork('lookalike-items'), items, meetings));
  // Item numbers within (meeting, agenda code), in creation order; then references.
  const counters = new Map<string, number>();
  for (const it of items) {
    const k = `${it.meeting.meetingId}:${it.agendaCd}`;
    it.itemNumber = (counters.get(k) ?? 0) + 1;
    counters.set(k, it.itemNumber);
    it.reference = it.refKey = `${it.termYear}.${it.agendaCd}${it.meeting.number}.${it.itemNumber}`;
  }
  // Committee decisions travel to Council: same reference, another meeting and agendaItemId.
  for (const it of items) {
    if (['CC', 'MM', 'FM'].includes(it.agendaCd)) continue;
    const p = it.meeting.body.family === 'COMM' ? 0.4 : 0.65;
    if (!rng.chance(p)) continue;
    const next = (councils.get(it.term.key) ?? []).find((m) => m.days[0] >= it.meeting.days[0] + 5);
    if (next) it.council = { agendaItemId: 0, meeting: next, status: rng.pick(STATUS_UNVOTED.slice(0, 8)) };
  }
  markVoted(rng, items);
  // Quirk: a few records come back twice with another agendaItemId; and one record lacks its reference.
  for (const term of TERMS) {
    const own = items.filter((it) => it.term === term && it.agendaCd !== 'FM');
    for (const it of rng.sample(own, Math.max(1, Math.round(own.length * 0.005)))) it.duplicateIds.push(0);
  }
  const broken = items.filter((it) => !it.voted && it.agendaCd !== 'FM');
  const nBroken = Math.max(1, Math.round(items.length * 0.001));
  for (const it of rng.sample(broken, nBroken)) it.reference = null;
  assignIds(items);
  return items;
}

/** Exactly ~31% of references get recorded votes, mostly those that reached Council. */
function markVoted(rng: Rng, items: Item[]): void {
  const target = Math.round(items.length * 0.31);
  const keyed = items.map((it) => {
    const w = it.agendaCd === 'MM' ? 6 : it.agendaCd === 'FM' ? (/^(Election|Council's)/.test(it.title) ? 1000 : 2) : it.agendaCd === 'CC' ? 3 : it.council ? 3 : 0.35;
    return { it, k: Math.log(1 - rng.next()) / w }; // weighted sampling without replacement (Efraimidis-Spirakis)
  });
  keyed.sort((a, b) => b.k - a.k);
  for (let i = 0; i < target; i++) keyed[i].it.voted = true;
}

/** agendaItemIds grow with time, as in TMMIS; Council copies and duplicates get their own ids. */
function assignIds(items: Item[]): void {
  type Slot = { day: number; set: (id: number) => void; order: number };
  const slots: Slot[] = [];
  let order = 0;
  for (const it of items) {
    slots.push({ day: it.meeting.days[0], set: (id) => { it.agendaItemId = id; }, order: order++ });
    it.duplicateIds.forEach((_, j) => slots.push({ day: it.meeting.days[0], set: (id) => { it.duplicateIds[j] = id; }, order: order++ }));
    if (it.council) { const c = it.council; slots.push({ day: c.meeting.days[0], set: (id) => { c.agendaItemId = id; }, order: order++ }); }
  }
  slots.sort((a, b) => a.day - b.day || a.order - b.order);
  slots.forEach((s, i) => s.set(20_000 + i * 3 + (i % 2)));
}
