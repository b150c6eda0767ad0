// Planted ward quirk of TMMIS agenda items (truth key `staleWards`, sample/README.md). Toronto went from 44 to 25 wards
// on 2018-12-01, and a TMMIS record of the 25-ward era can still carry its area's 44-ward number: a ward the model in
// force does not have, which the pipeline must drop (and, where the item names a site, replace by the site's ward).
// Two stale records are planted, one naming a site and one naming none; the null is an item of the 44-ward era whose
// ward 26-44 is legitimate and must be kept. Items are picked in meeting order without drawing, and only the wards
// their TMMIS records carry change, so no stream moves and every other file stays byte-identical.
import { isoOf } from '../common/dates.ts';
import type { Item } from '../common/types.ts';
import { WARDS_44, ward44to25, wardsInModel } from '../data/places.ts';

export interface StaleWardsTruth {
  /** First day of the 25-ward model. */
  boundary: string;
  /** Items of the 25-ward era whose TMMIS records carry a 44-ward number: `ward` is the item's ward (25-ward model). */
  stale: { reference: string; meetingDate: string; wardId: number; ward: number; address: string | null }[];
  /** Items of the 44-ward era whose TMMIS ward above 25 is legitimate. */
  kept: { reference: string; meetingDate: string; wardId: number }[];
}

/** Plant the stale wards into `items` (their `tmmisWardIds`); returns the planted truth. */
export function plantStaleWards(items: readonly Item[]): StaleWardsTruth {
  const ordered = items.filter((it) => it.reference && it.agendaCd !== 'FM')
    .sort((a, b) => a.meeting.days[0] - b.meeting.days[0] || (a.reference! < b.reference! ? -1 : 1));
  const wardsIn = (it: Item, model: 25 | 44) => wardsInModel(it.wardIds, it.wardModel, model);
  const stale: StaleWardsTruth['stale'] = [];
  for (const withSite of [true, false]) {
    const it = ordered.find((x) => x.term.wards === 25 && !x.tmmisWardIds && !!x.address === withSite
      && wardsIn(x, 25).length === 1 && oldWardAbove25(wardsIn(x, 25)[0]!) !== null);
    if (!it) continue;
    const ward = wardsIn(it, 25)[0]!;
    it.tmmisWardIds = [oldWardAbove25(ward)!];
    stale.push({ reference: it.reference!, meetingDate: isoOf(it.meeting.days[0]), wardId: it.tmmisWardIds[0]!, ward, address: it.address?.short ?? null });
  }
  const era44 = ordered.filter((x) => x.term.wards === 44 && wardsIn(x, 44).length === 1);
  // a legitimate ward above 25 occurs naturally in every sample city tried; the fallback keeps the null at any scale
  let kept = era44.find((x) => wardsIn(x, 44)[0]! > 25);
  if (!kept) {
    kept = era44.find((x) => oldWardAbove25(ward44to25(wardsIn(x, 44)[0]!)) !== null);
    if (kept) kept.tmmisWardIds = [oldWardAbove25(ward44to25(wardsIn(kept, 44)[0]!))!];
  }
  return {
    boundary: '2018-12-01',
    stale,
    kept: kept ? [{ reference: kept.reference!, meetingDate: isoOf(kept.meeting.days[0]), wardId: (kept.tmmisWardIds ?? wardsIn(kept, 44))[0]! }] : [],
  };
}

/** The lowest 44-ward numbered above 25 whose area lies in 25-ward `w25`, or null when none does. */
function oldWardAbove25(w25: number): number | null {
  return WARDS_44.find((x) => x.n > 25 && ward44to25(x.n) === w25)?.n ?? null;
}
