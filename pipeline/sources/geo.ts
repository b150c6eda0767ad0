// Address points CSV → src_geo__address_points (streamed: ~183 MB at the City's size) and the 25-ward GeoJSON
// → src_geo__wards (contracts.md §5; sources §8). Coordinates stay text as written in the source.
import fs from 'node:fs/promises';
import type { SourceContext } from './common/source-context.ts';
import { clean } from './common/clean.ts';
import { toHeaderKey } from './common/csv-records.ts';
import { defineTableSpec, keys, loadCsvTable } from './common/csv-table.ts';
import { toSourceFile } from './common/files.ts';
import { scalarText } from './common/json-file.ts';
import { optionalFiles } from './common/optional-files.ts';
import { toRow, type Row } from './common/tables.ts';
import { decodeMixed } from '../lib/encoding.ts';

const NUMBER = '(-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)';
// First position of a GeoJSON Point/MultiPoint (`[[lon, lat]]` or `[lon, lat]`), or of WKT `MULTIPOINT ((lon lat))`.
// A regex rather than JSON.parse: it keeps the coordinates' text verbatim and costs little on 525,000 rows.
const GEOJSON_POSITION = new RegExp(`"coordinates"\\s*:\\s*\\[\\s*\\[?\\s*${NUMBER}\\s*,\\s*${NUMBER}`);
const WKT_POSITION = new RegExp(`^\\s*(?:MULTI)?POINT\\s*\\(\\s*\\(?\\s*${NUMBER}\\s+${NUMBER}`, 'i');

/** [longitude, latitude] text of a geometry cell, or null when it holds no readable point. */
export function pointOf(geometry: string | null): [string, string] | null {
  if (geometry === null) return null;
  const m = GEOJSON_POSITION.exec(geometry) ?? WKT_POSITION.exec(geometry);
  return m ? [m[1], m[2]] : null;
}

export const addressPointsSpec = defineTableSpec({
  source: 'geo',
  table: 'src_geo__address_points',
  columns: {
    address_point_id: keys('ADDRESS_POINT_ID'),
    address_number: keys('ADDRESS_NUMBER'),
    lo_num: keys('LO_NUM'),
    lo_num_suf: keys('LO_NUM_SUF'),
    hi_num: keys('HI_NUM'),
    hi_num_suf: keys('HI_NUM_SUF'),
    linear_name_full: keys('LINEAR_NAME_FULL'),
    linear_name: keys('LINEAR_NAME'),
    linear_name_type: keys('LINEAR_NAME_TYPE'),
    linear_name_dir: keys('LINEAR_NAME_DIR'),
    centreline_side: keys('CENTRELINE_SIDE'),
    address_full: keys('ADDRESS_FULL'),
    ward: keys('WARD'),
    municipality_name: keys('MUNICIPALITY_NAME'),
    latitude: keys('LATITUDE'),
    longitude: keys('LONGITUDE'),
  },
  // The City's CSV carries the point only in `geometry`; LATITUDE/LONGITUDE exist in some exports.
  optional: ['latitude', 'longitude'],
  derive(row, cell) {
    const point = pointOf(cell('geometry'));
    if (point) [row.longitude, row.latitude] = point;
  },
  reject: (row) => (row.address_point_id === null ? 'missing ADDRESS_POINT_ID' : null),
});

/** Load address-points/*.csv, streaming; returns rows loaded. */
export async function loadAddressPoints(ctx: SourceContext): Promise<number> {
  const files = await optionalFiles(ctx, 'geo', 'address-points', /\.csv$/i, [addressPointsSpec.table]);
  let total = 0;
  for (const file of files) total += (await loadCsvTable(ctx, file, addressPointsSpec)).loaded;
  return total;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Load city-wards/*.geojson (a FeatureCollection; small, read whole); returns rows loaded. */
export async function loadWards(ctx: SourceContext): Promise<number> {
  const files = await optionalFiles(ctx, 'geo', 'city-wards', /\.(geo)?json$/i, ['src_geo__wards']);
  let total = 0;
  for (const file of files) {
    const sourceFile = toSourceFile(ctx.rawDir, file);
    const reject = (position: number | null, reason: string, excerpt: string) =>
      ctx.quarantine.add({ source: 'geo', sourceFile, sourcePosition: position, reason, excerpt });
    let doc: unknown;
    const fileProblem = (reason: string, detail: string) => ctx.quarantine.addFile({ source: 'geo', sourceFile, reason, rows: 0, detail });
    try {
      doc = JSON.parse(decodeMixed(await fs.readFile(file)));
    } catch (err) {
      fileProblem('json parse error', (err as Error).message);
      continue;
    }
    const features = isObject(doc) && Array.isArray(doc.features) ? doc.features : null;
    if (!features) {
      fileProblem('not a GeoJSON FeatureCollection', JSON.stringify(doc)?.slice(0, 200) ?? '');
      continue;
    }
    if (features.length === 0) fileProblem('no features in the file (an empty export?)', '');
    const rows: Row[] = [];
    features.forEach((feature: unknown, i) => {
      const props = isObject(feature) && isObject(feature.properties) ? feature.properties : {};
      // Property names vary between the shapefile (AREA_S_CD) and the service (AREA_SHORT_CODE): match folded.
      const byKey = new Map(Object.entries(props).map(([k, v]) => [toHeaderKey(k), clean(scalarText(v))]));
      const get = (...names: string[]) => keys(...names).map((k) => byKey.get(k)).find((v) => v != null) ?? null;
      const geometry = isObject(feature) && isObject(feature.geometry) ? JSON.stringify(feature.geometry) : null;
      const row = {
        area_short_code: get('AREA_SHORT_CODE', 'AREA_S_CD'), area_name: get('AREA_NAME'),
        longitude: get('LONGITUDE'), latitude: get('LATITUDE'), geometry,
      };
      if (row.area_short_code === null) return reject(i + 1, 'missing AREA_SHORT_CODE', JSON.stringify(props));
      rows.push(toRow('src_geo__wards', { ...row, source_file: sourceFile, source_position: i + 1 }));
    });
    const loaded = await ctx.wh.appendText('src_geo__wards', rows);
    ctx.log(`geo: ${sourceFile}: ${loaded} wards, ${features.length - loaded} quarantined`);
    total += loaded;
  }
  return total;
}
