// The charts stage as the site writer runs it: when the routes hold the chart routes, the charts of the rows just
// written (the list routes' records) and of the ITS document as published, with the topics' and members' names.
import type { ListRoute, Route } from '../../api/routes/types.ts';
import type { LabelLookup } from '../../api/labels.ts';
import { documentBody } from '../../api/query/envelope.ts';
import { mayorShareIts } from '../../api/routes/insights-trends.ts';
import type { SiteInput } from './input.ts';
import { makeCharts, type ChartFiles } from '../charts/write-charts.ts';

/** The chart files and index, or null when `routes` serve no chart. */
export async function siteCharts(input: SiteInput, routes: readonly Route[], records: ReadonlyMap<ListRoute, readonly string[]>,
  labels: LabelLookup): Promise<ChartFiles | null> {
  if (!routes.some((r) => r.kind === 'chart')) return null;
  const its = input.documents?.[mayorShareIts.file];
  if (its === undefined) throw new Error(`charts: site input has no document for ${mayorShareIts.file}`);
  return makeCharts({
    baseUrl: input.baseUrl,
    exportDate: input.exportDate,
    records,
    itsBody: documentBody(its),
    topics: new Map(input.topics.map((t) => [t.id, t.label])),
    labels,
    itsBand: new Map((input.itsBand ?? []).map((b) => [b.quarter, { low: b.ci_low, high: b.ci_high }])),
  });
}
