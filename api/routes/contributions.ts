// Contributions group: election campaigns with their totals, and the contributions published through
// reviewer-confirmed L7 links (tiers 1 and 2; contributor name and city only).
import type { Route } from './types.ts';
import { CAMPAIGN_OFFICES, CONTRIBUTION_TIERS } from '../schemas/vocabulary.ts';
import { defineList, enumParam, intParam, strParam } from './define.ts';

export const contributionRoutes: readonly Route[] = [
  defineList('Contributions', {
    id: 'campaigns.list',
    path: '/campaigns',
    summary: 'Municipal election campaigns of candidates for Mayor and Councillor, with contribution totals',
    resource: 'campaigns',
    schema: 'Campaign',
    order: 'id ascending',
    params: [
      strParam('election', 'Election identifier (year, e.g. 2022)', { kind: 'eq', column: 'election' }, '^\\d{4}$'),
      intParam('candidate', 'Candidate person id', { kind: 'eq', column: 'candidate_person_id', cast: 'integer' }),
      enumParam('office', CAMPAIGN_OFFICES, 'Office sought', { kind: 'eq', column: 'office' }),
      intParam('ward', 'Ward (councillors)', { kind: 'eq', column: 'ward', cast: 'integer' }),
    ],
  }),
  defineList('Contributions', {
    id: 'contributions.list',
    path: '/contributions',
    summary: 'Contributions from registered lobbyists (tier 1) and senior officers (tier 2) of lobbying organisations',
    description: 'Only contributions attributed to an organisation through a reviewer-confirmed match (L7, score 0.95 or ' +
      'more) are published, with the contributor\'s name and city only; addresses are never published. Tier 3 matches ' +
      'are used in aggregate statistics only.',
    resource: 'contributions',
    schema: 'Contribution',
    order: 'id ascending',
    params: [
      strParam('election', 'Election identifier (year, e.g. 2022)', { kind: 'eq', column: 'election' }, '^\\d{4}$'),
      intParam('candidate', 'Candidate person id', { kind: 'eq', column: 'candidate_person_id', cast: 'integer' }),
      intParam('organization', 'Organisation id', { kind: 'eq', column: 'organization_id', cast: 'integer' }),
      enumParam('tier', CONTRIBUTION_TIERS, 'Match tier: 1 registered lobbyist, 2 senior officer', { kind: 'eq', column: 'tier', cast: 'integer' }),
      intParam('person', 'Lobbyist registry person id of the contributor', { kind: 'eq', column: 'registry_person_id', cast: 'integer' }),
    ],
  }),
];
