// One registry record (SM element tree) → rows of the six src_registry__* tables, or the reason to quarantine it.
import { toRow, type Row } from '../common/tables.ts';
import { clean } from '../common/clean.ts';
import { toCommunicationIds, type CommunicationKey } from './communication-id.ts';
import { stripPosition, type XmlNode, type XmlRecord } from './xml-records.ts';
import { child, items, pick, toJsonValue } from './xml-node.ts';

export interface RegistryRows {
  registrations: Row[];
  registrants: Row[];
  beneficiaries: Row[];
  firms: Row[];
  communications: Row[];
  extras: Row[];
}

export interface RecordContext {
  sourceFile: string;
  fileKind: string | null;
  snapshotDate: string;
}

export function emptyRegistryRows(): RegistryRows {
  return { registrations: [], registrants: [], beneficiaries: [], firms: [], communications: [], extras: [] };
}

// Element names exactly as published (toronto-sources.md §1.3), matched case-insensitively.
const REGISTRATION = {
  status: 'Status', type: 'Type', subject_matter: 'SubjectMatter', subject_matter_definition: 'SubjectMatterDefinition',
  particulars: 'Particulars', initial_approval_date: 'InitialApprovalDate', effective_date: 'EffectiveDate',
  proposed_start_date: 'ProposedStartDate', proposed_end_date: 'ProposedEndDate',
};
const PREVIOUS_OFFICE = {
  previous_public_office_holder: 'PreviousPublicOfficeHolder',
  previous_public_office_hold_position: 'PreviousPublicOfficeHoldPosition',
  previous_public_office_position_program_name: 'PreviousPublicOfficePositionProgramName',
  previous_public_office_hold_last_date: 'PreviousPublicOfficeHoldLastDate',
};
const ADDRESS = {
  address_line1: 'AddressLine1', address_line2: 'AddressLine2', city: 'City', province: 'Province',
  country: 'Country', postal_code: 'PostalCode',
};
const REGISTRANT = {
  registration_number: 'RegistrationNUmber', registration_number_with_so: 'RegistrationNUmberWithSoNum',
  status: 'Status', effective_date: 'EffectiveDate', type: 'Type', prefix: 'Prefix', first_name: 'FirstName',
  middle_initials: 'MiddleInitials', last_name: 'LastName', suffix: 'Suffix', position_title: 'PositionTitle',
  ...PREVIOUS_OFFICE,
};
const PARTY = { type: 'Type', name: 'Name', trade_name: 'TradeName', fiscal_start: 'FiscalStart', fiscal_end: 'FiscalEnd' };
const FIRM = { ...PARTY, description: 'Description', business_type: 'BusinessType' };
/** The communication fields that feed communication_id; the id-only pass builds nothing else. */
export const COMMUNICATION_KEY_ELEMENTS = {
  poh_office: 'POH_Office', poh_type: 'POH_Type', poh_position: 'POH_Position', poh_name: 'POH_Name',
  communication_method: 'CommunicationMethod', communication_date: 'CommunicationDate',
  communication_group_id: 'CommunicationGroupId', lobbyist_number: 'LobbyistNumber',
};
const COMMUNICATION = {
  ...COMMUNICATION_KEY_ELEMENTS,
  lobbyist_type: 'LobbyistType', lobbyist_prefix: 'LobbyistPrefix', lobbyist_first_name: 'LobbyistFirstName',
  lobbyist_middle_initials: 'LobbyistMiddleInitials', lobbyist_last_name: 'LobbyistLastName',
  lobbyist_suffix: 'LobbyistSuffix', lobbyist_business: 'LobbyistBusiness',
  lobbyist_position_title: 'LobbyistPositionTitle', ...PREVIOUS_OFFICE,
};
const EXTRAS: { kind: string; containers: string[]; items: string[] }[] = [
  { kind: 'grassroots', containers: ['grassroots'], items: ['grassroot'] },
  { kind: 'privatefunding', containers: ['privatefundings'], items: ['privatefunding'] },
  { kind: 'gmtfunding', containers: ['gmtfundings'], items: ['gmtfunding'] }, // GMTFUNDINGS and Gmtfundings both
  { kind: 'meeting', containers: ['meetings'], items: ['meeting'] },
];

