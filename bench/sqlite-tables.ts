// SQLite copy of an export's list tables for the Datasette comparison: the rows and columns the API
// publishes (the bulk JSON Lines, typed by datapackage.json), an index on every scalar filter column of the list's
// route, and the route's order as the primary key so Datasette's default order is the gateway's. Written by the
// sqlite3 CLI (Debian package sqlite3) with its readfile() and JSON functions: no new npm dependency.
//   SITE_DIR=… npx tsx bench/sqlite-tables.ts [out.db]      (default .tmp/bench-tables.db)
import { execFile } from 'node:child_process';
import { readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { routesOfKind } from '../api/routes.ts';
import type { ListRoute } from '../api/routes/types.ts';
import { quoteIdent, quoteLiteral } from '../pipeline/db/warehouse.ts';
import { benchOutputPath, SQLITE_TABLES_DB } from './output.ts';

const run = promisify(execFile);

/** The list tables the filtered query mix (bench/gateway.ts `variedFilteredPaths`) reads. */
export const MIX_RESOURCES = ['communications'] as const;

interface TableField { name: string; type: string }

/** SQLite column type of a Frictionless field type: integers must have INTEGER affinity, or Datasette's text
 *  parameters (`member_person_id__exact=5`) would never equal the stored numbers. */
function sqliteType(frictionless: string): string {
  if (frictionless === 'integer') return 'integer';
  if (frictionless === 'number') return 'real';
  return 'text'; // string, date (ISO text, byte-ordered like the gateway's sort keys), array/object as JSON text
}

/** The key that orders the route's rows as the gateway does: `sortLead` then the primary key (communications: date,
 *  id), else the primary key. Datasette orders a table without `_sort` by its primary key, ties included. */
export function orderKey(route: ListRoute): string[] {
  const pk = [...(route.primaryKey ?? ['id'])];
  return route.sortLead ? [route.sortLead, ...pk.filter((c) => c !== route.sortLead)] : pk;
}

/** Scalar filter columns of the route that are published fields (list and element filters are not). */
export function indexedColumns(route: ListRoute): string[] {
  const columns = route.params.flatMap((p) => (p.filter && ['eq', 'gte', 'lte'].includes(p.filter.kind) ? [p.filter.column] : []));
  return [...new Set(columns)].filter((c) => route.fields.includes(c));
}

/** The script that loads one list table from its JSON Lines file. */
export function tableScript(route: ListRoute, fields: readonly TableField[], jsonlPath: string): string {
  const table = quoteIdent(route.resource);
  const key = orderKey(route);
  const columns = fields.map((f) => `${quoteIdent(f.name)} ${sqliteType(f.type)}`);
  // the file's lines joined into one JSON array (a record holds no raw newline: JSON escapes it)
  const array = `'[' || rtrim(replace(cast(readfile(${quoteLiteral(jsonlPath)}) as text), char(10), ','), ',') || ']'`;
  const values = fields.map((f) => `json_extract(value, ${quoteLiteral(`$.${f.name}`)})`);
  return [
    `create table ${table} (${columns.join(', ')}, primary key (${key.map(quoteIdent).join(', ')}));`,
    // inserted in the gateway's order, so rowids follow it too
    `insert into ${table} select ${values.join(', ')} from json_each(${array}) order by ${key.map((c) => `json_extract(value, ${quoteLiteral(`$.${c}`)})`).join(', ')};`,
    ...indexedColumns(route).filter((c) => c !== key[0])
      .map((c) => `create index ${quoteIdent(`${route.resource}_${c}`)} on ${table} (${quoteIdent(c)});`),
  ].join('\n');
}

/** Write `dbPath` (replaced) with `resources` of the export in `exportDir`; returns the row count of each table. */
export async function writeSqliteTables(exportDir: string, dbPath: string, resources: readonly string[] = MIX_RESOURCES)
  : Promise<Record<string, number>> {
  const bulk = path.join(exportDir, 'bulk');
  const pkg = JSON.parse(readFileSync(path.join(bulk, 'datapackage.json'), 'utf8')) as {
    resources: { name: string; schema?: { fields: TableField[] } }[];
  };
  const lists = routesOfKind('list');
  const scripts = resources.map((name) => {
    const route = lists.find((r) => r.resource === name);
    if (!route) throw new Error(`no list route publishes ${name}`);
    const fields = pkg.resources.find((r) => r.name === name)?.schema?.fields;
    if (!fields) throw new Error(`datapackage.json has no table schema for ${name}`);
    return tableScript(route, fields, path.join(bulk, `${name}.jsonl`));
  });
  const db = benchOutputPath(dbPath); // its folder made: the default, .tmp/, is not there on a fresh clone
  rmSync(db, { force: true });
  const script = ['pragma journal_mode = off;', 'begin;', ...scripts, 'commit;', 'analyze;', // planner statistics: tuned
    ...resources.map((r) => `select ${quoteLiteral(r)}, count(*) from ${quoteIdent(r)};`)].join('\n');
  const { stdout } = await run('sqlite3', ['-batch', '-bail', '-separator', '\t', db, script], { maxBuffer: 1 << 20 });
  return Object.fromEntries(stdout.trim().split('\n').filter((line) => line.includes('\t'))
    .map((line) => line.split('\t')).map(([r, n]) => [r!, Number(n)]));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { resolveConfig } = await import('../config/resolve.ts');
  const exportDir = realpathSync(path.join(resolveConfig().siteRoot, 'current'));
  const out = path.resolve(process.argv[2] ?? SQLITE_TABLES_DB);
  const started = performance.now();
  const counts = await writeSqliteTables(exportDir, out);
  console.log(`${out}: ${JSON.stringify(counts)} from ${exportDir} in ${Math.round(performance.now() - started)} ms`);
}
