// Renders one export folder from an in-memory SiteInput: per list route the Arrow file and the canonical pages
// (rendered by loading that Arrow file back into the same engine the gateway uses, so static bytes == gateway
// bytes), every detail document by id and safe slug (with the index of ids stored under another key), index.json,
// topics.json, openapi.json and _manifest.json.
import { PAGE_LIMIT_DEFAULT, type DetailRoute, type ListRoute, type Route, type StaticRoute } from '../../api/routes/types.ts';
import { routes as registry } from '../../api/routes.ts';
import { loadResourceTable } from '../../api/query/engine.ts';
import { collectionBody, detailBody, documentBody, listBody } from '../../api/query/envelope.ts';
import { parseListQuery } from '../../api/query/params.ts';
import type { ExportContext } from '../../api/query/types.ts';
import { fileIndexFileOf, toManifest } from '../../export/manifest-write.ts';
import { toOpenApi } from '../../api/openapi.ts';
import { toArrowFile, toLabelledRecordsFile } from '../../export/arrow-file.ts';
import type { BuildEffects } from './effects.ts';
import { toServiceIndex } from './index-doc.ts';
import { toExportId, type DetailDoc, type SiteInput } from './input.ts';
import { labelsFile, readLabelsFile } from '../../export/labels-file.ts';
import { labelledFields, withLabels, type LabelLookup } from '../../api/labels.ts';
import { searchIndexFiles } from './search-index-files.ts';
import { answeringFile } from '../../export/answering-file.ts';
import { isSafeFileKey, exportLayout, type ExportManifest } from '../../export/layout.ts';
import type { PreviousExport } from './previous-export.ts';
import { usableNames } from './detail-names.ts';
import { SiteSink } from './sink.ts';
import { assertDocsValid, assertRecordsValid } from './validate-records.ts';
import { siteCharts } from './charts.ts';

const DEFAULT_RATE_LIMITS = { anonymous: 60, withKey: 600 };

/** What an extra part of the export (the bulk files, the feeds) gets: the folder, the export id, every list route's
 *  serialised records in API order, a way to list the files it writes itself in the manifest, and the site's own
 *  writer (twins, content mtimes, links to unchanged files of the live export). Returns counts to record. */
export type SiteExtra = (ctx: {
  dir: string;
  exportId: string;
  records: ReadonlyMap<ListRoute, readonly string[]>;
  register(rel: string, entry: { sha256: string; bytes: number }): void;
  write(rel: string, content: string | Uint8Array): Promise<void>;
}) => Promise<Record<string, number>>;

/** Write the export folder `outDir` (which must not hold these files yet) and return its manifest; files unchanged
 *  since `previous` (the live export) are linked from it. */
export async function writeSite(input: SiteInput, outDir: string, effects: BuildEffects, routes: readonly Route[] = registry,
  extras: readonly SiteExtra[] = [], previous: PreviousExport | null = null): Promise<ExportManifest> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.exportDate)) throw new Error(`export date must be YYYY-MM-DD, got "${input.exportDate}"`);
  const ctx: ExportContext = { exportId: input.exportId ?? toExportId(input.exportDate, input.runId), cursorSecret: input.cursorSecret };
  const sink = new SiteSink(outDir, effects, previous);
  const stage = _stopwatch(effects);
  try {
    return await _writeAll(input, ctx, sink, effects, routes, stage, extras, outDir);
  } catch (err) {
    // Let queued writes finish before the caller removes the folder, so none lands after the cleanup.
    await sink.settle();
    throw err;
  }
}

