// Writes the council-side files: decision bodies JSON, meeting schedule CSV, elected officials CSV.
import { isoOf, torontoMidnightMs } from '../common/dates.ts';
import { WARDS_25 } from '../data/places.ts';
import type { Council } from '../council/members.ts';
import { nameOn, TERMS } from '../council/terms.ts';
import type { Rng } from '../common/rng.ts';
import { ascii, csvRow } from '../common/text.ts';
import type { Body, Meeting } from '../common/types.ts';
import { writeWhole } from './out.ts';

const slug = (s: string) => ascii(s).toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function writeDecisionBodies(outDir: string, bodies: Body[], council: Council): void {
  for (const term of TERMS) {
    const recs = bodies.filter((b) => b.term === term.key).map((b) => ({
      decisionBodyId: b.decisionBodyId, decisionBodyName: b.name, committeeCode: { committeeCode: b.code },
      term: { termId: term.termId, termType: term.key, termStartDate: torontoMidnightMs(term.start), termEndDate: torontoMidnightMs(term.end) },
      dbdyStatusCd: 'ACTIVE', decisionBodyPublishLabelCd: b.label,
      members: b.members.map((a) => {
        const m = council.byId.get(a.memberId)!, n = nameOn(m, a.start);
        const mayor = council.tenures.some((x) => x.memberId === a.memberId && x.role === 'Mayor' && x.start <= a.start && a.start <= x.end);
        return { memberId: m.memberId, firstName: n.first, lastName: n.last, salutationCd: mayor ? 'MAYOR' : 'COUNCILR',
          apptStartDate: torontoMidnightMs(a.start), apptEndDate: a.end === null ? null : torontoMidnightMs(a.end),
          memberUrl: `https://secure.toronto.ca/council/profile.do?memberId=${m.memberId}`, ...(a.role ? { role: a.role } : {}) };
      }),
    }));
    writeWhole(`${outDir}/tmmis/decision-bodies-${term.key}.json`, JSON.stringify(recs, null, 1));
  }
}

export function writeSchedule(outDir: string, meetings: Meeting[]): void {
  for (const term of TERMS) {
    let s = csvRow(['Term', 'Committee', 'MTG #', 'Date', 'Start Time', 'End Time', 'Location']);
    for (const m of meetings.filter((x) => x.term === term.key)) {
      for (const d of m.days) s += csvRow([term.key, m.body.name, String(m.number), isoOf(d), m.start, m.end, m.location]);
    }
    writeWhole(`${outDir}/meeting-schedule/VW_OPEN_MEETING_SCHEDULE_${term.key.replace('-', '_')}.csv`, s);
  }
}

/** Contact lists as of the end of the term (2018-2022 still had a Fax column; the 2022-2026 file dropped it). */
export function writeContacts(rng: Rng, outDir: string, council: Council): void {
  for (const term of TERMS.filter((t) => t.wards === 25)) {
    const fax = term.key === '2018-2022';
    const head = ['District name', 'District ID', 'Primary role', 'First name', 'Last name', 'Email', 'Photo URL', 'Website',
      'Address line 1', 'Address line 2', 'Locality', 'Postal code', 'Province', 'Phone', ...(fax ? ['Fax'] : []), 'Personal Website'];
    let s = csvRow(head);
    const at = term.end;
    const row = (district: string, id: string, role: string, memberId: number | null, suite: string) => {
      const n = memberId ? nameOn(council.byId.get(memberId)!, at) : { first: 'None', last: 'None' };
      const email = memberId ? `${role === 'Mayor' ? 'mayor' : 'councillor'}_${slug(n.last).replace(/-/g, '')}@toronto.ca` : 'None';
      const phone = `416-392-${String(rng.int(1000, 9999))}`;
      s += csvRow([district, id, role, n.first, n.last, email, memberId ? `https://www.toronto.ca/wp-content/uploads/${slug(n.first + ' ' + n.last)}.jpg` : 'None',
        memberId ? `https://www.toronto.ca/city-government/council/members-of-council/${slug(n.first + ' ' + n.last)}/` : 'None',
        '100 Queen St W', suite, 'Toronto', 'M5H 2N2', 'Ontario', memberId ? phone : 'None', ...(fax ? [memberId ? `416-696-${rng.int(1000, 9999)}` : 'None'] : []), '']);
    };
    const mayor = council.tenures.filter((x) => x.term === term.key && x.role === 'Mayor').sort((a, b) => b.start - a.start)[0];
    row('Toronto', '', 'Mayor', mayor.memberId, '2nd Floor');
    for (const w of WARDS_25) {
      const seat = council.tenures.find((x) => x.term === term.key && x.role === 'Councillor' && x.ward === w.n && x.end >= at);
      row(w.name, String(w.n), 'Councillor', seat?.memberId ?? null, `Suite C${String(w.n + 40)}`);
    }
    writeWhole(`${outDir}/elected-officials/${term.key}-elected-officials-contact.csv`, s);
  }
}
