// Declared order of the SQL models, layer by layer. A model may read only source tables and models of
// earlier layers or earlier in its own list (checked by test/pipeline/model-order.test.ts).

import { developmentModels } from './manifest-development.ts';
import {
  activityInsightModels, contributionInsightModels, developmentProcurementInsightModels, officeContactModels,
  trendInsightModels,
} from './manifest-insights.ts';
import { entityLinkModels, positionLinkModels, registrationLinkModels } from './manifest-links.ts';
import { procurementModels } from './manifest-procurement.ts';

export interface Layer {
  name: 'staging' | 'core' | 'links' | 'api' | 'insights' | 'quality';
  /** Model file names (without .sql) in run order; each becomes a table of the same name. */
  models: readonly string[];
}

export const layers: readonly Layer[] = [
  {
    name: 'staging',
    models: [
      'stg_registry__registrations',
      'stg_registry__registrants',
      'stg_registry__firms',
      'stg_registry__beneficiaries',
      'stg_registry__communications',
      'stg_votes__votes',
      'stg_tmmis__agenda_items',
      'stg_tmmis__decision_bodies',
      'stg_tmmis__decision_body_members',
      'stg_officials__contacts',
      'stg_meetings__schedule',
      'stg_seeds__topics',
      'stg_tmmis__item_communications', 'stg_review__decisions',
      ...developmentModels.staging,
      ...procurementModels.staging,
    ],
  },
  {
    name: 'core',
    models: [
      'int_export',
      'int_terms',
      'int_committees',
      'int_member_terms',
      'int_committee_memberships',
      'int_organization_mentions',
      'int_lobbyist_mentions',
      'int_staff_mentions',
      'int_entity_keys',
      'int_entity_ids',
      'int_people',
      'int_given_name_equivalents', // .ts: loads pipeline/seeds/given_name_equivalents.csv
      'int_person_roles',
      'int_organizations',
      'int_registrations',
      'int_communications_resolved',
      'int_agenda_items',
      'int_motions',
      'int_votes',
      ...developmentModels.core,
      ...procurementModels.core,
    ],
  },
  {
    // link tasks: one features model per task (docs/links-contract.md), then the shared scoring and publication
    name: 'links',
    models: [
      ...registrationLinkModels,
      ...entityLinkModels,
      ...positionLinkModels,
      'int_link_scores',
      'int_link_evidence',
      'int_link_keys',
      'int_link_ids',
      'int_links',
      'int_published_links',
      'int_record_links',
      'int_registration_topics',
      'int_communications',
      // the published links applied to the records: L3 merges to canonical organisations, then what names them
      'int_organization_canonical',
      'int_registration_organizations',
      ...(procurementModels.links ?? []),
    ],
  },
  {
    name: 'api',
    models: [
      'api_topics',
      'api_organizations',
      'api_organizations_detail',
      'api_registrations',
      'api_registrations_detail',
      'api_communications',
      // contacts per member office, from the published tables: /people/{id} and the activity insights count these
      ...officeContactModels,
      'api_people',
      'api_people_detail',
      'api_agenda_items',
      'api_agenda_items_detail',
      'api_links',
      ...developmentModels.api,
      ...procurementModels.api,
      'api_contributions',
      'int_contributor_identities', // who gave each contribution row: needs the published L7 people (api_contributions)
      'api_campaigns', // its computed contributors_n counts int_contributor_identities
    ],
  },
  {
    // insight tables, computed from the published api tables (models/insights/README.md)
    name: 'insights',
    models: [...activityInsightModels, ...trendInsightModels, ...developmentProcurementInsightModels, ...contributionInsightModels],
  },
  {
    name: 'quality',
    models: ['qa_invalid_values', 'qa_unresolved_office_holders', ...developmentModels.quality, ...procurementModels.quality],
  },
];
