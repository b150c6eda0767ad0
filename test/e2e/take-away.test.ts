// Whole answers to take away (docs/take-away.md) on every list and insight: for a set of filters on each, the CSV's
// rows are the concatenation of the JSON pages of the same query (cells as the dictionary says), DuckDB's read_csv with
// the dictionary's types reads them back to the same values, the unfiltered CSV is the bulk file's bytes after the
// licence lines, the JSON Lines are the JSON records, and labels=1 adds the name columns of the labelled pages.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOfKind } from '../../api/routes.ts';
import type { ListRoute, ParamDef } from '../../api/routes/types.ts';
import { tableColumns, type TableColumn } from '../../api/table-columns.ts';
import { CSV_PREAMBLE_LINES } from '../../api/take-away.ts';
import { bulkFileName } from '../../export/bulk-names.ts';
import { openWarehouse, quoteIdent, quoteLiteral, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { openE2eApp, openE2eWarehouse, requiredQuery, type E2eApp } from './harness.ts';
import { walkAll } from './walk.ts';

let wh: Warehouse;
let duck: Warehouse;
let gw: E2eApp;
let exportDate: string;
const dir = mkdtempSync(path.join(tmpdir(), 'take-away-'));

beforeAll(async () => {
  wh = await openE2eWarehouse();
  duck = await openWarehouse(':memory:');
  gw = await openE2eApp();
  exportDate = (await gw.json<{ export_date: string }>('/bulk')).body.export_date;
});
afterAll(() => {
  wh.close();
  duck.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A cell as an independent reading of RFC 4180 gives it back: null empty, text itself, numbers as JSON writes them,
 *  lists and objects as JSON text. */
function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return JSON.stringify(value);
}

/** A value as the API record has it (numbers as numbers, JSON text parsed), from a record or a DuckDB row. */
function normal(column: TableColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column.frictionless === 'integer' || column.frictionless === 'number') return Number(value);
  if (column.frictionless === 'object' || column.frictionless === 'array') return typeof value === 'string' ? JSON.parse(value) : value;
  return String(value);
}

/** The query strings tried on a route: its required parameters alone, then with each of its first filters of a kind
 *  that takes one value set to the value most rows hold. */
async function queriesOf(route: ListRoute): Promise<string[]> {
  const base = await requiredQuery(route);
  const out = [base];
  const params = route.params.filter((p) => !p.required && p.filter && p.filter.kind !== 'substring').slice(0, 2);
  for (const p of params) {
    const value = await commonValue(route, p);
    if (value === null) continue;
    const q = new URLSearchParams(base);
    q.set(p.name, value);
    out.push(q.toString());
  }
  return out;
}

async function commonValue(route: ListRoute, param: ParamDef): Promise<string | null> {
  const f = param.filter!;
  const col = quoteIdent(f.column);
  const v = f.kind === 'contains' ? `unnest(${col})` : f.kind === 'element' ? `(unnest(${col})).${quoteIdent(f.field)}` : col;
  const [row] = await wh.all<{ v: unknown }>(`select v from (select ${v} as v from ${quoteIdent(route.table)}) where v is not null
    group by all order by count(*) desc, v limit 1`);
  if (!row) return null;
  const value = String(row.v);
  return param.enum && !param.enum.includes(value) ? null : value;
}

function withParam(query: string, name: string, value: string): string {
  const q = new URLSearchParams(query);
  q.set(name, value);
  return q.toString();
}

/** Every page of the JSON answer, or its error status. */
async function jsonPages(route: ListRoute, query: string): Promise<{ status: number; records: Record<string, unknown>[] }> {
  const first = await gw.get(`${route.path}?${withParam(query, 'limit', '500')}`);
  if (first.status !== 200) return { status: first.status, records: [] };
  return { status: 200, records: await walkAll(gw, query ? `${route.path}?${query}` : route.path) };
}

/** The CSV answer's preamble, header and rows. */
function readCsv(text: string): { preamble: string[]; header: string[]; rows: string[][] } {
  const lines = parse(text, { relax_column_count: true }) as string[][];
  return { preamble: lines.slice(0, CSV_PREAMBLE_LINES.length).map((l) => l.join(',')), header: lines[CSV_PREAMBLE_LINES.length]!, rows: lines.slice(CSV_PREAMBLE_LINES.length + 1) };
}

async function duckRows(text: string, columns: TableColumn[], name: string): Promise<unknown[][]> {
  const file = path.join(dir, `${name}.csv`);
  writeFileSync(file, text);
  // the dictionary's types; lists and objects are JSON text
  const types = columns.map((c) => `${quoteLiteral(c.name)}: ${quoteLiteral(c.frictionless === 'array' || c.frictionless === 'object' ? 'JSON' : c.duckdb)}`).join(', ');
  const rows = await duck.all<Record<string, unknown>>(`select * from read_csv(${quoteLiteral(file)}, skip = ${CSV_PREAMBLE_LINES.length},
    header = true, auto_detect = false, columns = {${types}}, delim = ',', quote = '"', escape = '"', new_line = '\\r\\n')`);
  return rows.map((r) => columns.map((c) => normal(c, r[c.name])));
}

describe.each(routesOfKind('list').map((r) => [r.path, r] as const))('%s', (_path, route) => {
  it('answers CSV and JSON Lines with the rows of the JSON pages, for each of a set of filters', async () => {
    const columns = tableColumns(route);
    const names = columns.map((c) => c.name);
    const queries = await queriesOf(route);
    for (const [i, query] of queries.entries()) {
      const json = await jsonPages(route, query);
      const csvRes = await gw.get(`${route.path}?${withParam(query, 'format', 'csv')}`);
      expect(csvRes.status, query).toBe(json.status);
      if (json.status !== 200) continue;
      expect(csvRes.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const disposition = csvRes.headers.get('content-disposition')!;
      expect(disposition).toMatch(new RegExp(`^attachment; filename="${route.resource.replace(/\//g, '-')}[^"]*_${exportDate}\\.csv"$`));
      const text = await csvRes.text();
      const csv = readCsv(text);
      expect(csv.preamble).toEqual(CSV_PREAMBLE_LINES);
      expect(csv.header).toEqual(names);
      expect(csv.rows, query).toEqual(json.records.map((r) => names.map((n) => cellOf(r[n]))));
      if (i < 2) {
        expect(await duckRows(text, columns, `${route.resource.replace(/\//g, '-')}-${i}`), query)
          .toEqual(json.records.map((r) => columns.map((c) => normal(c, r[c.name]))));
      }
      const jsonl = await gw.get(`${route.path}?${withParam(query, 'format', 'jsonl')}`);
      expect(jsonl.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
      const lines = (await jsonl.text()).split('\n');
      expect(lines.pop()).toBe(''); // every line ends in a newline
      expect(lines.map((l) => JSON.parse(l) as unknown), query).toEqual(json.records);
    }
  });

  it('answers the unfiltered CSV with the bulk file\'s bytes after the licence lines', async ({ skip }) => {
    if (route.params.some((p) => p.required)) skip();
    const answer = await (await gw.get(`${route.path}?format=csv`)).text();
    const bulk = await gw.get(`/bulk/${exportDate}/${bulkFileName(route.resource, 'csv')}`);
    expect(bulk.status).toBe(200);
    const preamble = answer.split('\r\n').slice(0, CSV_PREAMBLE_LINES.length).join('\r\n').length + 2;
    expect(answer.slice(preamble)).toBe(await bulk.text());
  });

  it('adds the name columns with labels=1, as the labelled pages have them', async () => {
    const query = await requiredQuery(route);
    const columns = tableColumns(route, { labels: true }).map((c) => c.name);
    const json = await jsonPages(route, withParam(query, 'labels', '1'));
    expect(json.status).toBe(200);
    const csv = readCsv(await (await gw.get(`${route.path}?${withParam(withParam(query, 'labels', '1'), 'format', 'csv')}`)).text());
    expect(csv.header).toEqual(columns);
    expect(csv.rows).toEqual(json.records.map((r) => columns.map((n) => cellOf(r[n]))));
    if (json.records.length) expect(Object.keys(json.records[0]!)).toEqual(columns);
  });
});
