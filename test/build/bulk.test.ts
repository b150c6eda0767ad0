// The bulk export on the e2e city: every table's Parquet and CSV (read by DuckDB with the dictionary's types) hold the
// same rows and values as the warehouse table the API serves, the JSON Lines are the API's own records in the API's
// order (the canonical pages walked to the end), datapackage.json validates and its CSV resources cast cleanly under
// the Frictionless reference implementation, the bytes are deterministic, and the changes file names every row
// added, changed and removed since a previous export.
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Package } from 'datapackage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadResourceTable } from '../../api/query/engine.ts';
import { parseListQuery } from '../../api/query/params.ts';
import { routesOfKind } from '../../api/routes.ts';
import type { ListRoute } from '../../api/routes/types.ts';
import { primaryKeyOf, requiredParamField } from '../../api/routes/define.ts';
import { exportLayout } from '../../export/layout.ts';
import { tableColumns, type TableColumn } from '../../api/table-columns.ts';
import { bulkBaseName } from '../../export/bulk-names.ts';
import { writeBulk, type BulkManifest } from '../../build/bulk/write-bulk.ts';
import { toArrowFile } from '../../export/arrow-file.ts';
import { readSiteInput } from '../../build/site/read-warehouse.ts';
import { openWarehouse, quoteIdent, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { e2eCity } from '../e2e/city.ts';

const lists = routesOfKind('list');
let wh: Warehouse;
let duck: Warehouse;
let siteDir: string;
let cursorSecret: string;
let tables: { route: ListRoute; records: string[] }[];
const dirs: string[] = [];
let manifest: BulkManifest;
let dir: string;

async function writeInto(previous: { dir: string; exportId: string } | null, records = tables): Promise<{ dir: string; manifest: BulkManifest }> {
  const out = mkdtempSync(path.join(tmpdir(), 'bulk-'));
  dirs.push(out);
  const written = await writeBulk({
    exportId: 'test-export', exportDate: '2026-11-20', baseUrl: 'http://localhost/api/v1', generatedAt: new Date('2026-11-20T06:00:00Z'),
    tables: records, previous, sideFiles: [{ name: 'link-quality.json', description: 'link quality', mediaType: 'application/json', content: '{"tasks":[]}\n', rows: null }],
  }, out);
  return { dir: out, manifest: written.manifest };
}

beforeAll(async () => {
  const config = await e2eCity();
  siteDir = path.join(config.siteRoot, 'current');
  cursorSecret = config.cursorSecret;
  wh = await openWarehouse(config.warehousePath, { readOnly: true });
  duck = await openWarehouse(':memory:');
  const input = await readSiteInput(wh, { baseUrl: config.baseUrl, cursorSecret: config.cursorSecret });
  tables = lists.map((route) => ({ route, records: toArrowFile(route, input.lists[route.resource]!).records }));
  ({ dir, manifest } = await writeInto(null));
});

afterAll(() => {
  wh.close();
  duck.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A value as the API record has it: integers and numbers as numbers, JSON text parsed, lists of numbers as numbers. */
function normal(column: TableColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column.frictionless === 'integer' || column.frictionless === 'number') return Number(value);
  if (column.frictionless === 'object' || (column.frictionless === 'array' && column.duckdb === 'JSON')) {
    return typeof value === 'string' ? JSON.parse(value) : value;
  }
  if (column.frictionless === 'array') {
    const list = typeof value === 'string' ? JSON.parse(value) as unknown[] : value as unknown[];
    return column.duckdb === 'BIGINT[]' ? list.map(Number) : list;
  }
  return String(value);
}

async function rowsOf(sql: string, route: ListRoute, db: Warehouse): Promise<unknown[][]> {
  const columns = tableColumns(route);
  const rows = await db.all<Record<string, unknown>>(sql);
  return rows.map((r) => columns.map((c) => normal(c, r[c.name])));
}

describe('bulk export', () => {
  it.each(lists.map((r) => [r.resource, r] as const))('%s: Parquet and CSV hold the warehouse table\'s rows and values', async (_name, route) => {
    const fields = route.fields.map(quoteIdent).join(', ');
    const expected = await rowsOf(`select ${fields} from ${quoteIdent(route.table)} order by _sort`, route, wh);
    const base = path.join(dir, bulkBaseName(route.resource));
    const parquet = await rowsOf(`select ${fields} from read_parquet('${base}.parquet')`, route, duck);
    expect(parquet).toEqual(expected);
    // CSV with the dictionary's types: lists and objects are JSON text
    const types = tableColumns(route).map((c) => `'${c.name}': '${c.frictionless === 'array' || c.frictionless === 'object' ? 'JSON' : c.duckdb}'`).join(', ');
    const csv = await rowsOf(`select ${fields} from read_csv('${base}.csv', header = true, auto_detect = false,
      columns = {${types}}, delim = ',', quote = '"', escape = '"', new_line = '\\r\\n')`, route, duck);
    expect(csv).toEqual(expected);
  });

  it.each(lists.map((r) => [r.resource, r] as const))('%s: JSON Lines are the API\'s records, in the API\'s order', (_name, route) => {
    const api: string[] = [];
    let rel: string | null = exportLayout.listFirstPage(route.resource);
    const required = route.params.filter((p) => p.required);
    if (required.length) {
      // no canonical pages (a parameter is required): the engine over the published data answers each value of it,
      // and the values in the order the rows hold them give the API's order
      expect(required.length).toBe(1);
      const param = required[0]!, column = requiredParamField(route, param);
      const ctx = { exportId: (JSON.parse(readFileSync(path.join(siteDir, exportLayout.manifest), 'utf8')) as { export_id: string }).export_id, cursorSecret };
      const table = loadResourceTable(route, readFileSync(path.join(siteDir, exportLayout.data(route.resource))), ctx);
      const records = tables.find((t) => t.route === route)!.records.map((json) => JSON.parse(json) as Record<string, unknown>);
      for (const value of new Set(records.map((r) => String(r[column])))) {
        let cursor: string | null = null;
        do {
          const search = new URLSearchParams({ [param.name]: value, limit: '500', ...(cursor ? { cursor } : {}) });
          const page = table.run(parseListQuery(route, search, ctx));
          api.push(...page.records);
          cursor = page.nextCursor;
        } while (cursor);
      }
      rel = null;
    }
    while (rel) {
      const page = JSON.parse(readFileSync(path.join(siteDir, rel), 'utf8')) as { data: unknown[]; next_cursor: string | null };
      api.push(...page.data.map((r) => JSON.stringify(r)));
      rel = page.next_cursor ? exportLayout.listPage(route.resource, page.next_cursor) : null;
    }
    const lines = readFileSync(path.join(dir, `${bulkBaseName(route.resource)}.jsonl`), 'utf8').split('\n').filter(Boolean);
    expect(lines).toEqual(api);
  });

  it.each(lists.map((r) => [r.resource, r] as const))('%s: the primary key names one row', (_name, route) => {
    const key = primaryKeyOf(route);
    for (const field of key) expect(route.fields, `${route.id} key ${field}`).toContain(field);
    const records = tables.find((t) => t.route === route)!.records.map((json) => JSON.parse(json) as Record<string, unknown>);
    const keys = records.map((r) => JSON.stringify(key.map((k) => r[k])));
    expect(new Set(keys).size, route.id).toBe(keys.length);
  });

  it('lists every file with its rows, bytes and SHA-256 in the manifest', () => {
    for (const f of manifest.files) {
      const bytes = readFileSync(path.join(dir, f.name));
      expect(bytes.byteLength, f.name).toBe(f.bytes);
      expect(f.url).toBe(`/api/v1/bulk/2026-11-20/${f.name}`);
    }
    expect(manifest.files.filter((f) => f.format === 'csv' && f.resource).length).toBe(lists.length);
    expect(manifest.files.map((f) => f.name)).toEqual(expect.arrayContaining(['dictionary.md', 'datapackage.json', 'link-quality.json', 'communications-changes.csv']));
  });

  it('validates as a Frictionless Data Package whose CSV tables cast cleanly against their Table Schemas', async () => {
    const descriptor = JSON.parse(readFileSync(path.join(dir, 'datapackage.json'), 'utf8'));
    const pkg = await Package.load(descriptor, { basePath: dir });
    expect(pkg.errors.map(String)).toEqual([]);
    expect(pkg.valid).toBe(true);
    for (const resource of pkg.resources.filter((r: { tabular: boolean }) => r.tabular)) {
      const rows = await resource.read({ cast: true });
      const expected = manifest.files.find((f) => f.name === resource.descriptor.path)!.rows;
      expect(rows.length, resource.name).toBe(expected);
    }
  });

  it('writes the same bytes from the same records', async () => {
    const again = await writeInto(null);
    const digest = (m: BulkManifest) => Object.fromEntries(m.files.map((f) => [f.name, [f.sha256, f.gzip?.sha256 ?? null]]));
    expect(digest(again.manifest)).toEqual(digest(manifest));
  });

  it('names every row added, changed and removed since the previous export', async () => {
    const comms = tables.find((t) => t.route.resource === 'communications')!;
    const [first, second, ...rest] = comms.records;
    const changed = JSON.stringify({ ...JSON.parse(second!), method: 'other', method_raw: 'Other' });
    const added = JSON.stringify({ ...JSON.parse(first!), id: 'NEW-1' });
    const next = tables.map((t) => (t === comms ? { ...t, records: [changed, ...rest, added] } : t));
    const { dir: nextDir, manifest: nextManifest } = await writeInto({ dir, exportId: 'previous-export' }, next);
    const lines = readFileSync(path.join(nextDir, 'communications-changes.csv'), 'utf8').trim().split('\r\n');
    expect(lines).toEqual(['change,id', `changed,${JSON.parse(second!).id}`, 'added,NEW-1', `removed,${JSON.parse(first!).id}`]);
    expect(nextManifest.previous_export_id).toBe('previous-export');
    expect(readFileSync(path.join(nextDir, 'organizations-changes.csv'), 'utf8')).toBe('change,id\r\n');
    writeFileSync(path.join(nextDir, 'unused'), ''); // the folder stays removable
    // the changed table was written anew; an unchanged one is the previous export's files, linked
    const ino = (d: string, name: string) => statSync(path.join(d, name)).ino;
    expect(ino(nextDir, 'communications.csv')).not.toBe(ino(dir, 'communications.csv'));
    for (const name of ['organizations.jsonl', 'organizations.jsonl.gz', 'organizations.csv', 'organizations.csv.gz', 'organizations.parquet']) {
      expect(ino(nextDir, name)).toBe(ino(dir, name));
    }
    const tableFiles = (m: BulkManifest) => m.files.filter((f) => f.format !== 'changes' && f.resource !== null && f.resource !== 'communications')
      .map((f) => [f.name, f.sha256, f.bytes, f.gzip]);
    expect(tableFiles(nextManifest)).toEqual(tableFiles(manifest));
  });

  it('writes every table again when the previous files were written by other code', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'bulk-other-'));
    dirs.push(other);
    cpSync(dir, other, { recursive: true });
    writeFileSync(path.join(other, 'manifest.json'), JSON.stringify({ ...manifest, format_version: 'other-code' }));
    const next = await writeInto({ dir: other, exportId: 'previous-export' });
    expect(statSync(path.join(next.dir, 'organizations.csv')).ino).not.toBe(statSync(path.join(other, 'organizations.csv')).ino);
    const tableFiles = (m: BulkManifest) => m.files.filter((f) => ['jsonl', 'csv', 'parquet'].includes(f.format)).map((f) => [f.name, f.sha256]);
    expect(tableFiles(next.manifest)).toEqual(tableFiles(manifest));
  });
});
