// The OpenAPI operations of the chart routes, an extension of the v1 contract (docs/charts.md) marked `x-extension`
// as every addition is: an SVG (image/svg+xml) or a Vega-Lite spec (JSON), with a path id on a per-key chart.
import { CHART_MEDIA_TYPES } from './routes/charts.ts';
import type { ChartRoute } from './routes/types.ts';
import { EXTENSION_MARK } from './openapi-labels.ts';

type Json = Record<string, unknown>;
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The operation object of a chart route (operationId, tags, summary and description are the caller's). */
export function chartOperation(route: ChartRoute): Json {
  const rateHeaders = { RateLimit: ref('headers', 'RateLimit'), 'RateLimit-Policy': ref('headers', 'RateLimit-Policy') };
  const mediaType = route.format === 'svg' ? 'image/svg+xml' : CHART_MEDIA_TYPES['vega-lite'].split(';')[0]!;
  return {
    ...(route.variant !== null
      ? { parameters: [{ name: 'id', in: 'path', required: true, description: route.idDescription, schema: { type: 'string' } }] }
      : {}),
    responses: {
      '200': { description: route.format === 'svg' ? 'The chart' : 'The chart\'s Vega-Lite spec', headers: rateHeaders, content: { [mediaType]: { schema: ref('schemas', route.schema) } } },
      '304': ref('responses', 'NotModified'),
      '401': ref('responses', 'Unauthorized'),
      '404': ref('responses', 'NotFound'),
      '429': ref('responses', 'TooManyRequests'),
    },
    ...EXTENSION_MARK,
  };
}
