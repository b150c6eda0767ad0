// Text and place of one agenda item: address, planning application number, title, HTML summary and subject terms.
import { DIR_LONG, STREET_TYPE_LONG, STREETS, WARDS_25, WARDS_44 } from '../data/places.ts';
import { PARK_NAMES, TOPICS, type TopicCtx } from '../data/topics.ts';
import type { Rng } from '../common/rng.ts';
import type { Address } from '../common/types.ts';

let addressSeq = 0;
const LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

export function resetAddressIds(): void { addressSeq = 0; }

export function makeAddress(rng: Rng, ward25: number): Address {
  const [name, type, dir] = rng.pick(STREETS);
  const num = String(rng.chance(0.7) ? rng.int(1, 400) * 2 + (rng.chance(0.5) ? 1 : 0) : rng.int(1000, 4800));
  const w = WARDS_25[ward25 - 1];
  const street = [name, type, dir].filter(Boolean).join(' ');
  const long = [num, name, STREET_TYPE_LONG[type], DIR_LONG[dir]].filter(Boolean).join(' ');
  const postalCode = `M${rng.int(1, 9)}${rng.pick([...LETTERS])} ${rng.int(1, 9)}${rng.pick([...LETTERS])}${rng.int(0, 9)}`;
  return { addressId: 700_000 + ++addressSeq * 3, streetNumber: num, streetName: name, streetType: type, streetDirection: dir,
    ward25, lat: +(w.lat + (rng.next() - 0.5) * 0.03).toFixed(6), lon: +(w.lon + (rng.next() - 0.5) * 0.04).toFixed(6),
    postalCode, short: `${num} ${street}`, long };
}

const DISTRICT: Record<string, string> = { TE: 'STE', NY: 'NNY', EY: 'WET', SC: 'ESC' };
export function planningApp(rng: Rng, year: number, community: string, ward: number): string {
  return `${String(year % 100).padStart(2, '0')} ${rng.int(100000, 299999)} ${DISTRICT[community] ?? 'STE'} ${String(ward).padStart(2, '0')} ${rng.pick(['OZ', 'OZ', 'SA', 'RH'])}`;
}

const VENDOR_PLACE = ['Northland', 'Lakeshore', 'Metro', 'Summit', 'Ridgeway', 'Harbourfront', 'Keystone', 'Greenbelt', 'Crescent',
  'Beacon', 'Trillium', 'Humber', 'Bayview', 'Rouge Valley', 'Kingsway', 'Highland'];
const VENDOR_TRADE = ['Facility Services', 'Systems', 'Technologies', 'Contracting', 'Environmental', 'Maintenance', 'Solutions',
  'Infrastructure', 'Data Services', 'Fleet Services', 'Cloud Services', 'Consulting'];
/** The supplier an item names ("Amendment to Contract with Keystone Systems Inc."): contracts are with a named firm. */
export function vendorName(rng: Rng): string {
  return `${rng.pick(VENDOR_PLACE)} ${rng.pick(VENDOR_TRADE)} ${rng.pick(['Inc.', 'Inc.', 'Ltd.', 'Corporation', 'Limited'])}`;
}

export function makeCtx(rng: Rng, year: number, ward25: number, ward44: number | null, addr: Address | null, app: string | null, org: string): TopicCtx {
  const [s1, t1, d1] = rng.pick(STREETS), [s2, t2] = rng.pick(STREETS);
  return {
    addr: addr?.short ?? '', addrLong: addr?.long ?? '', street: addr ? [addr.streetName, addr.streetType, addr.streetDirection].filter(Boolean).join(' ') : [s1, t1, d1].filter(Boolean).join(' '),
    cross: [s2, t2].filter(Boolean).join(' '), ward: ward44 ? WARDS_44[ward44 - 1].name : `Ward ${ward25} ${WARDS_25[ward25 - 1].name}`,
    year, n: rng.int(1, 999), storeys: rng.int(6, 58), units: rng.int(40, 900), org, park: rng.pick(PARK_NAMES), app: app ?? '',
  };
}

export function itemTitle(rng: Rng, topicIndex: number, ctx: TopicCtx): string {
  return rng.pick(TOPICS[topicIndex].titles)(ctx);
}

/** HTML summary with the entities TMMIS uses (&rsquo; &nbsp;). */
export function itemSummary(rng: Rng, topicIndex: number, ctx: TopicCtx, title: string): string {
  const topic = TOPICS[topicIndex];
  if (topic.category === 'Planning/Development') {
    return `<p>This application proposes a ${ctx.storeys}-storey mixed-use building at ${ctx.addrLong} containing ${ctx.units} dwelling units and retail uses at grade.&nbsp;</p>`
      + `<p>The proposal is consistent with the Provincial Policy Statement (2020) and conforms with the City&rsquo;s Official Plan.</p>`;
  }
  const lead = rng.pick(['This report recommends', 'This report responds to City Council&rsquo;s request and recommends', 'The purpose of this report is to recommend']);
  return `<p>${lead} actions on ${title.replace(/&/g, '&amp;').replace(/'/g, '&rsquo;')}.</p><p>Staff consulted with stakeholders&nbsp;and the public on ${topic.subject.split(';')[0]}.</p>`;
}

export function subjectTerms(rng: Rng, topicIndex: number): string {
  const s = TOPICS[topicIndex].subject;
  return rng.chance(0.1) ? `[${s}]` : s; // bracketed lists occur in TMMIS
}

export const STATUS_UNVOTED = ['ADOPTED', 'ADOPTED', 'ADOPTED', 'ADOPTED', 'ADOPTED', 'AMENDED', 'AMENDED', 'RECEIVED', 'RECEIVED',
  'REFERRED', 'POSTPONE', 'NOTDFIL', 'WITHDRAW', 'NO_ACTN', 'DEEMADPT', 'CONFRMED', 'WO_RECS', 'DEFERIND'];
