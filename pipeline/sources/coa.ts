// Committee of Adjustment CSVs (active and closed) → src_coa__applications (contracts.md §5; sources §5).
// The two files differ: active has WARD, closed has WARD_NUMBER/WARD_NAME/FINALDATE… Pulls made with R's
// opendatatoronto client write `NA` for empty cells and `REFERENCE_FILE` without `#`; the portal adds `_id`.
import path from 'node:path';
import type { SourceContext } from './common/source-context.ts';
import { keys, loadCsvTable, type TableSpec } from './common/csv-table.ts';
import type { SourceColumn } from './common/tables.ts';
import { optionalFiles } from './common/optional-files.ts';

const FOLDER = 'committee-of-adjustment';
type FileKind = 'active' | 'closed';

type Coa = 'src_coa__applications';

const COLUMNS: TableSpec<Coa>['columns'] = {
  sys_id: keys('SYS_ID'),
  application_type: keys('APPLICATION_TYPE'),
  in_date: keys('IN_DATE'),
  planning_district: keys('PLANNING_DISTRICT'),
  street_num: keys('STREET_NUM'),
  street_name: keys('STREET_NAME'),
  street_type: keys('STREET_TYPE'),
  street_direction: keys('STREET_DIRECTION'),
  postal: keys('POSTAL'),
  reference_file_number: keys('REFERENCE_FILE#', 'REFERENCE_FILE_NUMBER'),
  sub_type: keys('SUB_TYPE'),
  work_type: keys('WORK_TYPE'),
  description: keys('DESCRIPTION'),
  hearing_date: keys('HEARING_DATE'),
  // The City spells both DESCISION; the correct spelling is accepted in case it is ever fixed.
  c_of_a_descision: keys('C_OF_A_DESCISION', 'C_OF_A_DECISION'),
  anyone_object_at_meeting: keys('ANYONE_OBJECT_AT_MEETING'),
  appeal_expiry_date: keys('APPEAL_EXPIRY_DATE'),
  omb_order_date: keys('OMB_ORDER_DATE'),
  omb_descision: keys('OMB_DESCISION', 'OMB_DECISION'),
  statusdesc: keys('STATUSDESC'),
  ward: keys('WARD', 'WARD_NUMBER'),
  ward_name: keys('WARD_NAME'),
  finaldate: keys('FINALDATE'),
  application_url: keys('APPLICATION_URL'),
  parent_folder_number: keys('PARENT_FOLDER_NUMBER'),
};

/** Columns only the closed file has. */
const CLOSED_ONLY: readonly SourceColumn<Coa>[] = ['ward_name', 'finaldate', 'application_url', 'parent_folder_number'];

/** The spec of one CoA file kind. */
export function coaSpec(kind: FileKind): TableSpec<Coa> {
  return {
    source: 'coa',
    table: 'src_coa__applications',
    columns: COLUMNS,
    optional: kind === 'active' ? CLOSED_ONLY : [],
    // No real CoA value is the text NA (no street, district or decision is called that), so it is R's empty cell.
    missing: ['NA'],
    fixed: { file_kind: kind },
    // SYS_ID is the City's row key; older applications have no reference number, so either identifies the row.
    reject: (row) => (row.sys_id === null && row.reference_file_number === null ? 'missing SYS_ID and REFERENCE_FILE#' : null),
  };
}

/** active-… → active; cleared-…/closed-… → closed; otherwise the closed file's own columns decide. */
export function coaFileKind(file: string, headerKeys: string[]): FileKind {
  const name = path.basename(file).toLowerCase();
  if (name.includes('active')) return 'active';
  if (name.includes('cleared') || name.includes('closed')) return 'closed';
  return headerKeys.includes('wardnumber') || headerKeys.includes('finaldate') ? 'closed' : 'active';
}

/** Load committee-of-adjustment/*.csv; returns rows loaded. */
export async function loadCoaApplications(ctx: SourceContext): Promise<number> {
  const files = await optionalFiles(ctx, 'coa', FOLDER, /\.csv$/i, ['src_coa__applications']);
  let total = 0;
  for (const file of files) {
    const match = (headerKeys: string[]) => (headerKeys.includes('sysid') ? coaSpec(coaFileKind(file, headerKeys)) : null);
    total += (await loadCsvTable(ctx, file, { source: 'coa', table: 'src_coa__applications', match, quotable: true })).loaded;
  }
  return total;
}
