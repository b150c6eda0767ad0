// Writes TMMIS agenda-item records per term in the API envelope (one page holding every record).
import { torontoMidnightMs } from '../common/dates.ts';
import { TERMS } from '../council/terms.ts';
import { wardsInModel } from '../data/places.ts';
import type { Rng } from '../common/rng.ts';
import type { Item, Meeting } from '../common/types.ts';
import { Out } from './out.ts';

const DECISION: Record<string, string> = {
  ADOPTED: 'adopted the item', AMENDED: 'adopted the item as amended', RECEIVED: 'received the item for information',
  REFERRED: 'referred the item', NOTADOPT: 'did not adopt the item', POSTPONE: 'deferred consideration of the item',
};

interface Rec { sortDay: number; ref: string; json: string }

export function writeAgendaItems(rng: Rng, outDir: string, items: Item[]): number {
  let total = 0;
  for (const term of TERMS) {
    const recs: Rec[] = [];
    const push = (it: Item, aid: number, meeting: Meeting, status: string) => {
      const a = it.address;
      const rec = {
        id: `ID_${aid}`, termId: term.termId, agendaItemId: aid, councilAgendaItemId: it.council?.agendaItemId ?? aid,
        decisionBodyId: meeting.body.decisionBodyId, meetingId: meeting.meetingId, itemProcessId: rng.int(1, 8),
        decisionBodyName: meeting.body.name, meetingDate: torontoMidnightMs(meeting.days[0]), reference: it.reference,
        termYear: String(it.termYear), agendaCd: it.agendaCd, meetingNumber: String(it.meeting.number), itemStatus: status,
        agendaItemTitle: it.title, agendaItemSummary: it.summary, agendaItemRecommendation: '',
        decisionRecommendations: `<p>The&nbsp;${meeting.body.name} ${DECISION[status] ?? 'considered the item'}.&nbsp;</p>`,
        decisionAdvice: '', subjectTerms: it.subjectTerms, backgroundAttachmentId: it.summary.length % 3 ? [200_000 + aid * 2] : [],
        // TMMIS numbers wards in the model in force at the item's meeting (a look-alike copy keeps its original's)
        wardId: it.tmmisWardIds ?? wardsInModel(it.wardIds, it.wardModel, it.term.wards),
        agendaItemAddress: a ? [{ agendaItemId: aid, addressId: a.addressId, streetNumber: a.streetNumber, streetName: a.streetName,
          streetType: a.streetType, streetDirection: a.streetDirection || null, intersectionStreetName1: null, intersectionStreetName2: null,
          city: 'Toronto', province: 'ON', country: 'Canada', postalCode: a.postalCode, latitude: a.lat, longitude: a.lon, fullAddress: `${a.short}, Toronto, ON ${a.postalCode}` }] : [],
        address: a ? [a.short] : [], geoLocation: a ? [`${a.lat},${a.lon}`] : [],
        ...(it.planningApp ? { planningApplicationNumber: it.planningApp } : {}),
        neighbourhoodId: it.neighbourhoodIds,
      };
      recs.push({ sortDay: meeting.days[0], ref: it.refKey, json: JSON.stringify(rec) });
    };
    for (const it of items) {
      if (it.term.key !== term.key) continue;
      push(it, it.agendaItemId, it.meeting, it.status);
      for (const d of it.duplicateIds) push(it, d, it.meeting, it.status);
      if (it.council) push(it, it.council.agendaItemId, it.council.meeting, it.council.status);
    }
    recs.sort((x, y) => x.sortDay - y.sortDay || (x.ref < y.ref ? -1 : x.ref > y.ref ? 1 : 0));
    const o = new Out(`${outDir}/tmmis/agenda-items-${term.key}.json`);
    o.text(`{"TotalRecordCount":${recs.length},"TotalPages":1,"PageSize":${recs.length},"PageNumber":1,"Result":"OK","Records":[\n`);
    recs.forEach((r, i) => o.text(r.json + (i + 1 < recs.length ? ',\n' : '\n')));
    o.text(']}\n');
    o.close();
    total += recs.length;
  }
  return total;
}
