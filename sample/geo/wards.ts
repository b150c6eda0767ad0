// The 25 ward polygons of the sample city: Voronoi cells of the real wards' label points, clipped to a convex outline of
// the city (lakeshore in the south). Cells are convex and tile the outline, so "nearest label point" is "inside ward".
import { WARDS_25 } from '../data/places.ts';

export type Ring = [number, number][]; // [lon, lat]
/** Convex city outline (lon, lat), counter-clockwise; the southern edge follows the lakeshore. */
export const OUTLINE: Ring = [[-79.639, 43.582], [-79.54, 43.587], [-79.38, 43.628], [-79.32, 43.665], [-79.118, 43.79],
  [-79.115, 43.855], [-79.639, 43.855]];
/** Longitude is scaled by cos(latitude) so bisectors are perpendicular in ground distance. */
const KX = Math.cos(43.7 * Math.PI / 180);

/** Keeps the part of a convex ring where a*x + b*y <= c (Sutherland–Hodgman against one half-plane). */
function clip(ring: Ring, a: number, b: number, c: number): Ring {
  const out: Ring = [];
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i], q = ring[(i + 1) % ring.length];
    const fp = a * p[0] + b * p[1] - c, fq = a * q[0] + b * q[1] - c;
    if (fp <= 0) out.push(p);
    if ((fp < 0 && fq > 0) || (fp > 0 && fq < 0)) { const t = fp / (fp - fq); out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]); }
  }
  return out;
}

export interface WardShape { n: number; name: string; lat: number; lon: number; ring: Ring }

function cells(): WardShape[] {
  return WARDS_25.map((w) => {
    let ring = OUTLINE.slice();
    for (const o of WARDS_25) {
      if (o.n === w.n) continue;
      // Points closer to w than to o: (p - m)·(o - w) <= 0 in scaled space, m the midpoint.
      const ax = (o.lon - w.lon) * KX * KX, ay = o.lat - w.lat;
      const c = ax * (o.lon + w.lon) / 2 + ay * (o.lat + w.lat) / 2;
      ring = clip(ring, ax, ay, c);
    }
    ring = ring.map(([x, y]) => [+x.toFixed(7), +y.toFixed(7)]);
    return { ...w, ring };
  });
}
export const WARD_SHAPES: WardShape[] = cells();

/** Ray casting; points on an edge may go either way, so callers keep a margin (see wardOf). */
export function insideRing(lon: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i], [xj, yj] = ring[j];
    if ((yi > lat) !== (yj > lat) && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Ward number of a point, or 0 outside the city or too close (< ~5 m) to a ward boundary to be unambiguous. */
export function wardOf(lon: number, lat: number): number {
  if (!insideRing(lon, lat, OUTLINE)) return 0;
  let best = 0, d1 = Infinity, d2 = Infinity;
  for (const w of WARDS_25) {
    const dx = (lon - w.lon) * KX, dy = lat - w.lat, d = Math.sqrt(dx * dx + dy * dy);
    if (d < d1) { d2 = d1; d1 = d; best = w.n; } else if (d < d2) d2 = d;
  }
  if (d2 - d1 < 1e-4) return 0; // ~5 m margin either side of the bisector
  return insideRing(lon, lat, WARD_SHAPES[best - 1].ring) ? best : 0;
}

/** City Wards FeatureCollection (25-ward model) with the shapefile's attribute names. */
export function wardsGeoJson(): string {
  const features = WARD_SHAPES.slice().sort((a, b) => a.name.localeCompare(b.name)).map((w, i) => ({
    type: 'Feature',
    properties: { _id: i + 1, AREA_ID: 2551035 + i, AREA_TYPE: 'WD18', AREA_S_CD: String(w.n).padStart(2, '0'), AREA_L_CD: String(w.n).padStart(2, '0'),
      AREA_NAME: w.name, LONGITUDE: w.lon, LATITUDE: w.lat },
    geometry: { type: 'Polygon', coordinates: [[...w.ring, w.ring[0]]] },
  }));
  return JSON.stringify({ type: 'FeatureCollection', name: 'City Wards Data', crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } }, features });
}
