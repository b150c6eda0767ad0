// Types of the route registry: the one description of every endpoint that the site writer,
// the gateway and openapi.json are all generated from.

/** How a query parameter narrows a list (applied by the in-memory query engine and mirrored in SQL by tests). */
export type FilterDef =
  /** Scalar equality; `cast` converts the parameter text before comparing. */
  | { kind: 'eq'; column: string; cast?: 'integer' }
  /** Case-insensitive substring of a text column. */
  | { kind: 'substring'; column: string }
  /** Inclusive lower / upper bound on a `YYYY-MM-DD` (or other byte-ordered) text column, or on an integer column. */
  | { kind: 'gte' | 'lte'; column: string; cast?: 'integer' }
  /** A list column contains the value. */
  | { kind: 'contains'; column: string; cast?: 'integer' }
  /**
   * A list-of-structs column: every `element` parameter naming the same column must hold for one and the same
   * element (people `role=…&ward=…&term=…` match one role held in that ward in that term).
   */
  | { kind: 'element'; column: string; field: string; cast?: 'integer' };

export interface ParamDef {
  name: string;
  in: 'query' | 'path';
  type: 'string' | 'integer';
  /** `date` adds the `YYYY-MM-DD` pattern and a real-calendar-date check. */
  format?: 'date';
  pattern?: string;
  /** A value of the pattern's shape (`2025Q1`), which a 400 shows: a regular expression tells a person little. */
  example?: string;
  /** Accepted values, as text (an integer parameter's values are its digits: `window` 30, 90, 180). */
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  required?: boolean;
  description: string;
  filter?: FilterDef;
  /** The list whose `q` finds this id parameter's ids by name (`/people`): a 400 for a name sent where an id belongs
   *  gives the look-up URL. */
  lookup?: '/people' | '/organizations' | '/sites';
  /** The full-text `search` filter (an extension, docs/search.md): rows found by the export's search index, not by a
   *  column, so no `filter`; its value is read by the query language (api/search/query.ts). */
  search?: true;
}

export type SchemaName = string;

interface RouteBase {
  /** Stable route id, e.g. `organizations.list`. */
  id: string;
  /** Path relative to the base URL, OpenAPI style (`/organizations/{id}`). */
  path: string;
  group: 'Meta' | 'Entities' | 'Links' | 'Development' | 'Procurement' | 'Contributions' | 'Insights' | 'Bulk' | 'Search' | 'Charts' | 'Feeds';
  summary: string;
  description?: string;
}

export interface ListRoute extends RouteBase {
  kind: 'list';
  /** Resource folder name in the site (`organizations`) and Arrow data file name. */
  resource: string;
  /** Warehouse table with the contract's fields, `_sort` and `f_*` filter columns. */
  table: string;
  /** Schema of one record in `data`. */
  schema: SchemaName;
  /** Contract fields in order (the columns published in `data`). */
  fields: readonly string[];
  /** Human description of the order that `_sort` encodes. */
  order: string;
  /** Fields that name one row (default `id`): the bulk export's primary key and the key of its changes file. */
  primaryKey?: readonly string[];
  /**
   * The column whose text value starts every `_sort` key, followed by a space (communications: `date`). Bounds on it
   * are then row ranges, which the engine finds by binary search instead of scanning.
   */
  sortLead?: string;
  params: readonly ParamDef[];
  /**
   * A rule across parameters (meeting-rates: `subject_id` must be `<lobbyist>:<member>` when `subject_type=pair`):
   * the message of the 400 when the validated filters break it, else null. Stated in `description` for OpenAPI.
   */
  validate?: (filters: ReadonlyMap<string, string | number>) => string | null;
}

export interface DetailRoute extends RouteBase {
  kind: 'detail';
  resource: string;
  /** Warehouse table `(id, slug, doc json)`. */
  table: string;
  schema: SchemaName;
  /** Whether `{id}` also accepts the record's slug. */
  slugs: boolean;
  idDescription: string;
  /** Letters every id starts with and an id of that shape (`SM`, `SM10420`): a 404 for an id sent without them says
   *  what ids look like, and names the record the prefixed id finds. */
  idShape?: { prefix: string; example: string };
}

export interface StaticRoute extends RouteBase {
  kind: 'static';
  /** File below `api/v1/` holding the response body. */
  file: string;
  schema: SchemaName;
  /** Warehouse table whose one row's `doc` (JSON) is the body, for documents the pipeline computes
   *  (`/insights/mayor-share/its`); without it the site writer makes the body itself (index, openapi, topics). */
  table?: string;
}

/** The bulk export (`/bulk`: the latest export's manifest; `/bulk/{date}/{file}`: one file of an export), answered
 *  from the export's `bulk/` folder (kept ones in the bulk archive), streamed from disk. */
export interface BulkRoute extends RouteBase {
  kind: 'bulk';
  variant: 'manifest' | 'file';
  /** Schema of the manifest (the file route's bodies are the files themselves). */
  schema: SchemaName;
}

/** GET /search, an extension of the v1 contract (docs/search.md): ranked full-text search across the searchable
 *  lists, answered by the gateway from the export's search index (never a file). */
export interface SearchRoute extends RouteBase {
  kind: 'search';
  /** Schema of one hit in `data`. */
  schema: SchemaName;
  params: readonly ParamDef[];
}

/** A chart of an insight, an extension of the v1 contract (docs/charts.md): an SVG drawn at build time or the
 *  Vega-Lite spec it is drawn from, with its data inline. A file of the export, answered like a static document; a
 *  chart with `{id}` (one topic, one member office) has one file per key. */
export interface ChartRoute extends RouteBase {
  kind: 'chart';
  /** The insight drawn (its list route's resource, `insights/mayor-share`): the chart's files live in its folder. */
  resource: string;
  /** `svg` (image/svg+xml) or `vega-lite` (the spec, application/json). */
  format: 'svg' | 'vega-lite';
  /** The body's schema (`ChartSvg`, `VegaLiteSpec`). */
  schema: SchemaName;
  /** The folder of a per-key chart (`topics`, `members`), whose path takes `{id}`; null for the insight's own chart. */
  variant: string | null;
  /** What `{id}` names, on a per-key chart. */
  idDescription?: string;
}

/** The Atom feeds, an extension of the v1 contract (docs/feeds.md): files the site build writes into every export
 *  (`api/v1/feeds/`), answered as files by the gateway and a static host alike. `index` is the feed index (JSON),
 *  `opml` the same list for feed readers, `feed` one Atom feed named by `{id}`. */
export interface FeedRoute extends RouteBase {
  kind: 'feed';
  variant: 'index' | 'opml' | 'feed';
  /** Schema of the index (the OPML and Atom bodies are XML, described by their media types). */
  schema: SchemaName;
}

export type Route = ListRoute | DetailRoute | StaticRoute | BulkRoute | SearchRoute | ChartRoute | FeedRoute;

export const PAGE_LIMIT_DEFAULT = 100;
export const PAGE_LIMIT_MAX = 500;
