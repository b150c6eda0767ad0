// Differential tests of the trend insights on the default city: each table recomputed here, independently of the
// pipeline's SQL, from the published list and detail endpoints only (/communications, /registrations, /links,
// /agenda-items, /people/{id}, /topics, and /insights/lead-times for the upcoming windows), must equal what the API
// publishes, row for row; the ITS document must equal the statistics run on the published mayor-share rows.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { interruptedTimeSeries } from '../../pipeline/stats/its.ts';
import { poissonUpperTail } from '../../pipeline/stats/poisson.ts';
import { openDefaultCity, type CityApp } from './default-city-app.ts';
import { day, isoDay, monthsFrom, quantile, quarterOf, round } from './insights-trends-recompute.ts';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let app: CityApp;
let comms: Row[];
let regs: Map<string, Row>;
let exportDate: string;
beforeAll(async () => {
  ({ app } = await openDefaultCity());
  comms = await app.list<Row>('/communications');
  regs = new Map((await app.list<Row>('/registrations')).map((r) => [r.id, r]));
  exportDate = (await app.list<Row>('/insights/lead-times?topic=*'))[0]!.model_version;
}, 900_000);

const strip = (rows: Row[]) => rows.map(({ model_version: _m, ...r }) => r);

describe('mayor share', () => {
  it('equals the ITS statistics run on the published rows of category all', async () => {
    const { body } = await app.json<Row>('/insights/mayor-share/its');
    const rows = (await app.list<Row>('/insights/mayor-share?category=all')).filter((r) => r.all_member_offices > 0);
    const { licence: _l, attribution: _a, ...doc } = body;
    expect(doc).toEqual({ ...interruptedTimeSeries(rows.map((r) => ({ quarter: r.quarter, share: r.mayor_office / r.all_member_offices })),
      body.intervention_date), model_version: exportDate });
  });

  it('equals a recount from /communications, /registrations and the members\' roles and committees in /people/{id}', async () => {
    const seed = readFileSync('pipeline/seeds/mayor_share_categories.csv', 'utf8').trim().split('\n').slice(1)
      .map((l) => l.split(',')).map(([subject, category]) => [subject!.trim().toLowerCase(), category!.trim()] as const);
    const categoryOf = new Map(seed);
    const termEnd: Record<string, string> = { '2006-2010': '2010-11-30', '2010-2014': '2014-11-30', '2014-2018': '2018-11-30', '2018-2022': '2022-11-14', '2022-2026': '2026-11-14', '2026-2030': '2030-11-14' };
    const contacts = comms.filter((c) => c.member_person_id !== null);
    const people = new Map<number, Row>();
    for (const id of new Set(contacts.map((c) => c.member_person_id as number))) people.set(id, (await app.json<Row>(`/people/${id}`)).body.data);
    const holds = (id: number, date: string, pick: (p: Row) => Row[]) => pick(people.get(id)!).some((r) => date >= r.start_date && date <= r.end_date);
    const mayorRoles = (p: Row) => p.roles.filter((r: Row) => r.role === 'mayor');
    const exSeats = (p: Row) => p.committees.filter((c: Row) => c.committee_code === 'EX' && c.start_date)
      .map((c: Row) => ({ start_date: c.start_date, end_date: c.end_date ?? termEnd[c.term] }));
    // every member's seats, for the quarters' coverage (appointments of members never contacted count too)
    const allEx: Row[] = [];
    for (const p of (await app.list<Row>('/people?role=member_of_council'))) allEx.push(...exSeats((await app.json<Row>(`/people/${p.id}`)).body.data));
    const exportDay = day(exportDate);
    const its = (await app.json<Row>('/insights/mayor-share/its')).body;
    const t0 = Number(its.intervention_quarter.slice(0, 4)) * 4 + Number(its.intervention_quarter.slice(5)) - 1;
    const lastQuarter = quarterOf(isoDay(exportDay + 1)) - 1;
    const firstQuarter = Math.min(...contacts.map((c) => quarterOf(c.date)));
    const counts = new Map<string, { all: number; mayor: number; exec: number }>();
    for (const c of contacts) {
      const q = quarterOf(c.date);
      if (q > lastQuarter) continue;
      const toMayor = holds(c.member_person_id, c.date, mayorRoles);
      const toExec = !toMayor && holds(c.member_person_id, c.date, exSeats);
      const cats = new Set(['all', ...(regs.get(c.registration_id)!.subjects as string[]).map((s) => categoryOf.get(s.trim().toLowerCase())).filter((x): x is string => !!x)]);
      for (const cat of cats) {
        const k = `${q}|${cat}`;
        const n = counts.get(k) ?? { all: 0, mayor: 0, exec: 0 };
        n.all++; if (toMayor) n.mayor++; if (toExec) n.exec++;
        counts.set(k, n);
      }
    }
    const expected: Row[] = [];
    for (let q = firstQuarter; q <= lastQuarter; q++) {
      const start = day(`${Math.floor(q / 4)}-${String((q % 4) * 3 + 1).padStart(2, '0')}-01`);
      const end = day(new Date(Date.UTC(Math.floor(q / 4), (q % 4) * 3 + 3, 1)).toISOString().slice(0, 10));
      let covered = true;
      for (let d = start; d < end && covered; d++) covered = allEx.some((s) => isoDay(d) >= s.start_date && isoDay(d) <= s.end_date);
      for (const cat of ['all', 'planning_development', 'budget', 'housing']) {
        const n = counts.get(`${q}|${cat}`) ?? { all: 0, mayor: 0, exec: 0 };
        expected.push({ quarter: `${Math.floor(q / 4)}Q${(q % 4) + 1}`, category: cat, mayor_office: n.mayor, all_member_offices: n.all,
          share: n.all ? round(n.mayor / n.all, 4) : null, executive_committee_share: n.all && covered ? round(n.exec / n.all, 4) : null,
          post: q >= t0 ? 1 : 0 });
      }
    }
    expect(strip(await app.list<Row>('/insights/mayor-share'))).toEqual(expected);
  });
});

