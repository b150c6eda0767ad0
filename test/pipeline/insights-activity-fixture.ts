// Tiny hand-made inputs for the activity insight models (pipeline/models/insights/): the published api tables and
// the core tables they read, with only the columns the models use, on an in-memory warehouse; then the models that
// build the activity tables run in the derived order (the council terms and the office contacts among them). Each test
// states its own rows, so every expected figure can be worked out by hand.
import { openWarehouse, quoteIdent, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { loadFixtureTables, type Row } from '../helpers/fixture-tables.ts';
import { prepareModels } from '../../pipeline/lib/models.ts';
import { runModelsFor } from '../helpers/models-for.ts';

/** Input tables and their column types (what the activity models read of them). */
const TABLES: Record<string, Record<string, string>> = {
  api_communications: {
    id: 'VARCHAR', registration_id: 'VARCHAR', lobbyist_person_id: 'INTEGER', office_holder_type: 'VARCHAR',
    member_person_id: 'INTEGER', method: 'VARCHAR', date: 'DATE',
  },
  api_registrations: {
    id: 'VARCHAR', client_organization_id: 'INTEGER', firm_organization_id: 'INTEGER', lobbyist_person_id: 'INTEGER',
    subjects: 'VARCHAR[]', initial_approval_date: 'DATE',
  },
  api_links: { id: 'INTEGER', task: 'VARCHAR', from_id: 'VARCHAR', to_id: 'VARCHAR', reviewed_at: 'VARCHAR', evidence: 'JSON' },
  api_agenda_items: {
    id: 'VARCHAR', first_vote_date: 'DATE', ward: 'INTEGER', committee_code: 'VARCHAR', title: 'VARCHAR', _sort: 'VARCHAR',
    f_wards: 'INTEGER[]',
  },
  api_people: { id: 'INTEGER', canonical_name: 'VARCHAR' },
  int_agenda_items: { id: 'VARCHAR', first_vote_date: 'DATE' },
  int_motions: { agenda_item_id: 'VARCHAR', motion_number: 'BIGINT', vote_date: 'DATE' },
  int_votes: { agenda_item_id: 'VARCHAR', motion_number: 'BIGINT', person_id: 'INTEGER', vote: 'VARCHAR' },
  int_member_terms: { term: 'VARCHAR', name_key: 'VARCHAR', role: 'VARCHAR', ward: 'INTEGER', start_date: 'DATE', end_date: 'DATE' },
  int_people: { id: 'INTEGER', natural_key: 'VARCHAR' },
  // L3 families (links layer): empty unless a test merges organisations; the insights then keep every id as it is
  int_organization_canonical: { organization_id: 'INTEGER', canonical_id: 'INTEGER', is_canonical: 'BOOLEAN', family_ids: 'INTEGER[]' },
};

export type Inputs = Partial<Record<keyof typeof TABLES, Row[]>>;

/** 4.1 item lobbying, 4.3 office contacts, 4.4 meeting rates, 4.2 deviation, 4.8 former officials. */
const ACTIVITY_TABLES = ['api_insight_item_lobbying', 'api_insight_office_contacts', 'api_insight_meeting_rates', 'api_insight_deviation',
  'api_insight_former_officials'];

/** A warehouse holding the given input rows (other inputs empty), the council terms and the export date, after every
 *  activity insight model has run. */
export async function activityWarehouse(inputs: Inputs, exportDate = '2026-11-20'): Promise<Warehouse> {
  const wh = await openWarehouse(':memory:');
  await loadFixtureTables(wh, TABLES, inputs);
  await prepareModels(wh);
  await wh.exec(`create table int_export as select $d as export_date, cast($d as date) as export_day`, { d: exportDate });
  await runModelsFor(wh, ACTIVITY_TABLES);
  return wh;
}

/** A communication row (ids and types spelled out once). */
export function comm(id: string, registration: string, lobbyist: number | null, to: 'member' | 'staff' | 'city',
  member: number | null, date: string, method: string | null = 'meeting'): Row {
  const type = to === 'member' ? 'member_of_council' : to === 'staff' ? 'councillor_staff' : 'city_staff';
  return { id, registration_id: registration, lobbyist_person_id: lobbyist, office_holder_type: type, member_person_id: member, method, date };
}

/** A published L1 link of a registration to an agenda item. */
export function l1(id: number, registration: string, item: string): Row {
  return { id, task: 'L1', from_id: registration, to_id: item, reviewed_at: null, evidence: {} };
}

/** Rows of a table in their published order (`_sort`), without `_sort` and the `f_*` filter columns. */
export async function published<T = Row>(wh: Warehouse, table: string): Promise<T[]> {
  const rows = await wh.all<Row>(`select * exclude (_sort) from ${quoteIdent(table)} order by _sort`);
  return rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !k.startsWith('f_')))) as T[];
}
