// Meeting calendar per body and term: Council monthly over two or three days, committees and community councils between.
import { dayOf, nextWeekday, weekday } from '../common/dates.ts';
import type { Rng } from '../common/rng.ts';
import type { Body, Meeting, Term } from '../common/types.ts';
import { TERMS } from './terms.ts';

const PER_YEAR: Record<string, number> = { CC: 10, EX: 9, BU: 6, AU: 4, TE: 8, NY: 8, EY: 8, SC: 8 };
const CIVIC: Record<string, string> = {
  NY: 'Council Chamber, North York Civic Centre', EY: 'Council Chamber, Etobicoke Civic Centre', SC: 'Council Chamber, Scarborough Civic Centre',
  TE: 'Committee Room 1, City Hall', CC: 'Council Chamber, City Hall',
};
const COVID_FROM = dayOf('2020-04-01'), COVID_TO = dayOf('2022-06-30');

export function buildMeetings(rng: Rng, bodies: Body[], asOfDay: number): Meeting[] {
  const meetings: Meeting[] = [];
  let nextId = 12001;
  for (const term of TERMS) {
    for (const body of bodies.filter((b) => b.term === term.key)) {
      const rate = PER_YEAR[body.code] ?? 8;
      const days: number[][] = [];
      if (body.code === 'CC') days.push([term.inaugural]); // FM1 happens at the inaugural Council meeting
      for (let y = 0; y < 4; y++) {
        for (let mo = 0; mo < 12; mo++) {
          const first = dayOf(`${new Date(term.start * 86_400_000).getUTCFullYear() + y}-${String(mo + 1).padStart(2, '0')}-01`);
          if (first <= term.inaugural + 20 || first > term.end - 10) continue;
          if (mo === 7 || !rng.chance(rate / 11)) continue; // no meetings in August
          if (body.code === 'CC') {
            const tue = nextWeekday(first + 18 + rng.int(0, 6), [2]);
            days.push(rng.chance(0.6) ? [tue, tue + 1, tue + 2] : [tue, tue + 1]);
          } else {
            const offset = body.family === 'COMM' ? rng.int(0, 8) : rng.int(1, 14);
            days.push([nextWeekday(first + offset)]);
          }
        }
      }
      days.sort((a, b) => a[0] - b[0]);
      let number = 0;
      for (const d of days) {
        if (d[0] > asOfDay || d[d.length - 1] > term.end) continue;
        number++;
        const loc = d[0] >= COVID_FROM && d[0] <= COVID_TO ? 'Video Conference'
          : CIVIC[body.code] ?? `Committee Room ${1 + (body.decisionBodyId % 2)}, City Hall`;
        meetings.push({ meetingId: nextId++, term: term.key, body, number, days: d, location: loc,
          start: body.code === 'CC' ? '09:30 AM' : weekday(d[0]) === 1 ? '01:00 PM' : '09:30 AM', end: body.code === 'CC' ? '08:00 PM' : '06:00 PM' });
      }
    }
  }
  return meetings;
}

export function termByKey(key: string): Term { return TERMS.find((t) => t.key === key)!; }

/** First Council meeting on or after a day within the same term (where committee items go next). */
export function nextCouncil(meetings: Meeting[], term: string, day: number): Meeting | null {
  let best: Meeting | null = null;
  for (const m of meetings) if (m.term === term && m.body.code === 'CC' && m.number > 1 && m.days[0] >= day && (!best || m.days[0] < best.days[0])) best = m;
  return best;
}
