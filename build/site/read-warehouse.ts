// Reads one export's SiteInput from the warehouse: every list route's api_ table (contract fields, `_sort`,
// `f_*` columns), every detail table `(id, slug, doc)`, the topics and the run's export date.
import { quoteIdent, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { readNightCounts } from '../../pipeline/guard/live-counts.ts';
import { filterColumns } from '../../api/query/columns.ts';
import type { Route } from '../../api/routes/types.ts';
import { routes as registry } from '../../api/routes.ts';
import type { RateLimits } from '../../api/notes.ts';
import type { DetailDoc, SiteInput, Topic } from './input.ts';
import type { SourceRow } from './arrow-file.ts';
import { assertDocsValid } from './validate-records.ts';

export interface ReadOptions {
  baseUrl: string;
  cursorSecret: string;
  rateLimits?: RateLimits;
  routes?: readonly Route[];
  log?: (message: string) => void;
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
  for (const route of routes) {
    const started = performance.now();
    if (route.kind === 'static' && route.table) {
      const rows = await wh.all<{ doc: string }>(`select cast(doc as varchar) as doc from ${quoteIdent(route.table)}`);
      if (rows.length !== 1) throw new Error(`${route.table} must hold exactly one document, found ${rows.length}`);
      documents[route.file] = rows[0]!.doc; // validated with its licence and attribution by the writer
      opts.log?.(`read ${route.table}: 1 document (${Math.round(performance.now() - started)} ms)`);
    } else if (route.kind === 'list') {
      // Only the columns the site publishes or filters on; `order by _sort` is re-checked by the writer.
      const columns = ['_sort', ...route.fields, ...filterColumns(route).map((c) => c.name)];
      const select = [...new Set(columns)].map(quoteIdent).join(', ');
      const rows = await wh.all<Record<string, unknown>>(`select ${select} from ${quoteIdent(route.table)} order by _sort`);
      // JSON columns (a link's evidence) arrive as text; publish them as the objects they are
      const jsonColumns = (await wh.all<{ c: string }>(`select column_name as c from information_schema.columns
        where table_name = $t and data_type = 'JSON'`, { t: route.table })).map((r) => r.c);
      for (const row of rows) for (const c of jsonColumns) if (typeof row[c] === 'string') row[c] = JSON.parse(row[c] as string);
      lists[route.resource] = rows as SourceRow[];
      opts.log?.(`read ${route.table}: ${lists[route.resource]!.length} rows (${Math.round(performance.now() - started)} ms)`);
    } else if (route.kind === 'detail') {
      // an optional `aliases varchar[]` column names the record further (e.g. a site's address key)
      const [{ n }] = await wh.all<{ n: number }>(`select count(*)::integer as n from information_schema.columns
        where table_name = $t and column_name = 'aliases'`, { t: route.table });
      const rows = await wh.all<{ id: unknown; slug: unknown; doc: unknown; aliases: string[] | null }>(
        `select cast(id as varchar) as id, cast(slug as varchar) as slug, cast(doc as varchar) as doc,
          ${n > 0 ? 'cast(aliases as varchar[])' : 'null'} as aliases from ${quoteIdent(route.table)} order by id`,
      );
      details[route.resource] = rows.map((r) => ({
        id: String(r.id), slug: r.slug === null ? null : String(r.slug), doc: String(r.doc),
        ...(r.aliases && r.aliases.length ? { aliases: r.aliases } : {}),
      }));
      // the warehouse's documents must match the published detail schema before anything is written
      assertDocsValid(route, details[route.resource]!);
      opts.log?.(`read ${route.table}: ${rows.length} documents (${Math.round(performance.now() - started)} ms)`);
    }
  }
  const topics = await wh.all<Topic>('select id, label, description, "group" from api_topics order by id');
  // the counts the night guard compares the next night against, written into the manifest
  const night = await readNightCounts(wh);
  return {
    exportDate, runId, baseUrl: opts.baseUrl, cursorSecret: opts.cursorSecret, lists, details, topics, documents,
    ...(opts.rateLimits ? { rateLimits: opts.rateLimits } : {}),
    ...(night ? { night } : {}),
  };
}
