// Every named value set of the contract (api-spec §2–4), declared once. Record schemas (records.ts, insights-*.ts) take their enums
// from here, route parameters (routes/*.ts) their accepted values, and the pipeline's contract checks are derived
// from the schemas, so a value added here reaches the schema, the filter, openapi.json and the night's checks at once.

export const ORGANIZATION_TYPES = ['corporation', 'numbered_company', 'non_profit', 'association', 'government', 'partnership', 'other'] as const;
export const PERSON_ROLES = ['member_of_council', 'mayor', 'councillor_staff', 'city_staff', 'local_board', 'lobbyist'] as const;
export const REGISTRATION_STATUSES = ['active', 'closed', 'closed by lro'] as const;
export const REGISTRATION_TYPES = ['consultant', 'in_house', 'voluntary'] as const;
export const OFFICE_HOLDER_TYPES = ['member_of_council', 'councillor_staff', 'city_staff', 'local_board', 'unknown'] as const;
export const COMMUNICATION_METHODS = ['meeting', 'call', 'email', 'written', 'other'] as const;
/** has_recorded_vote: 1 recorded vote, 0 adopted without one. */
export const RECORDED_FLAGS = [1, 0] as const;
/** Link tasks `/links` serves: every task but L7 (contributor matches are published only through /contributions). */
export const PUBLIC_LINK_TASKS = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'topic', 'position'] as const;
export const LINK_CONFIDENCES = ['moderate', 'high'] as const;
export const APPLICATION_KINDS = ['development', 'coa'] as const;
export const APPLICATION_OUTCOMES = ['approved', 'refused', 'withdrawn', 'pending', 'closed'] as const;
export const GEOCODE_METHODS = ['exact', 'nearest_number', 'source', 'unresolved'] as const;
export const CONTRACT_KINDS = ['competitive', 'non_competitive'] as const;
export const GROUP_BASES = ['parent_subsidiary', 'shared_beneficiary', 'shared_address', 'same_group', 'manual'] as const;
export const CAMPAIGN_OFFICES = ['Mayor', 'Councillor'] as const;
export const CONTRIBUTION_KINDS = ['monetary', 'in_kind'] as const;
/** Published contribution tiers: 1 registered lobbyist, 2 senior officer (tier 3 is aggregate-only). */
export const CONTRIBUTION_TIERS = [1, 2] as const;

// Insight tables (analysis-definitions.md)
/** item-lobbying windows, in days before the first vote. */
export const LOBBYING_WINDOWS = [30, 90, 180] as const;
export const MEETING_RATE_SUBJECT_TYPES = ['lobbyist', 'firm', 'office', 'pair'] as const;
export const FORMER_OFFICIAL_ROLES = ['member_of_council', 'mayor', 'councillor_staff', 'city_staff'] as const;
/** upcoming: which lead-time distribution a registration's window comes from. */
export const WINDOW_BASES = ['topic', 'pooled', 'none'] as const;
export const MAYOR_SHARE_CATEGORIES = ['all', 'planning_development', 'budget', 'housing'] as const;
export const DISCLOSURE_SUBJECT_TYPES = ['firm', 'lobbyist', 'subject', 'all'] as const;
/** Terms of the mayor-share interrupted time series. */
export const ITS_TERMS = ['intercept', 'trend', 'level_change', 'slope_change'] as const;
/** application-comparison: city-wide rows per type, or rows per type and ward. */
export const COMPARISON_LEVELS = ['type', 'type_ward'] as const;
export const NONCOMPETITIVE_SCOPES = ['all', 'supplier', 'division'] as const;
/** procurement-timeline event kinds, in their order within a day. */
export const TIMELINE_EVENTS = ['registration', 'communication', 'solicitation_issued', 'solicitation_closed', 'contract_awarded'] as const;
/** A flag filter that selects the rows where a 0/1 column is 1 (spike=1, inside=1). */
export const ONLY_FLAGGED = [1] as const;
/** alignment comparisons: a member's funded vs unfunded positions, funded vs unfunded members on the same items, and
 *  funding in the prior term's election. */
export const ALIGNMENT_COMPARISONS = ['within_bloc', 'within_member', 'prior_term'] as const;
/** contribution-stats scopes: 12 = published tiers 1 and 2, 123 = including tier 3 (aggregate only). */
export const CONTRIBUTION_STATS_SCOPES = ['12', '123'] as const;
/** Kinds of record full-text search finds (the extension of docs/search.md), in the order /search breaks ties by. */
export const SEARCH_TYPES = ['registration', 'communication', 'agenda_item', 'application', 'contract', 'organization', 'person', 'site'] as const;
