// Committee of Adjustment applications (§5.2): the active file (`WARD`, zero-padded, junk `YY`) and the file of
// applications closed since 2017 (`WARD_NUMBER`, `WARD_NAME`, `FINALDATE`, contacts), with the City's messy values.
import { dayOf, isoOf } from '../common/dates.ts';
import { CC_25, WARDS_25 } from '../data/places.ts';
import type { Geo, Point } from '../geo/address-points.ts';
import { fsaAt } from '../geo/postal.ts';
import type { Rng } from '../common/rng.ts';
import type { PlantedCoa } from './lookalikes.ts';
import { aicUrl, monDay, planner, tsText } from './text.ts';

const PANEL: Record<string, [string, string]> = { TE: ['Toronto East York', 'TEY'], NY: ['North York', 'NY'], EY: ['Etobicoke York', 'EYK'], SC: ['Scarborough', 'SC'] };
const panelOf = (w: number) => PANEL[Object.entries(CC_25).find(([, ws]) => ws.includes(w))![0]];
const SUB_TYPES = ['New Res dwellings <= 3 units', 'Add/Alt to Existing Res <= 3 units', 'AddAlt to Res <= 3 units with OTC', 'All Other'];
const MV_WORK = ['New R Building', 'R Addition', 'R Addition', 'Other', 'Deck/Porch', 'Secondary Suite'];
const CO_WORK = ['Sever Lot', 'Sever Lot', 'Lot Addition', 'Create New Easement/ROW', 'Validation of Title', 'Leases over 21 Years', 'Mortgage/Mortgage Discharge'];
const ZONING_REVIEW = ['Zoning Review', 'Zoning Waiver', 'Preliminary Project Review', 'Waiver', 'Zoning Notice', ''];
const ZONES = ['RD (f15.0; a550) (x5)', 'R (d0.6) (x736)', 'RS (f9.0; a275) (x105)', 'RM (f12.0; u2; d0.8)', 'CR 3.0 (c2.0; r2.5) SS2 (x2458)', 'R6', 'RD (f12.0; a370)'];
const DECISIONS = ['Approved', 'Approved', 'Approved', 'APPROVED', 'Approved on condition', 'Approved with Conditions', 'conditional approval', 'Conditionally Approved',
  'Refused', 'REFUSED', 'refused', 'Deferred', 'DEFFERED', 'Withdrawn', 'DELEGATED CONSENT REFUSED', 'Partially Approved'];
const CLOSED_STATUS = ['Closed', 'Closed', 'Closed', 'Approved', 'Approved with Conditions', 'Refused', 'Conditional Consent', 'Await Expiry Date', 'TLAB Appeal', 'OMB Appeal', 'Appealed'];
const ACTIVE_STATUS = ['Application Received', 'Accepted', 'In Process', 'In Progress', 'Hearing Scheduled', 'Tentatively Scheduled', 'Notice Prepared', 'Prepare Notice',
  'Hearing Rescheduled', 'Postponed', 'Deferred'];
const LOCATIONS = ['Virtual Hearing', 'Council Chamber, North York Civic Centre, 5100 Yonge St., M2N 5V7', 'Committee Room 2, Toronto City Hall, 100 Queen St. W.',
  'Council Chamber, Etobicoke Civic Centre, 399 The West Mall', 'Council Chamber, Scarborough Civic Centre, 150 Borough Dr.'];

interface CoaRow { cells: Record<string, string> }
const COMMON = ['SYS_ID', 'APPLICATION_TYPE', 'IN_DATE', 'PLANNING_DISTRICT'];
const ADDR = ['STREET_NUM', 'STREET_NAME', 'STREET_TYPE', 'STREET_DIRECTION', 'POSTAL', 'REFERENCE_FILE#', 'SUB_TYPE', 'WORK_TYPE', 'ZONING_REVIEW', 'ZONING_DESIGNATION',
  'COMMUNITY', 'EMPLOYMENT_DISTRICT', 'DESCRIPTION', 'HEARING_DATE', 'TIME_OF_MEETING', 'MEETING_LOCATION', 'C_OF_A_DESCISION', 'ANYONE_OBJECT_AT_MEETING',
  'APPEAL_EXPIRY_DATE', 'OMB_ORDER_DATE', 'OMB_DESCISION', 'NUMBER_OF_LOTS_CREATED', 'CONDITION_EXPIRY_DATE', 'STATUSDESC'];
