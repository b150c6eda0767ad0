// Where each response lives inside one export folder (`site/<export-id>/`). The site writer writes these paths
// and the gateway reads them; a static host maps canonical URLs onto the same files (docs/static-hosting.md).

/** Paths relative to an export folder. */
export const exportLayout = {
  /** First canonical page of a list endpoint (no filters, default limit). */
  listFirstPage: (resource: string) => `api/v1/${resource}/index.json`,
  /** Canonical page reached by following `next_cursor`; cursors are base64url so they are safe file names. */
  listPage: (resource: string, cursor: string) => `api/v1/${resource}/_pages/${cursor}.json`,
  /** Detail document by id or slug. */
  detail: (resource: string, idOrSlug: string) => `api/v1/${resource}/${idOrSlug}.json`,
  /** Static endpoint body (`index.json`, `openapi.json`, `topics.json`). */
  staticFile: (file: string) => `api/v1/${file}`,
  /** A chart file (`chart.svg`, `chart.vl.json`) of an insight (`insights/mayor-share`), or of one key of its per-key
   *  charts (`insights/topic-volume/topics/<topic>/chart.svg`); the key is a file key (isSafeFileKey). */
  chart: (resource: string, file: string, variant?: string, key?: string) =>
    variant === undefined ? `api/v1/${resource}/${file}` : `api/v1/${resource}/${variant}/${key}/${file}`,
  /** Arrow IPC rows behind the gateway's in-memory indexes. */
  data: (resource: string) => `_data/${resource}.arrow`,
  /** The route's records with names beside ids (labels=1), row for row with its data file. */
  labelledData: (resource: string) => `_data/${resource}.labelled.arrow`,
  /** Ids of a detail route that are not their own file key (JSON object id → file key), so the gateway finds a
   *  record by its exact id and never guesses. */
  detailIds: (resource: string) => `_data/${resource}.ids.json`,
  /** Display names of the records an id field can name (`{kind: {id: name}}`), for answers asked with labels=1. */
  labels: '_data/labels.json',
  /** A searchable list's search file (export/search-file.ts): its full-text index, built at night, and each row's id,
   *  title and path, a row per row of the list's data file. */
  searchIndex: (resource: string) => `_data/search/${resource}.idx`,
  manifest: '_manifest.json',
  /** The manifest's file list as the gateway holds it (export/file-index.ts), named with its SHA-256 in the manifest's
   *  head; not listed in the file list itself. */
  fileIndex: '_file-index.bin',
  /** The bulk export's files (`GET /bulk/{date}/{file}`) and its manifest (`GET /bulk`). */
  bulkFile: (name: string) => `bulk/${name}`,
  bulkManifest: 'bulk/manifest.json',
  /** The Atom feeds (an extension, docs/feeds.md): one file per feed, and the index of them as JSON and as OPML. */
  feed: (name: string) => `api/v1/feeds/${name}.atom`,
  feedIndex: 'api/v1/feeds/index.json',
  feedOpml: 'api/v1/feeds/index.opml',
} as const;

/** Where the bulk files of pruned exports stay downloadable (`<siteRoot>/bulk-archive/<export-id>/`, KEEP_BULK_EXPORTS). */
export const BULK_ARCHIVE = 'bulk-archive';

/** The publish journal `<siteRoot>/published.json`: the exports kept, oldest first (a republished id moves to the end). */
export const JOURNAL_FILE = 'published.json';

export interface PublishedExport {
  export_id: string;
  export_date: string;
  published_at: string;
}

/** The journal's entries from its text; [] when it is not a list. */
export function parseJournal(text: string): PublishedExport[] {
  const list = JSON.parse(text) as unknown;
  return Array.isArray(list) ? list.filter((e): e is PublishedExport => typeof e?.export_id === 'string' && typeof e?.export_date === 'string') : [];
}

/** Export ids, which also name the export folders (`site/2026-11-20-73574072/`): the date, then 8 hex digits. */
export const EXPORT_ID_PATTERN = /^\d{4}-\d{2}-\d{2}-[0-9a-f]{8}$/;

/** Rows per source table (`src_*`) and per published table (`api_*`) of the night that made an export: what the
 *  next night's guard compares against (docs/pipeline.md). */
export interface NightCounts {
  sources: Record<string, number>;
  tables: Record<string, number>;
}

/** Shape of `_manifest.json`. */
export interface ExportManifest {
  export_id: string;
  export_date: string;
  built_at: string;
  counts: Record<string, number>;
  /** The binary file index (exportLayout.fileIndex) of `files`, named here so a reader loads it knowing its bytes; the
   *  writer puts `files` last, so a reader needs only the bytes before it (export/manifest-write.ts). */
  file_index: { sha256: string; bytes: number };
  files: Record<string, { sha256: string; bytes: number }>;
  /** The pipeline run the export was built from. */
  run_id: string;
  /** The counts of the night that made the export, which the next night's guard compares against; absent only in an
   *  export written from hand-made input (tests), whose warehouse recorded none. */
  night?: NightCounts;
}

/**
 * A file key: an id, slug or cursor that is a file name as it is, never escaping its folder nor naming the folder's
 * index (letters, digits, `.`, `_`, `-`; a letter or digit first; no `..`; not `index`). A regular-expression source
 * without anchors, so a static host's configuration embeds the same rule (export/answering-file.ts).
 */
export const FILE_KEY_SOURCE = '(?!index(?![A-Za-z0-9._-]))(?![A-Za-z0-9._-]*\\.\\.)[A-Za-z0-9][A-Za-z0-9._-]*';
const FILE_KEY = new RegExp(`^${FILE_KEY_SOURCE}$`);

/** Whether a record id, slug or cursor can be used as a file name without escaping the resource folder. */
export function isSafeFileKey(key: string): boolean {
  return FILE_KEY.test(key);
}
