// Address points (Toronto One Address Repository layout, §8.1) on the street network, plus the ward polygons file.
import type { Rng } from '../common/rng.ts';
import { csvRow } from '../common/text.ts';
import type { Address } from '../common/types.ts';
import { Out, writeWhole } from '../write/out.ts';
import { buildNetwork, locate, type Network, type Segment, type Street } from './streets.ts';
import { WARDS_25 } from '../data/places.ts';
import { wardOf, wardsGeoJson } from './wards.ts';

export interface Point { id: number; street: Street; lo: number; suf: string; hi: number | null; side: 'L' | 'R'; ward: number; lat: number; lon: number }
export interface Geo { net: Network; points: Point[]; byKey: Map<string, Point>; byStreet: Map<Street, Point[]> }
export const pointKey = (street: string, no: number, suf = '') => `${street.toUpperCase()}|${no}${suf}`;

const MUNI: Record<number, string> = { 1: 'Etobicoke', 2: 'Etobicoke', 3: 'Etobicoke', 5: 'York', 7: 'North York', 9: 'York', 19: 'East York' };
for (const w of [6, 8, 15, 16, 17, 18]) MUNI[w] = 'North York';
for (const w of [4, 10, 11, 12, 13, 14]) MUNI[w] = 'former Toronto';
for (const w of [20, 21, 22, 23, 24, 25]) MUNI[w] = 'Scarborough';

export function buildGeo(rng: Rng, scale: number, itemAddresses: Address[]): Geo {
  const target = Math.max(400, Math.round(525_000 * scale));
  // Arterials carry about a sixth of the points; their spacing widens as the scale shrinks.
  const gapM = Math.max(14, 2_300 * 22 * 2 / (target / 6) * 10);
  const localStreets = Math.max(8, Math.round((target * 5) / 6 / 48)); // about 48 points per local street
  const net = buildNetwork(rng.fork('streets'), localStreets);
  const points: Point[] = [], byKey = new Map<string, Point>(), byStreet = new Map<Street, Point[]>();
  let id = 10_000_000;
  const add = (s: Street, lo: number, suf: string, hi: number | null, at: { lon: number; lat: number; side: 'L' | 'R' }, ward = 0): Point | null => {
    const key = pointKey(s.full, lo, suf);
    if (byKey.has(key)) return null;
    const w = ward || wardOf(at.lon, at.lat);
    if (!w) return null;
    id += rng.int(1, 40);
    const p: Point = { id, street: s, lo, suf, hi, side: at.side, ward: w, lat: +at.lat.toFixed(6), lon: +at.lon.toFixed(6) };
    points.push(p); byKey.set(key, p);
    const list = byStreet.get(s) ?? []; list.push(p); byStreet.set(s, list);
    return p;
  };
  const fill = (seg: Segment, stepNo: () => number) => {
    for (let no = seg.firstNo + rng.int(0, 3); ; no += stepNo()) {
      const at = locate(seg, no, seg.street.arterial ? 18 : 12);
      if (!at) break;
      const hi = rng.chance(0.02) ? no + 2 * rng.int(1, 5) : null;
      const p = add(seg.street, no, '', hi, at);
      if (p && rng.chance(0.025)) add(seg.street, no, rng.pick(['A', 'B']), null, locate(seg, no, 22)!);
      if (hi) no = hi;
    }
  };
  for (const seg of net.segments) {
    const stepM = seg.street.arterial ? gapM : seg.mPerNo;
    const mean = Math.max(1, stepM / seg.mPerNo);
    fill(seg, () => (seg.street.arterial ? 1 + 2 * Math.floor(rng.next() * mean) : rng.chance(0.9) ? 1 : rng.int(2, 5)));
  }
  // Addresses named by agenda items exist too; they sit in the item's ward (near its label point) so that
  // TMMIS ward, registry particulars and the planning file agree even where the street does not pass there.
  for (const a of itemAddresses) {
    const s = net.byFull.get([a.streetName, a.streetType, a.streetDirection].filter(Boolean).join(' '))!;
    const no = parseInt(a.streetNumber, 10), w = WARDS_25[a.ward25 - 1];
    if (byKey.has(pointKey(s.full, no))) continue;
    for (let tries = 0; tries < 20; tries++) {
      const r = 0.004 / (1 + tries);
      const at = { lon: w.lon + (rng.next() - 0.5) * r * 1.4, lat: w.lat + (rng.next() - 0.5) * r, side: (no % 2 ? 'L' : 'R') as 'L' | 'R' };
      if (wardOf(at.lon, at.lat) === a.ward25 && add(s, no, '', null, at, a.ward25)) break;
    }
  }
  return { net, points, byKey, byStreet };
}

const none = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? 'None' : String(v));
export const numberText = (p: Point) => (p.hi ? `${p.lo}-${p.hi}` : `${p.lo}${p.suf}`);

export function writeGeo(outDir: string, geo: Geo): void {
  const o = new Out(`${outDir}/address-points/address-points.csv`);
  o.text(csvRow(['ADDRESS_POINT_ID', 'ADDRESS_NUMBER', 'LO_NUM', 'LO_NUM_SUF', 'HI_NUM', 'HI_NUM_SUF', 'LINEAR_NAME_FULL', 'LINEAR_NAME', 'LINEAR_NAME_TYPE',
    'LINEAR_NAME_DIR', 'CENTRELINE_SIDE', 'ADDRESS_FULL', 'WARD', 'MUNICIPALITY_NAME', 'LATITUDE', 'LONGITUDE', 'geometry']));
  for (const p of geo.points) {
    const s = p.street, num = numberText(p);
    o.text(csvRow([String(p.id), num, String(p.lo), none(p.suf), none(p.hi), 'None', s.full, s.name, none(s.type), none(s.dir), p.side,
      `${num} ${s.full}`, String(p.ward), MUNI[p.ward], String(p.lat), String(p.lon), `{"type": "MultiPoint", "coordinates": [[${p.lon}, ${p.lat}]]}`]));
  }
  o.close();
  writeWhole(`${outDir}/city-wards/city-wards-4326.geojson`, wardsGeoJson());
}
