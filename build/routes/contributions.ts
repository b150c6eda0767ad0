// Contributions group: election campaigns with their totals (published contributions arrive with the links issue).
import type { Route } from '../route-types.ts';
import { defineList, enumParam, intParam, strParam } from './define.ts';

export const contributionRoutes: readonly Route[] = [
  defineList('Contributions', {
    id: 'campaigns.list',
    path: '/campaigns',
    summary: 'Municipal election campaigns of candidates for Mayor and Councillor, with contribution totals',
    resource: 'campaigns',
    schema: 'Campaign',
    fields: [
      'id', 'election', 'candidate_person_id', 'candidate_name', 'office', 'ward', 'total_contributions',
      'contributions_n', 'contributors_n', 'elected', 'incumbent', 'filing_type', 'source_dataset',
    ],
    order: 'id ascending',
    params: [
      strParam('election', 'Election identifier (year, e.g. 2022)', { kind: 'eq', column: 'election' }, '^\\d{4}$'),
      intParam('candidate', 'Candidate person id', { kind: 'eq', column: 'candidate_person_id', cast: 'integer' }),
      enumParam('office', ['Mayor', 'Councillor'], 'Office sought', { kind: 'eq', column: 'office' }),
      intParam('ward', 'Ward (councillors)', { kind: 'eq', column: 'ward', cast: 'integer' }),
    ],
  }),
];
