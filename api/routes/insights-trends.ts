// Insights group, trends and timing (analysis-definitions.md 4.5, 4.9, 4.11): upcoming registrations, lead times, topic
// volume, the Mayor's-office share and its interrupted time series, disclosure lag, with the parameters of api-spec §4
// Insights. `trendInsightRoutes` lists those the pipeline builds, in the contract's order.
import type { ListRoute, Route } from './types.ts';
import { DISCLOSURE_SUBJECT_TYPES, MAYOR_SHARE_CATEGORIES, ONLY_FLAGGED, WINDOW_BASES } from '../schemas/vocabulary.ts';
import { defineInsight, defineStatic, enumParam, strParam, topicParam } from './define.ts';

const MONTH = { pattern: '^\\d{4}-(0[1-9]|1[0-2])$', example: '2025-01' };
const METHODOLOGY = 'How it is computed: docs/methodology-insights-trends.md';

export const upcoming: ListRoute = defineInsight('Insights', {
  name: 'upcoming',
  primaryKey: ['registration_id'],
  summary: 'Open registrations with no linked agenda item yet, with the window in which an item is expected from past lead times',
  description: `${METHODOLOGY}, "Upcoming".`,
  schema: 'UpcomingRow',
  order: 'registration id (SM number, numeric)',
  params: [
    topicParam('Tracker topic id of the registration', { kind: 'eq', column: 'topic' }),
    enumParam('basis', WINDOW_BASES, 'Where the window comes from: the topic\'s lead times, the pooled ones, or none', { kind: 'eq', column: 'basis' }),
  ],
});

export const leadTimes: ListRoute = defineInsight('Insights', {
  name: 'lead-times',
  primaryKey: ['topic'],
  summary: 'Lead times in days from a registration\'s initial approval to its first linked agenda item: quantiles per topic and pooled',
  description: `${METHODOLOGY}, "Lead times".`,
  schema: 'LeadTimesRow',
  order: 'topic ("*", the pooled distribution, first)',
  params: [
    strParam('topic', 'Tracker topic id, or * for the pooled distribution', { kind: 'eq', column: 'topic' }, { pattern: '^([a-z][a-z0-9_]*|\\*)$', example: 'affordable_housing' }),
  ],
});

export const topicVolume: ListRoute = defineInsight('Insights', {
  name: 'topic-volume',
  primaryKey: ['topic', 'month'],
  summary: 'New registrations per topic and month, against the trailing 12-month baseline, with Poisson spike flags',
  description: `${METHODOLOGY}, "Topic volume".`,
  schema: 'TopicVolumeRow',
  order: 'topic, then month',
  params: [
    topicParam('Tracker topic id', { kind: 'eq', column: 'topic' }),
    enumParam('spike', ONLY_FLAGGED, '1 for spike months only', { kind: 'eq', column: 'spike', cast: 'integer' }),
    strParam('month_from', 'First month (YYYY-MM)', { kind: 'gte', column: 'month' }, MONTH),
    strParam('month_to', 'Last month (YYYY-MM)', { kind: 'lte', column: 'month' }, MONTH),
  ],
});

export const mayorShare: ListRoute = defineInsight('Insights', {
  name: 'mayor-share',
  primaryKey: ['quarter', 'category'],
  summary: 'Quarterly share of communications to member offices that went to the Mayor\'s office, with the Executive Committee comparison',
  description: `${METHODOLOGY}, "Mayor's-office share".`,
  schema: 'MayorShareRow',
  order: 'quarter, then category',
  params: [
    enumParam('category', MAYOR_SHARE_CATEGORIES, 'Subject category group', { kind: 'eq', column: 'category' }),
  ],
});

export const mayorShareIts = {
  ...defineStatic('insights.mayor-share.its', '/insights/mayor-share/its', 'Insights',
    'Interrupted time series of the quarterly Mayor\'s-office share (category all): level and slope change at the strong-mayor powers, with Newey–West 95% intervals',
    'insights/mayor-share/its.json', 'MayorShareIts', 'api_insight_mayor_share_its'),
  description: `${METHODOLOGY}, "The interrupted time series".`,
};

export const disclosureLag: ListRoute = defineInsight('Insights', {
  name: 'disclosure-lag',
  primaryKey: ['subject_type', 'subject_id'],
  summary: 'Share of communications recorded in the registry more than 3 days after they happened, per firm, lobbyist, subject and overall',
  description: `${METHODOLOGY}, "Disclosure lag". ` + 'Rows appear once the registry snapshot history spans 6 months; until then one row\'s measurement field says why and from which date.',
  schema: 'DisclosureLagRow',
  order: 'subject type, then subject id',
  params: [
    // Filter lists rather than the columns: while rows are pending, the one measurement row lists every subject type
    // and id, so that every request returns it (a measured row lists its own).
    enumParam('subject_type', DISCLOSURE_SUBJECT_TYPES, 'Kind of subject', { kind: 'contains', column: 'f_subject_types' }),
    strParam('subject_id', 'Subject id: a firm\'s organisation id (a merged record\'s id matches its canonical record), a lobbyist\'s person id, or a registry subject category', { kind: 'contains', column: 'f_subject_ids' }),
  ],
});

/** The trend insight routes the pipeline builds, in the contract's order (each added once its model lands). */
export const trendInsightRoutes: readonly Route[] = [upcoming, leadTimes, topicVolume, mayorShare, mayorShareIts, disclosureLag];
