// A small hand-made SiteInput covering every route of the registry: a few rows per list route (from the random
// row helper), detail documents with safe, unsafe, colliding and shared slugs, topics and the pipeline-computed
// static documents (the mayor-share interrupted time series).
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
    documents: { 'insights/mayor-share/its.json': ITS_DOCUMENT },
  };
}

/** A mayor-share interrupted time series document as the pipeline writes it (without licence and attribution). */
export const ITS_DOCUMENT = JSON.stringify({
  intervention_date: '2022-11-23', intervention_quarter: '2023Q1', n_pre: 9, n_post: 15, durbin_watson: 1.9, measurement: null,
  coefficients: ['intercept', 'trend', 'level_change', 'slope_change']
    .map((term) => ({ term, estimate: 0.1, std_error: 0.01, ci_low: 0.08, ci_high: 0.12, p_value: 0.001 })),
  model_version: '2026-11-20',
});
