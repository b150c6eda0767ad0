// JSON Schemas (OpenAPI 3.1 / JSON Schema 2020-12) of every record the API publishes.
// Referenced by name from the route registry; openapi.json places them under components/schemas.

type Schema = Record<string, unknown>;

const str = { type: 'string' };
const int = { type: 'integer' };
const nullable = (t: string, extra: Schema = {}): Schema => ({ type: [t, 'null'], ...extra });
const date = { type: 'string', format: 'date' };
const nullableDate = { type: ['string', 'null'], format: 'date' };
const strings = { type: 'array', items: str };

/** A closed object: every listed property is required and no other is allowed. */
function record(properties: Record<string, Schema>, description?: string): Schema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/** The base record's properties plus nested detail-only properties, as one closed record (no allOf, so the
 *  base's closed-ness cannot reject the nested properties). Nested records are open objects. */
function detail(base: Record<string, Schema>, nested: Record<string, Schema>): Schema {
  return record({ ...base, ...nested });
}

const organizationProps: Record<string, Schema> = {
  id: int,
  canonical_name: str,
  aliases: strings,
  type: nullable('string', {
    enum: ['corporation', 'numbered_company', 'non_profit', 'association', 'government', 'partnership', 'other', null],
  }),
  group_id: nullable('integer'),
  slug: nullable('string'),
};

const personProps: Record<string, Schema> = {
  id: int,
  canonical_name: str,
  first_name: nullable('string'),
  last_name: nullable('string'),
  slug: nullable('string'),
};

const registrationProps: Record<string, Schema> = {
  id: { type: 'string', pattern: '^SM\\d+$' },
  client_organization_id: nullable('integer'),
  lobbyist_person_id: nullable('integer'),
  firm_organization_id: nullable('integer'),
  type: nullable('string', { enum: ['consultant', 'in_house', 'voluntary', null] }),
  status: nullable('string', { enum: ['active', 'closed', 'closed by lro', null] }),
  subjects: strings,
  topic: nullable('string'),
  particulars: nullable('string'),
  summary: nullable('string'),
  ward: nullable('integer'),
  initial_approval_date: nullableDate,
  start_date: nullableDate,
  end_date: nullableDate,
};

const communicationProps: Record<string, Schema> = {
  id: str,
  registration_id: str,
  lobbyist_person_id: nullable('integer'),
  office_holder_person_id: nullable('integer'),
  office_holder_raw: nullable('string'),
  office: nullable('string'),
  office_holder_type: { type: 'string', enum: ['member_of_council', 'councillor_staff', 'city_staff', 'local_board', 'unknown'] },
  member_person_id: nullable('integer'),
  method: nullable('string', { enum: ['meeting', 'call', 'email', 'written', 'other', null] }),
  method_raw: nullable('string'),
  date,
  first_seen_date: date,
};

const agendaItemProps: Record<string, Schema> = {
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
  has_recorded_vote: { type: 'integer', enum: [0, 1] },
};

const flag = nullable('integer', { enum: [0, 1, null] });

const applicationProps: Record<string, Schema> = {
  id: str,
  kind: { type: 'string', enum: ['development', 'coa'] },
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
  outcome: nullable('string', { enum: ['approved', 'refused', 'withdrawn', 'pending', 'closed', null] }),
  appealed: flag,
  objections: nullable('integer'),
  units: nullable('integer'),
  gfa: nullable('number'),
  size_band: nullable('string'),
  description: nullable('string'),
  parent_id: nullable('string'),
  url: nullable('string'),
};

const siteProps: Record<string, Schema> = {
  id: int,
  address: str,
  address_key: str,
  slug: nullable('string'),
  ward: nullable('integer'),
  latitude: nullable('number'),
  longitude: nullable('number'),
  geocode_method: nullable('string', { enum: ['exact', 'nearest_number', 'source', 'unresolved', null] }),
  matched_key: nullable('string'),
  number_gap: nullable('integer'),
  ward_ambiguous: { type: 'integer', enum: [0, 1] },
};

