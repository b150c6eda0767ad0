// Link-task features models (docs/links-contract.md), one list per group of tasks so each can be built on its own;
// the links layer runs them in this order after the core layer.

/** L1 (registration → agenda item), L2 (registration → application), topic (registration → topic). */
export const registrationLinkModels: readonly string[] = ['lnk_l1_terms', 'lnk_l1', 'lnk_l2', 'lnk_topic', 'int_registration_summaries'];

/** L3 (organisation merges), L4 (office holders), L5 (former officials), L6 (suppliers), L7 (contributors). */
export const entityLinkModels: readonly string[] = [
  'lnk_l3_org_names', 'lnk_l3_org_facts', 'lnk_l3_pairs', 'lnk_l3',
  'lnk_l4',
  'lnk_l5',
  'lnk_l6',
  'lnk_l7_contribution_keys', 'int_contribution_ids', 'lnk_l7_people', 'lnk_l7',
];

/** position (organisation → agenda item stance). */
export const positionLinkModels: readonly string[] = ['lnk_position_stance', 'lnk_position_names', 'lnk_position_candidates', 'lnk_position'];
