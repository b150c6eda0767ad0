// Differential tests of the activity insights: each table is recomputed here, independently of the SQL models, from
// the e2e city's published list and detail endpoints (/communications, /registrations, /links, /agenda-items and their
// votes) through the gateway, and must equal the published insight rows, in order.
import { beforeAll, describe, expect, it } from 'vitest';
import { openE2eApp, type E2eApp } from './harness.ts';
import { walkAll } from './walk.ts';

interface Comm { id: string; registration_id: string; lobbyist_person_id: number | null; office_holder_type: string; member_person_id: number | null; method: string | null; date: string }
interface Reg { id: string; client_organization_id: number | null; firm_organization_id: number | null; lobbyist_person_id: number | null; subjects: string[] | null; initial_approval_date: string | null }
interface Item { id: string; first_vote_date: string | null; ward: number | null; committee_code: string | null; title: string | null }
interface Detail { motions: { motion_number: number; vote_date: string | null }[]; votes: { motion_number: number; person_id: number | null; vote: string }[] }
type Row = Record<string, unknown>;

// Toronto's council terms (the dates int_terms holds): a communication or vote belongs to the term containing its date
const TERMS = [['2006-2010', '2006-12-01', '2010-11-30'], ['2010-2014', '2010-12-01', '2014-11-30'], ['2014-2018', '2014-12-01', '2018-11-30'],
  ['2018-2022', '2018-12-01', '2022-11-14'], ['2022-2026', '2022-11-15', '2026-11-14'], ['2026-2030', '2026-11-15', '2030-11-14']];
const termOf = (date: string) => TERMS.find(([, a, b]) => date >= a! && date <= b!)?.[0] ?? null;
const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
const dayNum = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
const isOffice = (c: Comm) => c.member_person_id !== null && ['member_of_council', 'councillor_staff'].includes(c.office_holder_type);
const distinct = <T>(xs: T[]) => new Set(xs.filter((x) => x !== null && x !== undefined)).size;
const byKey = <T>(xs: T[], key: (x: T) => string) => { const m = new Map<string, T[]>(); for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]); return m; };
const strip = (rows: Row[]) => rows.map(({ model_version: _v, ...r }) => r);

let gw: E2eApp;
let comms: Comm[];
let regs: Map<string, Reg>;
let l1: { from_id: string; to_id: string }[];
let items: Item[];

beforeAll(async () => {
  gw = await openE2eApp();
  comms = await walkAll<Comm>(gw, '/communications');
  regs = new Map((await walkAll<Reg>(gw, '/registrations')).map((r) => [r.id, r]));
  l1 = await walkAll(gw, '/links?task=L1');
  items = await walkAll<Item>(gw, '/agenda-items');
});

const detail = async (id: string) => (await gw.json<{ data: Detail }>(`/agenda-items/${id}`)).body.data;

describe('office contacts = recomputed from /communications', () => {
  it('has the same rows, counts, staff shares and ranks in the same order', async () => {
    const office = comms.filter(isOffice).map((c) => ({ ...c, term: termOf(c.date)!, quarter: `${c.date.slice(0, 4)}Q${Math.ceil(Number(c.date.slice(5, 7)) / 3)}` }));
    const groups = [...byKey(office, (c) => `${c.term}|${c.quarter}|${c.member_person_id}`), ...byKey(office, (c) => `${c.term}|term|${c.member_person_id}`)];
    const rows = groups.map(([key, cs]) => {
      const [term, quarter, person] = key.split('|');
      const n = (m: string) => cs.filter((c) => c.method === m).length;
      return { person_id: Number(person), term, quarter, communications: cs.length, registrations: distinct(cs.map((c) => c.registration_id)),
        organizations: distinct(cs.map((c) => regs.get(c.registration_id)!.client_organization_id)), lobbyists: distinct(cs.map((c) => c.lobbyist_person_id)),
        meeting: n('meeting'), call: n('call'), email: n('email'), written: n('written'), other: n('other'),
        not_stated: cs.filter((c) => c.method === null).length,
        staff_share: r4(cs.filter((c) => c.office_holder_type === 'councillor_staff').length / cs.length), rank: 0 };
    });
    for (const same of byKey(rows, (r) => `${r.term}|${r.quarter}`).values()) {
      for (const r of same) r.rank = 1 + same.filter((o) => o.communications > r.communications).length; // ties share a rank
    }
    const sortKey = (r: typeof rows[number]) => `${r.term} ${r.quarter === 'term' ? '~' : r.quarter} ${String(r.rank).padStart(6, '0')} ${String(r.person_id).padStart(12, '0')}`;
    rows.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
    expect(rows.length).toBeGreaterThan(20);
    expect(strip(await walkAll(gw, '/insights/office-contacts'))).toEqual(rows);
  });
});

