// Procurement and contributions domain models (contracts, solicitations, groups, campaigns), per layer, in run
// order. See docs/procurement-contributions.md.
import type { DomainModels } from './domain-models.ts';

export const procurementModels: DomainModels = {
  staging: [
    'stg_procurement__awarded',
    'stg_procurement__non_competitive',
    'stg_procurement__solicitations',
    'stg_contributions__rows',
    'stg_contributions__filings',
    'stg_groups__manual',
    'stg_groups__addresses',
  ],
  core: ['int_contracts', 'int_group_edges', 'int_campaigns'],
  // after the published links: suppliers resolved by L6 and groups over canonical organisations (L3 merges)
  links: ['int_contract_suppliers', 'int_group_members', 'int_groups'],
  // api_campaigns runs after api_contributions (manifest.ts): its computed contributors_n needs the published links
  api: ['api_contracts', 'api_contracts_detail', 'api_groups', 'api_groups_detail'],
  quality: ['qa_procurement_values'],
};
