// TMMIS agenda-item communications (tmmis/agenda-item-communications-<term>.json: letters, submissions,
// presentations… received on an agenda item) → src_tmmis__item_communications. A record needs the item's reference
// and a sender (a person or an organisation); others are quarantined.
import type { SourceContext } from './common/source-context.ts';
import { clean } from './common/clean.ts';
import { htmlToText } from './common/html-text.ts';
import { scalarText } from './common/json-file.ts';
import { toRow } from './common/tables.ts';
import { loadJsonFiles } from './tmmis.ts';

type Json = Record<string, unknown>;
const text = (value: unknown) => clean(scalarText(value));
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const COMMUNICATIONS_FILE = /^agenda-item-communications-.*\.json$/i;

/** One communication record → a row object keyed by column, or the reason to reject it. */
export function toItemCommunicationRow(r: unknown, term: string | null): Record<string, string | null> | string {
  if (!isObject(r)) return 'record is not an object';
  const reference = text(r.reference);
  if (reference === null) return 'missing reference';
  const from_name = text(r.fromName);
  const organization_name = text(r.organizationName ?? r.organisationName);
  if (from_name === null && organization_name === null) return 'missing organisation and person';
  const summary = scalarText(r.summary);
  return {
    term, communication_id: text(r.communicationId), agenda_item_id: text(r.agendaItemId), reference,
    communication_number: text(r.communicationNumber), communication_type_cd: text(r.communicationTypeCd),
    communication_type_desc: text(r.communicationTypeDesc), date_received: text(r.dateReceived),
    communication_title: text(r.communicationTitle), from_name, organization_name,
    summary: summary === null ? null : clean(htmlToText(summary)),
    attachment_url: text(r.attachmentUrl), agenda_item_url: text(r.agendaItemUrl),
  };
}

/** Load every agenda-item-communications file of tmmis/; returns rows loaded. A missing file is normal. */
export async function loadItemCommunications(ctx: SourceContext): Promise<number> {
  return loadJsonFiles(ctx, COMMUNICATIONS_FILE, 'src_tmmis__item_communications', (record, term, lineage) => {
    const row = toItemCommunicationRow(record, term);
    return typeof row === 'string' ? row : [toRow('src_tmmis__item_communications', { ...row, ...lineage })];
  }, {
    missing: 'tmmis: no agenda-item-communications files in tmmis/; src_tmmis__item_communications stays empty',
    rows: 'communications',
  });
}