describe('meeting rates = recomputed from communication methods', () => {
  it('has the same rows, rates, office rates, ratios and suppression', async () => {
    const office = comms.filter(isOffice).flatMap((c) => {
      const reg = regs.get(c.registration_id)!;
      return ['*', ...new Set(reg.subjects ?? [])].map((category) => ({ ...c, category, firm: reg.firm_organization_id }));
    });
    const subjects = office.flatMap((c) => [
      ...(c.lobbyist_person_id !== null ? [['lobbyist', String(c.lobbyist_person_id)], ['pair', `${c.lobbyist_person_id}:${c.member_person_id}`]] : []),
      ...(c.firm !== null ? [['firm', String(c.firm)]] : []), ['office', String(c.member_person_id)],
    ].map(([type, id]) => ({ type: type!, id: id!, c })));
    const officeCounts = byKey(office, (c) => `${c.member_person_id}|${c.category}`);
    const rows = [...byKey(subjects, (s) => `${s.type}|${s.id}|${s.c.member_person_id}|${s.c.category}`)].map(([key, ss]) => {
      const [subject_type, subject_id, person, category] = key.split('|') as [string, string, string, string];
      const all = officeCounts.get(`${person}|${category}`)!;
      const meetings = ss.filter((s) => s.c.method === 'meeting').length;
      const officeMeetings = all.filter((c) => c.method === 'meeting').length;
      const rate = ss.length >= 10 ? meetings / ss.length : null;
      const officeRate = all.length >= 10 ? officeMeetings / all.length : null;
      const suppressed = ss.length < 10 && all.length < 10 ? 'fewer than 10 communications for the subject and for the office'
        : ss.length < 10 ? 'fewer than 10 communications for the subject'
        : all.length < 10 ? 'fewer than 10 communications for the office: no office rate or ratio'
        : officeRate === 0 ? 'no ratio: the office had no meetings in this category' : null;
      return { subject_type, subject_id, office: Number(person), category, communications: ss.length, meetings,
        rate: rate === null ? null : r4(rate), office_rate: officeRate === null ? null : r4(officeRate),
        ratio: rate !== null && officeRate ? r4(rate / officeRate) : null, suppressed };
    });
    const pad = (id: string) => id.split(':').map((x) => x.padStart(12, '0')).join(':');
    const sortKey = (r: typeof rows[number]) => `${r.subject_type} ${pad(r.subject_id)} ${String(r.office).padStart(12, '0')} ${r.category === '*' ? '0' : `1${r.category}`}`;
    rows.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
    expect(rows.filter((r) => r.rate !== null).length).toBeGreaterThan(5);
    expect(strip(await walkAll(gw, '/insights/meeting-rates'))).toEqual(rows);
  });
});

describe('item lobbying = recomputed from /links and /communications', () => {
  it('has the same counts for every voted item and window', async () => {
    const linked = byKey(l1, (l) => l.to_id);
    const byReg = byKey(comms, (c) => c.registration_id);
    const published = await walkAll<Row>(gw, '/insights/item-lobbying');
    const expected: Row[] = [];
    for (const it of items.filter((i) => i.first_vote_date)) {
      const regIds = [...new Set((linked.get(it.id) ?? []).map((l) => l.from_id))];
      const near = regIds.flatMap((r) => byReg.get(r) ?? []);
      const voters = near.some(isOffice) ? new Set((await detail(it.id)).votes.filter((v) => v.vote === 'Yes' || v.vote === 'No').map((v) => v.person_id)) : new Set();
      for (const window of [30, 90, 180]) {
        const cs = near.filter((c) => dayNum(c.date) <= dayNum(it.first_vote_date!) && dayNum(c.date) >= dayNum(it.first_vote_date!) - window);
        const offices = new Set(cs.filter(isOffice).map((c) => c.member_person_id));
        expected.push({ agenda_item_id: it.id, window, first_vote_date: it.first_vote_date, ward: it.ward, committee_code: it.committee_code, title: it.title,
          registrations: distinct(cs.map((c) => c.registration_id)), organizations: distinct(cs.map((c) => regs.get(c.registration_id)!.client_organization_id)),
          lobbyists: distinct(cs.map((c) => c.lobbyist_person_id)), communications: cs.length, member_communications: cs.filter(isOffice).length,
          members_contacted: offices.size, members_contacted_who_voted: [...offices].filter((p) => voters.has(p)).length });
      }
    }
    expect(expected.filter((r) => (r.members_contacted as number) > 0).length).toBeGreaterThan(3);
    expect(strip(published)).toEqual(expected); // /agenda-items lists items in the same natural id order
  });
});