export const COA_ACTIVE_HEADER = [...COMMON, 'WARD', ...ADDR];
export const COA_CLOSED_HEADER = [...COMMON, 'WARD_NUMBER', 'WARD_NAME', ...ADDR, 'FINALDATE', 'COMMUNITY_MEETING_DATE', 'COMMUNITY_MEETING_TIME',
  'COMMUNITY_MEETING_LOCATION', 'APPLICATION_URL', 'PARENT_FOLDER_NUMBER', 'CONTACT_NAME', 'CONTACT_PHONE', 'CONTACT_EMAIL'];

// Reference numbers run per kind, year and panel (A0123/24TEY is the 123rd minor variance of 2024 at Toronto and
// East York), so they are unique the way the City's are.
const refCounters = new Map<string, number>();

function refNo(rng: Rng, kind: string, day: number, suffix: string): string {
  const yy = isoOf(day).slice(2, 4);
  if (day < dayOf('2005-01-01')) return rng.pick([`${kind}${yy}${suffix.slice(0, 2)}${rng.int(10, 999)}`, `${kind}${isoOf(day).slice(0, 4)}${suffix[0]}`, '']);
  const key = `${kind}${yy}${suffix}`;
  const seq = (refCounters.get(key) ?? 0) + 1;
  refCounters.set(key, seq);
  return rng.chance(0.03) ? '' : `${kind}${String(seq).padStart(kind === 'B' && rng.chance(0.3) ? 2 : 4, '0')}/${yy}${suffix}`;
}

function row(rng: Rng, p: Point, day: number, closed: boolean, seq: number, asOfDay: number, minorVariance = false): CoaRow {
  const mv = minorVariance || rng.chance(0.82), [district, suffix] = rng.chance(0.005) ? ['Unknown', 'TEY'] : panelOf(p.ward);
  const hearing = day + rng.int(35, 120), decided = closed || hearing < asOfDay;
  const decision = decided ? rng.chance(0.04) ? `Deferred ${monDay(rng, hearing, 0.5)}` : rng.pick(DECISIONS) : '';
  const appeal = decided && /approv|refus/i.test(decision) && rng.chance(0.08);
  const tlab = hearing >= dayOf('2017-05-03');
  const c: Record<string, string> = {
    SYS_ID: String(seq), APPLICATION_TYPE: mv ? 'MV' : 'CO', IN_DATE: isoOf(day), PLANNING_DISTRICT: district,
    STREET_NUM: p.hi ? `${p.lo}-${p.hi}` : `${p.lo}${p.suf}`, STREET_NAME: p.street.name.toUpperCase(), STREET_TYPE: p.street.type.toUpperCase(), STREET_DIRECTION: p.street.dir || ' ',
    POSTAL: rng.chance(0.1) ? '   ' : fsaAt(p.ward, p.lat, p.lon), 'REFERENCE_FILE#': refNo(rng, mv ? 'A' : 'B', day, suffix),
    SUB_TYPE: mv ? rng.pick(SUB_TYPES) : '', WORK_TYPE: mv ? rng.pick(MV_WORK) : rng.pick(CO_WORK), ZONING_REVIEW: rng.pick(ZONING_REVIEW),
    ZONING_DESIGNATION: rng.chance(0.7) ? rng.pick(ZONES) : '', COMMUNITY: rng.chance(0.6) ? district : '', EMPLOYMENT_DISTRICT: '',
    DESCRIPTION: mv ? rng.pick([`To construct a new ${rng.int(2, 3)}-storey detached dwelling with an integral garage.`, 'To construct a rear two-storey addition and a rear deck.',
      'To alter the existing dwelling by constructing a third-storey addition.', 'To permit a secondary suite in the basement.', 'Rear elevated deck', ''])
      : 'The applicant is proposing the division of a parcel of residential lands into two parts for conveyance purposes for the creation of a new residential building lot.',
    HEARING_DATE: decided || rng.chance(0.6) ? monDay(rng, hearing) : '', TIME_OF_MEETING: rng.pick(['9:30 a.m.', '1:30 p.m.', '10:00 a.m.', '3:30 p.m.']),
    MEETING_LOCATION: hearing > dayOf('2020-06-01') ? 'Virtual Hearing' : rng.pick(LOCATIONS), C_OF_A_DESCISION: decision,
    ANYONE_OBJECT_AT_MEETING: decided ? (rng.chance(0.3) ? 'Yes' : 'No') : '', APPEAL_EXPIRY_DATE: decided ? monDay(rng, hearing + 20) : '',
    OMB_ORDER_DATE: appeal ? monDay(rng, hearing + rng.int(120, 500), 0.8) : '', OMB_DESCISION: appeal ? rng.pick(['Appeal Allowed', 'Appeal Dismissed', 'Appeal Withdrawn', 'Allowed in Part', 'Settled']) : '',
    NUMBER_OF_LOTS_CREATED: !mv && decided ? String(rng.pick([1, 1, 2, 0])) : '', CONDITION_EXPIRY_DATE: !mv && decided ? monDay(rng, hearing + 365) : '',
    STATUSDESC: appeal ? (tlab ? 'TLAB Appeal' : 'OMB Appeal') : closed ? rng.pick(CLOSED_STATUS.filter((s) => !/Appeal/.test(s))) : decided ? rng.pick(['Await Expiry Date', 'Approved', 'Approved with Conditions', 'Conditional Consent', 'Refused', 'Deferred', 'Appealed']) : rng.pick(ACTIVE_STATUS),
  };
  if (closed) {
    const [cn, cp, ce] = planner(rng);
    Object.assign(c, { WARD_NUMBER: String(p.ward).padStart(2, '0'), WARD_NAME: WARDS_25[p.ward - 1].name, FINALDATE: tsText(hearing + rng.int(20, 120)),
      COMMUNITY_MEETING_DATE: '', COMMUNITY_MEETING_TIME: '', COMMUNITY_MEETING_LOCATION: '', APPLICATION_URL: aicUrl(rng), PARENT_FOLDER_NUMBER: '', CONTACT_NAME: cn, CONTACT_PHONE: cp, CONTACT_EMAIL: ce });
  } else c.WARD = rng.chance(0.004) ? 'YY' : String(p.ward).padStart(2, '0');
  return { cells: c };
}

