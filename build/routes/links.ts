// Links group: the published inferred links between records (every task except L7).
import type { Route } from '../route-types.ts';
import { defineList, enumParam, strParam } from './define.ts';

const TASKS = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'topic', 'position'];
const ENTITY_TYPE = '^[a-z_]+$';

export const linkRoutes: readonly Route[] = [
  defineList('Links', {
    id: 'links.list',
    path: '/links',
    summary: 'Published inferred links between records, with score, confidence, model versions and evidence',
    description: 'Links are published on model score (and, for L5 and position, a reviewer\'s confirmation); L7 contributor ' +
      'matches are never listed here. high = score 0.9 or higher; moderate = 0.7 to below 0.9 (wrong more often).',
    resource: 'links',
    schema: 'Link',
    fields: [
      'id', 'task', 'from_type', 'from_id', 'to_type', 'to_id', 'probability', 'model', 'model_version',
      'question_version', 'reviewed_at', 'evidence', 'confidence',
    ],
    order: 'id ascending',
    params: [
      enumParam('task', TASKS, 'Link task', { kind: 'eq', column: 'task' }),
      enumParam('min_confidence', ['moderate', 'high'], 'Lowest confidence band: high restricts to score 0.9 or higher', {
        kind: 'contains', column: 'f_min_confidence',
      }),
      enumParam('status', ['moderate', 'high'], 'Confidence label', { kind: 'eq', column: 'confidence' }),
      strParam('from_type', 'Source entity type', { kind: 'eq', column: 'from_type' }, ENTITY_TYPE),
      strParam('from_id', 'Source entity id', { kind: 'eq', column: 'from_id' }),
      strParam('to_type', 'Target entity type', { kind: 'eq', column: 'to_type' }, ENTITY_TYPE),
      strParam('to_id', 'Target entity id', { kind: 'eq', column: 'to_id' }),
    ],
  }),
];
