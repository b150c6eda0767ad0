// Source tables of the procurement, contributions and groups domain (docs/contracts.md §5) for model tests, added
// to the shared fixture's in-memory warehouse, and a runner for every model.
import { prepareModels, runModel } from '../../pipeline/lib/models.ts';
import { modelLayers } from '../../pipeline/lib/model-graph.ts';
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { emptySourceWarehouse, sourceColumns } from './source-fixture.ts';

export const procurementColumns: Record<string, string[]> = {
  src_procurement__awarded: ['document_number', 'rfx_type', 'high_level_category', 'successful_supplier', 'award', 'award_date',
    'division', 'description', 'supplier_address', 'wards'],
  src_procurement__non_competitive: ['workspace_number', 'reason', 'contract_date', 'supplier_name', 'contract_amount', 'division',
    'supplier_address', 'wards'],
  src_procurement__solicitations: ['document_number', 'rfx_type', 'noip_type', 'issue_date', 'submission_deadline',
    'high_level_category', 'description', 'division', 'wards'],
  src_contributions__rows: ['election', 'office_file', 'layout', 'contributor_name', 'contributor_address', 'contributor_postal_code',
    'amount', 'returned', 'contribution_type', 'goods_description', 'contributor_type', 'relationship', 'president',
    'authorized_representative', 'candidate', 'office', 'ward', 'contribution_date'],
  src_contributions__filings: ['election', 'candidate', 'office', 'ward', 'total_contributions', 'contributions_n', 'contributors_n',
    'elected', 'incumbent', 'filing_type'],
  src_groups__manual: ['group_name', 'organization_name', 'basis_note', 'source'],
};

/** The shared empty warehouse plus this domain's source tables; insertRows then fills them too. */
export async function procurementSourceWarehouse(): Promise<Warehouse> {
  Object.assign(sourceColumns, procurementColumns);
  const wh = await emptySourceWarehouse(); // creates every table in sourceColumns, now including ours
  return wh;
}

/** Macros, then every model of every layer, in the derived order. */
export async function runProcurementModels(wh: Warehouse): Promise<void> {
  await prepareModels(wh);
  // every layer runs: the api tables read the development domain's sites and the published links
  for (const layer of modelLayers()) {
    for (const model of layer.models) await runModel(wh, layer.name, model);
  }
}
