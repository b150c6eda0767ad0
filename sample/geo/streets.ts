// Street network of the sample city: the arterials of places.ts laid out on a Toronto-like grid (numbers rise from
// Yonge for E/W streets and from the lake for N/S streets) plus generated local streets.
import { STREETS } from '../data/places.ts';
import type { Rng } from '../common/rng.ts';
import { OUTLINE, insideRing } from './wards.ts';

export interface Street { id: number; name: string; type: string; dir: string; full: string; arterial: boolean }
/** A numbered stretch of street: number n sits at origin + (n * metresPerNumber) along the unit direction. */
export interface Segment { street: Street; lon0: number; lat0: number; ux: number; uy: number; len: number; mPerNo: number; firstNo: number }

const YONGE = -79.395;
const MX = 111_320 * Math.cos(43.7 * Math.PI / 180), MY = 111_132; // metres per degree
/** E-W arterials: [name, type, lat, west lon, east lon, split at Yonge into W/E]. */
const EW: [string, string, number, number, number, boolean][] = [
  ['Steeles', 'Ave', 43.85, -79.63, -79.12, true], ['Finch', 'Ave', 43.78, -79.63, -79.13, true], ['Sheppard', 'Ave', 43.762, -79.55, -79.13, true],
  ['Ellesmere', 'Rd', 43.77, -79.33, -79.13, false], ['Wilson', 'Ave', 43.735, -79.55, -79.40, false], ['Lawrence', 'Ave', 43.725, -79.6, -79.16, true],
  ['Eglinton', 'Ave', 43.705, -79.6, -79.2, true], ['St Clair', 'Ave', 43.687, -79.5, -79.3, true], ['Danforth', 'Ave', 43.680, -79.37, -79.27, false],
  ['Davenport', 'Rd', 43.676, -79.46, -79.396, false], ['Bloor', 'St', 43.668, -79.6, -79.31, true], ['Gerrard', 'St', 43.661, -79.39, -79.29, true],
  ['College', 'St', 43.658, -79.45, -79.385, false], ['Dundas', 'St', 43.655, -79.6, -79.3, true], ['Queen', 'St', 43.651, -79.46, -79.29, true],
  ['Adelaide', 'St', 43.649, -79.41, -79.36, true], ['King', 'St', 43.647, -79.46, -79.35, true], ['Wellington', 'St', 43.645, -79.41, -79.37, true],
  ['Front', 'St', 43.643, -79.41, -79.36, true], ['The Queensway', '', 43.633, -79.56, -79.46, false], ['Lake Shore', 'Blvd', 43.629, -79.55, -79.39, true],
];
/** N-S arterials: [name, type, lon, south lat, north lat]. */
const NS: [string, string, number, number, number][] = [
  ['Kipling', 'Ave', -79.56, 43.59, 43.85], ['Islington', 'Ave', -79.535, 43.6, 43.85], ['Jane', 'St', -79.5, 43.64, 43.85], ['Keele', 'St', -79.465, 43.655, 43.85],
  ['Roncesvalles', 'Ave', -79.448, 43.638, 43.656], ['Dufferin', 'St', -79.432, 43.633, 43.85], ['Ossington', 'Ave', -79.421, 43.645, 43.67],
  ['Bathurst', 'St', -79.412, 43.636, 43.85], ['Spadina', 'Ave', -79.402, 43.637, 43.675], ['Yonge', 'St', YONGE, 43.641, 43.85],
  ['Mount Pleasant', 'Rd', -79.388, 43.672, 43.73], ['Church', 'St', -79.381, 43.645, 43.672], ['Jarvis', 'St', -79.377, 43.645, 43.672],
  ['Sherbourne', 'St', -79.373, 43.646, 43.675], ['Parliament', 'St', -79.366, 43.648, 43.68], ['Bayview', 'Ave', -79.376, 43.69, 43.85],
  ['Leslie', 'St', -79.36, 43.70, 43.85], ['Broadview', 'Ave', -79.352, 43.658, 43.695], ['Don Mills', 'Rd', -79.345, 43.698, 43.85],
  ['Carlaw', 'Ave', -79.342, 43.655, 43.68], ['Victoria Park', 'Ave', -79.29, 43.688, 43.85], ['Warden', 'Ave', -79.275, 43.697, 43.85],
  ['Birchmount', 'Rd', -79.262, 43.705, 43.85], ['Kennedy', 'Rd', -79.25, 43.713, 43.85], ['Midland', 'Ave', -79.238, 43.72, 43.85],
  ['Brimley', 'Rd', -79.225, 43.728, 43.85], ['McCowan', 'Rd', -79.21, 43.737, 43.85], ['Markham', 'Rd', -79.19, 43.75, 43.85],
  ['Weston', 'Rd', -79.515, 43.68, 43.78], ['Example', 'Ave', -79.31, 43.72, 43.73],
];
/** Kingston Rd runs north-east along the bluffs; numbered from its south-west end. */
const DIAG: [string, string, number, number, number, number][] = [['Kingston', 'Rd', -79.30, 43.685, -79.14, 43.795]];

