// Which feeds an export has and which records each holds: every new registration, those of each topic of the
// taxonomy and of each ward a registration lies in, the communications with each member's office (member_office=1),
// each organisation's registrations and communications as client or firm, and the registrations that entered their
// upcoming window (all, and per topic). A feed holds its newest MAX_ENTRIES records, newest first.
import type { FeedKind } from '../../api/schemas/feeds.ts';
import {
  communicationEntry, communicationOrder, registrationEntry, registrationOrder, upcomingEntry, upcomingOrder, type EntryContext, type FeedEntry,
} from './entries.ts';
import type { FeedRows } from './read-rows.ts';

/** Entries per feed: the newest records (an Atom reader keeps what it has seen). */
export const MAX_ENTRIES = 100;

export interface FeedPlan {
  /** The feed's name: `/feeds/{name}.atom`. */
  name: string;
  kind: FeedKind;
  subject: string | number | null;
  title: string;
  subtitle: string;
  /** The API answer the feed follows (its newest records), for a person or program to read in full. */
  alternate: string;
  entries: FeedEntry[];
}

/** Every feed of the export, in a fixed order (by kind as FEED_KINDS lists them, then subject). */
export function planFeeds(rows: FeedRows, ctx: EntryContext): FeedPlan[] {
  const base = ctx.baseUrl;
  // every record as a candidate, newest first, made once: each feed's candidates are then already in order, and a
  // record's entry is made only when some feed holds it among its newest (most do not)
  const reg = _items(rows.registrations, registrationOrder, (r) => registrationEntry(r, ctx));
  const com = _items(rows.communications, communicationOrder, (c) => communicationEntry(c, ctx));
  const upc = _items(rows.upcoming, upcomingOrder, (u) => upcomingEntry(u, ctx));
  const topicLabel = new Map(rows.topics.map((t) => [t.id, t.label]));
  const feeds: FeedPlan[] = [];
  const add = (plan: Omit<FeedPlan, 'entries'>, items: readonly Item<object>[]) => feeds.push({ ...plan, entries: items.slice(0, MAX_ENTRIES).map((i) => i.entry()) });

  add({ name: 'registrations', kind: 'registrations', subject: null, title: 'New lobbying registrations', alternate: `${base}/registrations`,
    subtitle: 'Subject-matter registrations of the Toronto Lobbyist Registry, newest first by the date the registry first showed them' },
  reg);

  const byTopic = _groups(reg, (r) => (r.topic === null ? [] : [r.topic]));
  for (const t of rows.topics) {
    add({ name: `registrations-topic-${t.id}`, kind: 'registrations_topic', subject: t.id, title: `New lobbying registrations: ${t.label}`,
      alternate: `${base}/registrations?topic=${t.id}`, subtitle: `Registrations of the topic ${t.label}, newest first by the date the registry first showed them` },
    byTopic.get(t.id) ?? []);
  }

  const byWard = _groups(reg, (r) => r.wards);
  for (const ward of [...byWard.keys()].sort((a, b) => a - b)) {
    add({ name: `registrations-ward-${ward}`, kind: 'registrations_ward', subject: ward, title: `New lobbying registrations: ward ${ward}`,
      alternate: `${base}/registrations?ward=${ward}`, subtitle: `Registrations with a site in ward ${ward}, newest first by the date the registry first showed them` },
    byWard.get(ward)!);
  }

  const byMember = _groups(com, (c) => (c.member_office === 1 && c.member_person_id !== null ? [c.member_person_id] : []));
  for (const member of [...byMember.keys()].sort((a, b) => a - b)) {
    const list = byMember.get(member)!;
    const name = list.find((c) => c.row.member_name)?.row.member_name ?? `person ${member}`;
    add({ name: `communications-member-${member}`, kind: 'member_office', subject: member, title: `Lobbying communications with ${name}'s office`,
      alternate: `${base}/communications?member=${member}&member_office=1`,
      subtitle: `Communications with ${name} or ${name}'s staff, newest first by the date the registry first showed them` },
    list);
  }

  const orgNames = new Map<number, string>();
  for (const r of rows.registrations) {
    if (r.client_organization_id !== null && r.client_name) orgNames.set(r.client_organization_id, r.client_name);
    if (r.firm_organization_id !== null && r.firm_name) orgNames.set(r.firm_organization_id, r.firm_name);
  }
  const parties = <T extends { client_organization_id: number | null; firm_organization_id: number | null }>(x: T) =>
    [...new Set([x.client_organization_id, x.firm_organization_id].filter((o): o is number => o !== null))];
  const orgRegistrations = _groups(reg, parties);
  const orgCommunications = _groups(com, parties);
  for (const org of [...orgRegistrations.keys()].sort((a, b) => a - b)) {
    const name = orgNames.get(org) ?? `organisation ${org}`;
    add({ name: `organization-${org}`, kind: 'organization', subject: org, title: `Lobbying by or for ${name}`, alternate: `${base}/organizations/${org}`,
      subtitle: `New registrations and communications where ${name} is the client or the firm, newest first by the date the registry first showed them` },
    _merged(orgRegistrations.get(org)!, orgCommunications.get(org) ?? []));
  }

  add({ name: 'upcoming', kind: 'upcoming', subject: null, title: 'Registrations entering their upcoming window', alternate: `${base}/insights/upcoming`,
    subtitle: 'Open registrations without an agenda item yet whose expected window has opened, newest window first' },
  upc);
  const upcomingByTopic = _groups(upc, (u) => (u.topic === null ? [] : [u.topic]));
  for (const t of rows.topics) {
    add({ name: `upcoming-topic-${t.id}`, kind: 'upcoming_topic', subject: t.id, title: `Registrations entering their upcoming window: ${topicLabel.get(t.id)}`,
      alternate: `${base}/insights/upcoming?topic=${t.id}`,
      subtitle: `Open registrations of the topic ${t.label} without an agenda item yet whose expected window has opened, newest window first` },
    upcomingByTopic.get(t.id) ?? []);
  }
  return feeds;
}

/** A record as a feed candidate: the row, its entry's order key, and its entry made on first demand. */
interface Item<T> {
  row: T;
  order: string;
  entry: () => FeedEntry;
}

/** The rows as candidates, newest first (by order key, descending). */
function _items<T extends object>(rows: readonly T[], order: (row: T) => string, make: (row: T) => FeedEntry): Item<T>[] {
  const items = rows.map((row) => {
    let entry: FeedEntry | undefined;
    return { row, order: order(row), entry: () => (entry ??= make(row)) };
  });
  return items.sort(_newestFirst);
}

/** Two candidate lists, each newest first, as one: the newest MAX_ENTRIES of both. */
function _merged(a: readonly Item<object>[], b: readonly Item<object>[]): Item<object>[] {
  return [...a.slice(0, MAX_ENTRIES), ...b.slice(0, MAX_ENTRIES)].sort(_newestFirst);
}

function _newestFirst(a: { order: string }, b: { order: string }): number {
  return a.order < b.order ? 1 : a.order > b.order ? -1 : 0;
}

/** Candidates grouped by the keys of their rows, each group in the candidates' order. */
function _groups<T, K>(items: readonly Item<T>[], keys: (row: T) => readonly K[]): Map<K, Item<T>[]> {
  const out = new Map<K, Item<T>[]>();
  for (const item of items) {
    for (const key of keys(item.row)) {
      let list = out.get(key);
      if (!list) out.set(key, list = []);
      list.push(item);
    }
  }
  return out;
}
