// Insights group: the insight tables about lobbying and council (analysis-definitions.md 4.1–4.5, 4.8, 4.9, 4.11)
// with the parameters of api-spec §4 Insights. Each route is declared here as the contract says; `insightRoutes`
// lists those the pipeline builds, in the contract's order.
import type { ListRoute, Route } from './types.ts';
import {
  DISCLOSURE_SUBJECT_TYPES, FORMER_OFFICIAL_ROLES, LOBBYING_WINDOWS, MAYOR_SHARE_CATEGORIES, MEETING_RATE_SUBJECT_TYPES,
  ONLY_FLAGGED, WINDOW_BASES,
} from '../schemas/vocabulary.ts';
import {
  dateParam, defineInsight, defineStatic, enumParam, intEnumParam, intParam, strParam, termParam, topicParam,
} from './define.ts';

const ITEM_ID = '^\\d{4}\\.[A-Z]{2,3}\\d+\\.\\d+[a-z]?$';
const MONTH = '^\\d{4}-(0[1-9]|1[0-2])$';

export const itemLobbying: ListRoute = defineInsight('Insights', {
  name: 'item-lobbying',
  summary: 'Lobbying before each vote: per agenda item and window (30, 90, 180 days), the communications on registrations linked to the item (4.1)',
  schema: 'ItemLobbyingRow',
  order: 'agenda item id in natural order (year, committee code, meeting number, item number), then window',
  params: [
    strParam('agenda_item', 'Agenda item id', { kind: 'eq', column: 'agenda_item_id' }, ITEM_ID),
    intEnumParam('window', LOBBYING_WINDOWS, 'Window in days before the first vote: 30, 90 or 180', { kind: 'eq', column: 'window', cast: 'integer' }),
    dateParam('from', 'First vote date on or after', { kind: 'gte', column: 'first_vote_date' }),
    dateParam('to', 'First vote date on or before', { kind: 'lte', column: 'first_vote_date' }),
    intParam('ward', 'Ward of the item', { kind: 'eq', column: 'ward', cast: 'integer' }),
  ],
});

export const officeContacts: ListRoute = defineInsight('Insights', {
  name: 'office-contacts',
  summary: 'Contacts per member office per quarter, and per member and term (quarter "term"), with method counts, staff share and rank (4.3)',
  schema: 'OfficeContactsRow',
  order: 'term, then quarter (the term row after its quarters), then rank, then person id',
  params: [
    termParam('Council term', { kind: 'eq', column: 'term' }),
    intParam('person', 'Person id of the member', { kind: 'eq', column: 'person_id', cast: 'integer' }),
    strParam('quarter', 'Quarter label such as 2024Q3, or "term" for the whole-term rows', { kind: 'eq', column: 'quarter' }, '^(\\d{4}Q[1-4]|term)$'),
  ],
});

export const meetingRates: ListRoute = defineInsight('Insights', {
  name: 'meeting-rates',
  summary: 'Meeting rates (meetings ÷ communications) per subject, member office and registry subject category, against the office\'s own rate (4.4)',
  description: 'subject_id is a person id (lobbyist, office), an organisation id (firm) or "<lobbyist id>:<member person id>" (pair). ' +
    'Rates over fewer than 10 communications are null, and the row\'s suppressed column says so.',
  schema: 'MeetingRatesRow',
  order: 'subject type, subject id, office, then category ("*" first)',
  params: [
    enumParam('subject_type', MEETING_RATE_SUBJECT_TYPES, 'Kind of subject', { kind: 'eq', column: 'subject_type' }),
    strParam('subject_id', 'Subject id: a person or organisation id, or "<lobbyist id>:<member person id>" for a pair', { kind: 'eq', column: 'subject_id' }, '^\\d+(:\\d+)?$'),
    intParam('office', 'Person id of the member whose office was contacted', { kind: 'eq', column: 'office', cast: 'integer' }),
    strParam('category', 'Registry subject category, or * for all categories', { kind: 'eq', column: 'category' }),
  ],
  validate: (filters) => {
    const type = filters.get('subject_type');
    const id = filters.get('subject_id');
    if (id === undefined || type === undefined) return null;
    const pair = /^\d+:\d+$/.test(String(id));
    if (type === 'pair' && !pair) return `Parameter "subject_id" must be "<lobbyist id>:<member person id>" when subject_type is pair, got "${id}"`;
    if (type !== 'pair' && pair) return `Parameter "subject_id" must be a single id when subject_type is ${type}, got "${id}"`;
    return null;
  },
});

