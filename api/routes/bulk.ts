// Bulk group: the nightly export's files (every table as CSV, JSON Lines and Parquet, the data dictionary, the
// changes since the previous export, the quarantine and link-quality reports) and their manifest.
import type { BulkRoute, Route } from './types.ts';

/** `{date}`: an export date; `{file}`: a file name of that export's manifest (no path: one safe name). */
export const BULK_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const BULK_FILE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]*$';

const manifest: BulkRoute = {
  kind: 'bulk', variant: 'manifest', id: 'bulk.manifest', path: '/bulk', group: 'Bulk', schema: 'BulkManifest',
  summary: 'Manifest of the latest nightly export: every file with its resource, format, media type, rows, bytes, SHA-256 and URL',
  description: '404 with the error body when no export with bulk files exists yet.',
};

const file: BulkRoute = {
  kind: 'bulk', variant: 'file', id: 'bulk.file', path: '/bulk/{date}/{file}', group: 'Bulk', schema: 'BulkManifest',
  summary: 'One file of the nightly export of that date, as the manifest lists it (CSV, JSON Lines, Parquet, Markdown or JSON)',
  description: 'Streamed from disk, with ETag = the SHA-256 of the bytes served, HEAD, single byte ranges (Range: bytes=…, ' +
    '206; resume a broken download), and a precompressed gzip body for CSV and JSON Lines when the client accepts it ' +
    '(without Range). 404 with the error body for an unknown date or a file not in that export\'s manifest. Every ' +
    'request (a range too) counts as one request against the rate limit.',
};

export const bulkRoutes: readonly Route[] = [manifest, file];
