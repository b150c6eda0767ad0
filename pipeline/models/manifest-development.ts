// Development domain models (applications, Committee of Adjustment, address points, wards, sites), per layer, in
// run order. Geocoding rules and measured shares: docs/geocoding.md.
import type { DomainModels } from './domain-models.ts';

export const developmentModels: DomainModels = {
  staging: [
    'stg_development__applications',
    'stg_coa__applications',
    'stg_geo__address_points',
    'stg_geo__wards',
  ],
  core: [
    'int_application_outcome_rules', // .ts: loads pipeline/seeds/application_outcomes.csv
    'int_site_mentions',
    'int_site_coordinates', // .ts: MTM X/Y → WGS84 (proj4) and containing ward (turf)
    'int_site_geocodes',
    'int_site_ids',
    'int_sites',
    'int_applications',
    'int_registration_sites',
    'int_agenda_item_sites',
    'int_agenda_item_wards', // reads the sites: an item of the 25-ward era takes its sites' wards
    'int_registration_wards',
    'int_site_cards',
  ],
  api: [
    'api_sites',
    'api_sites_detail',
    'api_applications',
    // api_applications_detail carries the 4.6 comparison row, so it is built in the insights layer
    // (manifest-insights.ts, developmentProcurementInsightModels)
  ],
  quality: [
    'qa_development_values',
    'qa_geocoding_methods',
  ],
};
