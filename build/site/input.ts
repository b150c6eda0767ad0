// The in-memory description of one export that the site writer renders. Built from the warehouse by
// read-warehouse.ts, or by hand in tests (the gateway's fixtures build a small site this way).
import { createHash } from 'node:crypto';
import type { RateLimits } from '../../api/notes.ts';
import type { SourceRow } from './arrow-file.ts';

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
  /** `YYYY-MM-DD`, the export's folder name. */
  exportDate: string;
  /** Pipeline run id; with the date it forms the export id that cursors are bound to. */
  runId: string;
  /** Public base URL ending in /api/v1. */
  baseUrl: string;
  cursorSecret: string;
  /** Rows per list route, keyed by route.resource: contract fields + `_sort` + `f_*` columns. */
  lists: Readonly<Record<string, readonly SourceRow[]>>;
  /** Detail documents per detail route, keyed by route.resource. */
  details: Readonly<Record<string, readonly DetailDoc[]>>;
  topics: readonly Topic[];
  /** Bodies of static routes the pipeline computes (route.table), keyed by route.file: serialised JSON objects. */
  documents?: Readonly<Record<string, string>>;
  rateLimits?: RateLimits;
}

/** Export id: the date plus a short hash of the run, so every pipeline run mints fresh cursors. */
export function toExportId(exportDate: string, runId: string): string {
  return `${exportDate}-${createHash('sha256').update(runId).digest('hex').slice(0, 8)}`;
}