export const deviation: ListRoute = defineInsight('Insights', {
  name: 'deviation',
  summary: 'Per member and term: recorded votes against the bloc on lobbied and on unlobbied items, and the difference (4.2)',
  description: 'A rate over fewer than 10 votes is null, and the row\'s suppressed column says so.',
  schema: 'DeviationRow',
  order: 'term, then person id',
  params: [
    termParam('Council term', { kind: 'eq', column: 'term' }),
    intParam('person', 'Person id of the member', { kind: 'eq', column: 'person_id', cast: 'integer' }),
  ],
});

export const formerOfficials: ListRoute = defineInsight('Insights', {
  name: 'former-officials',
  summary: 'Lobbyists who are former public office holders: reviewer-confirmed L5 matches with the records confirming them (4.8)',
  schema: 'FormerOfficialRow',
  order: 'lobbyist person id, then former official person id',
  params: [
    enumParam('role', FORMER_OFFICIAL_ROLES, 'Role the former official held', { kind: 'eq', column: 'role' }),
    intParam('person', 'Person id of the lobbyist', { kind: 'eq', column: 'lobbyist_person_id', cast: 'integer' }),
  ],
});

export const upcoming: ListRoute = defineInsight('Insights', {
  name: 'upcoming',
  summary: 'Open registrations with no linked agenda item yet, with the window in which an item is expected from past lead times (4.9)',
  schema: 'UpcomingRow',
  order: 'registration id (SM number, numeric)',
  params: [
    topicParam('Tracker topic id of the registration', { kind: 'eq', column: 'topic' }),
    enumParam('basis', WINDOW_BASES, 'Where the window comes from: the topic\'s lead times, the pooled ones, or none', { kind: 'eq', column: 'basis' }),
  ],
});

export const leadTimes: ListRoute = defineInsight('Insights', {
  name: 'lead-times',
  summary: 'Lead times in days from a registration\'s initial approval to its first linked agenda item: quantiles per topic and pooled (4.9)',
  schema: 'LeadTimesRow',
  order: 'topic ("*", the pooled distribution, first)',
  params: [
    strParam('topic', 'Tracker topic id, or * for the pooled distribution', { kind: 'eq', column: 'topic' }, '^([a-z][a-z0-9_]*|\\*)$'),
  ],
});

export const topicVolume: ListRoute = defineInsight('Insights', {
  name: 'topic-volume',
  summary: 'New registrations per topic and month, against the trailing 12-month baseline, with Poisson spike flags (4.9)',
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
  summary: 'Quarterly share of communications to member offices that went to the Mayor\'s office, with the Executive Committee comparison (4.5)',
  schema: 'MayorShareRow',
  order: 'quarter, then category',
  params: [
    enumParam('category', MAYOR_SHARE_CATEGORIES, 'Subject category group', { kind: 'eq', column: 'category' }),
  ],
});

export const mayorShareIts = defineStatic('insights.mayor-share.its', '/insights/mayor-share/its', 'Insights',
  'Interrupted time series of the quarterly Mayor\'s-office share (category all): level and slope change at the strong-mayor powers, with Newey–West 95% intervals (4.5)',
  'insights/mayor-share/its.json', 'MayorShareIts', 'api_insight_mayor_share_its');

export const disclosureLag: ListRoute = defineInsight('Insights', {
  name: 'disclosure-lag',
  summary: 'Share of communications recorded in the registry more than 3 days after they happened, per firm, lobbyist, subject and overall (4.11)',
  description: 'Rows appear once the registry snapshot history spans 6 months; until then one row\'s measurement field says why and from which date.',
  schema: 'DisclosureLagRow',
  order: 'subject type, then subject id',
  params: [
    enumParam('subject_type', DISCLOSURE_SUBJECT_TYPES, 'Kind of subject', { kind: 'eq', column: 'subject_type' }),
    strParam('subject_id', 'Subject id: an organisation or person id, or a subject category', { kind: 'eq', column: 'subject_id' }),
  ],
});

/** The insight routes the pipeline builds, in the contract's order (each added here once its model lands). */
export const insightRoutes: readonly Route[] = [];
