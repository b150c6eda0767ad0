// Development applications (City Planning CSV, §4.2): one application on one or more address rows, X/Y in NAD27 MTM 10,
// plus every planning application named by an agenda item, at the item's address.
import { dayOf, yearOf } from '../common/dates.ts';
import { CC_25, WARDS_25 } from '../data/places.ts';
import type { Point, Geo } from '../geo/address-points.ts';
import { pointKey } from '../geo/address-points.ts';
import { toMtm } from '../geo/mtm.ts';
import { fsaAt } from '../geo/postal.ts';
import type { Rng } from '../common/rng.ts';
import type { Item } from '../common/types.ts';
import type { LookalikeSites } from './lookalikes.ts';
import { aicUrl, describe, planner, tsText, monDay } from './text.ts';

export interface AppRow { num: string; name: string; type: string; dir: string; fsa: string; xy: { x: number; y: number } | null; point: Point | null; how: 'exact' | 'range' | 'near-miss' | 'unknown-street' }
export interface DevApp { number: string; type: string; day: number; status: string; description: string; ref: string; folderRsn: string; ward: number; rows: AppRow[]; parent: string; item: Item | null; meeting: number | null;
  /** a look-alike of an agenda item's file (lookalikes.ts): not the item's application, but easy to take for it */
  lookalikeOf?: { number: string; how: 'next-door' | 'twin-street' | 'same-site-earlier' | 'same-site-later' } }

const DISTRICT: Record<string, string> = { TE: 'STE', NY: 'NNY', EY: 'WET', SC: 'ESC' };
export const districtOfWard = (w: number) => DISTRICT[Object.entries(CC_25).find(([, ws]) => ws.includes(w))![0]];
const START = dayOf('2008-01-02');
const OLD_STATUS = ['Closed', 'Closed', 'Closed', 'OMB Approved', 'Council Approved', 'Final Approval Completed', 'Approved', 'NOAC Issued', 'Draft Plan Approved', 'OMB Appeal'];
const NEW_STATUS = ['Under Review', 'Under Review', 'Circulated', 'Accepted', 'Appeal Received', 'Application Received', 'NOAC Issued', 'Council Approved', 'Closed'];
const UNKNOWN_STREETS = [['LAKEVIEW PARK', 'GT'], ['ORCHARD HEIGHTS', 'BLVD'], ['CAMBRIDGE', 'CRES'], ['SUMMERHILL GARDENS', 'DR'], ['WINDERMERE', 'CRT']];

export function exactRow(p: Point, how: AppRow['how'] = 'exact', num?: string): AppRow {
  return { num: num ?? (p.hi ? `${p.lo}-${p.hi}` : `${p.lo}${p.suf}`), name: p.street.name.toUpperCase(), type: p.street.type.toUpperCase(), dir: p.street.dir,
    fsa: fsaAt(p.ward, p.lat, p.lon), xy: toMtm(p.lat, p.lon), point: p, how };
}

/** The app's rows: its main address, sometimes neighbours on the same street, a range, a near miss or no X/Y. */
function rowsFor(rng: Rng, geo: Geo, main: Point, extra: number, forItem: boolean): AppRow[] {
  const rows = [exactRow(main)];
  // A quarter of the agenda's applications write the item's address inside a range (`50-60`): same site, other text.
  if (forItem && rng.chance(0.25)) rows[0] = exactRow(main, 'range', `${main.lo}-${main.lo + 2 * rng.int(1, 5)}`);
  const same = geo.byStreet.get(main.street)!;
  const at = same.indexOf(main);
  for (let k = 1; k <= extra && at + k < same.length; k++) {
    const p = same[at + k];
    if (p.ward !== main.ward) break;
    rows.push(rng.chance(0.25) && p.lo > main.lo && (p.lo - main.lo) % 2 === 0 ? exactRow(main, 'range', `${main.lo}-${p.lo}`) : exactRow(p));
  }
  const roll = forItem ? 1 : rng.next();
  if (roll < 0.03) {
    // Near miss: same street side, number off by 2-10, and no such address point.
    for (let tries = 0; tries < 8; tries++) {
      const no = main.lo + 2 * rng.int(1, 5) * (rng.chance(0.5) ? 1 : -1);
      if (no > 0 && !geo.byKey.has(pointKey(main.street.full, no))) { rows[0] = { ...exactRow(main, 'near-miss', String(no)), point: null }; break; }
    }
  } else if (roll < 0.04) {
    const [name, type] = rng.pick(UNKNOWN_STREETS);
    rows[0] = { ...rows[0], num: String(rng.int(1, 300)), name, type, dir: '', point: null, how: 'unknown-street' };
  }
  if (rng.chance(0.02)) rows[0] = { ...rows[0], xy: null };
  return rows;
}

