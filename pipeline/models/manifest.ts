// What the model files cannot say about the run order: the layers and their order, and the tables a TypeScript model
// reads or creates under names it computes at run time. The order of the models within a layer is derived from what
// each one's SQL reads (pipeline/lib/model-graph.ts) and checked by test/pipeline/model-order.test.ts.
import { featureTable, LINK_TASKS } from '../links/model-file.ts';

/** The layers in run order; a layer is the folder pipeline/models/<layer>/, and its models may read models of their
 *  own or an earlier layer only. */
export const LAYERS = [
  'staging', // one model per source table: typed, blank markers to null, nothing joined
  'core', // entities, registrations, agenda items, votes, sites and the domains' records
  'links', // one features model per link task (docs/links-contract.md), the shared scoring and publication, then the
  //          published links applied to the records (L3 merges to canonical organisations, L6 suppliers)
  'api', // the published record tables, and what they count (contacts per office, contributor identities)
  'insights', // the insight tables, computed from the published api tables (models/insights/README.md)
  'quality', // values and records the models could not use, for quarantine and the data-quality report
] as const;

export type LayerName = (typeof LAYERS)[number];

/** Tables a TypeScript model reads under names it computes at run time; the names its SQL strings show are derived. */
export const computedReads: Readonly<Record<string, readonly string[]>> = {
  // the scorer and the evidence view read every link task's features table the build has
  int_link_scores: LINK_TASKS.map(featureTable),
  int_link_evidence: LINK_TASKS.map(featureTable),
};

/** Tables a TypeScript model creates besides the one named after it: a model reading one runs after its maker. */
export const alsoCreates: Readonly<Record<string, readonly string[]>> = {
  int_link_scores: ['int_link_tasks'], // the tasks scored, with their model and question versions
};