/** Both files as header + rows; residential local streets dominate, as for real minor variances and consents.
 *  `planted` minor variances (next door to an agenda item's planning file, lookalikes.ts) join the file of their
 *  date; their reference numbers are returned for the planted truth. */
export function buildCoa(rng: Rng, scale: number, geo: Geo, asOfDay: number, planted: PlantedCoa[] = []):
  { active: string[][]; closed: string[][]; planted: { reference: string; sysId: string; lookalikeOf: string }[] } {
  refCounters.clear(); // each generation numbers from 1, so two runs in one process write the same files
  const local = geo.points.filter((p) => !p.street.arterial);
  const pick = () => (rng.chance(0.85) ? rng.pick(local) : rng.pick(geo.points));
  const active: string[][] = [COA_ACTIVE_HEADER], closed: string[][] = [COA_CLOSED_HEADER], out: { reference: string; sysId: string; lookalikeOf: string }[] = [];
  let seq = 8_000;
  const nActive = Math.max(20, Math.round(3_600 * scale)), nClosed = Math.max(60, Math.round(26_000 * scale));
  const since = dayOf('2017-01-01');
  type Slot = { d: number; plant?: PlantedCoa };
  const byDay = (a: Slot, b: Slot) => a.d - b.d;
  // recent planted variances are still active; older ones were decided and sit in the closed file
  const recent = (p: PlantedCoa) => p.day > asOfDay - 200;
  const actDays: Slot[] = Array.from({ length: nActive }, () => ({ d: (rng.chance(0.04) ? dayOf('1999-06-01') + rng.int(0, 6000) : asOfDay - Math.floor(Math.pow(rng.next(), 2) * 900)) - 1 }));
  const clDays: Slot[] = Array.from({ length: nClosed }, () => ({ d: since - 60 + rng.int(0, asOfDay - 200 - since) }));
  for (const p of planted) (recent(p) ? actDays : clDays).push({ d: p.day, plant: p });
  const emit = (s: Slot, closedFile: boolean) => {
    const r = row(rng, s.plant?.point ?? pick(), s.d, closedFile, seq, asOfDay, !!s.plant);
    if (s.plant) { out.push({ reference: r.cells['REFERENCE_FILE#'], sysId: r.cells.SYS_ID, lookalikeOf: s.plant.lookalikeOf }); }
    (closedFile ? closed : active).push((closedFile ? COA_CLOSED_HEADER : COA_ACTIVE_HEADER).map((h) => r.cells[h] ?? ''));
  };
  for (const s of actDays.sort(byDay)) { seq += rng.int(1, 600); emit(s, false); }
  for (const s of clDays.sort(byDay)) { seq += rng.int(1, 60); emit(s, true); }
  return { active, closed, planted: out };
}
