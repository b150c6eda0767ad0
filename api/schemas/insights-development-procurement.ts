// Row schemas of the development and procurement insight tables (analysis-definitions.md 4.6 and Procurement): the
// application comparison, the procurement timeline, the non-competitive share and firm clients, columns in the
// definitions' order, then `suppressed` where values can be withheld and `model_version`.
import { APPLICATION_KINDS, COMPARISON_LEVELS, NONCOMPETITIVE_SCOPES, TIMELINE_EVENTS } from './vocabulary.ts';
import { type Schema, count, date, flag, insightRow, int, nullable, nullableDate, oneOf, rate, str } from './shapes.ts';

/** A difference of two rates: in [-1, 1], or null where it is suppressed. */
const rateDifference = { type: ['number', 'null'], minimum: -1, maximum: 1 };
const days = nullable('number');

export const developmentProcurementInsightSchemas: Record<string, Schema> = {
  ApplicationComparisonRow: insightRow({
    kind: oneOf('string', APPLICATION_KINDS),
    type: { type: 'string', pattern: '^[A-Z]{2}$' },
    level: oneOf('string', COMPARISON_LEVELS),
    ward: nullable('integer'),
    lobbied_n: count,
    matched_n: count,
    lobbied_approval_rate: rate,
    lobbied_refusal_rate: rate,
    lobbied_withdrawn_rate: rate,
    lobbied_appeal_rate: rate,
    lobbied_median_days_to_decision: days,
    matched_approval_rate: rate,
    matched_refusal_rate: rate,
    matched_withdrawn_rate: rate,
    matched_appeal_rate: rate,
    matched_median_days_to_decision: days,
    approval_rate_difference: rateDifference,
    refusal_rate_difference: rateDifference,
    withdrawn_rate_difference: rateDifference,
    appeal_rate_difference: rateDifference,
    median_days_to_decision_difference: days,
    lobbied_unmatched: count,
  }, { suppressible: true }),
  ProcurementTimelineRow: insightRow({
    organization_id: int,
    row: { type: 'integer', minimum: 1 },
    event: oneOf('string', TIMELINE_EVENTS),
    date,
    registration_id: nullable('string'),
    communication_id: nullable('string'),
    member_person_id: nullable('integer'),
    contract_id: nullable('string'),
    document_number: nullable('string'),
    supplier_organization_id: nullable('integer'),
    amount: nullable('number'),
    inside: flag,
  }),
  NoncompetitiveShareRow: insightRow({
    scope: oneOf('string', NONCOMPETITIVE_SCOPES),
    scope_id: nullable('string'),
    reason: str,
    year: int,
    contracts: count,
    amount: { type: 'number', minimum: 0 },
    all_contracts: { type: 'integer', minimum: 1 },
    all_amount: { type: 'number', minimum: 0 },
    share_count: { type: 'number', minimum: 0, maximum: 1 },
    share_amount: rate,
  }),
  FirmClientsRow: insightRow({
    firm_organization_id: int,
    client_organization_id: int,
    year: int,
    registrations: count,
    communications: count,
    lobbyists: count,
    member_offices_contacted: count,
    first_date: nullableDate,
    last_date: nullableDate,
  }),
};
