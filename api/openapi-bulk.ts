// The OpenAPI operations of the bulk routes: the manifest (JSON) and the file downloads (CSV, JSON Lines, Parquet,
// Markdown, JSON; byte ranges, gzip), which the list/detail/static shapes of openapi.ts do not describe.
import { BULK_DATE_PATTERN, BULK_FILE_PATTERN } from './routes/bulk.ts';
import type { BulkRoute } from './routes/types.ts';

type Json = Record<string, unknown>;
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const text = { type: 'string' };
const binary = { type: 'string', format: 'binary' };

/** The operation object of a bulk route (operationId, tags and summary are the caller's). */
export function bulkOperation(route: BulkRoute): Json {
  const rateHeaders = { RateLimit: ref('headers', 'RateLimit'), 'RateLimit-Policy': ref('headers', 'RateLimit-Policy') };
  if (route.variant === 'manifest') {
    return {
      responses: {
        '200': { description: 'The manifest of the latest export', headers: rateHeaders, content: { 'application/json': { schema: ref('schemas', route.schema) } } },
        '304': ref('responses', 'NotModified'),
        '401': ref('responses', 'Unauthorized'),
        '404': ref('responses', 'NotFound'),
        '429': ref('responses', 'TooManyRequests'),
      },
    };
  }
  const fileHeaders = {
    ...rateHeaders,
    ETag: { description: 'The SHA-256 of the bytes served (of the gzip body when gzip is served)', schema: text },
    'Accept-Ranges': { description: 'bytes', schema: text },
  };
  const content = {
    'text/csv': { schema: text },
    'application/x-ndjson': { schema: text },
    'application/vnd.apache.parquet': { schema: binary },
    'text/markdown': { schema: text },
    'application/json': { schema: { type: 'object' } },
  };
  return {
    parameters: [
      { name: 'date', in: 'path', required: true, description: 'Export date (YYYY-MM-DD)', schema: { type: 'string', pattern: BULK_DATE_PATTERN } },
      { name: 'file', in: 'path', required: true, description: 'A file name listed in that export\'s manifest', schema: { type: 'string', pattern: BULK_FILE_PATTERN } },
      { name: 'Range', in: 'header', required: false, description: 'One byte range (bytes=start-end, bytes=start-, bytes=-suffix)', schema: text },
    ],
    responses: {
      '200': { description: 'The file', headers: fileHeaders, content },
      '206': { description: 'The requested byte range of the file', headers: { ...fileHeaders, 'Content-Range': { schema: text } }, content },
      '304': ref('responses', 'NotModified'),
      '401': ref('responses', 'Unauthorized'),
      '404': ref('responses', 'NotFound'),
      '416': {
        description: 'The byte range lies outside the file (error: range_not_satisfiable)',
        headers: { 'Content-Range': { description: 'bytes */<size>', schema: text } },
        content: { 'application/json': { schema: ref('schemas', 'Error') } },
      },
      '429': ref('responses', 'TooManyRequests'),
    },
  };
}
