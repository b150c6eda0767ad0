// Row schemas of the contribution insight tables (analysis-definitions.md, Contributions): each table's columns in the
// definitions' order, then `caveat` (the measured L7 recall the figures stand on, as a lower bound), `suppressed` where
// values can be withheld, and `model_version`. No column names a contributor: these tables aggregate over contributors.
import { ALIGNMENT_COMPARISONS, CAMPAIGN_OFFICES, CONTRIBUTION_STATS_SCOPES } from './vocabulary.ts';
import { type Schema, count, insightRow, int, nullable, nullableDate, oneOf, rate, str } from './shapes.ts';

const election = { type: 'string', pattern: '^\\d{4}$' };
const money = { type: 'number', minimum: 0 };
const nullableMoney = { type: ['number', 'null'], minimum: 0 };
const difference = { type: ['number', 'null'], minimum: -1, maximum: 1 };

export const contributionInsightSchemas: Record<string, Schema> = {
  DonorOverlapRow: insightRow({
    election,
    campaign_id: int,
    candidate_person_id: nullable('integer'),
    candidate_name: nullable('string'),
    office: oneOf('string', CAMPAIGN_OFFICES),
    ward: nullable('integer'),
    campaigns: count,
    named_dollars: money,
    named_contributors: count,
    linked_dollars: money,
    linked_contributors: count,
    dollar_share: rate,
    contributor_share: rate,
    council_median_dollar_share: rate,
    caveat: str,
  }),
  ContributionOverlapRow: insightRow({
    election,
    term: str,
    organization_id: int,
    candidate_person_id: int,
    campaign_id: int,
    communications: count,
    first_communication: { type: 'string', format: 'date' },
    last_communication: { type: 'string', format: 'date' },
    linked_contributors: count,
    amount: money,
    caveat: str,
  }),
  CoordinatedGivingRow: insightRow({
    election,
    organization_id: int,
    campaign_id: int,
    candidate_person_id: nullable('integer'),
    contributors: { type: 'integer', minimum: 3 },
    amount: money,
    first_date: nullableDate,
    last_date: nullableDate,
    max_same_day: nullable('integer', { minimum: 1 }),
    caveat: str,
  }, { suppressible: true }),
  AlignmentRow: insightRow({
    term: str,
    comparison: oneOf('string', ALIGNMENT_COMPARISONS),
    person_id: int,
    election,
    items: count,
    funded_votes: count,
    funded_aligned: count,
    funded_rate: rate,
    funded_rate_low: rate,
    funded_rate_high: rate,
    unfunded_votes: count,
    unfunded_aligned: count,
    unfunded_rate: rate,
    unfunded_rate_low: rate,
    unfunded_rate_high: rate,
    difference,
    difference_low: difference,
    difference_high: difference,
    resamples: count,
    seed: int,
    caveat: str,
  }, { suppressible: true }),
  ContributionStatsRow: insightRow({
    election,
    scope: oneOf('string', CONTRIBUTION_STATS_SCOPES),
    contributions: count,
    amount: money,
    contributors: count,
    campaigns: count,
    election_amount: money,
    tier1_share: rate,
    tier2_share: rate,
    tier3_share: rate,
    median_contribution: nullableMoney,
    p90_contribution: nullableMoney,
    caveat: str,
  }),
};
