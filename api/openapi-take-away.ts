// The whole-answer extension in OpenAPI (docs/take-away.md): the `format` parameter of every list and the CSV and JSON
// Lines media types of its 200, each marked `x-extension` as every addition to the v1 contract is.
import { EXTENSION_MARK } from './openapi-labels.ts';
import { CSV_PREAMBLE_LINES, FORMAT_DESCRIPTION, FORMAT_PARAM, TAKE_AWAY_MEDIA_TYPES } from './take-away.ts';

type Json = Record<string, unknown>;

export const FORMAT_PARAMETER = {
  name: FORMAT_PARAM,
  in: 'query',
  description: FORMAT_DESCRIPTION,
  schema: { type: 'string', enum: ['json', 'csv', 'jsonl'], default: 'json' },
  ...EXTENSION_MARK,
} as const;

/** The 200's media types besides JSON. */
export function takeAwayContent(): Json {
  return {
    [TAKE_AWAY_MEDIA_TYPES.csv]: {
      schema: {
        type: 'string',
        description: `Extension: every matching row (format=csv or Accept: text/csv): ${CSV_PREAMBLE_LINES.length} lines naming ` +
          'the licence and the attribution, a header row, then one row per record in the bulk export\'s columns and cell forms (RFC 4180, UTF-8, CRLF)',
      },
      ...EXTENSION_MARK,
    },
    [TAKE_AWAY_MEDIA_TYPES.jsonl]: {
      schema: { type: 'string', description: 'Extension: every matching record, one JSON object a line (format=jsonl or Accept: application/x-ndjson)' },
      ...EXTENSION_MARK,
    },
  };
}
