// Links group: the published inferred links between records (every task except L7).
import type { Route } from './types.ts';
import { LINK_CONFIDENCES, PUBLIC_LINK_TASKS } from '../schemas/vocabulary.ts';
import { defineList, enumParam, strParam } from './define.ts';

const ENTITY_TYPE = { pattern: '^[a-z_]+$', example: 'registration' };

export const linkRoutes: readonly Route[] = [
  defineList('Links', {
    id: 'links.list',
    path: '/links',
    summary: 'Published inferred links between records, with score, confidence, model versions and evidence',
    description: 'Links are published on model score (and, for L5 and position, a reviewer\'s confirmation); L7 contributor ' +
      'matches are never listed here. high = score 0.9 or higher; moderate = 0.7 to below 0.9 (wrong more often).',
    resource: 'links',
    schema: 'Link',
    order: 'id ascending',
    params: [
      enumParam('task', PUBLIC_LINK_TASKS, 'Link task', { kind: 'eq', column: 'task' }),
      enumParam('min_confidence', LINK_CONFIDENCES, 'Lowest confidence band: high restricts to score 0.9 or higher', {
        kind: 'contains', column: 'f_min_confidence',
      }),
      enumParam('status', LINK_CONFIDENCES, 'Confidence label', { kind: 'eq', column: 'confidence' }),
      strParam('from_type', 'Source entity type', { kind: 'eq', column: 'from_type' }, ENTITY_TYPE),
      strParam('from_id', 'Source entity id', { kind: 'eq', column: 'from_id' }),
      strParam('to_type', 'Target entity type', { kind: 'eq', column: 'to_type' }, ENTITY_TYPE),
      strParam('to_id', 'Target entity id', { kind: 'eq', column: 'to_id' }),
    ],
  }),
];
