// Lobbying on an agenda item is one count: item-lobbying, each item's lobbying summary and a recount from L1 links agree.
import { beforeAll, describe, expect, it } from 'vitest';
import type { E2eApp } from './harness.ts';
import { CITIES, dayNum, distinct, groupBy, isOffice, loadMerges, openCity, stripVersion, type Merges, type Row } from './cross-figures-support.ts';
import { walkAll } from './walk.ts';

// the suites of each city below run one after the other, each loading these first
let gw: E2eApp;
let merges: Merges;
let items: Row[];
let linked: Map<string, string[]>; // agenda item id → registrations with a published L1 link to it
let clientOf: Map<string, number | null>;
let commsOf: Map<string, Row[]>; // registration → its communications
let details: Map<string, Row>; // agenda item id → detail, for the items with a linked registration

async function load(config: (typeof CITIES)[number][1]) {
  gw = await openCity(config);
  merges = await loadMerges(gw);
  items = await walkAll<Row>(gw, '/agenda-items');
  const l1 = await walkAll<Row>(gw, '/links?task=L1');
  linked = new Map([...groupBy(l1, (l) => l.to_id)].map(([item, ls]) => [item, [...new Set(ls.map((l) => l.from_id as string))].sort()]));
  clientOf = new Map((await walkAll<Row>(gw, '/registrations')).map((r) => [r.id, merges.canon(r.client_organization_id)]));
  commsOf = new Map();
  for (const r of new Set(l1.map((l) => l.from_id as string))) commsOf.set(r, await walkAll<Row>(gw, `/communications?registration=${encodeURIComponent(r)}`));
  details = new Map();
  for (const id of linked.keys()) details.set(id, (await gw.json<Row>(`/agenda-items/${encodeURIComponent(id)}`)).body.data);
}

/** The communications on an item's linked registrations dated within [to - days, to] (days null: any day up to to). */
function commsBefore(itemId: string, to: string | null, days: number | null): Row[] {
  if (!to) return [];
  return (linked.get(itemId) ?? []).flatMap((r) => commsOf.get(r) ?? [])
    .filter((c) => dayNum(c.date) <= dayNum(to) && (days === null || dayNum(c.date) >= dayNum(to) - days));
}

/** The counts both figures share, over one set of communications. */
function counts(cs: Row[]) {
  return {
    registrations: distinct(cs.map((c) => c.registration_id)),
    organizations: distinct(cs.map((c) => clientOf.get(c.registration_id))),
    lobbyists: distinct(cs.map((c) => c.lobbyist_person_id)),
    communications: cs.length,
    members_contacted: distinct(cs.filter(isOffice).map((c) => c.member_person_id)),
  };
}

const summaryOf = (id: string) => { const { basis: _b, ...figures } = details.get(id)!.lobbying as Row; return figures; };

// the default city too: there some linked registrations have no communication before the vote
describe.each(CITIES)('lobbying on agenda items on the %s', (_city, config) => {
  beforeAll(() => load(config));

  it('item-lobbying = a recount from /links?task=L1 and /communications?registration=', async () => {
    const published = new Map(stripVersion(await walkAll<Row>(gw, '/insights/item-lobbying')).map((r) => [`${r.agenda_item_id} ${r.window}`, r]));
    const expected = new Map<string, Row>();
    for (const it of items.filter((i) => i.first_vote_date)) {
      const votes = (details.get(it.id)?.votes ?? []) as Row[];
      const voters = new Set(votes.filter((v) => v.vote === 'Yes' || v.vote === 'No').map((v) => v.person_id));
      for (const window of [30, 90, 180]) {
        const cs = commsBefore(it.id, it.first_vote_date, window);
        const offices = new Set(cs.filter(isOffice).map((c) => c.member_person_id));
        const { members_contacted, ...rest } = counts(cs);
        expected.set(`${it.id} ${window}`, { agenda_item_id: it.id, window, first_vote_date: it.first_vote_date, ward: it.ward, committee_code: it.committee_code,
          title: it.title, ...rest, member_communications: cs.filter(isOffice).length, members_contacted,
          members_contacted_who_voted: [...offices].filter((p) => voters.has(p)).length });
      }
    }
    expect([...expected.values()].filter((r) => r.members_contacted > 0).length).toBeGreaterThan(3);
    expect(published).toEqual(expected);
  });

  it('each item\'s lobbying summary = a recount of its linked registrations\' communications up to the vote (or meeting)', () => {
    const published = new Map<string, Row>(), expected = new Map<string, Row>();
    for (const it of items.filter((i) => linked.has(i.id))) {
      const regs = linked.get(it.id)!;
      const cs = commsBefore(it.id, it.first_vote_date ?? it.meeting_date, null);
      published.set(it.id, summaryOf(it.id));
      expected.set(it.id, { linked_registrations: regs.length, linked_organizations: distinct(regs.map((r) => clientOf.get(r))), ...counts(cs) });
    }
    expect([...expected.values()].filter((r) => r.communications > 0 && r.members_contacted > 0).length).toBeGreaterThan(0);
    expect(published).toEqual(expected);
  });

  it('the summary and item-lobbying\'s 180-day row agree where every counted communication is within 180 days', async () => {
    const rows = new Map((await walkAll<Row>(gw, '/insights/item-lobbying?window=180')).map((r) => [r.agenda_item_id as string, r]));
    const over: string[] = [];
    const fromRow = new Map<string, Row>(), fromSummary = new Map<string, Row>();
    for (const it of items.filter((i) => linked.has(i.id) && i.first_vote_date)) {
      const row = rows.get(it.id)!, summary = summaryOf(it.id);
      if (row.communications > summary.communications) over.push(`${it.id}: 180 days ${row.communications} > summary ${summary.communications}`);
      // the summary counts every day up to the vote; the window only its last 180 days
      if (commsBefore(it.id, it.first_vote_date, null).length !== commsBefore(it.id, it.first_vote_date, 180).length) continue;
      const pick = (x: Row) => ({ registrations: x.registrations, organizations: x.organizations, lobbyists: x.lobbyists,
        communications: x.communications, members_contacted: x.members_contacted });
      fromRow.set(it.id, pick(row));
      fromSummary.set(it.id, pick(summary));
    }
    expect(over).toEqual([]);
    expect([...fromRow.values()].some((r) => r.communications > 0)).toBe(true);
    expect(fromSummary).toEqual(fromRow);
  });
});
