// readSiteInput over a small in-memory warehouse shaped like the pipeline's api_ tables, then writeSite over it:
// DATE columns arrive as YYYY-MM-DD, struct lists as objects, JSON docs byte for byte.
import { detailDocFromRow } from './helpers/detail-docs.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openWarehouse, quoteIdent } from '../../pipeline/db/warehouse.ts';
import { routesOfKind } from '../../api/routes.ts';
import { memoryEffects } from '../../build/site/effects.ts';
import { readSiteInput } from '../../build/site/read-warehouse.ts';
import { writeSite } from '../../build/site/write-site.ts';
import { duckColumns, randomRows, rng } from './helpers/random-rows.ts';
import { ITS_DOCUMENT } from './helpers/small-site.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'read-wh-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readSiteInput', () => {
  it('reads every route table, the run and the topics, and the result writes a site', async () => {
    const wh = await openWarehouse(':memory:');
    try {
      const r = rng(3);
      for (const route of routesOfKind('list')) {
        const file = path.join(dir, `${route.resource.replace(/\//g, '__')}.jsonl`); // insights/<name> → one flat file
        writeFileSync(file, randomRows(route, 150, r).map((row) => JSON.stringify(row)).join('\n'));
        const cols = Object.entries(duckColumns(route)).map(([k, v]) => `${quoteIdent(k)}: '${v}'`).join(', ');
        await wh.exec(`create table ${quoteIdent(route.table)} as select * from read_json('${file}', format = 'newline_delimited', columns = {${cols}})`);
      }
      const docs = new Map<string, string[]>();
      for (const route of routesOfKind('detail')) {
        const list = routesOfKind('list').find((l) => l.resource === route.resource)!;
        const rows = await wh.all<Record<string, unknown>>(`select * from ${quoteIdent(list.table)} order by _sort limit 2`);
        const json = rows.map((row) => JSON.stringify(detailDocFromRow(list, row)));
        docs.set(route.resource, json);
        await wh.exec(`create table ${quoteIdent(route.table)} (id varchar, slug varchar, doc json)`);
        await wh.exec(`insert into ${quoteIdent(route.table)} values ('1', 'one', $a), ('2', null, $b)`, { a: json[0]!, b: json[1]! });
      }
      for (const route of routesOfKind('static').filter((s) => s.table)) {
        await wh.exec(`create table ${quoteIdent(route.table!)} as select cast($doc as json) as doc`, { doc: ITS_DOCUMENT });
      }
      await wh.exec(`create table meta_run as select '2026-11-20' as export_date, 'run-9' as run_id`);
      await wh.exec(`create table api_topics as select 'housing' as id, 'Housing' as label, 'Homes' as description, 'City' as "group"`);
      await wh.exec(`create table api_labels as select * from (values ('person', '2', 'Maria Chen'), ('organization', '1', 'Acme'),
        ('site', '9', null)) as t(kind, id, name)`);

      const input = await readSiteInput(wh, { baseUrl: 'https://x.test/api/v1', cursorSecret: 's' });
      expect(input.exportDate).toBe('2026-11-20');
      expect(input.runId).toBe('run-9');
      expect(input.documents).toEqual({ 'insights/mayor-share/its.json': ITS_DOCUMENT });
      expect(input.topics).toEqual([{ id: 'housing', label: 'Housing', description: 'Homes', group: 'City' }]);
      // the names labels=1 gives, in kind and id order, a record without a name left out
      expect(input.labels).toEqual([{ kind: 'organization', id: '1', name: 'Acme' }, { kind: 'person', id: '2', name: 'Maria Chen' }]);
      // documents travel as the warehouse's JSON text, byte for byte
      expect(input.details.organizations).toEqual([
        { id: '1', slug: 'one', doc: docs.get('organizations')![0] },
        { id: '2', slug: null, doc: docs.get('organizations')![1] },
      ]);
      const comm = input.lists.communications![0]!;
      expect(comm.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Array.isArray(input.lists.people![0]!.f_roles)).toBe(true);

      const fx = memoryEffects();
      const manifest = await writeSite(input, '/site', fx);
      expect(manifest.counts.communications).toBe(150);
      expect(Buffer.from(fx.files.get('/site/api/v1/organizations/one.json')!).toString()).toContain(`"data":${docs.get('organizations')![0]}`);
      expect(JSON.parse(Buffer.from(fx.files.get('/site/_data/labels.json')!).toString()).person).toEqual({ 2: 'Maria Chen' });

      // lazy: nothing read up front, each route read while it is written; the same files, byte for byte
      const lazy = await readSiteInput(wh, { baseUrl: 'https://x.test/api/v1', cursorSecret: 's', lazy: true });
      expect(lazy.lists).toEqual({});
      expect(lazy.details).toEqual({});
      const lazyFx = memoryEffects();
      expect((await writeSite(lazy, '/site', lazyFx)).files).toEqual(manifest.files);
      expect([...lazyFx.files.keys()].sort()).toEqual([...fx.files.keys()].sort());
    } finally {
      wh.close();
    }
  });
});
