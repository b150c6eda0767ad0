// Reads one export's SiteInput from the warehouse: every list route's api_ table (contract fields, `_sort`,
// `f_*` columns), every detail table `(id, slug, doc)`, the topics and the run's export date. `lazy` leaves the
// lists and detail documents in the warehouse, read one route at a time while the site is written (and dropped after
// it): at the City's volume holding them all at once was a gigabyte of the build's peak memory.
import { quoteIdent, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { readNightCounts } from '../../pipeline/guard/live-counts.ts';
import { filterColumns } from '../../api/query/columns.ts';
import type { DetailRoute, ListRoute, Route } from '../../api/routes/types.ts';
import { routes as registry } from '../../api/routes.ts';
import type { RateLimits } from '../../api/notes.ts';
import type { DetailDoc, LabelRow, SiteInput, Topic } from './input.ts';
import type { SourceRow } from '../../export/arrow-file.ts';
import { assertDocsValid } from './validate-records.ts';

export interface ReadOptions {
  baseUrl: string;
  cursorSecret: string;
  rateLimits?: RateLimits;
  routes?: readonly Route[];
  log?: (message: string) => void;
  /** Read lists and detail documents when the writer asks for them (the warehouse must stay open until then). */
  lazy?: boolean;
}

/** Build the site input from the warehouse tables named by the route registry. */
export async function readSiteInput(wh: Warehouse, opts: ReadOptions): Promise<SiteInput> {
  const routes = opts.routes ?? registry;
  const runs = await wh.all<{ export_date: unknown; run_id: unknown }>('select export_date, run_id from meta_run');
  if (runs.length !== 1) throw new Error(`meta_run must hold exactly one row, found ${runs.length}`);
  const exportDate = String(runs[0]!.export_date);
  const runId = String(runs[0]!.run_id);

  const lists: Record<string, SourceRow[]> = {};
  const details: Record<string, DetailDoc[]> = {};
  const documents: Record<string, string> = {};
  const load = {
    list: (route: ListRoute) => _readList(wh, route, opts.log),
    details: (route: DetailRoute) => _readDetails(wh, route, opts.log),
  };
  for (const route of routes) {
    const started = performance.now();
    if (route.kind === 'static' && route.table) {
      const rows = await wh.all<{ doc: string }>(`select cast(doc as varchar) as doc from ${quoteIdent(route.table)}`);
      if (rows.length !== 1) throw new Error(`${route.table} must hold exactly one document, found ${rows.length}`);
      documents[route.file] = rows[0]!.doc; // validated with its licence and attribution by the writer
      opts.log?.(`read ${route.table}: 1 document (${Math.round(performance.now() - started)} ms)`);
    } else if (route.kind === 'list' && !opts.lazy) {
      lists[route.resource] = await load.list(route);
    } else if (route.kind === 'detail' && !opts.lazy) {
      details[route.resource] = await load.details(route);
    }
  }
  const topics = await wh.all<Topic>('select id, label, description, "group" from api_topics order by id');
  const itsBand = await _readItsBand(wh);
  const labels = await wh.all<LabelRow>('select kind, id, name from api_labels where name is not null order by kind, id');
  // the counts the night guard compares the next night against, written into the manifest
  const night = await readNightCounts(wh);
  return {
    exportDate, runId, baseUrl: opts.baseUrl, cursorSecret: opts.cursorSecret, lists, details, topics, documents, labels, itsBand,
    ...(opts.lazy ? { load } : {}),
    ...(opts.rateLimits ? { rateLimits: opts.rateLimits } : {}),
    ...(night ? { night } : {}),
  };
}

/** A list route's rows: only the columns the site publishes or filters on, in `_sort` order (re-checked by the writer). */
async function _readList(wh: Warehouse, route: ListRoute, log?: (message: string) => void): Promise<SourceRow[]> {
  const started = performance.now();
  const columns = ['_sort', ...route.fields, ...filterColumns(route).map((c) => c.name)];
  const select = [...new Set(columns)].map(quoteIdent).join(', ');
  const rows = await wh.all<Record<string, unknown>>(`select ${select} from ${quoteIdent(route.table)} order by _sort`);
  // JSON columns (a link's evidence) arrive as text; publish them as the objects they are
  const jsonColumns = (await wh.all<{ c: string }>(`select column_name as c from information_schema.columns
    where table_name = $t and data_type = 'JSON'`, { t: route.table })).map((r) => r.c);
  for (const row of rows) for (const c of jsonColumns) if (typeof row[c] === 'string') row[c] = JSON.parse(row[c] as string);
  log?.(`read ${route.table}: ${rows.length} rows (${Math.round(performance.now() - started)} ms)`);
  return rows as SourceRow[];
}

/** A detail route's documents by id, validated against the published detail schema before anything is written. */
async function _readDetails(wh: Warehouse, route: DetailRoute, log?: (message: string) => void): Promise<DetailDoc[]> {
  const started = performance.now();
  // an optional `aliases varchar[]` column names the record further (e.g. a site's address key)
  const [{ n }] = await wh.all<{ n: number }>(`select count(*)::integer as n from information_schema.columns
    where table_name = $t and column_name = 'aliases'`, { t: route.table });
  const rows = await wh.all<{ id: unknown; slug: unknown; doc: unknown; aliases: string[] | null }>(
    `select cast(id as varchar) as id, cast(slug as varchar) as slug, cast(doc as varchar) as doc,
      ${n > 0 ? 'cast(aliases as varchar[])' : 'null'} as aliases from ${quoteIdent(route.table)} order by id`,
  );
  const docs = rows.map((r) => ({
    id: String(r.id), slug: r.slug === null ? null : String(r.slug), doc: String(r.doc),
    ...(r.aliases && r.aliases.length ? { aliases: r.aliases } : {}),
  }));
  assertDocsValid(route, docs);
  log?.(`read ${route.table}: ${rows.length} documents (${Math.round(performance.now() - started)} ms)`);
  return docs;
}

/** The ITS fit and band the mayor-share chart draws (pipeline/models/insights/api_insight_mayor_share_its_band.ts);
 *  empty in a warehouse made before the table existed. */
async function _readItsBand(wh: Warehouse): Promise<NonNullable<SiteInput['itsBand']>> {
  const [table] = await wh.all<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_name = 'api_insight_mayor_share_its_band'`);
  if (!table?.n) return [];
  return wh.all('select quarter, fitted, ci_low, ci_high from api_insight_mayor_share_its_band order by quarter');
}
