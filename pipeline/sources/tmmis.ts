// TMMIS JSON: agenda-items-<term>.json → src_tmmis__agenda_items; decision-bodies-<term>.json → bodies + members.
import path from 'node:path';
import type { SourceContext } from './common/source-context.ts';
import { clean } from './common/clean.ts';
import { listFiles, termFromFileName, toSourceFile } from './common/files.ts';
import { htmlToText } from './common/html-text.ts';
import { readJsonRecords, scalarText } from './common/json-file.ts';
import { toRow, type Row } from './common/tables.ts';
import { repairMojibake } from '../lib/encoding.ts';

type Json = Record<string, unknown>;

const text = (value: unknown) => clean(scalarText(value));
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One agenda-item record → a src_tmmis__agenda_items row (object keyed by column), or the reason to reject it. */
export function toAgendaItemRow(r: unknown, term: string | null): Record<string, string | null> | string {
  if (!isObject(r)) return 'record is not an object';
  const reference = text(r.reference);
  if (reference === null) return 'missing reference';
  const summary = scalarText(r.agendaItemSummary);
  return {
    term, id: text(r.id), term_id: text(r.termId), agenda_item_id: text(r.agendaItemId),
    decision_body_id: text(r.decisionBodyId), meeting_id: text(r.meetingId), decision_body_name: text(r.decisionBodyName),
    meeting_date: text(r.meetingDate), reference, term_year: text(r.termYear), agenda_cd: text(r.agendaCd),
    meeting_number: text(r.meetingNumber), item_status: text(r.itemStatus), agenda_item_title: text(r.agendaItemTitle),
    agenda_item_summary: summary === null ? null : clean(htmlToText(repairMojibake(summary))),
    subject_terms: text(r.subjectTerms), ward_ids: toWardIds(r.wardId), addresses: toAddresses(r),
    planning_application_number: text(r.planningApplicationNumber),
  };
}

/** wardId as a JSON array of integers (numeric strings converted); null when the record has no wardId. */
function toWardIds(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const list = Array.isArray(value) ? value : [value];
  const ids = list
    .map((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v))
    .filter((v) => typeof v === 'number' || (typeof v === 'string' && clean(v) !== null));
  return JSON.stringify(ids);
}

/** `address` (strings) as a JSON array, else the fullAddress of each agendaItemAddress; null when neither exists. */
function toAddresses(r: Json): string | null {
  let list: unknown[] | null = null;
  if (r.address !== undefined && r.address !== null) list = Array.isArray(r.address) ? r.address : [r.address];
  else if (Array.isArray(r.agendaItemAddress)) list = r.agendaItemAddress.map((a) => (isObject(a) ? a.fullAddress : null));
  if (list === null) return null;
  return JSON.stringify(list.map((v) => text(v)).filter((v) => v !== null));
}

/** Load every agenda-items file; returns rows loaded. */
export async function loadAgendaItems(ctx: SourceContext): Promise<number> {
  return loadJsonFiles(ctx, /^agenda-items-.*\.json$/i, 'src_tmmis__agenda_items', (record, term, lineage) => {
    const row = toAgendaItemRow(record, term);
    return typeof row === 'string' ? row : [toRow('src_tmmis__agenda_items', { ...row, ...lineage })];
  });
}

/** Load every decision-bodies file into bodies and their members; returns body rows loaded. */
export async function loadDecisionBodies(ctx: SourceContext): Promise<{ bodies: number; members: number }> {
  const members: Row[] = [];
  const bodies = await loadJsonFiles(ctx, /^decision-bodies-.*\.json$/i, 'src_tmmis__decision_bodies', (r, term, lineage) => {
    if (!isObject(r)) return 'record is not an object';
    const decision_body_id = text(r.decisionBodyId);
    if (decision_body_id === null) return 'missing decisionBodyId';
    const code = isObject(r.committeeCode) ? r.committeeCode.committeeCode : r.committeeCode;
    const termType = isObject(r.term) ? r.term.termType : r.termType;
    for (const m of Array.isArray(r.members) ? r.members : []) {
      if (!isObject(m)) continue;
      members.push(toRow('src_tmmis__decision_body_members', {
        term, decision_body_id, member_id: text(m.memberId), first_name: text(m.firstName), last_name: text(m.lastName),
        salutation: text(m.salutationCd ?? m.salutation), appt_start_date: text(m.apptStartDate),
        appt_end_date: text(m.apptEndDate), role: text(m.role ?? m.roleCd ?? m.memberRoleCd), ...lineage,
      }));
    }
    return [toRow('src_tmmis__decision_bodies', {
      term, decision_body_id, decision_body_name: text(r.decisionBodyName), committee_code: text(code),
      term_type: text(termType), publish_label: text(r.decisionBodyPublishLabelCd ?? r.publishLabel), ...lineage,
    })];
  });
  return { bodies, members: await ctx.wh.appendText('src_tmmis__decision_body_members', members) };
}

export type Lineage = { source_file: string; source_position: number };

/**
 * Load every tmmis/ JSON file matching `pattern` into `table`: one or more rows per record from `toRows`, or a
 * reason string that quarantines the record; an unreadable file is quarantined whole.
 */
export async function loadJsonFiles(
  ctx: SourceContext,
  pattern: RegExp,
  table: 'src_tmmis__agenda_items' | 'src_tmmis__decision_bodies' | 'src_tmmis__item_communications',
  toRows: (record: unknown, term: string | null, lineage: Lineage) => Row[] | string,
  wording: { missing?: string; rows?: string } = {},
): Promise<number> {
  const files = await listFiles(path.join(ctx.rawDir, 'tmmis'), pattern);
  if (files.length === 0) ctx.log(wording.missing ?? `tmmis: no ${pattern.source} files in tmmis/; ${table} left empty`);
  let total = 0;
  for (const file of files) {
    const source_file = toSourceFile(ctx.rawDir, file);
    const reject = (position: number | null, reason: string, excerpt: string) =>
      ctx.quarantine.add({ source: 'tmmis', sourceFile: source_file, sourcePosition: position, reason, excerpt });
    const read = await readJsonRecords(file);
    if ('error' in read) {
      const reason = read.error.startsWith('json parse error') ? 'json parse error' : read.error;
      ctx.quarantine.addFile({ source: 'tmmis', sourceFile: source_file, reason, rows: 0, detail: read.error });
      ctx.log(`tmmis: ${source_file}: unreadable (${read.error})`);
      continue;
    }
    if (read.records.length === 0) {
      ctx.quarantine.addFile({ source: 'tmmis', sourceFile: source_file, reason: 'no records in the file (an empty export?)', rows: 0 });
    }
    const rows: Row[] = [];
    let rejected = 0;
    read.records.forEach((record, i) => {
      const out = toRows(record, termFromFileName(file), { source_file, source_position: i + 1 });
      if (typeof out === 'string') {
        rejected++;
        reject(i + 1, out, JSON.stringify(record) ?? String(record));
      } else rows.push(...out);
    });
    total += await ctx.wh.appendText(table, rows);
    ctx.log(`tmmis: ${source_file}: ${rows.length} ${wording.rows ?? 'rows'}, ${rejected} quarantined`);
  }
  return total;
}
