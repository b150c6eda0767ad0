// Look-alike agenda items: other matters a council takes up under a near-equal title, which a registration's
// particulars match as well as the item it lobbied on (L1 decoys). The same site comes back years apart (a new
// application of the same kind once the first lapsed, the lease renewed, the heritage property altered again), every
// year has its budget ("2019 Capital and Operating Budgets", "2020 …"), a programme reports again half a year or more
// later ("… - Project Update"), and a city-wide item is followed by a ward-level one ("… - Ward 12 Davenport"). They
// are different decisions: the date, the file number and the ward tell them apart. (Stages of one application or a
// deferred item are the same matter, so they are not planted as decoys.)
import { yearOf } from '../common/dates.ts';
import { WARDS_25, WARDS_44 } from '../data/places.ts';
import { TOPICS } from '../data/topics.ts';
import type { Rng } from '../common/rng.ts';
import type { Item, Meeting } from '../common/types.ts';
import { itemSummary, STATUS_UNVOTED } from './item-text.ts';
import { termByKey } from './meetings.ts';

const STAGES = ['Preliminary Report', 'Request for Direction Report', 'Decision Report - Approval', 'Final Report'];
const YEAR = 365;

/** A meeting satisfying `pred` between `lo` and `hi` days after `day` (negative: before), or null. */
function meetingNear(rng: Rng, meetings: Meeting[], pred: (m: Meeting) => boolean, day: number, lo: number, hi: number): Meeting | null {
  const pool = meetings.filter((m) => pred(m) && m.number > (m.body.code === 'CC' ? 1 : 0) && m.days[0] >= day + lo && m.days[0] <= day + hi);
  return pool.length ? rng.pick(pool) : null;
}

/** The companion items of `items` (which are not modified), to be added to the agenda. */
export function lookalikeItems(rng: Rng, items: readonly Item[], meetings: Meeting[]): Item[] {
  const out: Item[] = [];
  const copy = (base: Item, meeting: Meeting, title: string, extra: Partial<Item> = {}): void => {
    const ctx = extra.ctx ?? base.ctx;
    out.push({ ...base, reference: '', refKey: '', agendaItemId: 0, term: termByKey(meeting.term), meeting, agendaCd: meeting.body.code,
      itemNumber: 0, termYear: yearOf(meeting.days[0]), title, summary: itemSummary(rng, base.topicIndex, ctx, title),
      status: rng.pick(STATUS_UNVOTED), council: null, duplicateIds: [], voted: false, lobbied: 0, ...extra });
  };
  // the same committee (bodies are re-created each term: same code), or the same community council
  const sameBody = (base: Item) => (m: Meeting) => m.body.code === base.meeting.body.code;
  // a meeting of the same body 2-7 years before or after (the other way when the agenda does not reach that far)
  const yearsAway = (base: Item): Meeting | null => {
    const away = rng.int(2, 7) * (rng.chance(0.5) ? 1 : -1) * YEAR;
    const day = base.meeting.days[0];
    return meetingNear(rng, meetings, sameBody(base), day, away - 120, away + 120)
      ?? meetingNear(rng, meetings, sameBody(base), day, -away - 120, -away + 120);
  };
  for (const base of items) {
    if (base.agendaCd === 'FM' || base.agendaCd === 'MM') continue;
    const topic = TOPICS[base.topicIndex];
    const day = base.meeting.days[0];
    const parts = base.title.split(' - ');
    const year = String(base.ctx.year);
    if (topic.category === 'Planning/Development' && base.planningApp && parts.length >= 3) {
      // the site again years apart: a new application of the same kind, with its own file number
      if (!rng.chance(0.85)) continue;
      const m = yearsAway(base);
      if (!m) continue;
      const [, , district] = base.planningApp.split(' ');
      const app = `${String(yearOf(m.days[0]) % 100).padStart(2, '0')} ${rng.int(100000, 299999)} ${district} ${base.planningApp.split(' ').slice(3).join(' ')}`;
      copy(base, m, `${parts[0]} - ${parts[1]} - ${rng.pick(STAGES)}`, { planningApp: app, ctx: { ...base.ctx, app } });
    } else if (base.address) {
      // the same address years apart: the lease renewed, the property altered again, another permit
      if (!rng.chance(0.7)) continue;
      const m = yearsAway(base);
      if (m) copy(base, m, base.title);
    } else if (base.title.includes(year)) {
      // the same yearly item for the next or the previous year
      if (!rng.chance(0.6)) continue;
      const step = rng.chance(0.6) ? 1 : -1;
      const m = meetingNear(rng, meetings, sameBody(base), day, step * YEAR - 45, step * YEAR + 45);
      if (m) copy(base, m, base.title.split(year).join(String(base.ctx.year + step)), { ctx: { ...base.ctx, year: base.ctx.year + step } });
    } else if (rng.chance(0.45)) {
      if (rng.chance(0.65)) {
        // the programme reports again, half a year or more later
        const m = meetingNear(rng, meetings, sameBody(base), day, 180, 540);
        if (m) copy(base, m, base.title);
      } else {
        // its ward-level follow-up at a community council, months later
        const m = meetingNear(rng, meetings, (x) => x.body.family === 'COMM', day, 60, YEAR);
        if (!m) continue;
        const wards = termByKey(m.term).wards;
        const w = rng.int(1, wards);
        copy(base, m, `${base.title} - ${wards === 44 ? WARDS_44[w - 1].name : `Ward ${w} ${WARDS_25[w - 1].name}`}`, { wardIds: [w], wardModel: wards });
      }
    }
  }
  return out;
}