describe('topic volume, lead times, upcoming', () => {
  it('topic volume equals a recount of /registrations by topic and approval month, with the Poisson tail', async () => {
    const topics = (await app.json<{ data: Row[] }>('/topics')).body.data.map((t) => t.id as string).sort();
    const approved = [...regs.values()].filter((r) => r.initial_approval_date);
    const months = monthsFrom(approved.map((r) => r.initial_approval_date.slice(0, 7)).sort()[0]!, exportDate.slice(0, 7));
    const expected = topics.flatMap((topic) => {
      const n = months.map((m) => approved.filter((r) => r.topic === topic && r.initial_approval_date.startsWith(m)).length);
      return months.map((month, i) => {
        const sum = i >= 12 ? n.slice(i - 12, i).reduce((a, b) => a + b, 0) : null;
        const p = sum === null ? null : poissonUpperTail(n[i]!, sum / 12);
        return { topic, month, registrations: n[i], baseline: sum === null ? null : round(sum / 12, 4), p_value: p, spike: p !== null && n[i]! >= 5 && p < 0.01 ? 1 : 0 };
      });
    });
    expect(strip(await app.list<Row>('/insights/topic-volume'))).toEqual(expected);
  });

  it('lead times and upcoming windows equal a recomputation from /links, /agenda-items and /registrations', async () => {
    const meeting = new Map((await app.list<Row>('/agenda-items')).map((i) => [i.id, i.meeting_date as string]));
    const linkedTo = new Map<string, string[]>();
    for (const l of await app.list<Row>('/links?task=L1')) linkedTo.set(l.from_id, [...(linkedTo.get(l.from_id) ?? []), l.to_id]);
    const leads: { topic: string | null; lead: number | null }[] = [];
    for (const [id, items] of linkedTo) {
      const r = regs.get(id)!;
      if (!r.initial_approval_date) continue;
      const after = items.map((i) => meeting.get(i)).filter((d): d is string => !!d && d >= r.initial_approval_date).sort();
      leads.push({ topic: r.topic, lead: after.length ? day(after[0]!) - day(r.initial_approval_date) : null });
    }
    const topics = ['*', ...(await app.json<{ data: Row[] }>('/topics')).body.data.map((t) => t.id as string)].sort();
    const expected = topics.map((topic) => {
      const mine = leads.filter((l) => topic === '*' || l.topic === topic);
      const xs = mine.map((l) => l.lead).filter((x): x is number => x !== null).sort((a, b) => a - b);
      const q = (p: number) => (xs.length ? round(quantile(xs, p), 2) : null);
      return { topic, n: xs.length, p10: q(0.1), p25: q(0.25), p50: q(0.5), p75: q(0.75), p90: q(0.9),
        mean: xs.length ? round(xs.reduce((a, b) => a + b, 0) / xs.length, 2) : null, excluded_n: mine.length - xs.length };
    });
    const published = await app.list<Row>('/insights/lead-times');
    expect(strip(published)).toEqual(expected);

    const byTopic = new Map(published.map((r) => [r.topic, r]));
    const pooled = byTopic.get('*')!;
    const upcoming = [...regs.values()].filter((r) => r.status === 'active' && !linkedTo.has(r.id)).map((r) => {
      const own = byTopic.get(r.topic);
      const basis = !r.initial_approval_date ? 'none' : own && own.n >= 20 ? 'topic' : pooled.n >= 20 ? 'pooled' : 'none';
      const d = basis === 'topic' ? own! : basis === 'pooled' ? pooled : null;
      const end = d ? day(r.initial_approval_date) + Math.ceil(d.p75) : null;
      return { registration_id: r.id, topic: r.topic, client_organization_id: r.client_organization_id, initial_approval_date: r.initial_approval_date,
        basis, basis_n: d ? d.n : r.initial_approval_date ? pooled.n : 0, window_start: d ? isoDay(day(r.initial_approval_date) + Math.floor(d.p25)) : null,
        window_end: end === null ? null : isoDay(end), overdue: end === null ? null : day(exportDate) > end ? 1 : 0 };
    });
    expect(strip(await app.list<Row>('/insights/upcoming'))).toEqual(upcoming);
  });
});

