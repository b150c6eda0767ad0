// TOBids CSVs (awarded, non-competitive, open solicitations) → src_procurement__* (contracts.md §5; sources §6).
// Amounts, dates and document numbers stay text exactly as published: `$1,317,169.92 CAD`, `S2,035,000.00`,
// `31.65/MT`, `3.77E+1100` are all real, and only the staging layer decides what parses.
import type { SourceContext } from './common/source-context.ts';
import { defineTableSpec, keys, loadCsvTable, type CleanRow, type TableSpec } from './common/csv-table.ts';
import { optionalFiles } from './common/optional-files.ts';
import type { SourceColumn, SourceTable } from './common/tables.ts';

const FOLDER = 'procurement';

const requireColumn = (column: SourceColumn<SourceTable>, header: string) => (row: CleanRow) =>
  row[column] == null ? `missing ${header}` : null;

export const awardedSpec = defineTableSpec({
  source: 'procurement',
  table: 'src_procurement__awarded',
  columns: {
    document_number: keys('Document Number'),
    rfx_type: keys('RFx (Solicitation) Type'),
    high_level_category: keys('High Level Category'),
    successful_supplier: keys('Successful Supplier'),
    award: keys('Award', 'Award Amount'),
    // Renamed in Oct 2025 from the contract execution date; both spellings load into the one column.
    award_date: keys('Award Authority Obtained Date', 'Award Date', 'Contract Execution Date'),
    division: keys('Division'),
    description: keys('Solicitation Document Description'),
    supplier_address: keys('Supplier Address'),
    wards: keys('Wards'),
  },
  reject: requireColumn('document_number', 'Document Number'),
});

export const nonCompetitiveSpec = defineTableSpec({
  source: 'procurement',
  table: 'src_procurement__non_competitive',
  columns: {
    workspace_number: keys('Workspace Number'),
    reason: keys('Reason'),
    contract_date: keys('Contract Date'),
    supplier_name: keys('Supplier Name'),
    contract_amount: keys('Contract Amount'),
    division: keys('Division'),
    supplier_address: keys('Supplier Address'),
    wards: keys('Wards'),
  },
  reject: requireColumn('workspace_number', 'Workspace Number'),
});

export const solicitationsSpec = defineTableSpec({
  source: 'procurement',
  table: 'src_procurement__solicitations',
  columns: {
    document_number: keys('Document Number'),
    rfx_type: keys('RFx (Solicitation) Type'),
    noip_type: keys('NOIP (Notice of Intended Procurement) Type'),
    issue_date: keys('Issue Date'),
    submission_deadline: keys('Submission Deadline'),
    high_level_category: keys('High Level Category'),
    description: keys('Solicitation Document Description'),
    division: keys('Division'),
    wards: keys('Wards'),
  },
  reject: requireColumn('document_number', 'Document Number'),
});

const FILES: [RegExp, TableSpec][] = [
  [/^tobids-awarded-contracts\.csv$/i, awardedSpec],
  [/^tobids-non-competitive-contracts\.csv$/i, nonCompetitiveSpec],
  [/^tobids-all-open-solicitations\.csv$/i, solicitationsSpec],
];

/** Load the three procurement files that are present; returns rows loaded per table. */
export async function loadProcurement(ctx: SourceContext): Promise<Record<string, number>> {
  const loaded: Record<string, number> = {};
  for (const [pattern, spec] of FILES) {
    loaded[spec.table] = 0;
    for (const file of await optionalFiles(ctx, 'procurement', FOLDER, pattern, [spec.table])) {
      loaded[spec.table] += (await loadCsvTable(ctx, file, spec)).loaded;
    }
  }
  return loaded;
}

