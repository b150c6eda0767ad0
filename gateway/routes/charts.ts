// The chart routes (docs/charts.md): the export's chart file, as the writer stored it with its twins, in its own
// media type; a per-key chart by its key. Like a static document a chart takes no parameters (a query is ignored).
import { ApiError } from '../../api/errors.ts';
import { CHART_MEDIA_TYPES } from '../../api/routes/charts.ts';
import type { ChartRoute } from '../../api/routes/types.ts';
import { answeringFile } from '../../export/answering-file.ts';
import type { OpenedExport } from '../../export/serve/open-export.ts';
import type { Reply } from '../http/reply.ts';
import { fileReply } from './export-replies.ts';

/** GET /insights/<name>/chart.svg and the rest: the chart's file, or 404 when this export has none. */
export async function serveChart(opened: OpenedExport, route: ChartRoute, id: string | undefined): Promise<Reply> {
  const rel = answeringFile(route, '', id);
  const reply = rel === null ? null : await fileReply(opened, rel);
  if (!reply) {
    const what = route.variant === null ? route.path : route.path.replace('{id}', id ?? '');
    throw new ApiError(404, 'not_found', `This export has no chart at ${what}${route.variant === null ? '' : ` (the chart index, GET /insights/charts, lists every ${route.variant.replace(/s$/, '')} charted)`}`);
  }
  reply.headers = { 'content-type': CHART_MEDIA_TYPES[route.format] };
  return reply;
}