export function buildApps(rng: Rng, scale: number, geo: Geo, items: Item[], asOfDay: number, lookalikes = new Map<string, LookalikeSites>()): DevApp[] {
  const apps: DevApp[] = [], used = new Set<string>();
  const itemFiles = new Set(items.map((it) => it.planningApp)); // look-alikes are numbered before every item's file is
  const newNumber = (year: number, ward: number, type: string) => {
    let n: string;
    do n = `${String(year % 100).padStart(2, '0')} ${rng.int(100000, 299999)} ${districtOfWard(ward)} ${String(ward).padStart(2, '0')} ${type}`; while (used.has(n) || itemFiles.has(n));
    used.add(n);
    return n;
  };
  const make = (number: string, type: string, day: number, main: Point, item: Item | null, plain = false): DevApp => {
    const age = asOfDay - day;
    const status = age > 1500 || (age > 700 && rng.chance(0.6)) ? rng.pick(OLD_STATUS) : rng.pick(NEW_STATUS);
    const storeys = type === 'OZ' || type === 'SA' ? rng.int(3, 62) : rng.int(2, 12);
    const units = Math.max(4, Math.round(storeys * rng.int(6, 16)));
    const size = { storeys, units, gfa: rng.int(1, 90) * 50, lots: rng.int(2, 40) };
    const extra = rng.chance(0.2) ? rng.int(1, 3) : 0;
    const app: DevApp = { number, type, day, status, description: describe(rng, type, size), ref: '', folderRsn: String(rng.int(4_000_000, 5_200_000) + apps.length),
      ward: main.ward, rows: plain ? [exactRow(main)] : rowsFor(rng, geo, main, extra, item !== null), parent: '', item, meeting: type === 'OZ' && rng.chance(0.3) ? day + rng.int(40, 200) : null };
    apps.push(app);
    return app;
  };
  // Planning items of the agenda: the application TMMIS names, at the item's address (the join the City documents).
  for (const it of items) {
    if (!it.planningApp || !it.address || used.has(it.planningApp)) continue;
    used.add(it.planningApp);
    const a = it.address, main = geo.byKey.get(pointKey([a.streetName, a.streetType, a.streetDirection].filter(Boolean).join(' '), parseInt(a.streetNumber, 10)));
    if (!main) continue;
    const year = 2000 + +it.planningApp.slice(0, 2);
    const day = Math.min(it.meeting.days[0] - 30, Math.max(dayOf(`${year}-01-02`), it.meeting.days[0] - rng.int(120, 700)));
    const app = make(it.planningApp, it.planningApp.slice(-2), Math.max(START, Math.min(day, dayOf(`${year}-12-28`))), main, it);
    // Look-alike files around it, each an ordinary application with its own number and dates: next door and on
    // the twin street at about the same time, and a second file on the same site years before or after.
    const near = lookalikes.get(app.number);
    const around = (p: Point, how: NonNullable<DevApp['lookalikeOf']>['how'], d: number, types: string[]) => {
      const type = rng.pick(types);
      make(newNumber(yearOf(d), p.ward, type), type, d, p, null, true).lookalikeOf = { number: app.number, how };
    };
    const nearDay = () => Math.max(START, Math.min(asOfDay - 10, app.day + rng.int(-1000, 1000)));
    if (near?.neighbour) around(near.neighbour, 'next-door', nearDay(), ['OZ', 'OZ', 'SA', 'SA', 'CD', 'PL']);
    if (near?.twin) around(near.twin, 'twin-street', nearDay(), ['OZ', 'SA', 'SA', 'CD']);
    if (rng.chance(0.3)) {
      const earlier = app.day - rng.int(4 * 365, 11 * 365), later = it.meeting.days[0] + rng.int(550, 1800);
      if (earlier >= START) around(main, 'same-site-earlier', earlier, ['SA', 'OZ', 'CD']);
      else if (later <= asOfDay - 10) around(main, 'same-site-later', later, ['SA', 'CD']);
    }
  }
  const nRows = Math.max(60, Math.round(26_600 * scale));
  const arterial = geo.points.filter((p) => p.street.arterial);
  let rows = apps.reduce((s, a) => s + a.rows.length, 0);
  while (rows < nRows) {
    const type = rng.weighted(['OZ', 'SA', 'CD', 'SB', 'PL'], [30, 42, 16, 4, 8]);
    const main = type === 'OZ' || type === 'SA' ? (rng.chance(0.7) ? rng.pick(arterial) : rng.pick(geo.points)) : rng.pick(geo.points);
    const day = START + Math.floor(Math.pow(rng.next(), 0.9) * (asOfDay - 10 - START));
    const app = make(newNumber(yearOf(day), main.ward, type), type, day, main, null);
    rows += app.rows.length;
  }
  // Site plans and condominiums often follow a rezoning of the same site: the parent folder.
  const oz = apps.filter((a) => a.type === 'OZ');
  for (const a of apps) if ((a.type === 'SA' || a.type === 'CD') && oz.length && rng.chance(0.12)) {
    const p = rng.pick(oz);
    if (p.day < a.day) { a.parent = p.number; a.ref = p.number; }
  }
  apps.sort((x, y) => x.day - y.day || (x.number < y.number ? -1 : 1));
  return apps;
}