const contractProps: Record<string, Schema> = {
  id: str,
  kind: { type: 'string', enum: ['competitive', 'non_competitive'] },
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

const groupProps: Record<string, Schema> = {
  id: int,
  name: nullable('string'),
  basis: nullable('string', { enum: ['parent_subsidiary', 'shared_beneficiary', 'shared_address', 'same_group', 'manual', null] }),
  bases: strings,
  members: int,
  registrations: nullable('integer'),
  communications: nullable('integer'),
  contracts: nullable('integer'),
  contract_amount: nullable('number'),
};

const campaignProps: Record<string, Schema> = {
  id: int,
  election: str,
  candidate_person_id: nullable('integer'),
  candidate_name: str,
  office: { type: 'string', enum: ['Mayor', 'Councillor'] },
  ward: nullable('integer'),
  total_contributions: nullable('number'),
  contributions_n: nullable('integer'),
  contributors_n: nullable('integer'),
  elected: flag,
  incumbent: flag,
  filing_type: nullable('string'),
  source_dataset: nullable('string'),
};

const openObjects = { type: 'array', items: { type: 'object' } };
const linkArray = { type: 'array', items: { $ref: '#/components/schemas/Link' } };

export const schemas: Record<string, Schema> = {
  Organization: record(organizationProps),
  Person: record(personProps),
  Registration: record(registrationProps),
  Communication: record(communicationProps),
  AgendaItem: record(agendaItemProps),
  Link: record({
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
    confidence: { type: 'string', enum: ['high', 'moderate'] },
  }),
  Topic: record({ id: str, label: str, description: str, group: str }),
  Application: record(applicationProps),
  Site: record(siteProps),
  Contract: record(contractProps),
  Group: record(groupProps),
  Campaign: record(campaignProps),
  Contribution: record({
    id: int,
    contribution_id: int,
    election: str,
    campaign_id: int,
    candidate_person_id: nullable('integer'),
    office: str,
    ward: nullable('integer'),
    contributor_name: str,
    contributor_city: nullable('string'),
    amount: { type: 'number' },
    returned: nullable('number'),
    kind: { type: 'string', enum: ['monetary', 'in_kind'] },
    contribution_date: nullableDate,
    organization_id: int,
    tier: { type: 'integer', enum: [1, 2] },
    registry_person_id: nullable('integer'),
    registration_ids: strings,
  }),
  ApplicationDetail: detail(applicationProps, {
    sites: openObjects,
    links: linkArray,
    comparison: { type: ['object', 'null'] },
  }),
  SiteDetail: detail(siteProps, { registrations: openObjects, applications: openObjects, agenda_items: openObjects }),
  ContractDetail: detail(contractProps, { solicitation: { type: ['object', 'null'] }, links: linkArray }),
  GroupDetail: detail(groupProps, { member_organizations: openObjects, connections: openObjects }),
  OrganizationDetail: detail(organizationProps, { registrations: openObjects, merges: linkArray }),
  PersonDetail: detail(personProps, { roles: openObjects, committees: openObjects, office_contacts: { type: ['object', 'null'] } }),
  RegistrationDetail: detail(registrationProps, {
    lobbyists: openObjects,
    parties: openObjects,
    communications: openObjects,
    sites: openObjects,
    links: linkArray,
  }),
  AgendaItemDetail: detail(agendaItemProps, {
    motions: openObjects,
    votes: openObjects,
    wards: { type: 'array', items: int },
    item_status: nullable('string'),
    council_meeting_date: nullableDate,
    planning_application_number: nullable('string'),
    sites: openObjects,
    links: linkArray,
    lobbying: { type: 'object' },
  }),
  TopicList: {
    type: 'object',
    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Topic' } }, licence: str, attribution: str },
    required: ['data'],
  },
  ServiceIndex: { type: 'object' },
  OpenApiDocument: { type: 'object' },
  Error: {
    type: 'object',
    properties: { error: str, message: str, licence: str, attribution: str },
    required: ['error', 'message'],
  },
};