async function _writeAll(input: SiteInput, ctx: ExportContext, sink: SiteSink, effects: BuildEffects, routes: readonly Route[],
  stage: (m: string) => void, extras: readonly SiteExtra[], outDir: string): Promise<ExportManifest> {
  const counts: Record<string, number> = {};
  const records = new Map<ListRoute, readonly string[]>();
  // the names labels=1 gives: written as the export's labels file, and read once for the labelled records and the
  // search files
  const labelsText = labelsFile(input.labels ?? []);
  const labels = readLabelsFile(labelsText);
  for (const [i, route] of routes.entries()) {
    effects.progress?.('site', i, routes.length, route.path);
    if (route.kind === 'list') Object.assign(counts, await _writeList(route, input, ctx, sink, stage, records, labels));
    else if (route.kind === 'detail') Object.assign(counts, await _writeDetails(route, input, sink, effects, stage));
  }
  const rateLimits = input.rateLimits ?? DEFAULT_RATE_LIMITS;
  // the charts of the insight rows just written (docs/charts.md)
  const charts = await siteCharts(input, routes, records, labels);
  const statics: Record<string, string> = {
    ...(charts ? { 'insights/charts.json': collectionBody(charts.index) } : {}),
    'index.json': JSON.stringify(toServiceIndex(routes, { baseUrl: input.baseUrl, exportId: ctx.exportId, exportDate: input.exportDate, rateLimits })),
    'openapi.json': JSON.stringify(toOpenApi({ baseUrl: input.baseUrl, routes, rateLimits })),
    'topics.json': collectionBody(input.topics.map((t) => ({ id: t.id, label: t.label, description: t.description, group: t.group }))),
  };
  for (const route of routes) {
    if (route.kind !== 'static') continue;
    const body = route.table ? _document(route, input) : statics[route.file];
    if (body === undefined) throw new Error(`no writer for static file ${route.file} (${route.id})`);
    await sink.write(_answeringFile(route, ''), body);
  }
  for (const [rel, body] of charts?.files ?? []) await sink.write(rel, body);
  if (charts) {
    counts.charts = charts.index.length;
    stage(`charts: ${charts.index.length} charts, ${charts.files.size} files`);
  }
  counts.topics = input.topics.length;
  await sink.write(exportLayout.labels, labelsText);
  counts.labels = input.labels?.length ?? 0;
  // the search files: each searchable list's index of the published records' text and names
  for (const [rel, bytes] of searchIndexFiles(records, labels).files) await sink.write(rel, bytes);
  await sink.flush();
  for (const extra of extras) {
    Object.assign(counts, await extra({
      dir: outDir, exportId: ctx.exportId, records, register: (rel, entry) => sink.register(rel, entry), write: (rel, content) => sink.write(rel, content),
    }));
    stage('extra part of the export written');
  }
  // the twins of what the extras wrote are listed once compressed
  await sink.flush();

  const files = { ...sink.files };
  await sink.write(exportLayout.fileIndex, fileIndexFileOf(files));
  const manifest = toManifest({
    export_id: ctx.exportId,
    export_date: input.exportDate,
    built_at: effects.now().toISOString(),
    counts,
    run_id: input.runId,
    ...(input.night ? { night: input.night } : {}),
  }, sink.files[exportLayout.fileIndex]!, files);
  await sink.write(exportLayout.manifest, JSON.stringify(manifest));
  await sink.flush();
  const linked = sink.linked ? `, ${sink.linked} of them linked unchanged from the live export` : '';
  stage(`site: ${Object.keys(manifest.files).length + 1} files written${linked}`);
  return manifest;
}

