// Names and media types of the bulk export's files (inside each export: `bulk/<name>`), shared by the writer, the
// data dictionary, the manifest and the gateway (which names a table's file when a whole answer is too large): one base
// name per list route (`insights/item-lobbying` → `insights-item-lobbying`) and one file per format.

export const BULK_FORMATS = {
  csv: { extension: 'csv', mediaType: 'text/csv', gzip: true },
  jsonl: { extension: 'jsonl', mediaType: 'application/x-ndjson', gzip: true },
  parquet: { extension: 'parquet', mediaType: 'application/vnd.apache.parquet', gzip: false },
} as const;

export type BulkFormat = keyof typeof BULK_FORMATS;

/** The file base name of a list route's resource. */
export function bulkBaseName(resource: string): string {
  return resource.replace(/\//g, '-');
}

/** `communications.csv`, `insights-deviation.parquet`. */
export function bulkFileName(resource: string, format: BulkFormat): string {
  return `${bulkBaseName(resource)}.${BULK_FORMATS[format].extension}`;
}

/** Media types of the files beside the tables (the contract's: Markdown and JSON). */
export const OTHER_MEDIA_TYPES = { md: 'text/markdown', json: 'application/json' } as const;
