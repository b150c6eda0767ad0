// JSON Schemas (OpenAPI 3.1 / JSON Schema 2020-12) of every record the API publishes, by name: the registry the
// route registry refers to and openapi.json places under components/schemas. Properties live in records.ts and
// insights-*.ts, building blocks in shapes.ts, value sets in vocabulary.ts.
import {
  agendaItemProps, applicationProps, campaignProps, communicationProps, contractProps, contributionProps, groupProps, linkProps,
  organizationProps, personProps, registrationProps, siteProps,
} from './records.ts';
import { bulkSchemas } from './bulk.ts';
import { searchSchemas } from './search.ts';
import { chartSchemas } from './charts.ts';
import { feedSchemas } from './feeds.ts';
import { described, describedRow } from './descriptions.ts';
import { activityInsightSchemas } from './insights-activity.ts';
import { developmentProcurementInsightSchemas } from './insights-development-procurement.ts';
import { contributionInsightSchemas } from './insights-contributions.ts';
import { trendInsightSchemas } from './insights-trends.ts';
import { type Schema, detail, int, linkArray, nullable, nullableDate, openObjects, record, str } from './shapes.ts';

export type { Schema } from './shapes.ts';

export const schemas: Record<string, Schema> = {
  Organization: record(described('Organization', organizationProps)),
  Person: record(described('Person', personProps)),
  Registration: record(described('Registration', registrationProps)),
  Communication: record(described('Communication', communicationProps)),
  AgendaItem: record(described('AgendaItem', agendaItemProps)),
  Link: record(described('Link', linkProps)),
  Topic: record(described('Topic', { id: str, label: str, description: str, group: str })),
  Application: record(described('Application', applicationProps)),
  Site: record(described('Site', siteProps)),
  Contract: record(described('Contract', contractProps)),
  Group: record(described('Group', groupProps)),
  Campaign: record(described('Campaign', campaignProps)),
  Contribution: record(described('Contribution', contributionProps)),
  ApplicationDetail: detail(described('Application', applicationProps), {
    sites: openObjects,
    links: linkArray,
    comparison: { type: ['object', 'null'] },
  }),
  SiteDetail: detail(described('Site', siteProps), { registrations: openObjects, applications: openObjects, agenda_items: openObjects }),
  ContractDetail: detail(described('Contract', contractProps), { solicitation: { type: ['object', 'null'] }, links: linkArray }),
  GroupDetail: detail(described('Group', groupProps), { member_organizations: openObjects, connections: openObjects }),
  OrganizationDetail: detail(described('Organization', organizationProps), { registrations: openObjects, merges: linkArray }),
  PersonDetail: detail(described('Person', personProps), { roles: openObjects, committees: openObjects, office_contacts: { type: ['object', 'null'] } }),
  RegistrationDetail: detail(described('Registration', registrationProps), {
    lobbyists: openObjects,
    parties: openObjects,
    communications: openObjects,
    sites: openObjects,
    links: linkArray,
  }),
  AgendaItemDetail: detail(described('AgendaItem', agendaItemProps), {
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
  ...describedRows({ ...activityInsightSchemas, ...trendInsightSchemas, ...developmentProcurementInsightSchemas, ...contributionInsightSchemas }),
  ...bulkSchemas,
  ...searchSchemas,
  ...chartSchemas,
  ...feedSchemas,
};


/** The published fields of a record schema, in order: the columns of its list pages and bulk files. */
export function recordFields(name: string): string[] {
  const schema = schemas[name] as { properties?: Record<string, unknown> } | undefined;
  if (!schema?.properties) throw new Error(`schema ${name} has no properties`);
  return Object.keys(schema.properties);
}

/** Every insight row schema with its columns' descriptions. */
function describedRows(rows: Record<string, Schema>): Record<string, Schema> {
  return Object.fromEntries(Object.entries(rows).map(([name, schema]) => [name, describedRow(name, schema)]));
}
