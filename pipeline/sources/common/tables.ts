// Column lists of every src_* table and of `quarantine` (docs/contracts.md §2, §5), and the DDL that (re)creates them.
// The one declaration of each table's columns: the adapters' TableSpecs are typed against it (SourceColumn).
import type { Warehouse } from '../../db/warehouse.ts';
import { quoteIdent } from '../../db/warehouse.ts';

const ADDRESS = ['address_line1', 'address_line2', 'city', 'province', 'country', 'postal_code'] as const;
const PREVIOUS_OFFICE = [
  'previous_public_office_holder',
  'previous_public_office_hold_position',
  'previous_public_office_position_program_name',
  'previous_public_office_hold_last_date',
] as const;
const SNAPSHOT_LINEAGE = ['source_file', 'source_position', 'snapshot_date'] as const;
const LINEAGE = ['source_file', 'source_position'] as const;

/** Every table the adapters write, with its columns in order. */
export const SOURCE_TABLES = {
  src_registry__registrations: [
    'file_kind', 'sm_number', 'status', 'type', 'subject_matter', 'subject_matter_definition', 'particulars',
    'initial_approval_date', 'effective_date', 'proposed_start_date', 'proposed_end_date', ...SNAPSHOT_LINEAGE,
  ],
  src_registry__registrants: [
    'sm_number', 'registration_number', 'registration_number_with_so', 'status', 'effective_date', 'type', 'prefix',
    'first_name', 'middle_initials', 'last_name', 'suffix', 'position_title', ...PREVIOUS_OFFICE, ...ADDRESS, 'phone',
    ...SNAPSHOT_LINEAGE,
  ],
  src_registry__beneficiaries: [
    'sm_number', 'ordinal', 'type', 'name', 'trade_name', 'fiscal_start', 'fiscal_end', ...ADDRESS, ...SNAPSHOT_LINEAGE,
  ],
  src_registry__firms: [
    'sm_number', 'ordinal', 'type', 'name', 'trade_name', 'fiscal_start', 'fiscal_end', 'description', 'business_type',
    ...ADDRESS, ...SNAPSHOT_LINEAGE,
  ],
  src_registry__communications: [
    'sm_number', 'ordinal', 'communication_id', 'poh_office', 'poh_type', 'poh_position', 'poh_name',
    'communication_method', 'communication_date', 'communication_group_id', 'lobbyist_number', 'lobbyist_type',
    'lobbyist_prefix', 'lobbyist_first_name', 'lobbyist_middle_initials', 'lobbyist_last_name', 'lobbyist_suffix',
    'lobbyist_business', 'lobbyist_position_title', ...PREVIOUS_OFFICE, ...SNAPSHOT_LINEAGE,
  ],
  src_registry__extras: ['sm_number', 'kind', 'ordinal', 'payload', ...SNAPSHOT_LINEAGE],
  src_registry__sightings: ['communication_id', 'sm_number', 'communication_date', 'first_seen_date', 'last_seen_date'],
  src_votes__rows: [
    'term', 'first_name', 'last_name', 'committee', 'date_time', 'agenda_item_number', 'agenda_item_title',
    'motion_type', 'vote', 'result', 'vote_description', ...LINEAGE,
  ],
  src_tmmis__agenda_items: [
    'term', 'id', 'term_id', 'agenda_item_id', 'decision_body_id', 'meeting_id', 'decision_body_name', 'meeting_date',
    'reference', 'term_year', 'agenda_cd', 'meeting_number', 'item_status', 'agenda_item_title', 'agenda_item_summary',
    'subject_terms', 'ward_ids', 'addresses', 'planning_application_number', ...LINEAGE,
  ],
  src_tmmis__decision_bodies: [
    'term', 'decision_body_id', 'decision_body_name', 'committee_code', 'term_type', 'publish_label', ...LINEAGE,
  ],
  src_tmmis__decision_body_members: [
    'term', 'decision_body_id', 'member_id', 'first_name', 'last_name', 'salutation', 'appt_start_date',
    'appt_end_date', 'role', ...LINEAGE,
  ],
  src_meetings__schedule: ['term', 'committee', 'mtg_number', 'date', 'start_time', 'end_time', 'location', ...LINEAGE],
  src_officials__contacts: [
    'term', 'district_name', 'district_id', 'primary_role', 'first_name', 'last_name', 'email', ...LINEAGE,
  ],
  // Development, Committee of Adjustment, geography, procurement, contributions and groups (contracts.md §5).
  src_development__applications: [
    'application_type', 'application_number', 'street_num', 'street_name', 'street_type', 'street_direction', 'postal',
    'date_submitted', 'status', 'x', 'y', 'description', 'reference_file_number', 'folderrsn', 'ward_number',
    'ward_name', 'community_meeting_date', 'application_url', 'parent_folder_number', ...LINEAGE,
  ],
  src_coa__applications: [
    'file_kind', 'sys_id', 'application_type', 'in_date', 'planning_district', 'street_num', 'street_name',
    'street_type', 'street_direction', 'postal', 'reference_file_number', 'sub_type', 'work_type', 'description',
    'hearing_date', 'c_of_a_descision', 'anyone_object_at_meeting', 'appeal_expiry_date', 'omb_order_date',
    'omb_descision', 'statusdesc', 'ward', 'ward_name', 'finaldate', 'application_url', 'parent_folder_number',
    ...LINEAGE,
  ],
  src_geo__address_points: [
    'address_point_id', 'address_number', 'lo_num', 'lo_num_suf', 'hi_num', 'hi_num_suf', 'linear_name_full',
    'linear_name', 'linear_name_type', 'linear_name_dir', 'centreline_side', 'address_full', 'ward',
    'municipality_name', 'latitude', 'longitude', ...LINEAGE,
  ],
  src_geo__wards: ['area_short_code', 'area_name', 'longitude', 'latitude', 'geometry', ...LINEAGE],
  src_procurement__awarded: [
    'document_number', 'rfx_type', 'high_level_category', 'successful_supplier', 'award', 'award_date', 'division',
    'description', 'supplier_address', 'wards', ...LINEAGE,
  ],
  src_procurement__non_competitive: [
    'workspace_number', 'reason', 'contract_date', 'supplier_name', 'contract_amount', 'division', 'supplier_address',
    'wards', ...LINEAGE,
  ],
  src_procurement__solicitations: [
    'document_number', 'rfx_type', 'noip_type', 'issue_date', 'submission_deadline', 'high_level_category',
    'description', 'division', 'wards', ...LINEAGE,
  ],
  src_contributions__rows: [
    'election', 'office_file', 'layout', 'contributor_name', 'contributor_address', 'contributor_postal_code',
    'amount', 'returned', 'contribution_type', 'goods_description', 'contributor_type', 'relationship', 'president',
    'authorized_representative', 'candidate', 'office', 'ward', 'contribution_date', ...LINEAGE,
  ],
  src_contributions__filings: [
    'election', 'candidate', 'office', 'ward', 'total_contributions', 'contributions_n', 'contributors_n', 'elected',
    'incumbent', 'filing_type', ...LINEAGE,
  ],
  src_groups__manual: ['group_name', 'organization_name', 'basis_note', 'source', ...LINEAGE],
  // Positions and review (contracts.md §6).
  src_tmmis__item_communications: [
    'term', 'communication_id', 'agenda_item_id', 'reference', 'communication_number', 'communication_type_cd',
    'communication_type_desc', 'date_received', 'communication_title', 'from_name', 'organization_name', 'summary',
    'attachment_url', 'agenda_item_url', ...LINEAGE,
  ],
  src_review__decisions: [
    'task', 'from_type', 'from_id', 'to_type', 'to_id', 'decision', 'reviewer', 'reviewed_at', 'note', ...LINEAGE,
  ],
  // record_key: the record's public key where the rule knows one (an SM number, a communication id); excerpt stays private
  quarantine: ['source', 'source_file', 'source_position', 'reason', 'excerpt', 'record_key'],
} as const satisfies Record<string, readonly string[]>;

