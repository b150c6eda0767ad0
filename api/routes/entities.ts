// Meta, Entities and Topics routes: the service index, organisations, people, registrations, communications,
// agenda items and the topic taxonomy.
import type { Route } from './types.ts';
import {
  COMMUNICATION_METHODS, OFFICE_HOLDER_TYPES, ONLY_FLAGGED, ORGANIZATION_TYPES, PERSON_ROLES, RECORDED_FLAGS,
  REGISTRATION_STATUSES, REGISTRATION_TYPES,
} from '../schemas/vocabulary.ts';
import {
  dateParam, defineDetail, defineList, defineStatic, enumParam, intParam, organizationParam, personParam, q, searchParam, strParam, termParam,
  topicParam,
} from './define.ts';

export const entityRoutes: readonly Route[] = [
  defineStatic('meta.index', '/', 'Meta', 'Service index: endpoints, licence and pagination notes', 'index.json', 'ServiceIndex'),
  defineStatic('meta.openapi', '/openapi.json', 'Meta', 'OpenAPI 3.1 description of the service', 'openapi.json', 'OpenApiDocument'),
  defineList('Entities', {
    id: 'organizations.list',
    path: '/organizations',
    summary: 'Organisations: lobbying clients, firms and beneficiaries, resolved to canonical records',
    resource: 'organizations',
    schema: 'Organization',
    order: 'id ascending',
    params: [
      q('canonical_name', 'Case-insensitive substring of the canonical name'),
      enumParam('type', ORGANIZATION_TYPES, 'Organisation type', { kind: 'eq', column: 'type' }),
    ],
  }),
  defineDetail('Entities', 'organizations.detail', '/organizations/{id}', 'organizations', 'OrganizationDetail', true,
    'Organisation with its registrations and published L3 merges', 'Organisation id or slug'),
  defineList('Entities', {
    id: 'people.list',
    path: '/people',
    summary: 'People: members of council, the mayor, staff, local board members and lobbyists',
    description: 'Campaign contributors are private people and are never listed here.',
    resource: 'people',
    schema: 'Person',
    order: 'id ascending',
    params: [
      q('canonical_name', 'Case-insensitive substring of the canonical name'),
      enumParam('role', PERSON_ROLES, 'Role held (role, ward and term must all hold for the same role)', {
        kind: 'element', column: 'f_roles', field: 'role',
      }),
      intParam('ward', 'Ward held in a role', { kind: 'element', column: 'f_roles', field: 'ward', cast: 'integer' }),
      termParam('Council term in which a role was held', { kind: 'element', column: 'f_roles', field: 'term' }),
    ],
  }),
  defineDetail('Entities', 'people.detail', '/people/{id}', 'people', 'PersonDetail', true,
    'Person with roles, committees and office contact statistics', 'Person id or slug'),
  defineList('Entities', {
    id: 'registrations.list',
    path: '/registrations',
    summary: 'Subject-matter lobbying registrations',
    resource: 'registrations',
    schema: 'Registration',
    order: 'SM number ascending (numeric)',
    params: [
      dateParam('from', 'Start date on or after', { kind: 'gte', column: 'start_date' }),
      dateParam('to', 'Start date on or before', { kind: 'lte', column: 'start_date' }),
      topicParam('Tracker topic id', { kind: 'eq', column: 'topic' }),
      enumParam('status', REGISTRATION_STATUSES, 'Registration status', { kind: 'eq', column: 'status' }),
      enumParam('type', REGISTRATION_TYPES, 'Lobbyist class', { kind: 'eq', column: 'type' }),
      organizationParam('client', 'Client organisation id', 'f_client_ids'),
      intParam('ward', 'Ward of a linked site', { kind: 'contains', column: 'f_wards', cast: 'integer' }),
      searchParam('the subjects, particulars and summary and the names of the client, the firm and the lobbyist'),
    ],
  }),
  {
    ...defineDetail('Entities', 'registrations.detail', '/registrations/{id}', 'registrations', 'RegistrationDetail', false,
      'Registration with lobbyists, parties, communications and published links', 'SM number'),
    // the registry's own pages and many news stories print the number without its prefix
    idShape: { prefix: 'SM', example: 'SM10420' },
  },
  defineList('Entities', {
    id: 'communications.list',
    path: '/communications',
    summary: 'Reported lobbying communications with public office holders',
    resource: 'communications',
    schema: 'Communication',
    order: 'communication date ascending, then id',
    sortLead: 'date',
    params: [
      dateParam('from', 'Communication date on or after', { kind: 'gte', column: 'date' }),
      dateParam('to', 'Communication date on or before', { kind: 'lte', column: 'date' }),
      strParam('registration', 'SM number of the registration', { kind: 'eq', column: 'registration_id' }, { pattern: '^SM\\d+$', example: 'SM10420' }),
      personParam('member', 'Person id of the member whose office was contacted', 'member_person_id'),
      enumParam('office_holder_type', OFFICE_HOLDER_TYPES, 'Type of public office holder', {
        kind: 'eq', column: 'office_holder_type',
      }),
      // the member's office as analysis-definitions.md defines it: the member and the member's staff, resolved to a
      // member in office (member_person_id set), so its counts are those of /insights/office-contacts and mayor-share
      enumParam('member_office', ONLY_FLAGGED, '1 for contacts with any member\'s office: the member of council or the member\'s staff, resolved to a member in office on the date (member_person_id set); an extension beyond the contract\'s parameters', {
        kind: 'eq', column: 'f_member_office', cast: 'integer',
      }),
      enumParam('method', COMMUNICATION_METHODS, 'Communication method', { kind: 'eq', column: 'method' }),
      intParam('ward', "Ward of a site of the registration", { kind: 'contains', column: 'f_wards', cast: 'integer' }),
      topicParam("Tracker topic id of the registration", { kind: 'eq', column: 'f_topic' }),
      searchParam('its registration\'s subjects, particulars and summary, and the office and office holder as published'),
    ],
  }),
  defineList('Entities', {
    id: 'agenda-items.list',
    path: '/agenda-items',
    summary: 'Council and committee agenda items, with or without a recorded vote',
    resource: 'agenda-items',
    schema: 'AgendaItem',
    order: 'item id ascending in natural order (year, committee code, meeting number, item number)',
    params: [
      dateParam('from', 'Meeting date on or after', { kind: 'gte', column: 'meeting_date' }),
      dateParam('to', 'Meeting date on or before', { kind: 'lte', column: 'meeting_date' }),
      intParam('ward', 'A ward the item concerns, in the ward model of its meeting date (44 wards before 2018-12-01, 25 from then on)', { kind: 'contains', column: 'f_wards', cast: 'integer' }),
      strParam('committee', 'Committee code (e.g. PH, EX, CC)', { kind: 'eq', column: 'committee_code' }, { pattern: '^[A-Z]{2,3}$', example: 'PH' }),
      termParam('Council term', { kind: 'eq', column: 'term' }),
      enumParam('recorded', RECORDED_FLAGS, '1 for items with a recorded vote, 0 for items adopted without one', {
        kind: 'eq', column: 'has_recorded_vote', cast: 'integer',
      }),
      searchParam('the title and the addresses'),
    ],
  }),
  defineDetail('Entities', 'agenda-items.detail', '/agenda-items/{id}', 'agenda-items', 'AgendaItemDetail', false,
    'Agenda item with motions, votes, links and a lobbying summary', 'Item id such as 2023.PH5.12'),
  defineStatic('topics.list', '/topics', 'Insights', 'Tracker topic taxonomy', 'topics.json', 'TopicList'),
];