async function _writeList(route: ListRoute, input: SiteInput, ctx: ExportContext, sink: SiteSink, stage: (m: string) => void,
  records: Map<ListRoute, readonly string[]>, labels: LabelLookup) {
  const rows = input.lists[route.resource] ?? await input.load?.list(route);
  if (!rows) throw new Error(`site input has no rows for ${route.resource} (${route.id})`);
  assertRecordsValid(route, rows);
  const arrow = toArrowFile(route, rows);
  const bytes = arrow.bytes;
  records.set(route, arrow.records);
  await sink.write(exportLayout.data(route.resource), bytes);
  // the same records with names beside ids, so a labelled page is read like any page (labels=1)
  if (labelledFields(route.fields).length > 0) {
    const labelled = arrow.records.map((json) => JSON.stringify(withLabels(JSON.parse(json), labels)));
    await sink.write(exportLayout.labelledData(route.resource), toLabelledRecordsFile(arrow.rows.map((r) => r._sort as string), labelled));
  }
  // A route with a required parameter has no unfiltered answer, so no canonical page: the gateway answers it all.
  if (answeringFile(route, '') === null) {
    stage(`${route.resource}: ${rows.length} rows, no canonical pages (a parameter is required)`);
    return { [route.resource]: rows.length, [`${route.resource}.pages`]: 0 };
  }
  // The canonical pages come from the Arrow file just written, through the engine the gateway runs.
  const table = loadResourceTable(route, bytes, ctx);
  let cursor: string | null = null;
  let pages = 0;
  for (;;) {
    const query = parseListQuery(route, new URLSearchParams(cursor ? { cursor } : {}), ctx);
    const page = table.run(query);
    await sink.write(_answeringFile(route, cursor ? `cursor=${cursor}` : ''), listBody(page, query.limit));
    pages++;
    // Loop guard: a keyset walk can never need more pages than rows allow.
    if (pages > Math.ceil(rows.length / PAGE_LIMIT_DEFAULT) + 1) throw new Error(`${route.id}: canonical walk did not end`);
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  stage(`${route.resource}: ${rows.length} rows, ${pages} canonical pages`);
  return { [route.resource]: rows.length, [`${route.resource}.pages`]: pages };
}

async function _writeDetails(route: DetailRoute, input: SiteInput, sink: SiteSink, effects: BuildEffects, stage: (m: string) => void) {
  const docs = input.details[route.resource] ?? await input.load?.details(route);
  if (!docs) throw new Error(`site input has no detail documents for ${route.resource} (${route.id})`);
  // Each document lives under one file key: its id, or (for ids such as "21 208078 STE 10 OZ" or "A0123/24TEY" that
  // cannot be file names) its slug. Other names (slug, aliases) become hard links to that file.
  const primary = new Map<string, string>(); // file key → id
  const keyOf = new Map<string, string>(); // id → file key
  let skipped = 0;
  for (const d of docs) {
    const key = isSafeFileKey(d.id) ? d.id : route.slugs && d.slug && isSafeFileKey(d.slug) ? d.slug : null;
    if (key === null) {
      skipped++;
      effects.log(`warning: ${route.resource} id "${d.id}" is not a safe file name and has no usable slug; detail not published`);
      continue;
    }
    if (keyOf.has(d.id)) throw new Error(`${route.table}: duplicate id "${d.id}"`);
    if (primary.has(key)) throw new Error(`${route.table}: ids "${primary.get(key)}" and "${d.id}" share the file key "${key}"`);
    primary.set(key, d.id);
    keyOf.set(d.id, key);
    await sink.write(_answeringFile(route, '', key), detailBody(_docJson(route, d)));
  }
  // The ids that live under another key, so the gateway maps exactly these ids (and nothing slug-like) to a file.
  const moved = [...keyOf].filter(([id, key]) => id !== key).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  await sink.write(exportLayout.detailIds(route.resource), JSON.stringify(Object.fromEntries(moved)));
  const names = route.slugs ? usableNames(route, docs, keyOf, primary, effects) : new Map<string, string>();
  // Name files are hard links to the key files, which must be on disk first.
  await sink.flush();
  for (const [name, key] of names) await sink.alias(_answeringFile(route, '', name), _answeringFile(route, '', key));
  stage(`${route.resource}: ${keyOf.size} detail documents, ${names.size} slugs and aliases`);
  return { [`${route.resource}.details`]: keyOf.size, [`${route.resource}.slugs`]: names.size, [`${route.resource}.details_skipped`]: skipped };
}

/** A pipeline-computed static document, wrapped with the licence and attribution like every body. */
function _document(route: StaticRoute, input: SiteInput): string {
  const doc = input.documents?.[route.file];
  if (doc === undefined) throw new Error(`site input has no document for ${route.file} (${route.id})`);
  const body = documentBody(doc);
  assertDocsValid({ table: route.table ?? route.file, schema: route.schema }, [{ id: route.file, doc: body }]);
  return body;
}

/** The document's JSON, validated; a string is kept byte for byte (no float or big-integer rewriting). */
function _docJson(route: DetailRoute, d: DetailDoc): string {
  if (typeof d.doc !== 'string') return JSON.stringify(d.doc);
  try {
    JSON.parse(d.doc);
  } catch {
    throw new Error(`${route.table}: doc of id "${d.id}" is not valid JSON`);
  }
  return d.doc.trim();
}

/** Where the answer to a canonical request is written: the file the gateway and a static host will look for. */
function _answeringFile(route: Route, query: string, id?: string): string {
  const rel = answeringFile(route, query, id);
  if (rel === null) throw new Error(`${route.id}: no file answers ${route.path}${id === undefined ? '' : ` (id "${id}")`}${query ? `?${query}` : ''}`);
  return rel;
}

function _stopwatch(effects: BuildEffects): (message: string) => void {
  let last = performance.now();
  return (message) => {
    const now = performance.now();
    effects.log(`${message} (${Math.round(now - last)} ms)`);
    last = now;
  };
}
