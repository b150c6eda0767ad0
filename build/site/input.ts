// The in-memory description of one export that the site writer renders. Built from the warehouse by
// read-warehouse.ts, or by hand in tests (the gateway's fixtures build a small site this way).
import { createHash } from 'node:crypto';
import type { NightCounts } from '../../export/layout.ts';
import type { RateLimits } from '../../api/notes.ts';
import type { DetailRoute, ListRoute } from '../../api/routes/types.ts';
import type { SourceRow } from '../../export/arrow-file.ts';

export interface DetailDoc {
  id: string;
  slug: string | null;
  /** Further names of the record (e.g. a site's address key), published like slugs. */
  aliases?: readonly string[];
  /** The `data` object: serialised JSON (kept byte for byte) or a plain object. */
  doc: string | Record<string, unknown>;
}

export interface Topic {
  id: string;
  label: string;
  description: string;
  group: string;
}

export interface SiteInput {
  /** `YYYY-MM-DD`, the data's as-of day. */
  exportDate: string;
  /** Pipeline run id; with the date it forms the export id that cursors are bound to. */
  runId: string;
  /** The export id (and folder name) when the publisher chose one (toExportId's generation); else from date and run. */
  exportId?: string;
  /** What the night guard compares the next night against (docs/pipeline.md), written into the manifest. */
  night?: NightCounts;
  /** Public base URL ending in /api/v1. */
  baseUrl: string;
  cursorSecret: string;
  /** Rows per list route, keyed by route.resource: contract fields + `_sort` + `f_*` columns. */
  lists: Readonly<Record<string, readonly SourceRow[]>>;
  /** Detail documents per detail route, keyed by route.resource. */
  details: Readonly<Record<string, readonly DetailDoc[]>>;
  /** Where the writer reads a route's rows or documents that `lists` / `details` do not hold, one route at a time. */
  load?: {
    list(route: ListRoute): Promise<readonly SourceRow[]>;
    details(route: DetailRoute): Promise<readonly DetailDoc[]>;
  };
  topics: readonly Topic[];
  /** Bodies of static routes the pipeline computes (route.table), keyed by route.file: serialised JSON objects. */
  documents?: Readonly<Record<string, string>>;
  rateLimits?: RateLimits;
  /** The ITS fit of /insights/mayor-share/its per quarter with the 95 % band of its mean (the mayor-share chart draws
   *  it, docs/charts.md); none while the coefficients are not estimated or when the warehouse has no such table. */
  itsBand?: readonly { quarter: string; fitted: number; ci_low: number; ci_high: number }[];
  /** Display names by kind and id (api_labels), written as the export's labels file; none when absent. */
  labels?: readonly LabelRow[];
}

/** One record's display name (api_labels). */
export interface LabelRow {
  kind: string;
  id: string;
  name: string;
}

/**
 * Export id: the date plus a short hash of the run, so every pipeline run mints fresh cursors. It also names the
 * export's folder, which is never rewritten: when a folder of this id already holds other bytes (the same data built
 * by other code or settings), the publisher asks for the next generation, a different id.
 */
export function toExportId(exportDate: string, runId: string, generation = 0): string {
  const seed = generation === 0 ? runId : `${runId}#${generation}`;
  return `${exportDate}-${createHash('sha256').update(seed).digest('hex').slice(0, 8)}`;
}
