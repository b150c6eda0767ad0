// What full-text search reads of each searchable kind of record (docs/search.md): its fields with their BM25
// weights, the list whose rows they come from, and how a published record (plus published names: the labels) gives
// a row of field texts, a title and a URL. Only published text: records as the API answers them and the names
// `labels=1` already publishes, so search finds nothing that is not published.
import type { LabelLookup } from '../labels.ts';
import { SEARCH_TYPES } from '../schemas/vocabulary.ts';

export type SearchType = (typeof SEARCH_TYPES)[number];

type Rec = Record<string, unknown>;

/** The searchable text of a registration, which its communications carry too. */
export type RegistrationText = readonly (string | null)[];

export interface SearchSource {
  type: SearchType;
  /** The list route's resource whose rows these are, in its data file's order. */
  resource: string;
  /** Whether the list takes the `search` filter (organisations, people and sites have `q` and are found by /search). */
  listFilter: boolean;
  fields: readonly { name: string; weight: number }[];
  /** The row's field texts, in `fields` order. */
  texts(record: Rec, names: LabelLookup, registration: (id: string) => RegistrationText | undefined): (string | null)[];
  /** A short human label of the record. */
  title(record: Rec, names: LabelLookup): string;
  /** The record's API path (below the base URL). */
  path(record: Rec): string;
}

const REGISTRATION_FIELDS = [
  { name: 'subjects', weight: 4 }, { name: 'particulars', weight: 2 }, { name: 'summary', weight: 4 },
] as const;

/** Every searchable kind, in the order /search breaks ties by. */
export const SEARCH_SOURCES: readonly SearchSource[] = [
  {
    type: 'registration', resource: 'registrations', listFilter: true,
    fields: [...REGISTRATION_FIELDS, { name: 'client', weight: 3 }, { name: 'firm', weight: 2 }, { name: 'lobbyist', weight: 2 }],
    texts: (r, names) => [...registrationText(r), _name(names, 'organization', r.client_organization_id),
      _name(names, 'organization', r.firm_organization_id), _name(names, 'person', r.lobbyist_person_id)],
    title: (r, names) => names('registration', String(r.id)) ?? String(r.id),
    path: (r) => `/registrations/${pathSegment(r.id)}`,
  },
  {
    type: 'communication', resource: 'communications', listFilter: true,
    fields: [...REGISTRATION_FIELDS.map((f) => ({ name: `registration_${f.name}`, weight: f.weight / 2 })),
      { name: 'office', weight: 2 }, { name: 'office_holder', weight: 2 }],
    texts: (r, _names, registration) => [...(registration(String(r.registration_id)) ?? [null, null, null]), _text(r.office),
      _text(r.office_holder_raw)],
    title: (r) => `Communication of ${_text(r.date) ?? 'an unknown date'} with ${_text(r.office_holder_raw) ?? _text(r.office) ?? 'an office holder'} (${String(r.registration_id)})`,
    // communications have no detail route: their registration's communications
    path: (r) => `/communications?registration=${encodeURIComponent(String(r.registration_id))}`,
  },
  {
    type: 'agenda_item', resource: 'agenda-items', listFilter: true,
    fields: [{ name: 'title', weight: 4 }, { name: 'addresses', weight: 2 }],
    texts: (r) => [_text(r.title), _list(r.addresses)],
    title: (r) => _text(r.title) ?? String(r.id),
    path: (r) => `/agenda-items/${pathSegment(r.id)}`,
  },
  {
    type: 'application', resource: 'applications', listFilter: true,
    fields: [{ name: 'description', weight: 3 }, { name: 'address', weight: 3 }, { name: 'type', weight: 1 }],
    texts: (r) => [_text(r.description), _text(r.address), _text(r.type)],
    title: (r, names) => names('application', String(r.id)) ?? String(r.id),
    path: (r) => `/applications/${pathSegment(r.id)}`,
  },
  {
    type: 'contract', resource: 'contracts', listFilter: true,
    fields: [{ name: 'description', weight: 3 }, { name: 'supplier', weight: 3 }, { name: 'division', weight: 1 }, { name: 'category', weight: 1 }],
    texts: (r) => [_text(r.description), _text(r.supplier_name), _text(r.division), _text(r.category)],
    title: (r, names) => names('contract', String(r.id)) ?? String(r.id),
    path: (r) => `/contracts/${pathSegment(r.id)}`,
  },
  {
    type: 'organization', resource: 'organizations', listFilter: false,
    fields: [{ name: 'name', weight: 5 }, { name: 'aliases', weight: 2 }],
    texts: (r) => [_text(r.canonical_name), _list(r.aliases)],
    title: (r) => _text(r.canonical_name) ?? String(r.id),
    path: (r) => `/organizations/${pathSegment(r.id)}`,
  },
  {
    type: 'person', resource: 'people', listFilter: false,
    fields: [{ name: 'name', weight: 5 }],
    texts: (r) => [_text(r.canonical_name)],
    title: (r) => _text(r.canonical_name) ?? String(r.id),
    path: (r) => `/people/${pathSegment(r.id)}`,
  },
  {
    type: 'site', resource: 'sites', listFilter: false,
    fields: [{ name: 'address', weight: 5 }],
    texts: (r) => [_text(r.address)],
    title: (r) => _text(r.address) ?? String(r.id),
    path: (r) => `/sites/${pathSegment(r.id)}`,
  },
];

/** The source of a type. */
export function searchSource(type: SearchType): SearchSource {
  return SEARCH_SOURCES.find((s) => s.type === type)!;
}

/** A registration's own text (subjects, particulars, summary), which its communications are found by too. */
export function registrationText(r: Rec): RegistrationText {
  return [_list(r.subjects), _text(r.particulars), _text(r.summary)];
}

// A list's values are one text, one value after the other (FTS5 is given the same text, so phrases agree).
function _list(v: unknown): string | null {
  return Array.isArray(v) && v.length > 0 ? v.map(String).join('; ') : null;
}

function _text(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

function _name(names: LabelLookup, kind: 'organization' | 'person', id: unknown): string | null {
  return id === null || id === undefined ? null : names(kind, String(id)) ?? null;
}

/** A record's id as the last segment of its API path (its search file keeps only the path's start when every row's
 *  path is that start and this: export/search-file.ts). */
export function pathSegment(id: unknown): string {
  return encodeURIComponent(String(id));
}
