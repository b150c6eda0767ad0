// The City's CSV datasets: council voting record, meeting schedule, elected officials' contacts (contracts.md §1–2).
import type { CsvAdapter } from './common/csv-adapter.ts';

const VOTES = new Set(['Yes', 'No', 'Absent']);

/** council-voting-record/VW_OPEN_VOTE_<start>_<end>.csv → src_votes__rows (Date/Time kept as text for staging). */
export const votesAdapter: CsvAdapter = {
  source: 'votes',
  table: 'src_votes__rows',
  folder: 'council-voting-record',
  pattern: /^VW_OPEN_VOTE_.*\.csv$/i,
  columns: {
    term: 'term', first_name: 'firstname', last_name: 'lastname', committee: 'committee', date_time: 'datetime',
    agenda_item_number: 'agendaitem', agenda_item_title: 'agendaitemtitle', motion_type: 'motiontype', vote: 'vote',
    result: 'result', vote_description: 'votedescription',
  },
  // Only Yes, No and Absent exist in the City's files; anything else is a damaged row.
  reject: (row) => (row.vote !== null && VOTES.has(row.vote) ? null : `unknown Vote value "${row.vote ?? ''}"`),
};

/** meeting-schedule/*.csv → src_meetings__schedule. */
export const meetingScheduleAdapter: CsvAdapter = {
  source: 'meetings',
  table: 'src_meetings__schedule',
  folder: 'meeting-schedule',
  pattern: /\.csv$/i,
  columns: {
    term: 'term', committee: 'committee', mtg_number: 'mtg', date: 'date', start_time: 'starttime',
    end_time: 'endtime', location: 'location',
  },
};

/** elected-officials/<start>-<end>-elected-officials-contact.csv → src_officials__contacts. */
export const electedOfficialsAdapter: CsvAdapter = {
  source: 'officials',
  table: 'src_officials__contacts',
  folder: 'elected-officials',
  pattern: /elected-officials-contact\.csv$/i,
  columns: {
    term: 'term', district_name: 'districtname', district_id: 'districtid', primary_role: 'primaryrole',
    first_name: 'firstname', last_name: 'lastname', email: 'email',
  },
};
