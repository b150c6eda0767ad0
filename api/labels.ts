// Names beside ids (`labels=1`, an extension of the v1 contract; docs/labels.md): which id fields name a record of
// which kind, the sibling field each gets (`client_organization_id` → `client_organization_name`), and a record with
// its siblings added. Pure: the names come from a lookup the caller supplies (the export's labels file).
import { ApiError, clipInput } from './errors.ts';

/** The kinds of record a label names; an id of any other kind (a communication, a contribution) gets no name. */
export const LABEL_KINDS = [
  'organization', 'person', 'registration', 'agenda_item', 'application', 'site', 'campaign', 'contract', 'group', 'topic',
] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** A record's display name by kind and id (the id as text); undefined when the export names none. */
export type LabelLookup = (kind: LabelKind, id: string) => string | undefined;

/** The query parameter, its accepted values and what it does (OpenAPI, errors). */
export const LABELS_PARAM = 'labels';
export const LABELS_DESCRIPTION = 'Extension (not in the v1 contract): 1 adds, beside each id field that names an organisation, '
  + 'person, registration, agenda item, application, site, campaign, contract, group or topic, a sibling field with that '
  + 'record\'s display name (client_organization_id → client_organization_name; null when the record has no published name). '
  + 'A merged organisation\'s id is named as its canonical record. 0 or absent: the contract\'s fields only, unchanged.';

// Id fields by the end of their name; the longest ending decides (`agenda_item_id` before `item_id`-like endings).
const BY_ENDING: readonly (readonly [string, LabelKind])[] = [
  ['organization_id', 'organization'], ['person_id', 'person'], ['registration_id', 'registration'],
  ['agenda_item_id', 'agenda_item'], ['application_id', 'application'], ['site_id', 'site'], ['campaign_id', 'campaign'],
  ['contract_id', 'contract'], ['group_id', 'group'], ['topic_id', 'topic'],
];

// Fields whose kind is named by another field of the same record (a link's ends, an insight's subject or scope).
const BY_TYPE_FIELD: Readonly<Record<string, { field: string; kinds: Readonly<Record<string, LabelKind>> }>> = {
  from_id: { field: 'from_type', kinds: _sameName() },
  to_id: { field: 'to_type', kinds: _sameName() },
  subject_id: { field: 'subject_type', kinds: { lobbyist: 'person', firm: 'organization' } },
  scope_id: { field: 'scope', kinds: { supplier: 'organization' } },
};

// Fields that name a record of the same resource: an application's parent application.
const BY_SCHEMA: Readonly<Record<string, LabelKind>> = { parent_id: 'application' };

/** The sibling of an id field: `_id` → `_name`, `_ids` → `_names`. */
export function siblingOf(field: string): string {
  return field.endsWith('_ids') ? `${field.slice(0, -4)}_names` : `${field.slice(0, -3)}_name`;
}

/** Whether a field of a record schema gets a sibling with labels=1 (whatever its value in a given record). */
export function isLabelledField(field: string): boolean {
  return _fixedKind(field) !== null || field in BY_TYPE_FIELD || field in BY_SCHEMA;
}

/** The id fields of a schema's properties that get a sibling, in order. */
export function labelledFields(properties: readonly string[]): string[] {
  return properties.filter((p) => isLabelledField(p) && !properties.includes(siblingOf(p)));
}

/** `labels` from a query: true for 1, false for 0 or absent; anything else is a 400. */
export function parseLabels(raw: string | null): boolean {
  if (raw === null || raw === '0') return false;
  if (raw === '1') return true;
  throw new ApiError(400, 'invalid_parameter', `Parameter "${LABELS_PARAM}" must be 1 (names beside ids) or 0, got "${clipInput(raw)}"`);
}

/**
 * A copy of `value` with a sibling after each labelled id field of every object in it (nested detail records too,
 * but not a link's `evidence`, which is kept as the model saw it). Key order is kept; an existing field is never
 * overwritten.
 */
export function withLabels(value: unknown, lookup: LabelLookup): unknown {
  if (Array.isArray(value)) return value.map((v) => withLabels(v, lookup));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(record)) {
    out[key] = key === 'evidence' ? v : withLabels(v, lookup);
    const kind = _kindOf(key, record);
    if (kind === undefined) continue;
    const sibling = siblingOf(key);
    if (sibling in record) continue;
    out[sibling] = Array.isArray(v) ? v.map((id) => nameOf(kind, id, lookup)) : nameOf(kind, v, lookup);
  }
  return out;
}

/** The kind an id field names in this record: null for a typed field whose type has no names (a communication),
 *  undefined for a field that is not an id field. */
function _kindOf(field: string, record: Record<string, unknown>): LabelKind | null | undefined {
  const fixed = _fixedKind(field);
  if (fixed) return fixed;
  if (field in BY_SCHEMA) return BY_SCHEMA[field];
  const typed = BY_TYPE_FIELD[field];
  if (!typed) return undefined;
  const type = record[typed.field];
  return typeof type === 'string' ? typed.kinds[type] ?? null : null;
}

function _fixedKind(field: string): LabelKind | null {
  const base = field.endsWith('_ids') ? field.slice(0, -1) : field;
  for (const [ending, kind] of BY_ENDING) if (base === ending || base.endsWith(`_${ending}`)) return kind;
  return null;
}

/** The name `lookup` gives an id of `kind` (null for no kind, no id or no name). */
export function nameOf(kind: LabelKind | null, id: unknown, lookup: LabelLookup): string | null {
  if (kind === null || id === null || id === undefined) return null;
  return lookup(kind, String(id)) ?? null;
}

function _sameName(): Record<string, LabelKind> {
  return Object.fromEntries(LABEL_KINDS.map((k) => [k, k]));
}
