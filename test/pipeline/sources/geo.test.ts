// Address points (real GeoJSON properties, geometry text with LATITUDE/LONGITUDE fallback, streaming past one
// appender batch) and ward GeoJSON (the real 25-ward attribute table; shapefile and service property names).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SINK_BATCH } from '../../../pipeline/sources/common/row-sink.ts';
import { loadAddressPoints, loadWards, pointOf } from '../../../pipeline/sources/geo.ts';
import { cleanup, fixturesRaw, put, samplesDir, sourceContext, tempDir } from './helpers.ts';

type Rec = Record<string, string | null>;
const q = (v: string) => `"${v.replace(/"/g, '""')}"`;

describe('address points', () => {
  let raw: string | undefined;
  afterEach(() => {
    if (raw) cleanup(raw);
    raw = undefined;
  });

  it('reads City CSV rows built from the real properties (JSON column of the sample)', async () => {
    raw = tempDir();
    // Sample columns: _, ADDRESS_POINT_ID, ADDRESS_FULL, ADDRESS_NUMBER, 2 street forms, lat, lon, LO_NUM, LO_NUM_SUF, HI_NUM,
    // HI_NUM_SUF, {City properties}, class, MUNICIPALITY_NAME, …; the street forms are that project's, so not used.
    const lines = fs.readFileSync(path.join(samplesDir, 'address_points_derived_rows_skfd.csv'), 'utf8').split('\n')
      .filter((l) => /^\d/.test(l));
    const records = lines.map((l) => {
      const [head, json, tail] = [l.slice(0, l.indexOf(',"{')), l.slice(l.indexOf(',"{') + 2, l.lastIndexOf('}"') + 1), l.slice(l.lastIndexOf('}"') + 3)];
      const h = head.split(',');
      const props = JSON.parse(json.replace(/""/g, '"')) as Record<string, string | number>;
      return { ...props, ADDRESS_POINT_ID: h[1], ADDRESS_FULL: h[2], ADDRESS_NUMBER: h[3], LO_NUM: h[8], LO_NUM_SUF: h[9], HI_NUM: h[10], HI_NUM_SUF: h[11], MUNICIPALITY_NAME: tail.split(',')[1],
        geometry: `{"type": "MultiPoint", "coordinates": [[${h[7]}, ${h[6]}]]}` };
    });
    const header = [...new Set(records.flatMap((r) => Object.keys(r)))];
    put(path.join(raw, 'address-points/address-points.csv'),
      [header.join(','), ...records.map((r) => header.map((k) => q(String((r as Record<string, unknown>)[k] ?? ''))).join(','))].join('\n'));
    const ctx = await sourceContext(raw);
    expect(await loadAddressPoints(ctx)).toBe(3);
    const rows = await ctx.wh.all<Rec>('select * exclude (source_file) from src_geo__address_points order by source_position::int');
    expect(rows[0]).toEqual({
      address_point_id: '10222627', address_number: '7', lo_num: '7', lo_num_suf: null, hi_num: null, hi_num_suf: null,
      linear_name_full: null, linear_name: null, linear_name_type: null, linear_name_dir: null, centreline_side: 'R',
      address_full: '7 Adelaide Pl', ward: '10', municipality_name: 'former Toronto', latitude: '43.645', longitude: '-79.40149',
      source_position: '1',
    });
    expect(rows.map((r) => [r.address_point_id, r.centreline_side, r.latitude, r.longitude])).toEqual([
      ['10222627', 'R', '43.645', '-79.40149'], ['10222695', 'L', '43.64562', '-79.39353'], ['10222714', 'L', '43.6455', '-79.39387'],
    ]);
    // Columns the City has but these derived rows lack are noted once, not per row.
    expect(ctx.quarantine.entries.map((e) => e.reason)).toEqual(['missing columns: linearnamefull, linearname, linearnametype, linearnamedir']);
  });

  it('takes the point from geometry, else LATITUDE/LONGITUDE; quarantines keyless and short rows', async () => {
    const ctx = await sourceContext(fixturesRaw);
    expect(await loadAddressPoints(ctx)).toBe(2);
    const rows = await ctx.wh.all<Rec>('select * from src_geo__address_points order by source_position::int');
    expect(rows[0]).toMatchObject({ address_point_id: '10222695', linear_name_full: 'King St W', linear_name_dir: 'W', latitude: '43.64562', longitude: '-79.39353' });
    expect(rows[1]).toMatchObject({ address_point_id: '10222714', lo_num_suf: 'A', address_full: '395A King St W', latitude: '43.6455', longitude: '-79.39387' });
    expect(ctx.quarantine.entries.map((e) => [e.sourcePosition, e.reason])).toEqual([
      [3, 'missing ADDRESS_POINT_ID'], [4, 'wrong column count (expected 30, got 19)'],
    ]);
  });

  it('streams a file larger than one appender batch', async () => {
    raw = tempDir();
    const n = SINK_BATCH * 2 + 7;
    const out = fs.openSync(path.join((fs.mkdirSync(path.join(raw, 'address-points'), { recursive: true }), raw), 'address-points/address-points.csv'), 'w');
    fs.writeSync(out, 'ADDRESS_POINT_ID,ADDRESS_NUMBER,LO_NUM,LO_NUM_SUF,HI_NUM,HI_NUM_SUF,LINEAR_NAME_FULL,LINEAR_NAME,LINEAR_NAME_TYPE,LINEAR_NAME_DIR,CENTRELINE_SIDE,ADDRESS_FULL,WARD,MUNICIPALITY_NAME,geometry\n');
    let chunk = '';
    for (let i = 1; i <= n; i++) {
      chunk += `${i},${i},${i},,,,Main St,Main,St,,L,${i} Main St,${(i % 25) + 1},former Toronto,"{""type"": ""MultiPoint"", ""coordinates"": [[-79.${i}, 43.${i}]]}"\n`;
      if (chunk.length > 1 << 16) (fs.writeSync(out, chunk), (chunk = ''));
    }
    fs.writeSync(out, chunk);
    fs.closeSync(out);
    const ctx = await sourceContext(raw);
    expect(await loadAddressPoints(ctx)).toBe(n);
    const [last] = await ctx.wh.all<Rec>('select address_point_id, latitude, longitude, source_position from src_geo__address_points order by source_position desc limit 1');
    expect(last).toEqual({ address_point_id: String(n), latitude: `43.${n}`, longitude: `-79.${n}`, source_position: String(n) });
  });

  it('reads points from GeoJSON Point/MultiPoint and WKT text, verbatim', () => {
    expect(pointOf('{"type": "MultiPoint", "coordinates": [[-79.39353, 43.64562]]}')).toEqual(['-79.39353', '43.64562']);
    expect(pointOf('{"coordinates":[-79.4,43.6],"type":"Point"}')).toEqual(['-79.4', '43.6']);
    expect(pointOf('MULTIPOINT ((-79.40149 43.645))')).toEqual(['-79.40149', '43.645']);
    expect(pointOf('{"type": "MultiPoint", "coordinates": []}')).toBeNull();
    expect(pointOf(null)).toBeNull();
  });
});

