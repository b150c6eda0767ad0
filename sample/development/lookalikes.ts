// Look-alike sites around the agenda's planning files: the places a reader of a lobbying registration confuses
// with the site the registration is about. For each planning application an agenda item names, a share of items
// get a next-door address on the same street side (123 vs 125 Queen St W) for another planning application, another
// next-door address for a Committee of Adjustment minor variance, and the same number on the street's twin (Queen
// St W vs Queen St E, or Clinton St vs Clinton Ave). The address points are added to the address repository before
// it is written: the sample's arterials are sparsely numbered at small scales, while the City's repository has a
// point every few numbers. The applications themselves are filed by apps.ts and coa.ts. L2 must tell them apart
// from the item's own file (site identity, file number, dates, the agenda item), see docs/methodology-links-registration.md.
import type { Geo, Point } from '../geo/address-points.ts';
import { pointKey } from '../geo/address-points.ts';
import { locate } from '../geo/streets.ts';
import { wardOf } from '../geo/wards.ts';
import type { Rng } from '../common/rng.ts';
import type { Item } from '../common/types.ts';

export interface LookalikeSites { neighbour: Point | null; coaNeighbour: Point | null; twin: Point | null }

const MX = 111_320 * Math.cos(43.7 * Math.PI / 180), MY = 111_132; // metres per degree

/** The address point at `no` on the main point's street, or a new one a few metres along from the main point. */
function nextDoor(rng: Rng, geo: Geo, main: Point, no: number, nextId: () => number): Point | null {
  if (no <= 0) return null;
  const existing = geo.byKey.get(pointKey(main.street.full, no));
  if (existing) return existing;
  // about 3.3 m of frontage per street number along an east-west or north-south street; same side as the main point
  const along = (no - main.lo) * 3.3, ew = rng.chance(0.5);
  const p: Point = { id: nextId(), street: main.street, lo: no, suf: '', hi: null, side: main.side, ward: main.ward,
    lat: +(main.lat + (ew ? 0 : along / MY)).toFixed(6), lon: +(main.lon + (ew ? along / MX : 0)).toFixed(6) };
  return add(geo, p);
}

/** The same number on a street of the same name with another direction or type, placed on that street. */
function twinOf(geo: Geo, main: Point, nextId: () => number): Point | null {
  const twins = geo.net.streets.filter((s) => s.name === main.street.name && s !== main.street);
  for (const s of twins) {
    const existing = geo.byKey.get(pointKey(s.full, main.lo));
    if (existing) return existing;
    for (const seg of geo.net.segments.filter((g) => g.street === s)) {
      const at = locate(seg, main.lo, s.arterial ? 18 : 12);
      const ward = at ? wardOf(at.lon, at.lat) : 0;
      if (at && ward) return add(geo, { id: nextId(), street: s, lo: main.lo, suf: '', hi: null, side: at.side, ward, lat: +at.lat.toFixed(6), lon: +at.lon.toFixed(6) });
    }
  }
  return null;
}

function add(geo: Geo, p: Point): Point {
  geo.points.push(p);
  geo.byKey.set(pointKey(p.street.full, p.lo), p);
  geo.byStreet.set(p.street, [...(geo.byStreet.get(p.street) ?? []), p]);
  return p;
}

/** Look-alike sites per planning file named by an agenda item (keyed by the file number). Mutates `geo`. */
export function plantLookalikeSites(rng: Rng, geo: Geo, items: Item[]): Map<string, LookalikeSites> {
  let id = geo.points.reduce((m, p) => Math.max(m, p.id), 0);
  const nextId = () => (id += rng.int(1, 40));
  const out = new Map<string, LookalikeSites>();
  for (const it of items) {
    if (!it.planningApp || !it.address || out.has(it.planningApp)) continue;
    const a = it.address, main = geo.byKey.get(pointKey([a.streetName, a.streetType, a.streetDirection].filter(Boolean).join(' '), parseInt(a.streetNumber, 10)));
    if (!main || main.hi) continue;
    // next-door numbers keep the parity (same side of the street), two to ten numbers away, never the same one twice
    const step = () => 2 * rng.int(1, 5) * (rng.chance(0.5) ? 1 : -1);
    const neighbour = rng.chance(0.4) ? nextDoor(rng, geo, main, main.lo + step(), nextId) : null;
    let coaNeighbour: Point | null = null;
    if (rng.chance(0.35)) {
      const no = main.lo + step();
      if (no !== neighbour?.lo) coaNeighbour = nextDoor(rng, geo, main, no, nextId);
    }
    const twin = rng.chance(0.3) ? twinOf(geo, main, nextId) : null;
    out.set(it.planningApp, { neighbour, coaNeighbour, twin });
  }
  return out;
}

export interface PlantedCoa { point: Point; day: number; lookalikeOf: string }

/** Minor variances next door to an agenda item's file, filed within two years of it. The closed-applications file
 *  starts in 2017, so earlier ones would be invisible: those are skipped. */
export function coaNextDoor(rng: Rng, apps: { number: string; day: number }[], sites: Map<string, LookalikeSites>, asOfDay: number, since: number): PlantedCoa[] {
  const out: PlantedCoa[] = [];
  for (const a of apps) {
    const p = sites.get(a.number)?.coaNeighbour;
    if (!p) continue;
    const day = Math.min(asOfDay - 30, a.day + rng.int(-700, 700));
    if (day >= since) out.push({ point: p, day, lookalikeOf: a.number });
  }
  return out;
}
