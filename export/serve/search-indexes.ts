// The search index of each searchable list of an opened export: its search file (exportLayout.searchIndex), built at
// night, opened when the export is first searched (the index's arrays are views of the file's bytes), then kept with
// the export (a WeakMap lets it go with it). Read past the export's file cache (checked against its manifest), so
// only the bytes the manifest names are used and the files do not take the cache's room from what is sent.
import { ApiError } from '../../api/errors.ts';
import { SEARCH_SOURCES, type SearchSource } from '../../api/search/documents.ts';
import type { IdOrder } from '../../api/search/id-order.ts';
import type { SearchIndex } from '../../api/search/index.ts';
import { exportLayout } from '../layout.ts';
import { openSearchFile, type OpenedSearchFile } from '../search-file.ts';
import type { OpenedExport } from './open-export.ts';
import { heldFor, heldPerExport } from './held-per-export.ts';

/** A list's index with what /search shows of each row (decoded from the file when asked). */
export interface LoadedSearch {
  source: SearchSource;
  index: SearchIndex;
  id(row: number): string;
  title(row: number): string;
  /** `id`: the row's id when the caller holds it already. */
  path(row: number, id?: string): string;
  idOrder: IdOrder;
}

const loaded = heldPerExport<LoadedSearch | ApiError>();

/** The index of `resource`; a 503 when the export has none (an export built before search) or one of other fields. */
export function searchIndexOf(opened: OpenedExport, resource: string): Promise<LoadedSearch> {
  return heldFor(loaded, opened, resource, () => opened.read(exportLayout.searchIndex(resource)).then((bytes) => _opened(resource, bytes)))
    .then((held) => {
      if (held instanceof ApiError) throw held;
      return held;
    });
}

/** The list's index, or the 503 its export answers for good: the export is immutable, so a file that is missing, cannot
 *  be opened (damaged, of another version) or was indexed with other fields stays so, and is not read again for each
 *  request (a failed read is not held: the next request reads again). */
function _opened(resource: string, bytes: Uint8Array | null): LoadedSearch | ApiError {
  const unavailable = (why: string) => new ApiError(503, 'service_unavailable', `Full-text search of ${resource} is not available in this export${why}`);
  if (!bytes) return unavailable('');
  const source = SEARCH_SOURCES.find((s) => s.resource === resource);
  if (!source) throw new Error(`${resource} is not searchable`);
  let file: OpenedSearchFile;
  try {
    file = openSearchFile(bytes);
  } catch (error) {
    return unavailable(` (its search file cannot be opened: ${(error as Error).message})`);
  }
  if (file.type !== source.type || file.index.fields.join('\n') !== source.fields.map((f) => f.name).join('\n')) {
    return unavailable(' (indexed with other fields)');
  }
  // the postings count each field with its weight: a file built with other weights is counted again with today's
  const weights = source.fields.map((f) => f.weight);
  if (weights.some((w, f) => w !== file.index.weights[f])) file = openSearchFile(bytes, weights);
  return { source, index: file.index, id: file.id, title: file.title, path: file.path, idOrder: file.idOrder };
}
