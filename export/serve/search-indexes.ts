// The search index of each searchable list of an opened export, built from its search documents
// (exportLayout.searchDocs) when the export is first searched, then kept with the export (a WeakMap lets it go with
// it). Read past the export's file cache (checked against its manifest), so only the bytes the manifest names are
// indexed and the documents, read once, do not take the cache's room from what is sent.
import { ApiError } from '../../api/errors.ts';
import { searchSource, type SearchSource } from '../../api/search/documents.ts';
import { toIdOrder, type IdOrder } from '../../api/search/id-order.ts';
import { buildSearchIndex, type SearchIndex } from '../../api/search/index.ts';
import { exportLayout } from '../layout.ts';
import { readSearchFile } from '../search-file.ts';
import type { OpenedExport } from './open-export.ts';
import { heldFor, heldPerExport } from './held-per-export.ts';

/** A list's index with what /search shows of each row. */
export interface LoadedSearch {
  source: SearchSource;
  index: SearchIndex;
  ids: readonly string[];
  titles: readonly string[];
  paths: readonly string[];
  idOrder: IdOrder;
}

const loaded = heldPerExport<LoadedSearch>();

/** The index of `resource`'s search documents; a 503 when the export has none (an export built before search). */
export function searchIndexOf(opened: OpenedExport, resource: string): Promise<LoadedSearch> {
  return heldFor(loaded, opened, resource, () => opened.read(exportLayout.searchDocs(resource)).then((bytes) => {
    if (!bytes) throw new ApiError(503, 'service_unavailable', `Full-text search of ${resource} is not available in this export`);
    const docs = readSearchFile(new TextDecoder().decode(bytes));
    const source = searchSource(docs.type);
    return {
      source, index: buildSearchIndex(docs, source.fields.map((f) => f.weight)), ids: docs.ids, titles: docs.titles, paths: docs.paths,
      idOrder: toIdOrder(docs.ids),
    };
  }));
}
