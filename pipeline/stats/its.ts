// The interrupted time series of analysis-definitions.md 4.5 on a quarterly share: the design (t, post, slope) from
// quarter labels, OLS, Newey–West (lag 1) standard errors, t-based 95% intervals and p-values, Durbin–Watson; with
// fewer than MIN_QUARTERS_PER_SIDE quarters on either side of the intervention the coefficients are null and
// `measurement` says why. Equal to R lm + sandwich::NeweyWest + lmtest (test/fixtures/its/reference.R).
import { ITS_TERMS } from '../../api/schemas/vocabulary.ts';
import { neweyWestCovariance } from './newey-west.ts';
import { fitOls } from './ols.ts';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import { coefficientTests, durbinWatson, type CoefficientTest } from './t-tests.ts';

export const MIN_QUARTERS_PER_SIDE = 8;
const NEWEY_WEST_LAG = 1;

export interface QuarterShare {
  /** `YYYYQn`. */
  quarter: string;
  share: number;
}

export interface ItsResult {
  intervention_date: string;
  intervention_quarter: string;
  n_pre: number;
  n_post: number;
  coefficients: ({ term: (typeof ITS_TERMS)[number] } & { [K in keyof CoefficientTest]: number | null })[];
  durbin_watson: number | null;
  measurement: string | null;
}

/** Quarter number on one axis: year · 4 + (quarter − 1). */
export function quarterIndex(label: string): number {
  const m = /^(\d{4})Q([1-4])$/.exec(label);
  if (!m) throw new Error(`not a quarter label: "${label}"`);
  return Number(m[1]) * 4 + Number(m[2]) - 1;
}

export function quarterLabel(index: number): string {
  return `${Math.floor(index / 4)}Q${(index % 4) + 1}`;
}

/** The first full quarter on or after a date: its own quarter when the date is that quarter's first day. */
export function firstFullQuarter(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const own = y * 4 + Math.floor((m - 1) / 3);
  return d === 1 && (m - 1) % 3 === 0 ? own : own + 1;
}

/** Fit the segmented regression on a series ordered by quarter (quarters without a share are simply absent). */
export function interruptedTimeSeries(series: readonly QuarterShare[], interventionDate: string): ItsResult {
  const t0Index = firstFullQuarter(interventionDate);
  const base: Omit<ItsResult, 'coefficients' | 'durbin_watson' | 'measurement'> = {
    intervention_date: interventionDate,
    intervention_quarter: quarterLabel(t0Index),
    n_pre: series.filter((s) => quarterIndex(s.quarter) < t0Index).length,
    n_post: series.filter((s) => quarterIndex(s.quarter) >= t0Index).length,
  };
  if (base.n_pre < MIN_QUARTERS_PER_SIDE || base.n_post < MIN_QUARTERS_PER_SIDE) {
    return {
      ...base,
      coefficients: ITS_TERMS.map((term) => ({ term, estimate: null, std_error: null, ci_low: null, ci_high: null, p_value: null })),
      durbin_watson: null,
      measurement: `${base.n_pre} quarters before ${base.intervention_quarter} and ${base.n_post} from it: the interrupted time series ` +
        `needs at least ${MIN_QUARTERS_PER_SIDE} quarters on each side, so its coefficients are not estimated`,
    };
  }
  const first = quarterIndex(series[0]!.quarter);
  const t0 = t0Index - first;
  const x = series.map((s) => {
    const t = quarterIndex(s.quarter) - first; // a missing quarter keeps the time axis
    const post = t >= t0 ? 1 : 0;
    return [1, t, post, (t - t0) * post];
  });
  const fit = fitOls(x, series.map((s) => s.share));
  const tests = coefficientTests(fit.coefficients, neweyWestCovariance(x, fit, NEWEY_WEST_LAG), fit.n - fit.k);
  return {
    ...base,
    coefficients: ITS_TERMS.map((term, i) => ({ term, ...tests[i]! })),
    durbin_watson: durbinWatson(fit.residuals),
    measurement: null,
  };
}

/** One quarter of the fitted line with the 95 % confidence band of its mean. */
export interface FitBandPoint {
  quarter: string;
  fitted: number;
  ci_low: number;
  ci_high: number;
}

/**
 * The fitted line of the same regression at every quarter from the series' first to its last (gaps included, on the
 * same time axis), with the pointwise 95 % band of the fitted mean: x'β ± t(0.975; n − 4)·√(x'Σx), Σ the Newey–West
 * covariance the coefficients' intervals use (at t = 0 the band is the intercept's interval). Empty when the
 * coefficients are not estimated.
 */
export function interruptedTimeSeriesBand(series: readonly QuarterShare[], interventionDate: string, level = 0.95): FitBandPoint[] {
  const its = interruptedTimeSeries(series, interventionDate);
  if (its.measurement !== null) return [];
  const t0Index = firstFullQuarter(interventionDate);
  const first = quarterIndex(series[0]!.quarter);
  const t0 = t0Index - first;
  const design = (t: number) => {
    const post = t >= t0 ? 1 : 0;
    return [1, t, post, (t - t0) * post];
  };
  const x = series.map((s) => design(quarterIndex(s.quarter) - first));
  const fit = fitOls(x, series.map((s) => s.share));
  const covariance = neweyWestCovariance(x, fit, NEWEY_WEST_LAG);
  const q = tQuantile(1 - (1 - level) / 2, fit.n - fit.k);
  const out: FitBandPoint[] = [];
  for (let t = 0; t <= quarterIndex(series.at(-1)!.quarter) - first; t++) {
    const row = design(t);
    const fitted = row.reduce((s, v, i) => s + v * fit.coefficients[i]!, 0);
    let variance = 0;
    for (let i = 0; i < row.length; i++) for (let j = 0; j < row.length; j++) variance += row[i]! * covariance.get(i, j) * row[j]!;
    const half = q * Math.sqrt(variance);
    out.push({ quarter: quarterLabel(first + t), fitted, ci_low: fitted - half, ci_high: fitted + half });
  }
  return out;
}
