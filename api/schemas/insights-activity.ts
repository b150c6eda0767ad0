// Row schemas of the insight tables about lobbying and council activity (analysis-definitions.md 4.1-4.4, 4.8): each
// table's columns in the definitions' order, then `suppressed` where values can be withheld and `model_version`.
// Rates are in [0, 1] with 4 decimals; a suppressed value is null, never 0.
import { FORMER_OFFICIAL_ROLES, LOBBYING_WINDOWS, MEETING_RATE_SUBJECT_TYPES } from './vocabulary.ts';
import { type Schema, count, date, insightRow, int, nullable, nullableDate, oneOf, rate, str } from './shapes.ts';

const itemId = { type: 'string', pattern: '^\\d{4}\\.[A-Z]{2,3}\\d+\\.\\d+[a-z]?$' };

export const activityInsightSchemas: Record<string, Schema> = {
  ItemLobbyingRow: insightRow({
    agenda_item_id: itemId,
    window: oneOf('integer', LOBBYING_WINDOWS),
    first_vote_date: date,
    ward: nullable('integer'),
    committee_code: nullable('string'),
    title: nullable('string'),
    registrations: count,
    organizations: count,
    lobbyists: count,
    communications: count,
    member_communications: count,
    members_contacted: count,
    members_contacted_who_voted: count,
  }),
  OfficeContactsRow: insightRow({
    person_id: int,
    term: str,
    quarter: { type: 'string', pattern: '^(\\d{4}Q[1-4]|term)$' },
    communications: count,
    registrations: count,
    organizations: count,
    lobbyists: count,
    meeting: count,
    call: count,
    email: count,
    written: count,
    other: count,
    not_stated: count,
    staff_share: rate,
    rank: { type: 'integer', minimum: 1 },
  }),
  MeetingRatesRow: insightRow({
    subject_type: oneOf('string', MEETING_RATE_SUBJECT_TYPES),
    subject_id: str,
    office: int,
    category: str,
    communications: count,
    meetings: count,
    rate,
    office_rate: rate,
    ratio: nullable('number'),
  }, { suppressible: true }),
  DeviationRow: insightRow({
    person_id: int,
    term: str,
    lobbied_votes: count,
    lobbied_deviations: count,
    lobbied_rate: rate,
    unlobbied_votes: count,
    unlobbied_deviations: count,
    unlobbied_rate: rate,
    difference: { type: ['number', 'null'], minimum: -1, maximum: 1 },
  }, { suppressible: true }),
  FormerOfficialRow: insightRow({
    lobbyist_person_id: int,
    lobbyist_name: str,
    former_official_person_id: int,
    former_official_name: str,
    role: oneOf('string', FORMER_OFFICIAL_ROLES),
    left_office: nullableDate,
    first_registration_after: nullableDate,
    months_after_leaving: nullable('integer'),
    registrations: count,
    communications: count,
    communications_to_former_colleagues: count,
    evidence: {
      type: 'array', minItems: 2,
      items: { type: 'object', properties: { source: str, id: str, says: nullable('string') }, required: ['source', 'id'] },
    },
  }),
};
