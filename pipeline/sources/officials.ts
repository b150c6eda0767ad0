// Elected officials' contact lists (elected-officials/<start>-<end>-elected-officials-contact.csv) →
// src_officials__contacts (contracts.md §1–2). The file has no Term column: the term is the one its name names.
import { defineTableSpec, keys, loadCsvTable, withFileTerm } from './common/csv-table.ts';
import { councilFiles } from './common/optional-files.ts';
import type { SourceContext } from './common/source-context.ts';

export const electedOfficialsSpec = defineTableSpec({
  source: 'officials',
  table: 'src_officials__contacts',
  columns: {
    term: keys('Term'),
    district_name: keys('District Name'),
    district_id: keys('District ID'),
    primary_role: keys('Primary Role'),
    first_name: keys('First Name'),
    last_name: keys('Last Name'),
    email: keys('Email'),
  },
});

/** Load every elected-officials contact file; returns rows loaded. */
export async function loadElectedOfficials(ctx: SourceContext): Promise<number> {
  const files = await councilFiles(ctx, 'officials', 'elected-officials', /elected-officials-contact\.csv$/i, electedOfficialsSpec.table);
  let total = 0;
  for (const file of files) total += (await loadCsvTable(ctx, file, withFileTerm(electedOfficialsSpec, file))).loaded;
  return total;
}
