// Hand-made source rows for model tests: creates every src_* table of docs/contracts.md §2 (text columns) on an
// in-memory warehouse and fills it with a tiny, fully known city.
import { openWarehouse, type Warehouse } from '../../pipeline/lib/warehouse.ts';

const LINEAGE = ['source_file', 'source_position'];
export const sourceColumns: Record<string, string[]> = {
  src_registry__registrations: ['snapshot_date', 'file_kind', 'sm_number', 'status', 'type', 'subject_matter', 'subject_matter_definition',
    'particulars', 'initial_approval_date', 'effective_date', 'proposed_start_date', 'proposed_end_date'],
  src_registry__registrants: ['snapshot_date', 'sm_number', 'registration_number', 'registration_number_with_so', 'status', 'effective_date',
    'type', 'prefix', 'first_name', 'middle_initials', 'last_name', 'suffix', 'position_title', 'previous_public_office_holder',
    'previous_public_office_hold_position', 'previous_public_office_position_program_name', 'previous_public_office_hold_last_date',
    'address_line1', 'address_line2', 'city', 'province', 'country', 'postal_code', 'phone'],
  src_registry__beneficiaries: ['snapshot_date', 'sm_number', 'ordinal', 'type', 'name', 'trade_name', 'fiscal_start', 'fiscal_end',
    'address_line1', 'address_line2', 'city', 'province', 'country', 'postal_code'],
  src_registry__firms: ['snapshot_date', 'sm_number', 'ordinal', 'type', 'name', 'trade_name', 'fiscal_start', 'fiscal_end', 'description',
    'business_type', 'address_line1', 'address_line2', 'city', 'province', 'country', 'postal_code'],
  src_registry__communications: ['snapshot_date', 'sm_number', 'ordinal', 'communication_id', 'poh_office', 'poh_type', 'poh_position',
    'poh_name', 'communication_method', 'communication_date', 'communication_group_id', 'lobbyist_number', 'lobbyist_type',
    'lobbyist_prefix', 'lobbyist_first_name', 'lobbyist_middle_initials', 'lobbyist_last_name', 'lobbyist_suffix',
    'lobbyist_business', 'lobbyist_position_title', 'previous_public_office_holder', 'previous_public_office_hold_position',
    'previous_public_office_position_program_name', 'previous_public_office_hold_last_date'],
  src_registry__extras: ['snapshot_date', 'sm_number', 'kind', 'ordinal', 'payload'],
  src_registry__sightings: ['communication_id', 'sm_number', 'communication_date', 'first_seen_date', 'last_seen_date'],
  src_votes__rows: ['term', 'first_name', 'last_name', 'committee', 'date_time', 'agenda_item_number', 'agenda_item_title',
    'motion_type', 'vote', 'result', 'vote_description'],
  src_tmmis__agenda_items: ['term', 'id', 'term_id', 'agenda_item_id', 'decision_body_id', 'meeting_id', 'decision_body_name',
    'meeting_date', 'reference', 'term_year', 'agenda_cd', 'meeting_number', 'item_status', 'agenda_item_title',
    'agenda_item_summary', 'subject_terms', 'ward_ids', 'addresses', 'planning_application_number'],
  src_tmmis__decision_bodies: ['term', 'decision_body_id', 'decision_body_name', 'committee_code', 'term_type', 'publish_label'],
  src_tmmis__decision_body_members: ['term', 'decision_body_id', 'member_id', 'first_name', 'last_name', 'salutation',
    'appt_start_date', 'appt_end_date', 'role'],
  src_meetings__schedule: ['term', 'committee', 'mtg_number', 'date', 'start_time', 'end_time', 'location'],
  src_officials__contacts: ['term', 'district_name', 'district_id', 'primary_role', 'first_name', 'last_name', 'email'],
};

type Row = Record<string, string | null>;

/** Create empty source tables, the quarantine table and the seeds/state tables the models read. */
export async function emptySourceWarehouse(): Promise<Warehouse> {
  const wh = await openWarehouse(':memory:');
  for (const [table, cols] of Object.entries(sourceColumns)) {
    const all = table === 'src_registry__sightings' ? cols : [...LINEAGE, ...cols];
    await wh.exec(`create table ${table} (${all.map((c) => `"${c}" varchar`).join(', ')})`);
  }
  await wh.exec(`create table quarantine (source varchar, source_file varchar, source_position bigint, reason varchar, excerpt varchar)`);
  await wh.exec(`create table state_entity_ids (entity varchar, natural_key varchar, id integer)`);
  await wh.exec(`create table seed_topics as select * from (values ('transit', 'Public transit', 'TTC', 'transportation', 'Transit', 'ttc'))
    as t(id, label, description, "group", registry_subjects, keywords)`);
  return wh;
}

/** Insert rows (by column name) into a source table; missing columns are null. */
export async function insertRows(wh: Warehouse, table: string, rows: Row[]): Promise<void> {
  const cols = table === 'src_registry__sightings' ? sourceColumns[table] : [...LINEAGE, ...sourceColumns[table]];
  await wh.appendText(table, rows.map((row, i) => cols.map((c) =>
    c === 'source_file' ? (row[c] ?? `fixture/${table}`) : c === 'source_position' ? (row[c] ?? String(i + 1)) : (row[c] ?? null))));
}