const WORDS = ['Goodwood Park', 'Clinton', 'Burnhamthorpe', 'King George', 'Empress', 'Ellerslie', 'Estelle', 'Ardwold', 'Glenholme', 'Alcina',
  'Wychwood', 'Hillsdale', 'Roxborough', 'Chaplin', 'Lonsdale', 'Farnham', 'Hazelton', 'Pears', 'Boswell', 'Lowther', 'Admiral', 'Bernard',
  'Brunswick', 'Major', 'Robert', 'Markham', 'Palmerston', 'Euclid', 'Manning', 'Crawford', 'Shaw', 'Givens', 'Montrose', 'Grace', 'Beatrice',
  'Clinton Park', 'Havelock', 'Gladstone', 'Brock', 'Sorauren', 'Galley', 'Fermanagh', 'Garden', 'Indian', 'High Park', 'Annette', 'Glenlake',
  'Humberside', 'Baby Point', 'Riverview', 'Thorncliffe', 'Cosburn', 'Mortimer', 'Woodbine', 'Coxwell', 'Greenwood', 'Pape', 'Logan', 'Withrow',
  'Riverdale', 'Kippendavie', 'Hambly', 'Balsam', 'Beech', 'Glen Manor', 'Birchcliff', 'Kildonan', 'Guildwood', 'Morningside', 'Orton Park',
  'Cedarbrae', 'Brimorton', 'Tapscott', 'Sewells', 'Neilson', 'Staines', 'Port Union', 'Centennial', 'Elvaston', 'Bridletowne', 'Chartland',
  'Pharmacy', 'Bonis', 'Silver Springs', 'Alton Towers', 'Pitfield', 'Huntingwood', 'Scarden', 'Bathgate', 'Cliffcrest', 'Fenwood', 'Maybourne',
  'Glen Everest', 'Pinecrest', 'Willowdale', 'Empress', 'Churchill', 'Kenneth', 'Doris', 'Beecroft', 'Hollywood', 'Parkview', 'Byng', 'Glendora',
  'Elmhurst', 'Connaught', 'Cummer', 'Drewry', 'Hilda', 'Senlac', 'Wedgewood', 'Bannockburn', 'Old Orchard', 'Yewfield', 'Ridley', 'Lytton',
  'Briar Hill', 'Castlefield', 'Brooke', 'Wilmington', 'Faywood', 'Sheppard Square', 'Lilian', 'Haddington', 'Cortleigh', 'Roselawn', 'Glengrove',
  'Brookdale', 'Woburn', 'Stibbard', 'Bessborough', 'Hanna', 'Sudbury', 'Dovercourt', 'Lansdowne', 'Symington', 'Campbell', 'Perth', 'Edwin',
  'Rogers', 'Gilbert', 'Caledonia', 'Northcliffe', 'Maybank', 'Humber', 'Rustic', 'Culford', 'Gulliver', 'Trethewey', 'Scarlett', 'Dixon',
  'Rathburn', 'Mill', 'Renforth', 'Eringate', 'Wellesworth', 'Martin Grove', 'Royal York', 'Prince Edward', 'Kingsway', 'Edgehill', 'Thorncrest'];
