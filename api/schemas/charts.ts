// The schema of GET /insights/charts, the chart index, an extension of the v1 contract (docs/charts.md), marked
// `x-extension` as every addition is (api/openapi-labels.ts; the literal here, as schemas import nothing above them).
import type { Schema } from './shapes.ts';

const text = { type: 'string' };

export const chartSchemas: Record<string, Schema> = {
  ChartSvg: {
    type: 'string',
    contentMediaType: 'image/svg+xml',
    description: 'Extension: an SVG chart of fixed size, with <title>, <desc> and the source line (data URL, export date, licence, attribution)',
    'x-extension': true,
  },
  VegaLiteSpec: {
    type: 'object',
    description: 'Extension: a Vega-Lite (v6) spec with its data inline under `datasets` (the insight\'s rows as the API answers them, or their sums, named in `description`), the source under `usermeta`, and a width that follows its container',
    properties: {
      $schema: text,
      description: text,
      datasets: { type: 'object' },
      usermeta: {
        type: 'object',
        properties: { source: text, licence: text, attribution: text, export_date: text },
        required: ['source', 'licence', 'attribution', 'export_date'],
      },
    },
    required: ['$schema', 'description', 'datasets', 'usermeta'],
    'x-extension': true,
  },
  ChartIndex: {
    type: 'object',
    description: 'Extension: every chart of the export',
    properties: {
      data: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            insight: { type: 'string', description: 'The insight drawn (its path, /insights/mayor-share)' },
            key: { type: ['string', 'null'], description: 'The topic id or member person id of a per-key chart; null for the insight\'s own chart' },
            title: { type: 'string', description: 'The chart\'s title, as drawn' },
            svg: { type: 'string', description: 'URL of the SVG (image/svg+xml, fixed size)' },
            vega_lite: { type: 'string', description: 'URL of the Vega-Lite spec (data inline, responsive width)' },
          },
          required: ['insight', 'key', 'title', 'svg', 'vega_lite'],
        },
      },
      licence: text,
      attribution: text,
    },
    required: ['data', 'licence', 'attribution'],
    'x-extension': true,
  },
};
