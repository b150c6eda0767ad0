// Row schemas of the insight tables about trends and timing (analysis-definitions.md 4.5, 4.9, 4.11), and the
// interrupted time series document: columns in the definitions' order, then `model_version`.
import { DISCLOSURE_SUBJECT_TYPES, ITS_TERMS, MAYOR_SHARE_CATEGORIES, WINDOW_BASES } from './vocabulary.ts';
import { type Schema, count, date, flag, insightRow, nullable, nullableDate, oneOf, rate, str } from './shapes.ts';

const quarterLabel = { type: 'string', pattern: '^\\d{4}Q[1-4]$' };

export const trendInsightSchemas: Record<string, Schema> = {
  UpcomingRow: insightRow({
    registration_id: { type: 'string', pattern: '^SM\\d+$' },
    topic: nullable('string'),
    client_organization_id: nullable('integer'),
    initial_approval_date: nullableDate,
    basis: oneOf('string', WINDOW_BASES),
    basis_n: count,
    window_start: nullableDate,
    window_end: nullableDate,
    overdue: flag,
  }),
  LeadTimesRow: insightRow({
    topic: str,
    n: count,
    p10: nullable('number'),
    p25: nullable('number'),
    p50: nullable('number'),
    p75: nullable('number'),
    p90: nullable('number'),
    mean: nullable('number'),
    excluded_n: count,
  }),
  TopicVolumeRow: insightRow({
    topic: str,
    month: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
    registrations: count,
    baseline: nullable('number'),
    p_value: { type: ['number', 'null'], minimum: 0, maximum: 1 },
    spike: { type: 'integer', enum: [0, 1] },
  }),
  MayorShareRow: insightRow({
    quarter: quarterLabel,
    category: oneOf('string', MAYOR_SHARE_CATEGORIES),
    mayor_office: count,
    all_member_offices: count,
    share: rate,
    executive_committee_share: rate,
    post: { type: 'integer', enum: [0, 1] },
  }),
  MayorShareIts: {
    type: 'object',
    properties: {
      intervention_date: date,
      intervention_quarter: nullable('string'),
      n_pre: count,
      n_post: count,
      coefficients: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            term: oneOf('string', ITS_TERMS),
            estimate: nullable('number'),
            std_error: nullable('number'),
            ci_low: nullable('number'),
            ci_high: nullable('number'),
            p_value: nullable('number'),
          },
          required: ['term', 'estimate', 'std_error', 'ci_low', 'ci_high', 'p_value'],
        },
      },
      durbin_watson: nullable('number'),
      measurement: nullable('string'),
      model_version: str,
      licence: str,
      attribution: str,
    },
    required: ['intervention_date', 'intervention_quarter', 'n_pre', 'n_post', 'coefficients', 'durbin_watson', 'measurement', 'model_version', 'licence', 'attribution'],
  },
  DisclosureLagRow: insightRow({
    subject_type: oneOf('string', DISCLOSURE_SUBJECT_TYPES),
    subject_id: nullable('string'),
    communications: nullable('integer'),
    late: nullable('integer'),
    late_share: rate,
    median_lag_days: nullable('number'),
    p90_lag_days: nullable('number'),
    measurement: { type: ['string', 'null'], description: 'Why there are no rows yet (snapshot history shorter than 6 months) and from which date they will appear; null on measured rows' },
  }),
};
