// Source coordinates of sites: every distinct development-application X/Y (NAD27 MTM zone 10, metres) projected to
// WGS84 with proj4, and the 25-ward polygon that contains the point (@turf/boolean-point-in-polygon). Projection and
// point-in-polygon are done here because DuckDB has neither without the spatial extension. Writes the table named
// after this file: (x, y, latitude, longitude, ward, inside_city); docs/geocoding.md gives parameters and accuracy.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import proj4 from 'proj4';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Polygon, MultiPolygon } from 'geojson';
import type { Warehouse } from '../../db/warehouse.ts';

/** NAD27 MTM zone 10 (EPSG:2019 parameters) with the Canada-wide 3-parameter shift to WGS84 (EPSG:1173). */
export const MTM10_NAD27 =
  '+proj=tmerc +lat_0=0 +lon_0=-79.5 +k=0.9999 +x_0=304800 +y_0=0 +ellps=clrk66 +towgs84=-10,158,187,0,0,0,0 +units=m';
const toWgs84 = proj4(MTM10_NAD27, 'WGS84');
/** The model's table: the file's name, so the two cannot drift apart. */
const TABLE = path.basename(fileURLToPath(import.meta.url), '.ts');

/** Toronto's extent with a margin, used only when no ward polygons are loaded. */
const CITY_BOX = { south: 43.57, north: 43.87, west: -79.65, east: -79.10 };

/** WGS84 [longitude, latitude] of an MTM 10 easting/northing. */
export function mtmToWgs84(x: number, y: number): [number, number] {
  return toWgs84.forward([x, y]) as [number, number];
}

interface Ward { ward: number; geometry: Polygon | MultiPolygon }

/** The ward whose polygon contains the point, else null. */
export function wardAt(wards: readonly Ward[], lon: number, lat: number): number | null {
  return wards.find((w) => booleanPointInPolygon([lon, lat], w.geometry))?.ward ?? null;
}

export async function build(wh: Warehouse): Promise<void> {
  const wards: Ward[] = [];
  for (const w of await wh.all<{ ward: number; geometry: string }>(
    'select ward, geometry from stg_geo__wards where ward is not null and geometry is not null order by ward')) {
    const geometry = JSON.parse(w.geometry) as { type: string };
    // only areal geometries can contain a point; anything else in the file is ignored
    if (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') wards.push({ ward: w.ward, geometry: geometry as Polygon | MultiPolygon });
  }
  const points = await wh.all<{ x: number; y: number }>(`select distinct x, y from int_site_mentions
    where source = 'development' and x is not null and y is not null order by x, y`);
  const rows: (string | null)[][] = [];
  for (const { x, y } of points) {
    const [lon, lat] = mtmToWgs84(x, y);
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue; // (0, 0) and other junk cannot be projected
    const ward = wards.length ? wardAt(wards, lon, lat) : null;
    // with ward polygons, inside the city = inside a ward; without them, inside the city's box
    const inside = wards.length ? ward !== null
      : lat >= CITY_BOX.south && lat <= CITY_BOX.north && lon >= CITY_BOX.west && lon <= CITY_BOX.east;
    rows.push([String(x), String(y), lat.toFixed(7), lon.toFixed(7), ward === null ? null : String(ward), String(inside)]);
  }
  await wh.exec(`create or replace table ${TABLE}
    (x double, y double, latitude double, longitude double, ward integer, inside_city boolean)`);
  await wh.appendText(TABLE, rows);
}
