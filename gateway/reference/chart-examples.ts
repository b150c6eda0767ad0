// The reference page's example of a chart route: the chart of this export (a per-key chart's first key, from the
// chart index), shown in the operation's description as the image itself for an SVG, and as the live spec for a
// Vega-Lite route.
import { CHART_INDEX_ROUTE } from '../../api/routes/charts.ts';
import type { ChartRoute } from '../../api/routes/types.ts';
import type { OpenedExport } from '../../export/serve/open-export.ts';
import { serveChart } from '../routes/charts.ts';
import { serveStatic } from '../routes/pages.ts';

export interface ChartExample { path: string; params: Record<string, string>; response: unknown; image?: string }

/** The example of `route`, or null when this export has no chart for it. */
export async function chartExample(opened: OpenedExport, route: ChartRoute, basePath: string): Promise<ChartExample | null> {
  let id: string | undefined;
  if (route.variant !== null) {
    const index = JSON.parse(new TextDecoder().decode((await serveStatic(opened, CHART_INDEX_ROUTE)).body!)) as { data: { insight: string; key: string | null }[] };
    id = index.data.find((c) => `insights/${c.insight.slice('/insights/'.length)}` === route.resource && c.key !== null)?.key ?? undefined;
    if (id === undefined) return null;
  }
  const reply = await serveChart(opened, route, id);
  const path = id === undefined ? route.path : route.path.replace('{id}', encodeURIComponent(id));
  const params: Record<string, string> = id === undefined ? {} : { id };
  if (route.format === 'svg') return { path, params, response: null, image: `${basePath}${path}` };
  return { path, params, response: JSON.parse(new TextDecoder().decode(reply.body!)) };
}
