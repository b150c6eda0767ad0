// One chart as the build holds it before writing (its title, subtitle, description, inline datasets and the marks
// that draw them) and the published Vega-Lite spec made from it: the same spec the SVG is drawn from, except that
// the spec takes its container's width where the SVG has a fixed one.
import type { TopLevelSpec } from 'vega-lite';
import { ATTRIBUTION, LICENCE } from '../../api/licence.ts';
import { wrapText } from './render.ts';
import { CONFIG, PLOT_HEIGHT, SUBTITLE_CHARS, sourceLine } from './style.ts';

export interface Chart {
  /** The insight drawn (`mayor-share`). */
  insight: string;
  /** The topic id or member person id of a per-key chart; null for the insight's own. */
  key: string | null;
  title: string;
  subtitle: readonly string[];
  /** What the chart shows, in sentences: the SVG's <desc> and the spec's description. */
  description: string;
  /** The data drawn, inline, by name: the insight's rows as the API answers them (or their sums, named so). */
  datasets: Record<string, readonly object[]>;
  /** The spec's marks: a `layer` (or `mark` and `encoding`) and transforms, reading `datasets` by name. */
  body: Record<string, unknown>;
  height?: number;
}

export interface ChartContext {
  /** The API's public base URL (`https://host/api/v1`). */
  baseUrl: string;
  exportDate: string;
}

const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** The URL of the insight a chart draws (with its filter, on a per-key chart). */
export function insightUrl(chart: Pick<Chart, 'insight' | 'key'>, baseUrl: string, keyParam?: string): string {
  const base = `${baseUrl}/insights/${chart.insight}`;
  return chart.key === null || keyParam === undefined ? base : `${base}?${keyParam}=${encodeURIComponent(chart.key)}`;
}

/** The published Vega-Lite spec: responsive width, data inline, the source in its metadata. */
export function toSpec(chart: Chart, ctx: ChartContext, source: string): TopLevelSpec {
  return {
    $schema: VEGA_LITE_SCHEMA,
    description: chart.description,
    title: { text: chart.title, subtitle: chart.subtitle.flatMap((line) => wrapText(line, SUBTITLE_CHARS)) },
    width: 'container',
    height: chart.height ?? PLOT_HEIGHT,
    autosize: { type: 'fit-x', contains: 'padding' },
    config: CONFIG,
    usermeta: { source, licence: LICENCE, attribution: ATTRIBUTION, export_date: ctx.exportDate },
    datasets: chart.datasets,
    ...chart.body,
  } as unknown as TopLevelSpec;
}

/** The source line of a chart. */
export function chartSource(chart: Chart, ctx: ChartContext, keyParam?: string): string {
  return sourceLine(insightUrl(chart, ctx.baseUrl, keyParam), ctx.exportDate);
}

/** A Vega expression for the first instant (UTC) of a `YYYYQn` quarter label in `field`. */
export function quarterStart(field: string): string {
  return `utc(toNumber(substring(datum.${field}, 0, 4)), (toNumber(substring(datum.${field}, 5, 6)) - 1) * 3, 1)`;
}

/** A Vega expression for the first instant (UTC) of a `YYYY-MM` month in `field`. */
export function monthStart(field: string): string {
  return `utc(toNumber(substring(datum.${field}, 0, 4)), toNumber(substring(datum.${field}, 5, 7)) - 1, 1)`;
}

/** A UTC time x axis (the same labels in every time zone). */
export function timeX(field: string, title: string, format = '%Y'): Record<string, unknown> {
  return { field, type: 'temporal', title, scale: { type: 'utc' }, axis: { format, labelAngle: 0, tickCount: 'year' } };
}

/** A share as a percentage with one decimal (`0.3108` → `31.1 %`). */
export function percent(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}

/** A change in share as percentage points, signed (`0.3108` → `+31.1 points`). */
export function points(change: number, digits = 1): string {
  const value = (change * 100).toFixed(digits);
  return `${change >= 0 ? '+' : '−'}${value.replace('-', '')} points`;
}

/** A p-value as usually printed. */
export function pValue(p: number): string {
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`;
}

/** A count with thousands separators, locale-free. */
export function count(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