export type SourceTable = keyof typeof SOURCE_TABLES;
/** A column of source table T. */
export type SourceColumn<T extends SourceTable> = (typeof SOURCE_TABLES)[T][number];
export type Row = (string | null)[];

// Everything is text except the lineage and bookkeeping columns, which are numbers and dates by nature.
const TYPED: Record<string, string> = {
  source_position: 'BIGINT',
  ordinal: 'BIGINT',
  snapshot_date: 'DATE',
  first_seen_date: 'DATE',
  last_seen_date: 'DATE',
};

/** CREATE OR REPLACE the given tables (default: every src_* table and `quarantine`), empty. */
export async function createSourceTables(wh: Warehouse, tables?: readonly SourceTable[]): Promise<void> {
  for (const table of tables ?? (Object.keys(SOURCE_TABLES) as SourceTable[])) {
    const columns: readonly string[] = SOURCE_TABLES[table];
    const cols = columns.map((c) => `${quoteIdent(c)} ${TYPED[c] ?? 'VARCHAR'}`).join(', ');
    await wh.exec(`CREATE OR REPLACE TABLE ${quoteIdent(table)} (${cols})`);
  }
}

/** Build a row in a table's column order from an object keyed by column name (absent → null). */
export function toRow(table: SourceTable, values: Record<string, string | number | null | undefined>): Row {
  return SOURCE_TABLES[table].map((c) => {
    const v = values[c];
    return v === undefined || v === null ? null : String(v);
  });
}
