// The Datasette comparison's two halves that need no Datasette: the gateway → Datasette query translation, and the
// SQLite copy of a list table (rows, types, nulls, the gateway's order as the primary key, the filter indexes).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routesOfKind } from '../../api/routes.ts';
import { DATASETTE_HOWTO, datasettePath, datasetteRows } from '../../bench/datasette.ts';
import { indexedColumns, orderKey, writeSqliteTables } from '../../bench/sqlite-tables.ts';

const communications = routesOfKind('list').find((r) => r.resource === 'communications')!;

describe('datasettePath', () => {
  it('translates equality and range filters, the page size and the default page size', () => {
    expect(datasettePath('/communications?member=5367&method=meeting&limit=50')).toBe(
      '/communications.json?member_person_id__exact=5367&method__exact=meeting&_size=50&_shape=objects');
    expect(datasettePath('/communications?from=2008-01-01&to=2008-01-28&office_holder_type=member_of_council')).toBe(
      '/communications.json?date__gte=2008-01-01&date__lte=2008-01-28&office_holder_type__exact=member_of_council&_size=100&_shape=objects');
  });

  it('refuses what has no one-to-one form rather than dropping it', () => {
    expect(() => datasettePath('/communications?ward=3')).toThrow(/ward has no Datasette translation/);
    expect(() => datasettePath('/communications?nope=1')).toThrow(/nope/);
    expect(() => datasettePath('/topics')).toThrow(/not a list path/);
  });
});

describe('datasetteRows', () => {
  const noLoad = async () => { throw new Error('no load may be driven'); };
  const gateways = { deployed: 'http://127.0.0.1:1', oneWorker: 'http://127.0.0.1:2' };
  it('says how to provide a Datasette when none is given, and drives only loopback', async () => {
    expect(await datasetteRows(undefined, gateways, '/api/v1', [], noLoad))
      .toEqual([['Datasette (tuned) vs gateway', 'not measured', '', '', DATASETTE_HOWTO]]);
    expect(DATASETTE_HOWTO).toMatch(/--immutable .*suggest_facets off/);
    await expect(datasetteRows('http://example.org/db', gateways, '/api/v1', [], noLoad)).rejects.toThrow(/loopback/);
  });
});

describe('the SQLite copy', () => {
  it('keys communications by the gateway order and indexes its scalar filter columns', () => {
    expect(orderKey(communications)).toEqual(['date', 'id']);
    expect(indexedColumns(communications)).toEqual(['date', 'registration_id', 'member_person_id', 'office_holder_type', 'method']);
  });

  it.skipIf(spawnSync('sqlite3', ['--version']).error !== undefined)('loads the JSON Lines with types, nulls and order', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sqlite-tables-'));
    mkdirSync(path.join(dir, 'bulk'));
    const fields = communications.fields.map((name) => ({
      name, type: ['lobbyist_person_id', 'office_holder_person_id', 'member_person_id'].includes(name) ? 'integer' : 'string',
    }));
    writeFileSync(path.join(dir, 'bulk', 'datapackage.json'), JSON.stringify({ resources: [{ name: 'communications', schema: { fields } }] }));
    const row = (id: string, date: string, member: number | null, raw: string | null) => JSON.stringify(
      Object.fromEntries(communications.fields.map((f) => [f, f === 'id' ? id : f === 'date' ? date : f === 'member_person_id' ? member
        : f === 'office_holder_raw' ? raw : f.endsWith('_id') ? 1 : 'x'])));
    // out of order in the file, a tie on date broken by id, a null, a quote and an escaped newline
    writeFileSync(path.join(dir, 'bulk', 'communications.jsonl'),
      `${[row('Cb', '2020-01-02', 7, "O'Neil\nline"), row('Cc', '2020-01-01', null, null), row('Ca', '2020-01-02', 7, 'a,b')].join('\n')}\n`);
    const db = path.join(dir, 'tables.db');
    expect(await writeSqliteTables(dir, db)).toEqual({ communications: 3 });
    const query = (sql: string) => execFileSync('sqlite3', ['-json', db, sql], { encoding: 'utf8' });
    expect(JSON.parse(query('select id, member_person_id, typeof(member_person_id) as t, office_holder_raw from communications order by rowid')))
      .toEqual([
        { id: 'Cc', member_person_id: null, t: 'null', office_holder_raw: null },
        { id: 'Ca', member_person_id: 7, t: 'integer', office_holder_raw: 'a,b' },
        { id: 'Cb', member_person_id: 7, t: 'integer', office_holder_raw: "O'Neil\nline" },
      ]);
    // Datasette's filter parameters are text: INTEGER affinity must make '7' find 7
    expect(JSON.parse(query("select count(*) as n from communications where member_person_id = '7'"))).toEqual([{ n: 2 }]);
    const indexes = JSON.parse(query("select name from sqlite_master where type = 'index' order by name")) as { name: string }[];
    expect(indexes.map((i) => i.name)).toEqual([
      'communications_member_person_id', 'communications_method', 'communications_office_holder_type',
      'communications_registration_id', 'sqlite_autoindex_communications_1',
    ]);
  });
});
