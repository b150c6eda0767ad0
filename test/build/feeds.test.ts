// The feed stage on hand-made rows: which feeds there are, the newest 100 records of each newest first, entries
// written as well-formed Atom that a feed parser reads back to the same text (names holding markup, `]]>` and control
// characters included), and the OPML list.
import { parseOpml } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { atomWriter, EMPTY_FEED_UPDATED, toOpml } from '../../build/feeds/atom.ts';
import { planFeeds } from '../../build/feeds/plan.ts';
import type { CommunicationRow, FeedRows, RegistrationRow } from '../../build/feeds/read-rows.ts';
import { parseFeed } from '../helpers/feeds.ts';

const BASE = 'https://example.org/api/v1';
const NASTY = 'Smith & <Sons> "Ltd" ]]> \u0001end';

function registration(i: number): RegistrationRow {
  return {
    id: `SM${1000 + i}`, shown_date: `2026-0${1 + (i % 9)}-1${i % 10}`, sm_digits: 1000 + i,
    client_organization_id: i % 5, client_name: i === 7 ? NASTY : `Client ${i % 5}`, firm_organization_id: i % 2 ? 90 : null, firm_name: i % 2 ? 'Firm' : null,
    lobbyist_person_id: 1, lobbyist_name: 'Lee', type: 'consultant', status: 'active', subjects: ['Housing'], topic: i % 3 ? 'housing' : null,
    topic_label: i % 3 ? 'Housing' : null, summary: null, ward: null, wards: i % 4 ? [i % 4] : [], initial_approval_date: '2025-01-01',
  };
}

function communication(i: number, member: number | null, office: number): CommunicationRow {
  return {
    id: `C${i}`, registration_id: `SM${1000 + (i % 250)}`, shown_date: `2026-1${i % 3}-0${1 + (i % 9)}`, date: '2025-05-05', method: 'meeting',
    office_holder_type: 'member_of_council', office_holder_raw: 'Councillor X', office: null, member_person_id: member, member_name: member ? `Member ${member}` : null,
    member_office: office, lobbyist_person_id: 1, lobbyist_name: 'Lee', client_organization_id: i % 5, client_name: `Client ${i % 5}`, firm_organization_id: null,
    topic: null, topic_label: null,
  };
}

const rows: FeedRows = {
  registrations: Array.from({ length: 250 }, (_, i) => registration(i)),
  communications: [...Array.from({ length: 150 }, (_, i) => communication(i, 7, 1)), communication(500, 8, 0)],
  upcoming: [],
  topics: [{ id: 'housing', label: 'Housing' }, { id: 'transit', label: 'Public transit' }],
};
const plans = planFeeds(rows, { baseUrl: BASE });
const byName = new Map(plans.map((p) => [p.name, p]));
const newestFirst = (a: { d: string; k: string }, b: { d: string; k: string }) => (a.d === b.d ? (a.k < b.k ? 1 : -1) : a.d < b.d ? 1 : -1);

describe('planFeeds', () => {
  it('keeps the newest 100 registrations, newest first, ties by SM number', () => {
    const expected = rows.registrations.map((r) => ({ d: r.shown_date, k: String(r.sm_digits).padStart(12, '0'), id: r.id })).sort(newestFirst).slice(0, 100);
    expect(byName.get('registrations')!.entries.map((e) => e.id)).toEqual(expected.map((r) => `tag:example.org,2026:registration:${r.id}`));
  });

  it('has a feed per topic of the taxonomy (empty ones too), per ward, per member office and per organisation', () => {
    expect(byName.get('registrations-topic-housing')!.entries.length).toBe(100);
    expect(byName.get('registrations-topic-transit')!.entries).toEqual([]);
    expect([...byName.keys()].filter((n) => n.startsWith('registrations-ward-')).sort()).toEqual(['registrations-ward-1', 'registrations-ward-2', 'registrations-ward-3']);
    // member 8's only communication is not with a member's office (member_office=0): no feed
    expect([...byName.keys()].filter((n) => n.startsWith('communications-member-'))).toEqual(['communications-member-7']);
    expect(byName.get('communications-member-7')!.entries.length).toBe(100);
    expect([...byName.keys()].filter((n) => n.startsWith('organization-')).sort()).toEqual(['organization-0', 'organization-1', 'organization-2', 'organization-3', 'organization-4', 'organization-90']);
    // an organisation's feed mixes its registrations and its communications, newest first
    const org = byName.get('organization-1')!.entries;
    expect(org.some((e) => e.id.includes(':communication:')) && org.some((e) => e.id.includes(':registration:'))).toBe(true);
    expect(org.map((e) => e.updated)).toEqual([...org.map((e) => e.updated)].sort().reverse());
  });
});

describe('atomWriter', () => {
  const toAtom = atomWriter(BASE);

  it('writes well-formed Atom a feed parser reads back, markup and control characters in names included', () => {
    const plan = byName.get('organization-2')!;
    const feed = parseFeed(toAtom(plan), plan.name);
    const nasty = feed.entries.find((e) => e.id.endsWith(':registration:SM1007'))!;
    expect(nasty.title).toBe('Registration SM1007: Smith & <Sons> "Ltd" ]]> end lobbying on Housing');
    expect(feed.entries.length).toBe(plan.entries.length);
    expect(feed.updated).toBe(`${plan.entries[0]!.updated}T00:00:00Z`);
  });

  it('dates a feed without entries by a fixed day, not the build\'s clock, and writes the same bytes each time', () => {
    const empty = byName.get('registrations-topic-transit')!;
    expect(parseFeed(toAtom(empty)).updated).toBe(`${EMPTY_FEED_UPDATED}T00:00:00Z`);
    const again = atomWriter(BASE);
    for (const plan of plans) expect(again(plan)).toBe(toAtom(plan));
  });

  it('lists every feed in the OPML', () => {
    const opml = parseOpml(toOpml(plans, BASE)) as { body?: { outlines?: { xmlUrl?: string; text?: string }[] } };
    expect(opml.body!.outlines!.map((o) => o.xmlUrl)).toEqual(plans.map((p) => `${BASE}/feeds/${p.name}.atom`));
    expect(opml.body!.outlines!.find((o) => o.xmlUrl!.endsWith('organization-2.atom'))!.text).toBe('Lobbying by or for Client 2');
  });
});