describe('disclosure lag', () => {
  it('equals a recomputation from /communications and /registrations', async () => {
    const first = comms.map((c) => c.first_seen_date as string).sort()[0]!;
    const measured = comms.filter((c) => c.date >= first).map((c) => ({ c, r: regs.get(c.registration_id)!, lag: day(c.first_seen_date) - day(c.date) }));
    const groups = new Map<string, { type: string; id: string | null; lags: number[] }>();
    const add = (type: string, id: string | null, lag: number) => {
      const k = `${type}|${id}`;
      (groups.get(k) ?? groups.set(k, { type, id, lags: [] }).get(k)!).lags.push(lag);
    };
    for (const { c, r, lag } of measured) {
      add('all', null, lag);
      if (r.firm_organization_id !== null) add('firm', String(r.firm_organization_id), lag);
      if (c.lobbyist_person_id !== null) add('lobbyist', String(c.lobbyist_person_id), lag);
      for (const s of new Set(r.subjects as string[])) add('subject', s, lag);
    }
    const rank: Record<string, number> = { all: 1, firm: 2, lobbyist: 3, subject: 4 };
    const key = (g: { type: string; id: string | null }) => `${rank[g.type]} ${g.type === 'firm' || g.type === 'lobbyist' ? g.id!.padStart(12, '0') : g.id ?? ''}`;
    const expected = [...groups.values()].sort((a, b) => (key(a) < key(b) ? -1 : 1)).map((g) => {
      const xs = [...g.lags].sort((a, b) => a - b);
      const late = xs.filter((x) => x > 3).length;
      return { subject_type: g.type, subject_id: g.id, communications: xs.length, late, late_share: round(late / xs.length, 4),
        median_lag_days: round(quantile(xs, 0.5), 2), p90_lag_days: round(quantile(xs, 0.9), 2), measurement: null };
    });
    expect(day(first) + 183).toBeLessThan(day(exportDate)); // the default city's history spans more than 6 months
    expect(strip(await app.list<Row>('/insights/disclosure-lag'))).toEqual(expected);
  });
});
