// Procurement group: City contracts (competitive award lines and non-competitive contracts) and corporate groups.
import type { Route } from '../route-types.ts';
import { dateParam, defineDetail, defineList, enumParam, intParam, strParam } from './define.ts';

const BASES = ['parent_subsidiary', 'shared_beneficiary', 'shared_address', 'same_group', 'manual'];

export const procurementRoutes: readonly Route[] = [
  defineList('Procurement', {
    id: 'contracts.list',
    path: '/contracts',
    summary: 'City contracts: competitive award lines and non-competitive contracts',
    resource: 'contracts',
    schema: 'Contract',
    fields: [
      'id', 'kind', 'supplier_organization_id', 'supplier_name', 'supplier_slug', 'supplier_raw', 'amount', 'date',
      'division', 'category', 'description', 'document_number', 'solicitation_type', 'reason', 'wards', 'source_dataset',
    ],
    order: 'id ascending',
    params: [
      intParam('supplier', 'Supplier organisation id', { kind: 'eq', column: 'supplier_organization_id', cast: 'integer' }),
      enumParam('kind', ['competitive', 'non_competitive'], 'Contract kind', { kind: 'eq', column: 'kind' }),
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
    fields: ['id', 'name', 'basis', 'bases', 'members', 'registrations', 'communications', 'contracts', 'contract_amount'],
    order: 'id ascending',
    params: [
      enumParam('basis', BASES, 'A connection basis of the group', { kind: 'contains', column: 'bases' }),
      intParam('min_members', 'At least this many member organisations', { kind: 'gte', column: 'members', cast: 'integer' }),
    ],
  }),
  defineDetail('Procurement', 'groups.detail', '/groups/{id}', 'groups', 'GroupDetail', false,
    'Group with its members and connecting records', 'Group id'),
];
