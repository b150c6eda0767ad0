// Procurement group: City contracts (competitive award lines and non-competitive contracts) and corporate groups.
import type { Route } from './types.ts';
import { CONTRACT_KINDS, GROUP_BASES, NONCOMPETITIVE_SCOPES, ONLY_FLAGGED } from '../schemas/vocabulary.ts';
import { dateParam, defineDetail, defineInsight, defineList, enumParam, intParam, organizationParam, searchParam, strParam } from './define.ts';

export const procurementRoutes: readonly Route[] = [
  defineList('Procurement', {
    id: 'contracts.list',
    path: '/contracts',
    summary: 'City contracts: competitive award lines and non-competitive contracts',
    resource: 'contracts',
    schema: 'Contract',
    order: 'id ascending',
    params: [
      organizationParam('supplier', 'Supplier organisation id', 'f_supplier_ids'),
      enumParam('kind', CONTRACT_KINDS, 'Contract kind', { kind: 'eq', column: 'kind' }),
      strParam('division', 'Case-insensitive substring of the division', { kind: 'substring', column: 'division' }),
      strParam('document', 'Solicitation document number (10 digits)', { kind: 'eq', column: 'document_number' }, { pattern: '^\\d{10}$', example: '2024012345' }),
      dateParam('from', 'Award date on or after', { kind: 'gte', column: 'date' }),
      dateParam('to', 'Award date on or before', { kind: 'lte', column: 'date' }),
      searchParam('the description, the supplier\'s name, the division and the category'),
    ],
  }),
  defineDetail('Procurement', 'contracts.detail', '/contracts/{id}', 'contracts', 'ContractDetail', false,
    'Contract with its published L6 links', 'Contract id'),
  defineList('Procurement', {
    id: 'groups.list',
    path: '/groups',
    summary: 'Corporate groups: organisations connected by ownership, shared beneficiaries or addresses',
    resource: 'groups',
    schema: 'Group',
    order: 'id ascending',
    params: [
      enumParam('basis', GROUP_BASES, 'A connection basis of the group', { kind: 'contains', column: 'bases' }),
      intParam('min_members', 'At least this many member organisations', { kind: 'gte', column: 'members', cast: 'integer' }),
    ],
  }),
  defineDetail('Procurement', 'groups.detail', '/groups/{id}', 'groups', 'GroupDetail', false,
    'Group with its members and connecting records', 'Group id'),
  defineInsight('Procurement', {
    name: 'procurement-timeline',
    primaryKey: ['organization_id', 'row'],
    summary: 'One organisation\'s registrations, communications, solicitations and contract awards on one timeline, with the communications dated inside an open window of a solicitation it later won',
    description: 'inside = 1 for a communication dated from the issue date to the award date (both included) of a solicitation that ' +
      'the organisation, or an organisation linked to it by published L3 merges or L6 supplier links, later won. Timing is not ' +
      'influence: the registry does not say what a communication was about (docs/methodology-insights-development-procurement.md).',
    schema: 'ProcurementTimelineRow',
    order: 'organisation, then date, then event (registration, communication, solicitation_issued, solicitation_closed, contract_awarded), then id; row numbers that order',
    params: [
      { ...organizationParam('organization', 'Organisation id', 'f_organization_ids'), required: true },
      enumParam('inside', ONLY_FLAGGED, '1 for communications inside an open solicitation window', { kind: 'eq', column: 'inside', cast: 'integer' }),
      dateParam('from', 'Event date on or after', { kind: 'gte', column: 'date' }),
      dateParam('to', 'Event date on or before', { kind: 'lte', column: 'date' }),
    ],
  }),
  defineInsight('Procurement', {
    name: 'noncompetitive-share',
    primaryKey: ['scope', 'scope_id', 'reason', 'year'],
    summary: 'Non-competitive contracts and amounts as shares of all contracts, per scope (all, supplier, division), reason and award year',
    schema: 'NoncompetitiveShareRow',
    order: 'scope (all, supplier, division), scope id (organisation ids in numeric order), reason ("*" first), then year',
    params: [
      enumParam('scope', NONCOMPETITIVE_SCOPES, 'all, supplier or division', { kind: 'eq', column: 'scope' }),
      strParam('scope_id', 'Supplier organisation id (a merged record\'s id matches its canonical record) or division name', {
        kind: 'contains', column: 'f_scope_ids',
      }),
      strParam('reason', 'A non-competitive reason as published, or * for all reasons', { kind: 'eq', column: 'reason' }),
    ],
  }),
  defineInsight('Procurement', {
    name: 'firm-clients',
    primaryKey: ['firm_organization_id', 'client_organization_id', 'year'],
    summary: 'Per consultant firm, client and calendar year: registrations active that year, communications, lobbyists and member offices contacted',
    schema: 'FirmClientsRow',
    order: 'firm organisation id, client organisation id, then year',
    params: [
      organizationParam('firm', 'Consultant firm organisation id', 'f_firm_ids'),
      organizationParam('client', 'Client organisation id', 'f_client_ids'),
      intParam('year', 'Calendar year', { kind: 'eq', column: 'year', cast: 'integer' }),
    ],
  }),
];
