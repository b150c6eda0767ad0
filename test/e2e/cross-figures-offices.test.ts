// A member office's contacts are one set of figures: the person detail, the office-contacts term rows and a recount agree.
import { beforeAll, describe, expect, it } from 'vitest';
import { openE2eApp, type E2eApp } from './harness.ts';
import { distinct, isOffice, loadMerges, r4, termsFromRoles, type Merges, type Row } from './cross-figures-support.ts';
import { walkAll } from './walk.ts';

const METHODS = ['meeting', 'call', 'email', 'written', 'other'] as const;

let gw: E2eApp;
let merges: Merges;
let clientOf: Map<string, number | null>;
let people: Row[]; // every member's detail
let termRows: Map<number, Row[]>; // person → office-contacts rows with quarter "term"
let contacts: Map<number, Row[]>; // person → communications that reached the office
let termOf: (date: string) => string | null;

beforeAll(async () => {
  gw = await openE2eApp();
  merges = await loadMerges(gw);
  clientOf = new Map((await walkAll<Row>(gw, '/registrations')).map((r) => [r.id, merges.canon(r.client_organization_id)]));
  const members = await walkAll<Row>(gw, '/people?role=member_of_council');
  people = [];
  termRows = new Map();
  contacts = new Map();
  for (const m of members) {
    people.push((await gw.json<Row>(`/people/${m.id}`)).body.data);
    termRows.set(m.id, await walkAll<Row>(gw, `/insights/office-contacts?person=${m.id}&quarter=term`));
    contacts.set(m.id, (await walkAll<Row>(gw, `/communications?member=${m.id}`)).filter(isOffice));
  }
  const terms = termsFromRoles(people);
  termOf = (date) => terms.find((t) => date >= t.from && date <= t.to)?.term ?? null;
});

/** The office figures of a set of communications, in the shape of the detail's by_term entries. */
function figures(cs: Row[]) {
  const byMethod = Object.fromEntries(METHODS.map((m) => [m, cs.filter((c) => c.method === m).length]));
  return {
    communications: cs.length,
    to_member: cs.filter((c) => c.office_holder_type === 'member_of_council').length,
    to_staff: cs.filter((c) => c.office_holder_type === 'councillor_staff').length,
    registrations: distinct(cs.map((c) => c.registration_id)),
    organizations: distinct(cs.map((c) => clientOf.get(c.registration_id))),
    lobbyists: distinct(cs.map((c) => c.lobbyist_person_id)),
    first_date: cs.length ? cs.map((c) => c.date as string).sort()[0] : null,
    last_date: cs.length ? cs.map((c) => c.date as string).sort().at(-1) : null,
    by_method: { ...byMethod, not_stated: cs.filter((c) => c.method === null).length },
  };
}

/** person → their communications per term, recounted; communications in no term under "(no term)". */
function recountByTerm() {
  const out = new Map<number, Map<string, Row[]>>();
  for (const [person, cs] of contacts) {
    const byTerm = new Map<string, Row[]>();
    for (const c of [...cs].sort((a, b) => a.date.localeCompare(b.date))) {
      const term = termOf(c.date) ?? '(no term)';
      byTerm.set(term, [...(byTerm.get(term) ?? []), c]);
    }
    out.set(person, new Map([...byTerm].sort(([a], [b]) => a.localeCompare(b))));
  }
  return out;
}

