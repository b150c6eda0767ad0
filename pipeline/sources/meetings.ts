// Council and committee meeting schedule (meeting-schedule/*.csv) → src_meetings__schedule (contracts.md §1–2;
// sources §3.5). Dates and times stay text as published; staging parses them.
import { defineTableSpec, keys, loadCsvTable, withFileTerm } from './common/csv-table.ts';
import { councilFiles } from './common/optional-files.ts';
import type { SourceContext } from './common/source-context.ts';

export const meetingScheduleSpec = defineTableSpec({
  source: 'meetings',
  table: 'src_meetings__schedule',
  columns: {
    term: keys('Term'),
    committee: keys('Committee'),
    mtg_number: keys('MTG #'),
    date: keys('Date'),
    start_time: keys('Start Time'),
    end_time: keys('End Time'),
    location: keys('Location'),
  },
});

/** Load every meeting-schedule file, the term taken from its name where it names one; returns rows loaded. */
export async function loadMeetingSchedule(ctx: SourceContext): Promise<number> {
  const files = await councilFiles(ctx, 'meetings', 'meeting-schedule', /\.csv$/i, meetingScheduleSpec.table);
  let total = 0;
  for (const file of files) total += (await loadCsvTable(ctx, file, withFileTerm(meetingScheduleSpec, file))).loaded;
  return total;
}
