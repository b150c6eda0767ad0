// Tiny hand-made inputs for the development and procurement insight models (4.6 and Procurement): the published api
// tables they read, with only the columns they use, on an in-memory warehouse; then the models that build the
// comparison and procurement tables run in the derived order (the application detail, which needs the core tables, is
// covered end to end). Each test states its own rows.
import { openWarehouse, quoteIdent, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { loadFixtureTables, type Row } from '../helpers/fixture-tables.ts';
import { prepareModels } from '../../pipeline/lib/models.ts';
import { runModelsFor } from '../helpers/models-for.ts';

const TABLES: Record<string, Record<string, string>> = {
  api_links: {
    id: 'INTEGER', task: 'VARCHAR', from_type: 'VARCHAR', from_id: 'VARCHAR', to_type: 'VARCHAR', to_id: 'VARCHAR', probability: 'DOUBLE',
  },
  api_applications: {
    id: 'VARCHAR', kind: 'VARCHAR', type: 'VARCHAR', size_band: 'VARCHAR', ward: 'INTEGER', submitted: 'DATE',
    outcome: 'VARCHAR', appealed: 'INTEGER', decision_date: 'DATE',
  },
  api_organizations: { id: 'INTEGER' },
  api_contracts: {
    id: 'VARCHAR', kind: 'VARCHAR', supplier_organization_id: 'INTEGER', date: 'DATE', amount: 'DOUBLE',
    document_number: 'VARCHAR', reason: 'VARCHAR', division: 'VARCHAR', _sort: 'VARCHAR',
  },
  api_contracts_detail: { id: 'VARCHAR', doc: 'JSON' },
  api_registrations: {
    id: 'VARCHAR', type: 'VARCHAR', status: 'VARCHAR', client_organization_id: 'INTEGER', firm_organization_id: 'INTEGER',
    lobbyist_person_id: 'INTEGER', initial_approval_date: 'DATE', start_date: 'DATE', end_date: 'DATE', _sort: 'VARCHAR',
  },
  api_communications: {
    id: 'VARCHAR', registration_id: 'VARCHAR', lobbyist_person_id: 'INTEGER', office_holder_type: 'VARCHAR',
    member_person_id: 'INTEGER', date: 'DATE', _sort: 'VARCHAR',
  },
  // L3 families (links layer): empty unless a test merges organisations; the insights then keep every id as it is
  int_organization_canonical: { organization_id: 'INTEGER', canonical_id: 'INTEGER', is_canonical: 'BOOLEAN', family_ids: 'INTEGER[]' },
};

export type Inputs = Partial<Record<keyof typeof TABLES, Row[]>>;

/** 4.6 application comparison; procurement timeline, non-competitive share, firm clients. */
const INSIGHT_TABLES = ['api_insight_application_comparison', 'api_insight_procurement_timeline', 'api_insight_noncompetitive_share',
  'api_insight_firm_clients'];

/** A warehouse holding the given inputs (other inputs empty) and the export date, after the models have run. */
export async function developmentProcurementWarehouse(inputs: Inputs, exportDate = '2026-11-20'): Promise<Warehouse> {
  const wh = await openWarehouse(':memory:');
  await loadFixtureTables(wh, TABLES, inputs);
  await prepareModels(wh);
  await wh.exec(`create table int_export as select $d as export_date, cast($d as date) as export_day`, { d: exportDate });
  await runModelsFor(wh, INSIGHT_TABLES);
  return wh;
}

/** An application row (development OZ, size band "small", ward 1, approved, unless overridden). */
export function app(id: string, submitted: string | null, over: Row = {}): Row {
  return { id, kind: 'development', type: 'OZ', size_band: 'small', ward: 1, submitted, outcome: 'approved', appealed: 0, decision_date: null, ...over };
}

/** A published link. */
const ENDS: Record<string, [string, string]> = {
  L2: ['registration', 'application'], L3: ['organization', 'organization'], L6: ['contract', 'organization'],
};
export function link(id: number, task: string, from: string | number, to: string | number, probability = 0.95): Row {
  const [fromType, toType] = ENDS[task]!;
  return { id, task, from_type: fromType, from_id: String(from), to_type: toType, to_id: String(to), probability };
}

/** Rows of a table in their published order, without `_sort`. */
export async function published<T = Row>(wh: Warehouse, table: string, where = 'true'): Promise<T[]> {
  return wh.all<T>(`select * exclude (_sort) from ${quoteIdent(table)} where ${where} order by _sort`);
}
