// Where each response lives inside one export folder (`site/<export-date>/`). The site writer writes these paths
// and the gateway reads them; a static host maps canonical URLs onto the same files (docs/static-hosting.md).

/** Paths relative to an export folder. */
export const siteLayout = {
  /** First canonical page of a list endpoint (no filters, default limit). */
  listFirstPage: (resource: string) => `api/v1/${resource}/index.json`,
  /** Canonical page reached by following `next_cursor`; cursors are base64url so they are safe file names. */
  listPage: (resource: string, cursor: string) => `api/v1/${resource}/_pages/${cursor}.json`,
  /** Detail document by id or slug. */
  detail: (resource: string, idOrSlug: string) => `api/v1/${resource}/${idOrSlug}.json`,
  /** Static endpoint body (`index.json`, `openapi.json`, `topics.json`). */
  staticFile: (file: string) => `api/v1/${file}`,
  /** Arrow IPC rows behind the gateway's in-memory indexes. */
  data: (resource: string) => `_data/${resource}.arrow`,
  /** Ids of a detail route that are not their own file key (JSON object id → file key), so the gateway finds a
   *  record by its exact id and never guesses. */
  detailIds: (resource: string) => `_data/${resource}.ids.json`,
  manifest: '_manifest.json',
} as const;

/** Shape of `_manifest.json`. */
export interface SiteManifest {
  export_id: string;
  export_date: string;
  built_at: string;
  counts: Record<string, number>;
  files: Record<string, { sha256: string; bytes: number }>;
}

/** Whether a record id or slug can be used as a file name without escaping the resource folder. */
export function isSafeFileKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(key) && !key.includes('..') && key !== 'index';
}
