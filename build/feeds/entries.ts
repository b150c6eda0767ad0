// One feed entry per record: a stable tag: id, the date the data gives it (never the build's), a title a person can
// read, a plain-text summary, links to its API record and to the City's own page, and its topic as a category. An
// entry is made once per record and shared by every feed it appears in.
import type { CommunicationRow, RegistrationRow, UpcomingRow } from './read-rows.ts';

export interface FeedLink {
  href: string;
  rel: 'alternate' | 'related' | 'via';
  type?: string;
}

export interface FeedEntry {
  /** `tag:` URI (RFC 4151) that never changes for the record. */
  id: string;
  /** `YYYY-MM-DD`: the entry's date from the data. */
  updated: string;
  /** Orders entries newest first: byte order of this key, descending (the date, then a tie-break on the record). */
  order: string;
  title: string;
  summary: string;
  links: FeedLink[];
  category: { term: string; label: string } | null;
}

export interface EntryContext {
  /** Public base URL ending in /api/v1. */
  baseUrl: string;
}

/**
 * The Lobbyist Registry's own page on the City's open data portal (toronto-sources.md §1.1: package slug
 * `lobbyist-registry`). The registry publishes no page per registration or communication, so this is the City's page
 * an entry can name.
 */
export const REGISTRY_PAGE = 'https://open.toronto.ca/dataset/lobbyist-registry/';

/** The year in the tag: URIs' authority (RFC 4151 §2.1: a date on which the authority held the name); fixed, as an
 *  entry id never changes. */
export const TAG_DATE = '2026';

/** The `tag:` URI of `specific` under the public base URL's host. */
export function tagUri(baseUrl: string, specific: string): string {
  return `tag:${new URL(baseUrl).hostname},${TAG_DATE}:${specific}`;
}

const JSON_TYPE = 'application/json';
const VIA: FeedLink = { href: REGISTRY_PAGE, rel: 'via', type: 'text/html' };

/** The order key of a registration's entry: its date, then its SM number. */
export function registrationOrder(r: RegistrationRow): string {
  return `${r.shown_date} ${_pad(r.sm_digits)}`;
}

/** The order key of a communication's entry: its date, then the communication's own date and id. */
export function communicationOrder(c: CommunicationRow): string {
  return `${c.shown_date} ${c.date ?? ''} ${c.id}`;
}

/** The order key of an upcoming entry: the window's start, then the SM number. */
export function upcomingOrder(u: UpcomingRow): string {
  return `${u.shown_date} ${_pad(u.sm_digits)}`;
}

export function registrationEntry(r: RegistrationRow, ctx: EntryContext): FeedEntry {
  const about = r.topic_label ?? (r.subjects.length ? r.subjects.join(', ') : 'unstated subjects');
  const parts = [
    r.summary ? `${r.summary}.` : null,
    r.subjects.length ? `Subjects: ${r.subjects.join('; ')}.` : null,
    `Client: ${r.client_name ?? 'unnamed'}${r.firm_name ? `; firm: ${r.firm_name}` : ''}${r.lobbyist_name ? `; lobbyist: ${r.lobbyist_name}` : ''}.`,
    _sentence([r.type ? `${r.type.replace('_', '-')} lobbyist` : null, r.status ? `status ${r.status}` : null, r.ward !== null ? `ward ${r.ward}` : null,
      r.initial_approval_date ? `approved ${r.initial_approval_date}` : null]),
    `First shown by the registry: ${r.shown_date}.`,
  ];
  return {
    id: tagUri(ctx.baseUrl, `registration:${r.id}`),
    updated: r.shown_date,
    order: registrationOrder(r),
    title: `Registration ${r.id}: ${r.client_name ?? 'Unnamed client'} lobbying on ${about}`,
    summary: _sentences(parts),
    links: [{ href: `${ctx.baseUrl}/registrations/${r.id}`, rel: 'alternate', type: JSON_TYPE }, VIA],
    category: r.topic && r.topic_label ? { term: r.topic, label: r.topic_label } : null,
  };
}

export function communicationEntry(c: CommunicationRow, ctx: EntryContext): FeedEntry {
  const withWhom = c.member_office === 1 && c.member_name ? `${c.member_name}'s office` : c.office_holder_raw ?? c.office_holder_type.replace(/_/g, ' ');
  const who = c.lobbyist_name ? `${c.lobbyist_name} for ${c.client_name ?? 'an unnamed client'}` : c.client_name ?? 'A lobbyist';
  const parts = [
    `With ${c.office_holder_raw ?? withWhom}${c.office ? `, ${c.office}` : ''}.`,
    `Registration ${c.registration_id}${c.topic_label ? ` on ${c.topic_label}` : ''}.`,
    `First shown by the registry: ${c.shown_date}.`,
  ];
  const list = new URLSearchParams({ registration: c.registration_id, ...(c.date ? { from: c.date, to: c.date } : {}) });
  return {
    id: tagUri(ctx.baseUrl, `communication:${c.id}`),
    updated: c.shown_date,
    order: communicationOrder(c),
    title: `Communication ${c.registration_id}${c.date ? `, ${c.date}` : ''}: ${who} with ${withWhom}${c.method ? ` (${c.method})` : ''}`,
    summary: _sentences(parts),
    links: [
      { href: `${ctx.baseUrl}/communications?${list}`, rel: 'alternate', type: JSON_TYPE },
      { href: `${ctx.baseUrl}/registrations/${c.registration_id}`, rel: 'related', type: JSON_TYPE },
      VIA,
    ],
    category: c.topic && c.topic_label ? { term: c.topic, label: c.topic_label } : null,
  };
}

export function upcomingEntry(u: UpcomingRow, ctx: EntryContext): FeedEntry {
  const about = u.topic_label ?? 'no topic';
  const window = `${u.window_start} to ${u.window_end ?? 'an open end'}`;
  const parts = [
    `An agenda item on registration ${u.id} (${u.client_name ?? 'unnamed client'}, ${about}) is expected from ${window}, from the ${u.basis} lead times.`,
    u.initial_approval_date ? `Approved ${u.initial_approval_date}; no linked agenda item yet.` : 'No linked agenda item yet.',
    u.overdue === 1 ? 'The window has passed (overdue).' : null,
  ];
  const topicQuery = u.topic ? `?${new URLSearchParams({ topic: u.topic })}` : '';
  return {
    id: tagUri(ctx.baseUrl, `upcoming:${u.id}`),
    updated: u.shown_date,
    order: upcomingOrder(u),
    title: `Upcoming ${u.id}: ${u.client_name ?? 'Unnamed client'} on ${about}, an agenda item expected ${window}`,
    summary: _sentences(parts),
    links: [
      { href: `${ctx.baseUrl}/registrations/${u.id}`, rel: 'alternate', type: JSON_TYPE },
      { href: `${ctx.baseUrl}/insights/upcoming${topicQuery}`, rel: 'related', type: JSON_TYPE },
      VIA,
    ],
    category: u.topic && u.topic_label ? { term: u.topic, label: u.topic_label } : null,
  };
}

function _sentences(parts: readonly (string | null)[]): string {
  return parts.filter((p): p is string => !!p).join(' ');
}

/** Clauses as one sentence: joined by commas, capitalised, with a full stop; null without any. */
function _sentence(clauses: readonly (string | null)[]): string | null {
  const text = clauses.filter(Boolean).join(', ');
  return text ? `${text[0]!.toUpperCase()}${text.slice(1)}.` : null;
}

function _pad(n: number): string {
  return String(n).padStart(12, '0');
}
