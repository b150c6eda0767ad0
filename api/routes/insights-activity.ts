// Insights group, lobbying and council activity (analysis-definitions.md 4.1-4.4, 4.8): item lobbying, office contacts,
// meeting rates, deviation from the bloc and former officials, with the parameters of api-spec §4 Insights. Each route
// is declared as the contract says; `activityInsightRoutes` lists those the pipeline builds, in the contract's order.
import type { ListRoute, Route } from './types.ts';
import { FORMER_OFFICIAL_ROLES, LOBBYING_WINDOWS, MEETING_RATE_SUBJECT_TYPES } from '../schemas/vocabulary.ts';
import { dateParam, defineInsight, enumParam, intEnumParam, intParam, personParam, strParam, termParam } from './define.ts';

const ITEM_ID = { pattern: '^\\d{4}\\.[A-Z]{2,3}\\d+\\.\\d+[a-z]?$', example: '2023.PH5.12' };
const METHODOLOGY = 'How it is computed: docs/methodology-insights-activity.md';

export const itemLobbying: ListRoute = defineInsight('Insights', {
  name: 'item-lobbying',
  primaryKey: ['agenda_item_id', 'window'],
  summary: 'Lobbying before each vote: per agenda item and window (30, 90, 180 days), the communications on registrations linked to the item',
  description: `${METHODOLOGY}, "Item lobbying".`,
  schema: 'ItemLobbyingRow',
  order: 'agenda item id in natural order (year, committee code, meeting number, item number), then window',
  params: [
    strParam('agenda_item', 'Agenda item id', { kind: 'eq', column: 'agenda_item_id' }, ITEM_ID),
    intEnumParam('window', LOBBYING_WINDOWS, 'Window in days before the first vote: 30, 90 or 180', { kind: 'eq', column: 'window', cast: 'integer' }),
    dateParam('from', 'First vote date on or after', { kind: 'gte', column: 'first_vote_date' }),
    dateParam('to', 'First vote date on or before', { kind: 'lte', column: 'first_vote_date' }),
    // every ward the item concerns, as /agenda-items filters (the row's ward is null for an item of several wards)
    intParam('ward', 'A ward the item concerns, in the ward model of its meeting date (44 wards before 2018-12-01, 25 from then on)', { kind: 'contains', column: 'f_wards', cast: 'integer' }),
  ],
});

export const officeContacts: ListRoute = defineInsight('Insights', {
  name: 'office-contacts',
  primaryKey: ['person_id', 'term', 'quarter'],
  summary: 'Contacts per member office per quarter, and per member and term (quarter "term"), with method counts, staff share and rank',
  description: `${METHODOLOGY}, "Office contacts".`,
  schema: 'OfficeContactsRow',
  order: 'term, then quarter (the term row after its quarters), then rank, then person id',
  params: [
    termParam('Council term', { kind: 'eq', column: 'term' }),
    personParam('person', 'Person id of the member', 'person_id'),
    strParam('quarter', 'Quarter label such as 2024Q3, or "term" for the whole-term rows', { kind: 'eq', column: 'quarter' }, { pattern: '^(\\d{4}Q[1-4]|term)$', example: '2025Q1' }),
  ],
});

export const meetingRates: ListRoute = defineInsight('Insights', {
  name: 'meeting-rates',
  primaryKey: ['subject_type', 'subject_id', 'office', 'category'],
  summary: 'Meeting rates (meetings ÷ communications) per subject, member office and registry subject category, against the office\'s own rate',
  description: `${METHODOLOGY}, "Meeting rates". ` + 'subject_id is a person id (lobbyist, office), an organisation id (firm) or "<lobbyist id>:<member person id>" (pair). ' +
    'Rates over fewer than 10 communications are null, and the row\'s suppressed column says so.',
  schema: 'MeetingRatesRow',
  order: 'subject type, subject id, office, then category ("*" first)',
  params: [
    enumParam('subject_type', MEETING_RATE_SUBJECT_TYPES, 'Kind of subject', { kind: 'eq', column: 'subject_type' }),
    strParam('subject_id', 'Subject id: a person or organisation id (a merged organisation\'s id matches its canonical record), or "<lobbyist id>:<member person id>" for a pair', {
      kind: 'contains', column: 'f_subject_ids',
    }, { pattern: '^\\d+(:\\d+)?$', example: '12:34' }),
    personParam('office', 'Person id of the member whose office was contacted', 'office'),
    strParam('category', 'Registry subject category, or * for all categories', { kind: 'eq', column: 'category' }),
  ],
  validate: (filters) => {
    const type = filters.get('subject_type');
    const id = filters.get('subject_id');
    if (id === undefined || type === undefined) return null;
    const pair = /^\d+:\d+$/.test(String(id));
    if (type === 'pair' && !pair) return `Parameter "subject_id" must be "<lobbyist id>:<member person id>", such as 12:34, when subject_type is pair, got "${id}"`;
    if (type !== 'pair' && pair) return `Parameter "subject_id" must be a single id, such as 12, when subject_type is ${type}, got "${id}"`;
    return null;
  },
});

export const deviation: ListRoute = defineInsight('Insights', {
  name: 'deviation',
  primaryKey: ['person_id', 'term'],
  summary: 'Per member and term: recorded votes against the bloc on lobbied and on unlobbied items, and the difference',
  description: `${METHODOLOGY}, "Deviation from the bloc". ` + 'A rate over fewer than 10 votes is null, and the row\'s suppressed column says so.',
  schema: 'DeviationRow',
  order: 'term, then person id',
  params: [
    termParam('Council term', { kind: 'eq', column: 'term' }),
    personParam('person', 'Person id of the member', 'person_id'),
  ],
});

export const formerOfficials: ListRoute = defineInsight('Insights', {
  name: 'former-officials',
  primaryKey: ['lobbyist_person_id', 'former_official_person_id'],
  summary: 'Lobbyists who are former public office holders: reviewer-confirmed L5 matches with the records confirming them',
  description: `${METHODOLOGY}, "Former officials".`,
  schema: 'FormerOfficialRow',
  order: 'lobbyist person id, then former official person id',
  params: [
    enumParam('role', FORMER_OFFICIAL_ROLES, 'Role the former official held', { kind: 'eq', column: 'role' }),
    personParam('person', 'Person id of the lobbyist', 'lobbyist_person_id'),
  ],
});

/** The activity insight routes the pipeline builds, in the contract's order (each added once its model lands). */
export const activityInsightRoutes: readonly Route[] = [itemLobbying, officeContacts, meetingRates, deviation, formerOfficials];
