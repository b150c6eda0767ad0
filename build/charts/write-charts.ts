// The charts stage of the site build: from the rows the export's insight routes publish (their serialised records,
// exactly what the Arrow files and pages hold) and the ITS document, every chart as a Vega-Lite spec with its data
// inline and as SVG, at the paths export/answering-file.ts gives the chart routes, and the chart index.
import { chartRoutes, CHARTED_INSIGHTS } from '../../api/routes/charts.ts';
import type { ChartRoute, ListRoute } from '../../api/routes/types.ts';
import type { LabelLookup } from '../../api/labels.ts';
import { answeringFile } from '../../export/answering-file.ts';
import { chartSource, toSpec, type Chart, type ChartContext } from './chart.ts';
import { renderSvg } from './render.ts';
import { mayorShareChart, type MayorShareIts, type MayorShareRow } from './mayor-share.ts';
import { topicChart, topicOverviewChart, type TopicVolumeRow } from './topic-volume.ts';
import { councilContactsChart, memberContactsChart, type OfficeContactsRow } from './office-contacts.ts';
import { disclosureLagChart, type DisclosureLagRow } from './disclosure-lag.ts';
import { contributionStatsChart, noncompetitiveShareChart, type ContributionStatsRow, type NoncompetitiveShareRow } from './bars.ts';

export interface ChartsInput extends ChartContext {
  /** Every list route's serialised records in API order, as the site writer made them. */
  records: ReadonlyMap<ListRoute, readonly string[]>;
  /** The ITS document's body as published (GET /insights/mayor-share/its). */
  itsBody: string;
  /** Topic names by id (GET /topics). */
  topics: ReadonlyMap<string, string>;
  /** The export's display names (a member's name). */
  labels: LabelLookup;
  /** The 95 % band of the ITS fit per quarter, where the warehouse holds it. */
  itsBand?: ReadonlyMap<string, { low: number; high: number }>;
}

export interface ChartFiles {
  /** Path in the export folder → body. */
  files: Map<string, string>;
  /** The chart index's entries (GET /insights/charts). */
  index: { insight: string; key: string | null; title: string; svg: string; vega_lite: string }[];
}

/** The filter of the insight a per-key chart draws, for its source line. */
const KEY_PARAM: Record<string, string> = { 'topic-volume': 'topic', 'office-contacts': 'person' };

/** Every chart's spec and SVG and the index; charts are made one at a time, in a fixed order. */
export async function makeCharts(input: ChartsInput): Promise<ChartFiles> {
  const out: ChartFiles = { files: new Map(), index: [] };
  for (const chart of allCharts(input)) {
    const source = chartSource(chart, input, chart.key === null ? undefined : KEY_PARAM[chart.insight]);
    const spec = toSpec(chart, input, source);
    const specRel = _file(chart, 'vega-lite');
    const svgRel = _file(chart, 'svg');
    out.files.set(specRel, JSON.stringify(spec));
    const idPrefix = `chart-${chart.insight}${chart.key === null ? '' : `-${chart.key}`}`.replace(/[^A-Za-z0-9_-]/g, '_');
    out.files.set(svgRel, await renderSvg(spec, { title: chart.title, desc: chart.description, source, idPrefix }));
    out.index.push({
      insight: `/insights/${chart.insight}`, key: chart.key, title: chart.title,
      svg: `${input.baseUrl}/${svgRel.slice('api/v1/'.length)}`, vega_lite: `${input.baseUrl}/${specRel.slice('api/v1/'.length)}`,
    });
  }
  return out;
}

/** Every chart of the export, in CHARTED_INSIGHTS order, each insight's own chart before its per-key ones. */
export function allCharts(input: ChartsInput): Chart[] {
  const charts: Chart[] = [];
  const ms = rowsOf<MayorShareRow>(input, 'mayor-share');
  charts.push(mayorShareChart(ms, JSON.parse(input.itsBody) as MayorShareIts, input.itsBand));
  const tv = rowsOf<TopicVolumeRow>(input, 'topic-volume');
  charts.push(topicOverviewChart(tv, input.topics));
  for (const [topic, rows] of _groups(tv, (r) => r.topic)) charts.push(topicChart(topic, input.topics.get(topic) ?? topic, rows));
  const oc = rowsOf<OfficeContactsRow>(input, 'office-contacts');
  charts.push(councilContactsChart(oc));
  const members = _groups(oc, (r) => String(r.person_id));
  for (const id of [...members.keys()].sort((a, b) => Number(a) - Number(b))) {
    charts.push(memberContactsChart(Number(id), input.labels('person', id) ?? `member ${id}`, members.get(id)!));
  }
  charts.push(disclosureLagChart(rowsOf<DisclosureLagRow>(input, 'disclosure-lag')));
  charts.push(contributionStatsChart(rowsOf<ContributionStatsRow>(input, 'contribution-stats')));
  charts.push(noncompetitiveShareChart(rowsOf<NoncompetitiveShareRow>(input, 'noncompetitive-share')));
  if (charts.some((c) => !CHARTED_INSIGHTS.some((i) => i.name === c.insight))) throw new Error('charts: a chart of an insight with no chart route');
  return charts;
}

/** The published rows of an insight, parsed from its serialised records. */
export function rowsOf<T>(input: Pick<ChartsInput, 'records'>, insight: string): T[] {
  const entry = [...input.records].find(([route]) => route.id === `insights.${insight}`);
  if (!entry) throw new Error(`charts: the site has no rows of /insights/${insight}`);
  return entry[1].map((json) => JSON.parse(json) as T);
}

function _file(chart: Chart, format: ChartRoute['format']): string {
  const route = chartRoutes.find((r) => r.resource === `insights/${chart.insight}` && r.format === format && (r.variant === null) === (chart.key === null));
  const rel = route && answeringFile(route, '', chart.key ?? undefined);
  if (!rel) throw new Error(`charts: no file for the ${format} chart of /insights/${chart.insight}${chart.key === null ? '' : ` (${chart.key})`}`);
  return rel;
}

/** Rows grouped by a key, groups in order of first appearance, rows in their own order. */
function _groups<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) (groups.get(key(row)) ?? groups.set(key(row), []).get(key(row))!).push(row);
  return groups;
}
