// The chart of /insights/mayor-share: the quarterly share per category, the interrupted time series of the `all`
// series (its fitted line before and after the intervention, with the 95 % band of the fitted mean where the
// export carries it) and the intervention date marked; the ITS coefficients are quoted in the subtitle.
import { MAYOR_SHARE_CATEGORIES } from '../../api/schemas/vocabulary.ts';
import { percent, points, pValue, quarterStart, timeX, type Chart } from './chart.ts';
import { MARK_COLOUR, BAND_COLOUR, SERIES_COLOURS, SERIES_DASHES } from './style.ts';

export interface MayorShareRow {
  quarter: string;
  category: string;
  mayor_office: number;
  all_member_offices: number;
  share: number | null;
  post: number;
}

interface Coefficient { term: string; estimate: number | null; ci_low: number | null; ci_high: number | null; p_value: number | null }

export interface MayorShareIts {
  intervention_date: string;
  intervention_quarter: string | null;
  n_pre: number;
  n_post: number;
  coefficients: readonly Coefficient[];
  measurement: string | null;
}

/** One point of the ITS fit: the fitted share of a quarter, and the 95 % band of the fitted mean when known. */
export interface FitPoint { quarter: string; segment: 'before' | 'after'; fitted: number; ci_low: number | null; ci_high: number | null }

const LABELS: Record<string, string> = { all: 'All subjects', planning_development: 'Planning and development', budget: 'Budget', housing: 'Housing' };

/** The chart, from the insight's rows and its ITS document; `band` (the 95 % band per quarter) is optional. */
export function mayorShareChart(rows: readonly MayorShareRow[], its: MayorShareIts, band: ReadonlyMap<string, { low: number; high: number }> = new Map()): Chart {
  const data = rows.map((r) => ({ quarter: r.quarter, category: r.category, mayor_office: r.mayor_office, all_member_offices: r.all_member_offices, share: r.share, post: r.post }));
  const fit = itsFit(rows, its, band);
  const gaps = rows.filter((r) => r.share === null).length;
  const banded = fit.some((p) => p.ci_low !== null);
  const subtitle = [
    _coefficientLine(its),
    `Share of lobbyist communications to members' offices that reached the Mayor's office, per calendar quarter.` +
      (fit.length ? ` Black: the fitted interrupted time series of all subjects${banded ? '; grey: the 95 % band of its mean' : ''}.` : '') +
      (gaps ? ` Gaps: ${gaps} quarter-and-category values have no share (no member office was contacted).` : ''),
  ];
  const first = rows[0]?.quarter ?? '';
  const last = rows.at(-1)?.quarter ?? '';
  const colour = { field: 'category_label', type: 'nominal', title: 'Subject category', sort: MAYOR_SHARE_CATEGORIES.map((c) => LABELS[c]),
    scale: { domain: MAYOR_SHARE_CATEGORIES.map((c) => LABELS[c]), range: SERIES_COLOURS.slice(0, MAYOR_SHARE_CATEGORIES.length) } };
  const dash = { ...colour, scale: { domain: colour.scale.domain, range: SERIES_DASHES.slice(0, MAYOR_SHARE_CATEGORIES.length) } };
  const x = timeX('quarter_start', 'Quarter');
  const y = { field: 'share', type: 'quantitative', title: "Share to the Mayor's office (%)", axis: { format: '.0%' } };
  const layer: Record<string, unknown>[] = [];
  if (banded) {
    layer.push({
      data: { name: 'fit' }, transform: [{ calculate: quarterStart('quarter'), as: 'quarter_start' }, { filter: 'datum.ci_low != null' }],
      mark: { type: 'area', color: BAND_COLOUR, opacity: 0.35 },
      encoding: { x, y: { field: 'ci_low', type: 'quantitative' }, y2: { field: 'ci_high' }, detail: { field: 'segment' } },
    });
  }
  layer.push(
    {
      data: { name: 'rows' },
      transform: [{ calculate: quarterStart('quarter'), as: 'quarter_start' }, { calculate: `${JSON.stringify(LABELS)}[datum.category]`, as: 'category_label' }],
      mark: { type: 'line', strokeWidth: 1.5, point: { size: 14, filled: true }, invalid: 'break-paths-show-domains' },
      encoding: { x, y, color: colour, strokeDash: dash },
    },
    {
      data: { name: 'fit' }, transform: [{ calculate: quarterStart('quarter'), as: 'quarter_start' }],
      mark: { type: 'line', color: MARK_COLOUR, strokeWidth: 2.5 },
      encoding: { x, y: { field: 'fitted', type: 'quantitative' }, detail: { field: 'segment' } },
    },
    {
      data: { values: [{ date: its.intervention_date, label: `Strong-mayor powers, ${its.intervention_date}` }] },
      transform: [{ calculate: `utc(toNumber(substring(datum.date, 0, 4)), toNumber(substring(datum.date, 5, 7)) - 1, toNumber(substring(datum.date, 8, 10)))`, as: 'quarter_start' }],
      layer: [
        { mark: { type: 'rule', color: MARK_COLOUR, strokeDash: [4, 2] }, encoding: { x } },
        { mark: { type: 'text', align: 'right', dx: -4, dy: 0, baseline: 'top', y: 2, fontSize: 11 }, encoding: { x, text: { field: 'label' } } },
      ],
    },
  );
  return {
    insight: 'mayor-share',
    key: null,
    title: "How much lobbying reached the Mayor's office, before and after strong-mayor powers",
    subtitle,
    description: `Line chart of the quarterly share of lobbyist communications to members' offices that reached the Mayor's office, ` +
      `${first} to ${last}, for all subjects and three subject groups, with the interrupted-time-series fit of the all-subjects share ` +
      `(a black line before and after ${its.intervention_date}${banded ? ', its 95 % band in grey' : ''}) and the intervention date marked. ${subtitle[0]}`,
    datasets: { rows: data, fit },
    body: { layer, resolve: { scale: { color: 'shared' } } },
  };
}

