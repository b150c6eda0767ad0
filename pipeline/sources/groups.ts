// Hand-kept organisation groups (groups/manual-groups.csv) → src_groups__manual (contracts.md §5).
import type { SourceContext } from './common/source-context.ts';
import { defineTableSpec, keys, loadCsvTable } from './common/csv-table.ts';
import { optionalFiles } from './common/optional-files.ts';

export const manualGroupsSpec = defineTableSpec({
  source: 'groups',
  table: 'src_groups__manual',
  columns: {
    group_name: keys('group_name'),
    organization_name: keys('organization_name', 'organisation_name'),
    basis_note: keys('basis_note'),
    source: keys('source'),
  },
  // A membership needs both ends; half a pair would put an organisation in no group or a group with no one.
  reject: (row) =>
    row.group_name === null ? 'missing group_name' : row.organization_name === null ? 'missing organization_name' : null,
  // the operator's own file: a header alone means none yet
  emptyAllowed: true,
});

/** Load groups/manual-groups.csv; returns rows loaded. */
export async function loadManualGroups(ctx: SourceContext): Promise<number> {
  const files = await optionalFiles(ctx, 'groups', 'groups', /^manual-groups\.csv$/i, [manualGroupsSpec.table]);
  let total = 0;
  for (const file of files) total += (await loadCsvTable(ctx, file, manualGroupsSpec)).loaded;
  return total;
}
