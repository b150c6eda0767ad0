// Council voting record (council-voting-record/VW_OPEN_VOTE_<start>_<end>.csv) → src_votes__rows (contracts.md §1–2;
// sources §2). Date/Time stays text: the City's own column mixes a 24-hour clock with AM/PM, and staging parses it.
import { defineTableSpec, keys, loadCsvTable, withFileTerm } from './common/csv-table.ts';
import { councilFiles } from './common/optional-files.ts';
import type { SourceContext } from './common/source-context.ts';

const VOTES = new Set(['Yes', 'No', 'Absent']);

export const votesSpec = defineTableSpec({
  source: 'votes',
  table: 'src_votes__rows',
  columns: {
    term: keys('Term'),
    first_name: keys('First Name'),
    last_name: keys('Last Name'),
    committee: keys('Committee'),
    date_time: keys('Date/Time'),
    agenda_item_number: keys('Agenda Item #'),
    agenda_item_title: keys('Agenda Item Title'),
    motion_type: keys('Motion Type'),
    vote: keys('Vote'),
    result: keys('Result'),
    vote_description: keys('Vote Description'),
  },
  // Only Yes, No and Absent exist in the City's files; anything else is a damaged row.
  reject: (row) => (row.vote != null && VOTES.has(row.vote) ? null : `unknown Vote value "${row.vote ?? ''}"`),
});

/** Load every voting-record file, the term taken from its name; returns rows loaded. */
export async function loadVotes(ctx: SourceContext): Promise<number> {
  const files = await councilFiles(ctx, 'votes', 'council-voting-record', /^VW_OPEN_VOTE_.*\.csv$/i, votesSpec.table);
  let total = 0;
  for (const file of files) total += (await loadCsvTable(ctx, file, withFileTerm(votesSpec, file))).loaded;
  return total;
}
