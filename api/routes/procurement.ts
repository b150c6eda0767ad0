// Procurement group: City contracts (competitive award lines and non-competitive contracts) and corporate groups.
import type { Route } from './types.ts';
import { CONTRACT_KINDS, GROUP_BASES } from '../schemas/vocabulary.ts';
import { dateParam, defineDetail, defineList, enumParam, intParam, strParam } from './define.ts';

export const procurementRoutes: readonly Route[] = [
  defineList('Procurement', {
    id: 'contracts.list',
    path: '/contracts',
    summary: 'City contracts: competitive award lines and non-competitive contracts',
    resource: 'contracts',
    schema: 'Contract',
    order: 'id ascending',
    params: [
      intParam('supplier', 'Supplier organisation id', { kind: 'eq', column: 'supplier_organization_id', cast: 'integer' }),
      enumParam('kind', CONTRACT_KINDS, 'Contract kind', { kind: 'eq', column: 'kind' }),
      strParam('division', 'Case-insensitive substring of the division', { kind: 'substring', column: 'division' }),
      strParam('document', 'Solicitation document number (10 digits)', { kind: 'eq', column: 'document_number' }, '^\\d{10}$'),
      dateParam('from', 'Award date on or after', { kind: 'gte', column: 'date' }),
      dateParam('to', 'Award date on or before', { kind: 'lte', column: 'date' }),
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
];