describe('deviation = recomputed from the published votes, /links and /communications', () => {
  it('has the same counts, rates, differences and suppression per member and term', async () => {
    const linked = byKey(l1, (l) => l.to_id);
    const contacts = comms.filter(isOffice);
    const counts = new Map<string, { person_id: number; term: string; lv: number; ld: number; uv: number; ud: number }>();
    for (const it of items.filter((i) => i.first_vote_date)) {
      const d = await detail(it.id);
      const regIds = new Set((linked.get(it.id) ?? []).map((l) => l.from_id));
      const reached = contacts.filter((c) => regIds.has(c.registration_id));
      for (const m of d.motions) {
        const date = m.vote_date ?? it.first_vote_date!;
        const votes = d.votes.filter((v) => v.motion_number === m.motion_number && (v.vote === 'Yes' || v.vote === 'No'));
        for (const v of votes.filter((x) => x.person_id !== null)) {
          const others = votes.filter((x) => x !== v);
          const yes = others.filter((x) => x.vote === 'Yes').length, no = others.length - yes;
          if (yes === no) continue; // a tie has no bloc
          const term = termOf(date)!;
          const lobbied = reached.some((c) => c.member_person_id === v.person_id && dayNum(c.date) <= dayNum(date) && dayNum(c.date) >= dayNum(date) - 180);
          const key = `${term}|${v.person_id}`;
          const row = counts.get(key) ?? { person_id: v.person_id!, term, lv: 0, ld: 0, uv: 0, ud: 0 };
          const deviated = v.vote !== (yes > no ? 'Yes' : 'No') ? 1 : 0;
          if (lobbied) { row.lv++; row.ld += deviated; } else { row.uv++; row.ud += deviated; }
          counts.set(key, row);
        }
      }
    }
    const rows = [...counts.values()].map((c) => {
      const lr = c.lv >= 10 ? c.ld / c.lv : null, ur = c.uv >= 10 ? c.ud / c.uv : null;
      return { person_id: c.person_id, term: c.term, lobbied_votes: c.lv, lobbied_deviations: c.ld, lobbied_rate: lr === null ? null : r4(lr),
        unlobbied_votes: c.uv, unlobbied_deviations: c.ud, unlobbied_rate: ur === null ? null : r4(ur),
        difference: lr !== null && ur !== null ? r4(lr - ur) : null,
        suppressed: c.lv < 10 && c.uv < 10 ? 'fewer than 10 lobbied and fewer than 10 unlobbied votes'
          : c.lv < 10 ? 'fewer than 10 lobbied votes' : c.uv < 10 ? 'fewer than 10 unlobbied votes' : null };
    }).sort((a, b) => a.term.localeCompare(b.term) || a.person_id - b.person_id);
    expect(rows.some((r) => r.lobbied_votes > 0)).toBe(true);
    expect(strip(await walkAll(gw, '/insights/deviation'))).toEqual(rows);
  });
});

describe('former officials = consistent with /registrations and /communications', () => {
  it('counts the registrations and communications after leaving office', async () => {
    const rows = await walkAll<Row>(gw, '/insights/former-officials');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const left = r.left_office as string;
      const after = [...regs.values()].filter((g) => g.lobbyist_person_id === r.lobbyist_person_id && g.initial_approval_date! > left);
      const first = after.map((g) => g.initial_approval_date!).sort()[0] ?? null;
      expect(r.registrations).toBe(after.length);
      expect(r.first_registration_after).toBe(first);
      const sent = comms.filter((c) => c.lobbyist_person_id === r.lobbyist_person_id && c.date > left);
      expect(r.communications).toBe(sent.length);
      expect(r.communications_to_former_colleagues).toBeLessThanOrEqual(sent.filter(isOffice).length);
      if (first) {
        const [y1, m1, d1] = left.split('-').map(Number), [y2, m2, d2] = first.split('-').map(Number);
        const lastDay = new Date(Date.UTC(y2!, m2!, 0)).getUTCDate(); // a month ending earlier than the day left counts as whole
        expect(r.months_after_leaving).toBe((y2! - y1!) * 12 + (m2! - m1!) - (d2! < d1! && d2! < lastDay ? 1 : 0));
      }
    }
  });
});

describe('malformed activity-insight filters', () => {
  it.each([
    ['/insights/item-lobbying?window=45', 'window'],
    ['/insights/item-lobbying?agenda_item=2024.PH', 'agenda_item'],
    ['/insights/office-contacts?quarter=2024Q5', 'quarter'],
    ['/insights/meeting-rates?subject_type=pair&subject_id=17', 'subject_id'],
    ['/insights/meeting-rates?subject_type=office&subject_id=17:4', 'subject_id'],
    ['/insights/deviation?term=2022', 'term'],
    ['/insights/former-officials?role=lobbyist', 'role'],
  ])('%s answers 400 with the error body naming %s', async (url, param) => {
    const { status, body } = await gw.json<{ error: string; message: string }>(url);
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_parameter');
    expect(body.message).toContain(param);
  });
});
