// The chart of /insights/disclosure-lag. The insight is not a time series (each row covers every communication since
// the first registry snapshot), so the chart is its distribution across registry subject categories: the late share
// of each, against the overall share. Until the snapshot history spans 6 months there are no measured rows, and the
// chart says so in words, with the date the measurement begins, instead of drawing an empty axis.
import { wrapText } from './render.ts';
import { count, percent, type Chart } from './chart.ts';
import { MARK_COLOUR, SERIES_COLOURS, SUBTITLE_CHARS } from './style.ts';

export interface DisclosureLagRow {
  subject_type: string;
  subject_id: string | null;
  communications: number | null;
  late: number | null;
  late_share: number | null;
  median_lag_days: number | null;
  p90_lag_days: number | null;
  measurement: string | null;
}

const TITLE = 'How often lobbyists report their communications late';
const LATE = 'Late: first seen in the registry more than 3 days after the communication\'s date.';

export function disclosureLagChart(rows: readonly DisclosureLagRow[]): Chart {
  const pending = rows.find((r) => r.measurement !== null);
  if (pending) return _pendingChart(pending);
  const all = rows.find((r) => r.subject_type === 'all');
  const subjects = rows.filter((r) => r.subject_type === 'subject').map((r) => ({
    subject_id: r.subject_id, communications: r.communications, late: r.late, late_share: r.late_share,
  }));
  const withheld = subjects.filter((s) => s.late_share === null).length;
  const overall = all && all.late_share !== null
    ? `Overall ${count(all.late!)} of ${count(all.communications!)} communications (${percent(all.late_share)}) were late; median lag ${all.median_lag_days} days, 90th percentile ${all.p90_lag_days} days.`
    : 'No overall share: no communication is dated after the first snapshot.';
  const order = [...subjects].sort((a, b) => (b.late_share ?? -1) - (a.late_share ?? -1) || String(a.subject_id).localeCompare(String(b.subject_id))).map((s) => s.subject_id);
  const y = { field: 'subject_id', type: 'nominal', title: 'Registry subject category', sort: order };
  return {
    insight: 'disclosure-lag',
    key: null,
    title: TITLE,
    subtitle: [overall, `${LATE} Bars: each subject category's late share; the dashed line is the overall share.${withheld ? ` ${withheld} categories have no share (no communications dated after the first snapshot) and show no bar.` : ''}`],
    description: `Horizontal bar chart of the share of communications reported late in each of ${subjects.length} registry subject categories, ` +
      `with the overall share as a dashed line. ${overall}`,
    datasets: { rows: subjects, overall: all ? [{ late_share: all.late_share, communications: all.communications, late: all.late }] : [] },
    height: Math.max(120, subjects.length * 16),
    body: {
      layer: [
        {
          data: { name: 'rows' },
          mark: { type: 'bar', color: SERIES_COLOURS[1] },
          encoding: { y, x: { field: 'late_share', type: 'quantitative', title: 'Share reported late (%)', axis: { format: '.0%' } } },
        },
        {
          data: { name: 'overall' },
          transform: [{ filter: 'datum.late_share != null' }],
          mark: { type: 'rule', color: MARK_COLOUR, strokeDash: [5, 3], strokeWidth: 1.5 },
          encoding: { x: { field: 'late_share', type: 'quantitative' } },
        },
      ],
    },
  };
}

/** Not yet measurable: the pending row's own words, drawn as text. */
function _pendingChart(row: DisclosureLagRow): Chart {
  const lines = wrapText(`Not yet measurable. ${row.measurement}`, SUBTITLE_CHARS - 20).map((text, i) => ({ line: i, text }));
  return {
    insight: 'disclosure-lag',
    key: null,
    title: TITLE,
    subtitle: [LATE],
    description: `No chart yet: disclosure lag is not measurable in this export. ${row.measurement}`,
    datasets: { rows: [{ subject_type: row.subject_type, measurement: row.measurement }], message: lines },
    height: 40 + lines.length * 18,
    body: {
      data: { name: 'message' },
      mark: { type: 'text', align: 'left', baseline: 'top', fontSize: 14, x: 0 },
      encoding: { y: { field: 'line', type: 'ordinal', axis: null }, text: { field: 'text' } },
    },
  };
}
