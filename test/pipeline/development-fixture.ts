// A tiny, fully known city for the development models: two ward squares downtown, a handful of address points,
// planning and CoA rows with the City's quirks, agenda items and registrations naming the same addresses.
// Builds on emptySourceWarehouse/insertRows (source-fixture.ts), which create and fill every src_* table.
import { emptySourceWarehouse, insertRows } from './source-fixture.ts';
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { toMtm } from '../../sample/geo/mtm.ts';

type Row = Record<string, string | null>;

/** The empty source warehouse of the model tests. */
export const developmentWarehouse = emptySourceWarehouse;
const insertSourceRows = insertRows;

const square = (w: number, s: number, e: number, n: number) =>
  JSON.stringify({ type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] });

/** A WGS84 point inside ward 13 with no address point near it: the planning file's X/Y is the only position. */
export const SOURCE_POINT = { lat: 43.66, lon: -79.36 };
const xy = toMtm(SOURCE_POINT.lat, SOURCE_POINT.lon);

export async function fillDevelopmentCity(wh: Warehouse): Promise<void> {
  await insertSourceRows(wh, 'src_geo__wards', [
    { area_short_code: '10', area_name: 'Spadina-Fort York', geometry: square(-79.42, 43.63, -79.38, 43.67) },
    { area_short_code: '13', area_name: 'Toronto Centre', geometry: square(-79.38, 43.63, -79.34, 43.67) },
  ]);
  const point = (id: string, lo: string, name: string, type: string | null, dir: string | null, ward: string, lat: number, lon: number, hi: string | null = null) =>
    ({ address_point_id: id, address_number: hi ? `${lo}-${hi}` : lo, lo_num: lo, hi_num: hi, linear_name: name, linear_name_type: type,
      linear_name_dir: dir, linear_name_full: [name, type, dir].filter(Boolean).join(' '), ward, latitude: String(lat), longitude: String(lon) });
  await insertSourceRows(wh, 'src_geo__address_points', [
    point('1', '50', 'Spadina', 'Ave', null, '10', 43.645, -79.40, '60'),
    point('2', '12', 'Queen', 'St', 'E', '13', 43.652, -79.375),
    point('3', '16', 'Queen', 'St', 'E', '13', 43.6521, -79.3748),
    point('4', '40', 'Queen', 'St', 'E', '13', 43.6525, -79.373),
    point('5', '11', 'Queen', 'St', 'E', '13', 43.6519, -79.3751),
    point('6', '100', 'King', 'St', 'W', '10', 43.648, -79.39),
    point('7', '781', 'The Queensway', null, null, '10', 43.64, -79.41),
  ]);
  const dev = (n: string, num: string, name: string, type: string, dir: string | null, extra: Row = {}): Row => ({
    application_type: n.slice(-2), application_number: n, street_num: num, street_name: name, street_type: type,
    street_direction: dir, date_submitted: '2021-03-04T00:00:00', status: 'Under Review', ...extra });
  await insertSourceRows(wh, 'src_development__applications', [
    dev('21 208078 STE 10 OZ', '50-60', 'SPADINA', 'AVE', null, { ward_number: '10',
      description: 'Two towers of 43 and 35 storeys with 473 residential units, 2,250 m2 of non-residential GFA and 189 parking spaces.' }),
    dev('21 208078 STE 10 OZ', '100', 'KING', 'ST', 'W', { ward_number: '10' }),
    dev('22 111111 STE 13 SA', '18', 'QUEEN', 'STREET', 'EAST', { status: 'OMB Appeal', ward_number: '13',
      description: 'Site plan application for an addition of 2,450 m2 to the existing industrial building.' }),
    dev('22 222222 STE 13 OZ', '70', 'QUEEN', 'ST', 'E', { ward_number: '13', x: String(xy.x), y: String(xy.y), status: 'Council Approved',
      description: 'Zoning By-law Amendment to permit 9 dwelling units and a total gross floor area of 19,200 square metres.',
      parent_folder_number: '21 208078 STE 10 OZ' }),
    dev('23 333333 STE 10 CD', '5', 'NOWHERE', 'CRES', null, { ward_number: '05', date_submitted: '2023-02-30T00:00:00', status: 'Closed' }),
    dev('24 444444 STE 10 SA', '12', 'QUEEN', 'ST', 'E', { ward_number: '10', date_submitted: '2024-01-02T00:00:00' }),
  ]);
  const coa = (kind: string, sys: string, ref: string | null, num: string, extra: Row = {}): Row => ({
    file_kind: kind, sys_id: sys, reference_file_number: ref, application_type: ref?.startsWith('B') ? 'CO' : 'MV', in_date: '2024-01-15',
    street_num: num, street_name: 'QUEEN', street_type: 'ST', street_direction: 'E', ward: '13', ...extra });
  await insertSourceRows(wh, 'src_coa__applications', [
    coa('active', '9001', 'A0123/24TEY', '11', { statusdesc: 'Hearing Scheduled', hearing_date: 'Apr 5, 2024' }),
    coa('closed', '9002', 'A0123/24TEY', '11', { statusdesc: 'Closed', hearing_date: 'Apr 05, 2024', c_of_a_descision: 'Approved on condition',
      anyone_object_at_meeting: 'Yes', finaldate: '2024-05-01T00:00:00' }),
    coa('closed', '9003', 'B0045/24EYK', '12', { statusdesc: 'Closed', hearing_date: 'Mar 4, 2024', c_of_a_descision: 'DELEGATED CONSENT REFUSED',
      anyone_object_at_meeting: 'No', omb_descision: 'Appeal Dismissed' }),
    coa('active', '9100', null, '16', { statusdesc: 'Closed', c_of_a_descision: 'Deferred Apr 20, 2017', hearing_date: 'Apr 20, 2017' }),
    coa('active', '9200', 'A0200/24TEY', '16', { ward: 'YY', statusdesc: 'Hearing Rescheduled', c_of_a_descision: 'DEFFERED' }),
  ]);
  await insertRows(wh, 'src_tmmis__agenda_items', [
    { term: '2022-2026', reference: '2024.TE10.5', agenda_item_id: '500', meeting_date: String(Date.parse('2024-05-01T14:00:00Z')), agenda_cd: 'TE',
      meeting_number: '10', agenda_item_title: '12 Queen St E - Zoning', ward_ids: '[13]', addresses: '["12 Queen Street East"]' },
    // a 44-ward-era item: its ward 20 is not comparable with 25-ward numbers
    { term: '2014-2018', reference: '2016.TE15.7', agenda_item_id: '400', meeting_date: String(Date.parse('2016-05-01T14:00:00Z')), agenda_cd: 'TE',
      meeting_number: '15', agenda_item_title: '50 Spadina Ave', ward_ids: '[20]', addresses: '["50 Spadina Avenue", "Queen St E and Yonge St"]' },
  ]);
  const snap = { snapshot_date: '2026-11-20', file_kind: 'active', status: 'Active', type: 'In-house', initial_approval_date: '2021-01-05' };
  await insertRows(wh, 'src_registry__registrations', [
    { ...snap, sm_number: 'SM1', particulars: 'Rezoning for 50-60 Spadina Ave to permit 473 residential units; meetings at 100 Queen\'s Park' },
    { ...snap, sm_number: 'SM2', particulars: 'IMIT incentive for 781 The Queensway and 12 Queen St. East; Version 2 Standard' },
    { ...snap, sm_number: 'SM3', particulars: 'Development approvals for our client\'s site (file 18 172253 STE 04 RH) at 9 Unknown Ave' },
  ]);
}
