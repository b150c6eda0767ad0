// JSON Schemas (OpenAPI 3.1 / JSON Schema 2020-12) of every record the API publishes, by name: the registry the
// route registry refers to and openapi.json places under components/schemas. Properties live in records.ts and
// insights-*.ts, building blocks in shapes.ts, value sets in vocabulary.ts.
import {
  agendaItemProps, applicationProps, campaignProps, communicationProps, contractProps, contributionProps, groupProps, linkProps,
  organizationProps, personProps, registrationProps, siteProps,
} from './records.ts';
import { activityInsightSchemas } from './insights-activity.ts';
import { trendInsightSchemas } from './insights-trends.ts';
import { type Schema, detail, int, linkArray, nullable, nullableDate, openObjects, record, str } from './shapes.ts';

export type { Schema } from './shapes.ts';

export const schemas: Record<string, Schema> = {
  Organization: record(organizationProps),
  Person: record(personProps),
  Registration: record(registrationProps),
  Communication: record(communicationProps),
  AgendaItem: record(agendaItemProps),
  Link: record(linkProps),
  Topic: record({ id: str, label: str, description: str, group: str }),
  Application: record(applicationProps),
  Site: record(siteProps),
  Contract: record(contractProps),
  Group: record(groupProps),
  Campaign: record(campaignProps),
  Contribution: record(contributionProps),
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
  ...activityInsightSchemas,
  ...trendInsightSchemas,
};


/** The published fields of a record schema, in order: the columns of its list pages and bulk files. */
export function recordFields(name: string): string[] {
  const schema = schemas[name] as { properties?: Record<string, unknown> } | undefined;
  if (!schema?.properties) throw new Error(`schema ${name} has no properties`);
  return Object.keys(schema.properties);
}