describe('city wards', () => {
  let raw: string | undefined;
  afterEach(() => {
    if (raw) cleanup(raw);
    raw = undefined;
  });

  it('reads all 25 wards of the real WARD_WGS84 attribute table as GeoJSON properties', async () => {
    raw = tempDir();
    const [head, ...lines] = fs.readFileSync(path.join(samplesDir, 'wards_25_model_WARD_WGS84_dbf_attributes.csv'), 'utf8').trim().split(/\r?\n/);
    const names = head.split(',');
    const features = lines.map((l) => ({
      type: 'Feature',
      // The real names include apostrophes (Toronto-St. Paul's) but no commas.
      properties: Object.fromEntries(l.split(',').map((v, i) => [names[i], v])),
      geometry: { type: 'Polygon', coordinates: [[[-79.4, 43.7], [-79.3, 43.7], [-79.3, 43.8], [-79.4, 43.7]]] },
    }));
    put(path.join(raw, 'city-wards/city-wards-4326.geojson'), JSON.stringify({ type: 'FeatureCollection', features }));
    const ctx = await sourceContext(raw);
    expect(await loadWards(ctx)).toBe(25);
    const rows = await ctx.wh.all<Rec>('select * from src_geo__wards order by area_short_code');
    expect(rows.map((r) => r.area_short_code)).toEqual(Array.from({ length: 25 }, (_, i) => String(i + 1).padStart(2, '0')));
    expect(rows.find((r) => r.area_short_code === '16')).toMatchObject({
      area_name: 'Don Valley East', longitude: '-7.933298e+001', latitude: '43.73971639060', source_file: 'city-wards/city-wards-4326.geojson',
    });
    expect(JSON.parse(rows[0].geometry!)).toMatchObject({ type: 'Polygon' });
  });

  it('accepts shapefile and service property names; quarantines features without a code', async () => {
    const ctx = await sourceContext(fixturesRaw);
    expect(await loadWards(ctx)).toBe(2);
    const rows = await ctx.wh.all<Rec>('select * exclude (geometry, source_file) from src_geo__wards order by source_position::int');
    expect(rows).toEqual([
      { area_short_code: '16', area_name: 'Don Valley East', longitude: '-79.33298', latitude: '43.7397163906', source_position: '1' },
      { area_short_code: '04', area_name: 'Parkdale-High Park', longitude: null, latitude: null, source_position: '2' },
    ]);
    expect(ctx.quarantine.entries.map((e) => [e.sourcePosition, e.reason])).toEqual([[3, 'missing AREA_SHORT_CODE']]);
  });

  it('quarantines a file that is not a FeatureCollection', async () => {
    raw = tempDir();
    put(path.join(raw, 'city-wards/city-wards-4326.geojson'), '{"type": "Feature"');
    const ctx = await sourceContext(raw);
    expect(await loadWards(ctx)).toBe(0);
    expect(ctx.quarantine.entries.map((e) => e.reason)).toEqual(['json parse error']);
  });
});
