// The schema of a GET /search hit, an extension of the v1 contract (docs/search.md), marked `x-extension` as every
// addition is (api/openapi-labels.ts; the literal here, as schemas import nothing above them).
import type { Schema } from './shapes.ts';
import { SEARCH_TYPES } from './vocabulary.ts';

export const searchSchemas: Record<string, Schema> = {
  SearchHit: {
    type: 'object',
    description: 'Extension: one /search hit',
    properties: {
      type: { type: 'string', enum: [...SEARCH_TYPES], description: 'The kind of record found' },
      id: { type: 'string', description: 'The record\'s id (as text, whatever its type in its own list)' },
      title: { type: 'string', description: 'A short human label of the record' },
      snippet: {
        type: 'string',
        description: 'Text of the best matching field around the first match, HTML-escaped, each matched word in <mark>…</mark>; … where cut',
      },
      field: { type: 'string', description: 'The field the snippet is from (docs/search.md lists each type\'s fields)' },
      score: { type: 'number', description: 'BM25 over weighted fields, rounded to 6 decimals; higher is better' },
      url: { type: 'string', description: 'The record\'s API URL (a communication\'s: its registration\'s communications)' },
    },
    required: ['type', 'id', 'title', 'snippet', 'field', 'score', 'url'],
    'x-extension': true,
  },
};
