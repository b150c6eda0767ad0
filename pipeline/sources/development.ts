// City Planning's development applications CSV → src_development__applications (contracts.md §5; sources §4).
// One application may span several rows (one per address): every row is kept; staging groups them.
import type { SourceContext } from './common/source-context.ts';
import { defineTableSpec, keys, loadCsvTable } from './common/csv-table.ts';
import { optionalFiles } from './common/optional-files.ts';

const FOLDER = 'development-applications';

export const developmentSpec = defineTableSpec({
  source: 'development',
  table: 'src_development__applications',
  columns: {
    application_type: keys('APPLICATION_TYPE'),
    application_number: keys('APPLICATION#', 'APPLICATION_NUMBER'),
    street_num: keys('STREET_NUM'),
    street_name: keys('STREET_NAME'),
    street_type: keys('STREET_TYPE'),
    street_direction: keys('STREET_DIRECTION'),
    postal: keys('POSTAL'),
    date_submitted: keys('DATE_SUBMITTED'),
    status: keys('STATUS'),
    x: keys('X'),
    y: keys('Y'),
    description: keys('DESCRIPTION'),
    reference_file_number: keys('REFERENCE_FILE#', 'REFERENCE_FILE_NUMBER'),
    folderrsn: keys('FOLDERRSN'),
    ward_number: keys('WARD_NUMBER', 'WARD'),
    ward_name: keys('WARD_NAME'),
    community_meeting_date: keys('COMMUNITY_MEETING_DATE'),
    application_url: keys('APPLICATION_URL'),
    parent_folder_number: keys('PARENT_FOLDER_NUMBER'),
  },
  // The application number is the join key to TMMIS (planningApplicationNumber); a row without it joins nothing.
  reject: (row) => (row.application_number === null ? 'missing APPLICATION#' : null),
});

/** Load development-applications/*.csv; returns rows loaded. */
export async function loadDevelopmentApplications(ctx: SourceContext): Promise<number> {
  const files = await optionalFiles(ctx, 'development', FOLDER, /\.csv$/i, [developmentSpec.table]);
  let total = 0;
  for (const file of files) total += (await loadCsvTable(ctx, file, developmentSpec)).loaded;
  return total;
}
