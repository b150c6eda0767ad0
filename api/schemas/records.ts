// Properties of every resource record the API publishes (api-spec §2), one object per resource; registry.ts turns
// them into closed list records and detail records. Value sets come from api/schemas/vocabulary.ts.
import {
  APPLICATION_KINDS, APPLICATION_OUTCOMES, CAMPAIGN_OFFICES, COMMUNICATION_METHODS, CONTRACT_KINDS, CONTRIBUTION_KINDS,
  CONTRIBUTION_TIERS, GEOCODE_METHODS, GROUP_BASES, LINK_CONFIDENCES, OFFICE_HOLDER_TYPES, ORGANIZATION_TYPES, PERSON_ROLES,
  RECORDED_FLAGS, REGISTRATION_STATUSES, REGISTRATION_TYPES,
} from './vocabulary.ts';
import { type Schema, date, flag, int, nullable, nullableDate, oneOf, oneOfOrNull, str, strings } from './shapes.ts';

export const organizationProps: Record<string, Schema> = {
  id: int,
  canonical_name: str,
  aliases: strings,
  type: oneOfOrNull('string', ORGANIZATION_TYPES),
  group_id: nullable('integer'),
  slug: nullable('string'),
};

export const personProps: Record<string, Schema> = {
  id: int,
  canonical_name: str,
  first_name: nullable('string'),
  last_name: nullable('string'),
  slug: nullable('string'),
  // an extension beyond the contract's fields: the roles held, so a list of people says who is a councillor
  role_names: { type: 'array', items: oneOf('string', PERSON_ROLES) },
};

export const registrationProps: Record<string, Schema> = {
  id: { type: 'string', pattern: '^SM\\d+$' },
  client_organization_id: nullable('integer'),
  lobbyist_person_id: nullable('integer'),
  firm_organization_id: nullable('integer'),
  type: oneOfOrNull('string', REGISTRATION_TYPES),
  status: oneOfOrNull('string', REGISTRATION_STATUSES),
  subjects: strings,
  topic: nullable('string'),
  particulars: nullable('string'),
  summary: nullable('string'),
  ward: nullable('integer'),
  initial_approval_date: nullableDate,
  start_date: nullableDate,
  end_date: nullableDate,
};

export const communicationProps: Record<string, Schema> = {
  id: str,
  registration_id: str,
  lobbyist_person_id: nullable('integer'),
  office_holder_person_id: nullable('integer'),
  office_holder_raw: nullable('string'),
  office: nullable('string'),
  office_holder_type: oneOf('string', OFFICE_HOLDER_TYPES),
  member_person_id: nullable('integer'),
  method: oneOfOrNull('string', COMMUNICATION_METHODS),
  method_raw: nullable('string'),
  date,
  first_seen_date: date,
};

export const agendaItemProps: Record<string, Schema> = {
  id: { type: 'string', pattern: '^\\d{4}\\.[A-Z]{2,3}\\d+\\.\\d+[a-z]?$' },
  term: nullable('string'),
  committee_code: nullable('string'),
  committee: nullable('string'),
  meeting_number: nullable('integer'),
  meeting_date: nullableDate,
  title: nullable('string'),
  ward: nullable('integer'),
  addresses: strings,
  first_vote_date: nullableDate,
  has_recorded_vote: oneOf('integer', RECORDED_FLAGS),
};


export const applicationProps: Record<string, Schema> = {
  id: str,
  kind: oneOf('string', APPLICATION_KINDS),
  type: nullable('string'),
  slug: nullable('string'),
  site_id: nullable('integer'),
  address: nullable('string'),
  ward: nullable('integer'),
  submitted: nullableDate,
  status: nullable('string'),
  decision: nullable('string'),
  decision_date: nullableDate,
  hearing_date: nullableDate,
  outcome: oneOfOrNull('string', APPLICATION_OUTCOMES),
  appealed: flag,
  objections: nullable('integer'),
  units: nullable('integer'),
  gfa: nullable('number'),
  size_band: nullable('string'),
  description: nullable('string'),
  parent_id: nullable('string'),
  url: nullable('string'),
};

export const siteProps: Record<string, Schema> = {
  id: int,
  address: str,
  address_key: str,
  slug: nullable('string'),
  ward: nullable('integer'),
  latitude: nullable('number'),
  longitude: nullable('number'),
  geocode_method: oneOfOrNull('string', GEOCODE_METHODS),
  matched_key: nullable('string'),
  number_gap: nullable('integer'),
  ward_ambiguous: { type: 'integer', enum: [0, 1] },
};

export const contractProps: Record<string, Schema> = {
  id: str,
  kind: oneOf('string', CONTRACT_KINDS),
  supplier_organization_id: nullable('integer'),
  supplier_name: nullable('string'),
  supplier_slug: nullable('string'),
  supplier_raw: nullable('string'),
  amount: nullable('number'),
  date: nullableDate,
  division: nullable('string'),
  category: nullable('string'),
  description: nullable('string'),
  document_number: nullable('string'),
  solicitation_type: nullable('string'),
  reason: nullable('string'),
  wards: nullable('string'),
  source_dataset: nullable('string'),
};

export const groupProps: Record<string, Schema> = {
  id: int,
  name: nullable('string'),
  basis: oneOfOrNull('string', GROUP_BASES),
  bases: { type: 'array', items: oneOf('string', GROUP_BASES) },
  members: int,
  registrations: nullable('integer'),
  communications: nullable('integer'),
  contracts: nullable('integer'),
  contract_amount: nullable('number'),
};

export const campaignProps: Record<string, Schema> = {
  id: int,
  election: str,
  candidate_person_id: nullable('integer'),
  candidate_name: str,
  office: oneOf('string', CAMPAIGN_OFFICES),
  ward: nullable('integer'),
  total_contributions: nullable('number'),
  contributions_n: nullable('integer'),
  contributors_n: nullable('integer'),
  elected: flag,
  incumbent: flag,
  filing_type: nullable('string'),
  source_dataset: nullable('string'),
};

export const linkProps: Record<string, Schema> = {
  id: int,
  task: str,
  from_type: str,
  from_id: str,
  to_type: str,
  to_id: str,
  probability: nullable('number'),
  model: nullable('string'),
  model_version: nullable('string'),
  question_version: nullable('string'),
  reviewed_at: nullable('string'),
  evidence: { type: 'object' },
  confidence: oneOf('string', LINK_CONFIDENCES),
};

export const contributionProps: Record<string, Schema> = {
  id: int,
  contribution_id: int,
  election: str,
  campaign_id: int,
  candidate_person_id: nullable('integer'),
  office: oneOf('string', CAMPAIGN_OFFICES),
  ward: nullable('integer'),
  contributor_name: str,
  contributor_city: nullable('string'),
  amount: { type: 'number' },
  returned: nullable('number'),
  kind: oneOf('string', CONTRIBUTION_KINDS),
  contribution_date: nullableDate,
  organization_id: int,
  tier: oneOf('integer', CONTRIBUTION_TIERS),
  registry_person_id: nullable('integer'),
  registration_ids: strings,
};
