// Insight models (pipeline/models/insights/), run as the `insights` layer after the api tables they are computed from.
// One list per family so each grows on its own; manifest.ts runs them in this order.

/** The communications that reached members' offices and their counts per office, term and quarter (api layer, read
 *  by /people/{id} and by the activity and contribution insights). */
export const officeContactModels: readonly string[] = ['int_office_communications', 'int_office_contact_counts'];

/** 4.1 item lobbying, 4.3 office contacts, 4.4 meeting rates, 4.2 deviation, 4.8 former officials. */
export const activityInsightModels: readonly string[] = [
  'api_insight_item_lobbying',
  'api_insight_office_contacts',
  'api_insight_meeting_rates',
  'int_insight_deviation_votes',
  'api_insight_deviation',
  'api_insight_former_officials',
];

/** 4.9 upcoming, lead times, topic volume; 4.5 mayor share and its ITS; 4.11 disclosure lag. */
export const trendInsightModels: readonly string[] = [
  'int_insight_lead_times',
  'api_insight_lead_times',
  'api_insight_upcoming', // reads the published lead-time quantiles
  'int_insight_topic_volume_months',
  'int_insight_topic_volume_tails', // .ts: Poisson upper tails (pipeline/stats/poisson.ts)
  'api_insight_topic_volume',
  'int_insight_mayor_share_categories', // .ts: loads pipeline/seeds/mayor_share_categories.csv
  'api_insight_mayor_share',
  'api_insight_mayor_share_its', // .ts: the interrupted time series (pipeline/stats/its.ts)
  'api_insight_disclosure_lag',
];

/** 4.6 application comparison (and the application detail that carries its row); procurement timeline,
 *  non-competitive share, firm clients. */
export const developmentProcurementInsightModels: readonly string[] = [
  'int_insight_application_units',
  'int_insight_application_matches', // .ts: greedy matching without replacement (pipeline/stats/greedy-matching.ts)
  'api_insight_application_comparison',
  'api_applications_detail', // the application document, with its kind and type's comparison row
  'api_insight_procurement_timeline',
  'api_insight_noncompetitive_share',
  'api_insight_firm_clients',
];

/** The contribution insights (analysis-definitions.md, Contributions): donor overlap, contribution overlap, coordinated
 *  giving, alignment, contribution stats. */
export const contributionInsightModels: readonly string[] = [
  'int_insight_contribution_caveat', // .ts: the measured L7 recall (pipeline/seeds/l7_measured_recall.json)
  'int_insight_contribution_rows',
  'int_insight_contribution_links',
  'api_insight_donor_overlap',
  'api_insight_contribution_overlap',
  'api_insight_coordinated_giving',
  'int_insight_alignment_votes',
  'int_insight_alignment_clusters',
  'api_insight_alignment', // .ts: the bootstrap (pipeline/stats/bootstrap.ts)
  'api_insight_contribution_stats',
];