const SUFFIX_WORD = ['', '', '', 'Park', 'Hill', 'Glen', 'Wood'];
const LOCAL_TYPES = ['St', 'Ave', 'Rd', 'Dr', 'Cres', 'Crt', 'Blvd', 'Gt', 'Pl', 'Way', 'Lane', 'Gdns', 'Cir', 'Trl', 'Sq', 'Grv'];
const LOCAL_TYPE_W = [14, 14, 8, 12, 8, 6, 2, 2, 3, 3, 2, 3, 3, 1, 1, 2];

export interface Network { streets: Street[]; segments: Segment[]; byFull: Map<string, Street>; metresX: number; metresY: number }

export function buildNetwork(rng: Rng, localStreets: number): Network {
  const streets: Street[] = [], segments: Segment[] = [], byFull = new Map<string, Street>();
  const street = (name: string, type: string, dir: string, arterial: boolean): Street => {
    const full = [name, type, dir].filter(Boolean).join(' ');
    let s = byFull.get(full);
    if (!s) { s = { id: streets.length + 1, name, type, dir, full, arterial }; streets.push(s); byFull.set(full, s); }
    return s;
  };
  const seg = (s: Street, lon0: number, lat0: number, lon1: number, lat1: number, mPerNo: number, firstNo = 1) => {
    const dx = (lon1 - lon0) * MX, dy = (lat1 - lat0) * MY, len = Math.hypot(dx, dy);
    segments.push({ street: s, lon0, lat0, ux: dx / len, uy: dy / len, len, mPerNo, firstNo });
  };
  for (const [name, type, lat, w, e, split] of EW) {
    if (split) { seg(street(name, type, 'W', true), YONGE, lat, w, lat, 3.2); seg(street(name, type, 'E', true), YONGE, lat, e, lat, 3.2); }
    else seg(street(name, type, '', true), w, lat, e, lat, 3.4);
  }
  for (const [name, type, lon, s, n] of NS) seg(street(name, type, '', true), lon, s, lon, n, 3.5);
  for (const [name, type, lon0, lat0, lon1, lat1] of DIAG) seg(street(name, type, '', true), lon0, lat0, lon1, lat1, 3.3);
  for (const [name, type, dir] of STREETS) if (!byFull.has([name, type, dir].filter(Boolean).join(' '))) throw new Error(`street ${name} ${type} ${dir} missing from network`);
  for (let i = 0, tries = 0; i < localStreets && tries < localStreets * 20; tries++) {
    const name = `${rng.pick(WORDS)}${rng.chance(0.35) ? ' ' + rng.pick(SUFFIX_WORD) : ''}`.trim();
    const type = rng.weighted(LOCAL_TYPES, LOCAL_TYPE_W);
    if (byFull.has(`${name} ${type}`)) continue;
    const lon = -79.63 + rng.next() * 0.51, lat = 43.585 + rng.next() * 0.27, len = 80 + rng.geometric(350);
    const ew = rng.chance(0.5), lon1 = lon + (ew ? len / MX : (rng.next() - 0.5) * 40 / MX), lat1 = lat + (ew ? (rng.next() - 0.5) * 40 / MY : len / MY);
    if (!insideRing(lon, lat, OUTLINE) || !insideRing(lon1, lat1, OUTLINE)) continue;
    seg(street(name, type, '', false), lon, lat, lon1, lat1, rng.pick([5, 6, 7]), 1);
    i++;
  }
  return { streets, segments, byFull, metresX: MX, metresY: MY };
}

/** Point at a street number: along the segment, offset to the left (odd) or right (even) of the centreline. */
export function locate(s: Segment, no: number, offset = 14): { lon: number; lat: number; side: 'L' | 'R' } | null {
  const along = (no - s.firstNo) * s.mPerNo + 6;
  if (along < 0 || along > s.len) return null;
  const side = no % 2 ? 'L' : 'R';
  const nx = side === 'L' ? -s.uy : s.uy, ny = side === 'L' ? s.ux : -s.ux; // left normal of the travel direction
  return { lon: s.lon0 + (s.ux * along + nx * offset) / MX, lat: s.lat0 + (s.uy * along + ny * offset) / MY, side };
}