/**
 * The fitted line of the published ITS: β0 + β1·t + β2·post + β3·(t − t0)·post at every quarter of the `all` series
 * from its first to its last (t counts quarters from the first; docs/methodology-insights-trends.md), no line when
 * the coefficients are not estimated.
 */
export function itsFit(rows: readonly MayorShareRow[], its: MayorShareIts, band: ReadonlyMap<string, { low: number; high: number }>): FitPoint[] {
  const b = Object.fromEntries(its.coefficients.map((c) => [c.term, c.estimate]));
  if (its.measurement !== null || its.intervention_quarter === null || [b.intercept, b.trend, b.level_change, b.slope_change].some((v) => v == null)) return [];
  const series = rows.filter((r) => r.category === 'all' && r.share !== null);
  if (series.length === 0) return [];
  const first = quarterIndex(series[0]!.quarter);
  const t0 = quarterIndex(its.intervention_quarter) - first;
  const out: FitPoint[] = [];
  for (let t = 0; t <= quarterIndex(series.at(-1)!.quarter) - first; t++) {
    const post = t >= t0 ? 1 : 0;
    const quarter = quarterLabel(first + t);
    const fitted = b.intercept! + b.trend! * t + b.level_change! * post + b.slope_change! * (t - t0) * post;
    const ci = band.get(quarter);
    out.push({ quarter, segment: post ? 'after' : 'before', fitted: _round(fitted), ci_low: ci ? _round(ci.low) : null, ci_high: ci ? _round(ci.high) : null });
  }
  return out;
}

function _coefficientLine(its: MayorShareIts): string {
  if (its.measurement !== null) return `Interrupted time series not estimated: ${its.measurement}.`;
  const c = Object.fromEntries(its.coefficients.map((k) => [k.term, k]));
  const level = c.level_change!;
  const slope = c.slope_change!;
  const ci = (k: Coefficient, digits = 1) => `95 % CI ${points(k.ci_low!, digits).replace(' points', '')} to ${points(k.ci_high!, digits)}`;
  return `From ${its.intervention_quarter}: level change ${points(level.estimate!)} (${ci(level)}, ${pValue(level.p_value!)}); ` +
    `slope change ${points(slope.estimate!, 2)} a quarter (${ci(slope, 2)}, ${pValue(slope.p_value!)}); pre-trend ${points(c.trend!.estimate!, 3)} a quarter; ` +
    `intercept ${percent(c.intercept!.estimate!)}. Newey–West errors, ${its.n_pre} quarters before, ${its.n_post} from.`;
}

/** Quarter number on one axis: year · 4 + (quarter − 1). */
export function quarterIndex(label: string): number {
  return Number(label.slice(0, 4)) * 4 + Number(label.slice(5, 6)) - 1;
}

function quarterLabel(index: number): string {
  return `${Math.floor(index / 4)}Q${(index % 4) + 1}`;
}

function _round(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
