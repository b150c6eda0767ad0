// The charts of /insights/topic-volume: per topic, new registrations per month with the trailing 12-month baseline
// and the spike months marked; and the overview of every topic, a year-by-topic grid shaded by registrations with
// the years of a spike month marked.
import { monthStart, timeX, type Chart } from './chart.ts';
import { MARK_COLOUR, SEQUENTIAL_SCHEME, SERIES_COLOURS } from './style.ts';

export interface TopicVolumeRow {
  topic: string;
  month: string;
  registrations: number;
  baseline: number | null;
  p_value: number | null;
  spike: number;
}

const SPIKE_RULE = 'A spike month has at least 5 new registrations and a Poisson upper-tail p below 0.01 against the trailing 12-month mean.';

/** One topic's chart; `label` is the topic's name (GET /topics). */
export function topicChart(topic: string, label: string, rows: readonly TopicVolumeRow[]): Chart {
  const data = rows.map(_row);
  const spikes = rows.filter((r) => r.spike === 1);
  const total = rows.reduce((s, r) => s + r.registrations, 0);
  const first = rows[0]?.month ?? '';
  const last = rows.at(-1)?.month ?? '';
  const x = timeX('month_start', 'Month of initial approval');
  const when = { calculate: monthStart('month'), as: 'month_start' };
  const noBaseline = rows.filter((r) => r.baseline === null).length;
  return {
    insight: 'topic-volume',
    key: topic,
    title: `New lobbyist registrations per month: ${label}`,
    subtitle: [
      `${total} registrations from ${first} to ${last}; ${spikes.length} spike month${spikes.length === 1 ? '' : 's'} (triangles)${spikes.length ? `: ${spikes.slice(-6).map((s) => s.month).join(', ')}${spikes.length > 6 ? ' and earlier' : ''}` : ''}.`,
      `${SPIKE_RULE}${noBaseline ? ` The dashed baseline starts once 12 months of history exist (${noBaseline} months without one).` : ''}`,
    ],
    description: `Line chart of new registrations of the topic ${label} per month, ${first} to ${last}, with the trailing 12-month mean as a dashed line ` +
      `and ${spikes.length} spike months marked with triangles.`,
    datasets: { rows: data },
    body: {
      data: { name: 'rows' },
      transform: [when],
      layer: [
        { mark: { type: 'line', color: SERIES_COLOURS[1], strokeWidth: 1.5, interpolate: 'step-after' }, encoding: { x, y: { field: 'registrations', type: 'quantitative', title: 'New registrations (per month)', axis: { tickMinStep: 1, format: 'd' } } } },
        { mark: { type: 'line', color: MARK_COLOUR, strokeDash: [5, 3], strokeWidth: 1.2, invalid: 'break-paths-show-domains' }, encoding: { x, y: { field: 'baseline', type: 'quantitative' } } },
        {
          transform: [{ filter: 'datum.spike === 1' }],
          mark: { type: 'point', shape: 'triangle-up', filled: true, color: MARK_COLOUR, size: 60 },
          encoding: { x, y: { field: 'registrations', type: 'quantitative' } },
        },
      ],
    },
  };
}

/** Every topic at once: years across, topics down, each cell shaded by the year's registrations (the monthly rows
 *  summed by the spec), the years with a spike month marked; the months themselves are each topic's own chart. */
export function topicOverviewChart(rows: readonly TopicVolumeRow[], labels: ReadonlyMap<string, string>): Chart {
  const data = rows.map(_row);
  const topics = [...new Set(rows.map((r) => r.topic))];
  const spikes = rows.filter((r) => r.spike === 1).length;
  const x = { ...timeX('month_start', 'Year of initial approval'), timeUnit: 'utcyear' };
  const y = { field: 'topic_label', type: 'nominal', title: 'Topic', sort: topics.map((t) => labels.get(t) ?? t), axis: { labelLimit: 320 } };
  return {
    insight: 'topic-volume',
    key: null,
    title: 'New lobbyist registrations per topic and year',
    subtitle: [
      `${topics.length} topics; each cell shaded by the year's new registrations (darker is more); a triangle marks a year with a spike month (${spikes} spike months in all).`,
      `${SPIKE_RULE} Each topic's months: /insights/topic-volume/topics/{topic}/chart.svg.`,
    ],
    description: `Grid of new registrations per year for each of ${topics.length} tracker topics, shaded from light (few) to dark (many), ` +
      `with the years holding any of the ${spikes} spike months marked with triangles. Per-topic monthly charts are at /insights/topic-volume/topics/{topic}/chart.svg.`,
    datasets: { rows: data },
    height: Math.max(120, topics.length * 16),
    body: {
      data: { name: 'rows' },
      transform: [{ calculate: monthStart('month'), as: 'month_start' }, { calculate: `${JSON.stringify(Object.fromEntries(labels))}[datum.topic] || datum.topic`, as: 'topic_label' }],
      layer: [
        {
          mark: { type: 'rect' },
          encoding: {
            x, y,
            color: { field: 'registrations', aggregate: 'sum', type: 'quantitative', title: 'New registrations (per year)', scale: { scheme: SEQUENTIAL_SCHEME, reverse: true } },
          },
        },
        {
          transform: [{ filter: 'datum.spike === 1' }],
          mark: { type: 'point', shape: 'triangle-up', filled: true, color: '#ffffff', stroke: MARK_COLOUR, strokeWidth: 1, size: 40 },
          encoding: { x, y },
        },
      ],
    },
  };
}

function _row(r: TopicVolumeRow) {
  return { topic: r.topic, month: r.month, registrations: r.registrations, baseline: r.baseline, p_value: r.p_value, spike: r.spike };
}
