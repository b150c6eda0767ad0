// Schema of GET /bulk: the manifest of an export's bulk files (build/bulk/write-bulk.ts writes it as
// bulk/manifest.json), so a downloader can verify every file by its size and SHA-256.
import { type Schema, count, date, nullable, str } from './shapes.ts';

const sha256 = { type: 'string', pattern: '^[0-9a-f]{64}$' };
const digest = { type: 'object', properties: { bytes: count, sha256 }, required: ['bytes', 'sha256'] };

export const bulkSchemas: Record<string, Schema> = {
  BulkManifest: {
    type: 'object',
    properties: {
      export_id: { ...str, description: 'Id of the export the files belong to' },
      export_date: { ...date, description: 'The data\'s as-of day: the newest registry snapshot' },
      previous_export_id: { ...nullable('string'), description: 'The export the changes files compare with; null on the first' },
      format_version: {
        ...str, description: 'A hash of the code and libraries that wrote the table files: two exports whose JSON Lines files have the same '
          + 'SHA-256 and whose format_version is equal have byte-identical CSV and Parquet files too (a mirror can skip them)',
      },
      generated_at: { type: 'string', format: 'date-time', description: 'When the files were generated' },
      licence: str,
      attribution: str,
      files: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: { ...str, description: 'File name, as in /bulk/{date}/{file}' },
            resource: { ...nullable('string'), description: 'The API resource the file holds (its list endpoint), or null' },
            format: { ...str, description: 'csv, jsonl, parquet, changes (a changes CSV), markdown or json' },
            media_type: str,
            rows: { ...nullable('integer'), description: 'Data rows (not counting a header), or null for a document' },
            bytes: count,
            sha256,
            url: {
              ...str, description: 'Where to download it: a path-absolute URL (/api/v1/bulk/{date}/{file}), to resolve against the '
                + 'address the manifest was fetched from (so it is right at whatever host serves the export)',
            },
            gzip: { ...nullable('object'), properties: digest.properties, description: 'The gzip-compressed body served to clients that accept gzip' },
          },
          required: ['name', 'resource', 'format', 'media_type', 'rows', 'bytes', 'sha256', 'url', 'gzip'],
        },
      },
    },
    required: ['export_id', 'export_date', 'previous_export_id', 'format_version', 'generated_at', 'licence', 'attribution', 'files'],
  },
};