describe('member office contacts', () => {
  it('person detail by_term = a recount from /communications?member= and /registrations, term by term', () => {
    const published = new Map(people.map((p) => [p.id as number, p.office_contacts?.by_term]));
    const recounted = new Map([...recountByTerm()].map(([person, terms]) => [person, [...terms].map(([term, cs]) => ({ term, ...figures(cs) }))]));
    expect([...recounted.values()].flat().length).toBeGreaterThan(20);
    expect([...recounted.values()].flat().filter((t) => t.term === '(no term)')).toEqual([]); // every communication has a term
    expect(published).toEqual(recounted);
  });

  it('office-contacts term rows = the same recount, with staff_share = to_staff / communications', () => {
    const published = new Map([...termRows].map(([person, rows]) => [person, rows.map((r) => ({
      term: r.term, communications: r.communications, registrations: r.registrations, organizations: r.organizations, lobbyists: r.lobbyists,
      ...Object.fromEntries([...METHODS, 'not_stated'].map((m) => [m, r[m]])), staff_share: r.staff_share,
    }))]));
    const recounted = new Map([...recountByTerm()].map(([person, terms]) => [person, [...terms].map(([term, cs]) => {
      const f = figures(cs);
      return { term, communications: f.communications, registrations: f.registrations, organizations: f.organizations, lobbyists: f.lobbyists,
        ...f.by_method, staff_share: r4(f.to_staff / f.communications) };
    })]));
    expect([...published.values()].flat().length).toBeGreaterThan(20);
    expect(published).toEqual(recounted);
  });

  it('person detail by_term = the office-contacts term rows', () => {
    const fromDetail = new Map<string, Row>(), fromInsight = new Map<string, Row>();
    const keep = (r: Row) => ({ communications: r.communications, registrations: r.registrations, organizations: r.organizations, lobbyists: r.lobbyists });
    for (const p of people) {
      for (const t of (p.office_contacts?.by_term ?? []) as Row[]) {
        fromDetail.set(`${p.id} ${t.term}`, { ...keep(t), ...t.by_method, staff_share: t.communications ? r4(t.to_staff / t.communications) : null });
      }
      for (const r of termRows.get(p.id) ?? []) {
        fromInsight.set(`${p.id} ${r.term}`, { ...keep(r), ...Object.fromEntries([...METHODS, 'not_stated'].map((m) => [m, r[m]])), staff_share: r.staff_share });
      }
    }
    expect(fromInsight.size).toBeGreaterThan(20);
    expect(fromDetail).toEqual(fromInsight);
  });

  it('count each communication under one method, and the overall figures are the sums over terms', () => {
    const overall = new Map<number, Row>(), summed = new Map<number, Row>();
    const unbalanced: string[] = [];
    const balance = (what: string, n: number, m: Row | undefined) => {
      const total = [...METHODS, 'not_stated'].reduce((s, k) => s + (m?.[k] ?? NaN), 0);
      if (total !== n) unbalanced.push(`${what}: ${n} communications, methods add to ${total}`);
    };
    const noTerm = new Map([...recountByTerm()].map(([person, terms]) => [person, terms.get('(no term)') ?? []]));
    for (const p of people) {
      const oc = p.office_contacts as Row;
      const byTerm = (oc.by_term ?? []) as Row[];
      const rest = figures(noTerm.get(p.id) ?? []);
      overall.set(p.id, { communications: oc.communications, by_method: oc.by_method });
      summed.set(p.id, {
        communications: byTerm.reduce((s, t) => s + t.communications, rest.communications),
        by_method: Object.fromEntries([...METHODS, 'not_stated'].map((m) => [m, byTerm.reduce((s, t) => s + (t.by_method?.[m] ?? NaN), (rest.by_method as Row)[m])])),
      });
      if (oc.communications > 0) balance(`person ${p.id}`, oc.communications, oc.by_method);
      for (const t of byTerm) balance(`person ${p.id} detail ${t.term}`, t.communications, t.by_method);
      for (const r of termRows.get(p.id) ?? []) balance(`person ${p.id} office-contacts ${r.term}`, r.communications, r);
    }
    expect([...overall.values()].filter((o) => o.communications > 0).length).toBeGreaterThan(5);
    expect(unbalanced).toEqual([]);
    expect(overall).toEqual(summed);
  });

  it('lists no office contacts for anyone but the members compared here', async () => {
    const members = new Set(people.map((p) => p.id as number));
    const others = (await walkAll<Row>(gw, '/insights/office-contacts?quarter=term')).filter((r) => !members.has(r.person_id));
    expect(others.map((r) => `${r.person_id} ${r.term}`)).toEqual([]);
  });
});
