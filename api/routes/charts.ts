// The charts of the time-series insights, an extension of the v1 contract (docs/charts.md): per chart an SVG drawn
// at build time and the Vega-Lite spec it is drawn from (data inline), under the insight they draw, plus the chart
// index. Per-key charts (one topic, one member office) live in a folder of the insight named by CHART_VARIANTS.
import type { ChartRoute, StaticRoute } from './types.ts';

/** The file names of one chart, by format. */
export const CHART_FILES = { svg: 'chart.svg', 'vega-lite': 'chart.vl.json' } as const;

/** The media type of each format (what the gateway and a static host send). */
export const CHART_MEDIA_TYPES = { svg: 'image/svg+xml', 'vega-lite': 'application/json; charset=utf-8' } as const;

/** The insights drawn, each with its per-key variant (the folder below the insight and what its `{id}` names). */
export const CHARTED_INSIGHTS: readonly { name: string; title: string; variant?: { folder: string; id: string } }[] = [
  { name: 'mayor-share', title: "the Mayor's-office share of contacts per quarter, with the interrupted time series" },
  { name: 'topic-volume', title: 'new registrations per topic and month, spike months marked', variant: { folder: 'topics', id: 'Tracker topic id (GET /topics)' } },
  { name: 'office-contacts', title: 'contacts per quarter by method, for council as a whole', variant: { folder: 'members', id: 'Person id of the member of council' } },
  { name: 'disclosure-lag', title: 'the share of communications disclosed late' },
  { name: 'contribution-stats', title: 'linked contributions as a share of each election\'s dollars' },
  { name: 'noncompetitive-share', title: 'non-competitive contracts as a share of all contracts per award year' },
];

const EXTENSION = 'Extension (not in the v1 contract; docs/charts.md).';

function _chart(name: string, title: string, format: ChartRoute['format'], variant?: { folder: string; id: string }): ChartRoute {
  const file = CHART_FILES[format];
  const what = format === 'svg' ? 'Chart (SVG, drawn at build time)' : 'Vega-Lite spec, data inline,';
  return {
    kind: 'chart',
    id: `insights.${name}.${variant ? `${variant.folder}.` : ''}chart.${format === 'svg' ? 'svg' : 'vl'}`,
    path: variant ? `/insights/${name}/${variant.folder}/{id}/${file}` : `/insights/${name}/${file}`,
    group: 'Charts',
    resource: `insights/${name}`,
    format,
    schema: format === 'svg' ? 'ChartSvg' : 'VegaLiteSpec',
    variant: variant?.folder ?? null,
    ...(variant ? { idDescription: variant.id } : {}),
    summary: `${what} of /insights/${name}: ${variant ? `one ${variant.folder.replace(/s$/, '')}'s ` : ''}${title}`,
    description: `${EXTENSION} Drawn from the rows GET /insights/${name} answers in this export.`,
  };
}

/** Every chart route, in the order of CHARTED_INSIGHTS: the insight's SVG and spec, then its per-key ones. */
export const chartRoutes: readonly ChartRoute[] = CHARTED_INSIGHTS.flatMap(({ name, title, variant }) => [
  _chart(name, title, 'svg'), _chart(name, title, 'vega-lite'),
  ...(variant ? [_chart(name, title, 'svg', variant), _chart(name, title, 'vega-lite', variant)] : []),
]);

/** GET /insights/charts: every chart file of the export with its URLs. */
export const CHART_INDEX_ROUTE: StaticRoute = {
  kind: 'static',
  id: 'insights.charts',
  path: '/insights/charts',
  group: 'Charts',
  summary: 'Index of the charts of this export: per chart its insight, title, SVG and Vega-Lite URLs',
  description: EXTENSION,
  file: 'insights/charts.json',
  schema: 'ChartIndex',
};