const HEADER = ['APPLICATION_TYPE', 'APPLICATION#', 'STREET_NUM', 'STREET_NAME', 'STREET_TYPE', 'STREET_DIRECTION', 'POSTAL', 'DATE_SUBMITTED', 'STATUS', 'X', 'Y',
  'DESCRIPTION', 'REFERENCE_FILE#', 'FOLDERRSN', 'WARD_NUMBER', 'WARD_NAME', 'COMMUNITY_MEETING_DATE', 'COMMUNITY_MEETING_TIME', 'COMMUNITY_MEETING_LOCATION',
  'APPLICATION_URL', 'CONTACT_NAME', 'CONTACT_PHONE', 'CONTACT_EMAIL', 'PARENT_FOLDER_NUMBER'];
const coord = (v: number) => String(+v.toFixed(3));

/** Rows as the City writes them; returns each application's first data-row position (1-based) for the truth. */
export function appLines(rng: Rng, apps: DevApp[]): { header: string[]; rows: string[][]; firstRow: Map<string, number> } {
  const rows: string[][] = [], firstRow = new Map<string, number>();
  for (const a of apps) {
    firstRow.set(a.number, rows.length + 1);
    const [cName, cPhone, cMail] = planner(rng), url = aicUrl(rng), w = WARDS_25[a.ward - 1];
    const meet = a.meeting === null ? ['', '', ''] : [monDay(rng, a.meeting, 1), rng.pick(['6:30 p.m. to 8:30 p.m.', '7:00 p.m. to 9:00 p.m.', '6:00 p.m. to 8:00 p.m.']),
      rng.pick(['Virtual Community Consultation', `${w.name} Community Centre`, 'North York Civic Centre, 5100 Yonge St', 'Metro Hall, 55 John St'])];
    for (const r of a.rows) rows.push([a.type, a.number, r.num, r.name, r.type, r.dir || ' ', r.fsa, tsText(a.day), a.status, r.xy ? coord(r.xy.x) : '', r.xy ? coord(r.xy.y) : '',
      a.description, a.ref, a.folderRsn, String(a.ward), w.name, ...meet, url, cName, cPhone, cMail, a.parent]);
  }
  return { header: HEADER, rows, firstRow };
}
