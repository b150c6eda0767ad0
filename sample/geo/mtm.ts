// WGS84 ⇄ NAD27 MTM zone 10 (the City Planning X/Y): Transverse Mercator on Clarke 1866 plus a 3-parameter datum shift.
//
// Parameters (EPSG MTM zone 10 conversion, EPSG:17710): TM, lat0 0, lon0 −79.5, k0 0.9999, x0 304800 m, y0 0.
// Datum: NAD27 on Clarke 1866 (a 6378206.4, 1/f 294.978698213898); NAD27→WGS84 by abridged Molodensky with the
// Canada-wide shift dX −10, dY 158, dZ 187 m (EPSG "NAD27 to WGS 84 (3)"). The City's files are NAD27(76), whose exact
// transformation needs the Ontario May76v20.gsb grid; the 3-parameter shift is within a few metres of it in Toronto,
// which is all a synthetic city needs. WGS84→NAD27 inverts the forward shift by fixed-point iteration, so a round trip
// through this module is exact to well under a millimetre.

const CLARKE = { a: 6378206.4, f: 1 / 294.978698213898 };
const WGS84 = { a: 6378137, f: 1 / 298.257223563 };
const SHIFT = { dx: -10, dy: 158, dz: 187 };
const K0 = 0.9999, LON0 = -79.5, X0 = 304800, Y0 = 0;
const D2R = Math.PI / 180;

const E2 = CLARKE.f * (2 - CLARKE.f);
const EP2 = E2 / (1 - E2);
/** Meridian arc length from the equator (Snyder 3-21). */
function arc(phi: number): number {
  const e4 = E2 * E2, e6 = e4 * E2;
  return CLARKE.a * ((1 - E2 / 4 - 3 * e4 / 64 - 5 * e6 / 256) * phi - (3 * E2 / 8 + 3 * e4 / 32 + 45 * e6 / 1024) * Math.sin(2 * phi)
    + (15 * e4 / 256 + 45 * e6 / 1024) * Math.sin(4 * phi) - (35 * e6 / 3072) * Math.sin(6 * phi));
}

/** NAD27 geographic (degrees) → MTM 10 easting/northing (metres), Snyder 8-9/8-10. */
export function tmForward(lat: number, lon: number): { x: number; y: number } {
  const phi = lat * D2R, lam = (lon - LON0) * D2R;
  const s = Math.sin(phi), c = Math.cos(phi), t = Math.tan(phi);
  const N = CLARKE.a / Math.sqrt(1 - E2 * s * s), T = t * t, C = EP2 * c * c, A = lam * c;
  const x = K0 * N * (A + (1 - T + C) * A ** 3 / 6 + (5 - 18 * T + T * T + 72 * C - 58 * EP2) * A ** 5 / 120);
  const y = K0 * (arc(phi) + N * t * (A * A / 2 + (5 - T + 9 * C + 4 * C * C) * A ** 4 / 24 + (61 - 58 * T + T * T + 600 * C - 330 * EP2) * A ** 6 / 720));
  return { x: X0 + x, y: Y0 + y };
}

/** MTM 10 easting/northing → NAD27 geographic (degrees), Snyder 8-18 … 8-25 via the footpoint latitude. */
export function tmInverse(x: number, y: number): { lat: number; lon: number } {
  const M = (y - Y0) / K0;
  const mu = M / (CLARKE.a * (1 - E2 / 4 - 3 * E2 * E2 / 64 - 5 * E2 ** 3 / 256));
  const e1 = (1 - Math.sqrt(1 - E2)) / (1 + Math.sqrt(1 - E2));
  const phi1 = mu + (3 * e1 / 2 - 27 * e1 ** 3 / 32) * Math.sin(2 * mu) + (21 * e1 * e1 / 16 - 55 * e1 ** 4 / 32) * Math.sin(4 * mu)
    + (151 * e1 ** 3 / 96) * Math.sin(6 * mu) + (1097 * e1 ** 4 / 512) * Math.sin(8 * mu);
  const s = Math.sin(phi1), c = Math.cos(phi1), t = Math.tan(phi1);
  const C1 = EP2 * c * c, T1 = t * t, N1 = CLARKE.a / Math.sqrt(1 - E2 * s * s), R1 = CLARKE.a * (1 - E2) / (1 - E2 * s * s) ** 1.5;
  const D = (x - X0) / (N1 * K0);
  const phi = phi1 - (N1 * t / R1) * (D * D / 2 - (5 + 3 * T1 + 10 * C1 - 4 * C1 * C1 - 9 * EP2) * D ** 4 / 24
    + (61 + 90 * T1 + 298 * C1 + 45 * T1 * T1 - 252 * EP2 - 3 * C1 * C1) * D ** 6 / 720);
  const lam = (D - (1 + 2 * T1 + C1) * D ** 3 / 6 + (5 - 2 * C1 + 28 * T1 - 3 * C1 * C1 + 8 * EP2 + 24 * T1 * T1) * D ** 5 / 120) / c;
  return { lat: phi / D2R, lon: LON0 + lam / D2R };
}

/** Abridged Molodensky NAD27 → WGS84 (degrees in, degrees out), heights ignored. */
export function nad27ToWgs84(lat: number, lon: number): { lat: number; lon: number } {
  const phi = lat * D2R, lam = lon * D2R, a = CLARKE.a, f = CLARKE.f;
  const da = WGS84.a - a, df = WGS84.f - f;
  const sp = Math.sin(phi), cp = Math.cos(phi), sl = Math.sin(lam), cl = Math.cos(lam);
  const Rn = a / Math.sqrt(1 - E2 * sp * sp), Rm = a * (1 - E2) / (1 - E2 * sp * sp) ** 1.5;
  const { dx, dy, dz } = SHIFT;
  const dphi = (-dx * sp * cl - dy * sp * sl + dz * cp + (a * df + f * da) * Math.sin(2 * phi)) / Rm;
  const dlam = (-dx * sl + dy * cl) / (Rn * cp);
  return { lat: lat + dphi / D2R, lon: lon + dlam / D2R };
}

/** Inverse of nad27ToWgs84 by fixed-point iteration (the shift varies by micro-degrees over a city). */
export function wgs84ToNad27(lat: number, lon: number): { lat: number; lon: number } {
  let p = { lat, lon };
  for (let i = 0; i < 4; i++) {
    const q = nad27ToWgs84(p.lat, p.lon);
    p = { lat: p.lat + (lat - q.lat), lon: p.lon + (lon - q.lon) };
  }
  return p;
}

/** WGS84 point → City Planning X/Y (NAD27 MTM zone 10). */
export function toMtm(lat: number, lon: number): { x: number; y: number } { const n = wgs84ToNad27(lat, lon); return tmForward(n.lat, n.lon); }
/** City Planning X/Y → WGS84 point. */
export function fromMtm(x: number, y: number): { lat: number; lon: number } { const n = tmInverse(x, y); return nad27ToWgs84(n.lat, n.lon); }
