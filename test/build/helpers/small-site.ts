// A small hand-made SiteInput covering every route of the registry: a few rows per list route (from the random
// row helper), detail documents with safe, unsafe, colliding and shared slugs, and topics.
import type { SiteInput } from '../../../build/site/input.ts';
import { routesOfKind } from '../../../api/routes.ts';
import { randomRows, rng } from './random-rows.ts';

export function smallSiteInput(rowsPerList = 250): SiteInput {
  const r = rng(42);
  const lists: Record<string, Record<string, unknown>[]> = {};
  for (const route of routesOfKind('list')) lists[route.resource] = randomRows(route, rowsPerList, r);
  const details: Record<string, SiteInput['details'][string]> = {};
  for (const route of routesOfKind('detail')) {
    details[route.resource] = [
      { id: '1', slug: 'first-one', doc: '{"id":1,"name":"First"}' },
      { id: '2', slug: '1', doc: { id: 2, name: 'Second' } },
      { id: '3', slug: 'shared', doc: { id: 3 } },
      { id: '4', slug: 'shared', doc: { id: 4 } },
      { id: '5', slug: '../evil', doc: { id: 5 } },
      { id: 'bad/id', slug: null, doc: { id: 6 } },
      { id: '7', slug: null, doc: ' {"id":7,"big":12345678901234567890} ' },
    ];
  }
  return {
    exportDate: '2026-11-20',
    runId: 'run-1',
    baseUrl: 'https://lobbying.example.org/api/v1',
    cursorSecret: 'site-secret',
    lists,
    details,
    topics: [{ id: 'housing', label: 'Housing', description: 'Housing and shelter', group: 'City building' }],
  };
}