/** Why a record cannot be loaded (null when it can). The same rule runs in the id-only pass and the full parse. */
export function checkRecord(record: XmlRecord, root: XmlNode): string | null {
  if (record.truncated) return 'truncated record: file ended inside it';
  if (record.errors.length > 0) return `xml parse error: ${stripPosition(record.errors[0])}`;
  const numbers = new Set(root.children.filter((c) => c.key === 'smnumber').map((c) => clean(c.text)));
  numbers.delete(null);
  if (numbers.size === 0) return 'missing SMNumber';
  if (numbers.size > 1) return 'multiple SMNumber values';
  return null;
}

/** SM number of a record that passed checkRecord. */
export function smNumberOf(root: XmlNode): string {
  for (const c of root.children) {
    const value = c.key === 'smnumber' ? clean(c.text) : null;
    if (value !== null) return value;
  }
  throw new Error('smNumberOf called on a record without SMNumber');
}

/** The communications of a record with their ids, in document order. */
export function communicationsOf(root: XmlNode, smNumber: string): { node: XmlNode; key: CommunicationKey; id: string }[] {
  const nodes = items(root, ['communications'], ['communication']);
  const keys = nodes.map((node) => ({ sm_number: smNumber, ...pick(node, COMMUNICATION_KEY_ELEMENTS) }) as CommunicationKey);
  const ids = toCommunicationIds(keys);
  return nodes.map((node, i) => ({ node, key: keys[i], id: ids[i] }));
}

/** Append the rows of one checked record to `out`. */
export function appendRecordRows(out: RegistryRows, root: XmlNode, position: number, ctx: RecordContext): void {
  const sm_number = smNumberOf(root);
  const lineage = { source_file: ctx.sourceFile, source_position: position, snapshot_date: ctx.snapshotDate };
  out.registrations.push(
    toRow('src_registry__registrations', { file_kind: ctx.fileKind, sm_number, ...pick(root, REGISTRATION), ...lineage }),
  );
  for (const registrant of root.children.filter((c) => c.key === 'registrant')) {
    const address = child(registrant, 'businessaddress');
    out.registrants.push(
      toRow('src_registry__registrants', {
        sm_number, ...pick(registrant, REGISTRANT), ...pick(address, { ...ADDRESS, phone: 'Phone' }), ...lineage,
      }),
    );
  }
  items(root, ['beneficiaries'], ['beneficiary']).forEach((node, i) => {
    const address = pick(child(node, 'businessaddress'), ADDRESS);
    out.beneficiaries.push(
      toRow('src_registry__beneficiaries', { sm_number, ordinal: i + 1, ...pick(node, PARTY), ...address, ...lineage }),
    );
  });
  items(root, ['firms'], ['firm']).forEach((node, i) => {
    const address = pick(child(node, 'businessaddress'), ADDRESS);
    out.firms.push(toRow('src_registry__firms', { sm_number, ordinal: i + 1, ...pick(node, FIRM), ...address, ...lineage }));
  });
  communicationsOf(root, sm_number).forEach(({ node, id }, i) => {
    out.communications.push(
      toRow('src_registry__communications', {
        sm_number, ordinal: i + 1, communication_id: id, ...pick(node, COMMUNICATION), ...lineage,
      }),
    );
  });
  for (const extra of EXTRAS) {
    items(root, extra.containers, extra.items).forEach((node, i) => {
      const payload = JSON.stringify(toJsonValue(node));
      out.extras.push(toRow('src_registry__extras', { sm_number, kind: extra.kind, ordinal: i + 1, payload, ...lineage }));
    });
  }
}
