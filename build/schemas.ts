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
  OrganizationDetail: detail(organizationProps, { registrations: openObjects, merges: linkArray }),
  PersonDetail: detail(personProps, { roles: openObjects, committees: openObjects, office_contacts: { type: ['object', 'null'] } }),
  RegistrationDetail: detail(registrationProps, {
    lobbyists: openObjects,
    parties: openObjects,
    communications: openObjects,
    links: linkArray,
  }),
  AgendaItemDetail: detail(agendaItemProps, {
    motions: openObjects,
    votes: openObjects,
    wards: { type: 'array', items: int },
    item_status: nullable('string'),
    council_meeting_date: nullableDate,
    planning_application_number: nullable('string'),
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

