// Differential tests of the procurement insights: non-competitive share and firm clients recomputed here,
// independently of the SQL models, from the e2e city's published lists (/contracts, /links?task=L6, /registrations,
// /communications) through the gateway; they must equal the published insight rows, in order.
import { beforeAll, describe, expect, it } from 'vitest';
import { openE2eApp, type E2eApp } from './harness.ts';
import { walkAll } from './walk.ts';
import { recountFirmClients } from './firm-clients-recount.ts';

interface Contract { id: string; kind: string; supplier_organization_id: number | null; amount: number | null; date: string | null; division: string | null; reason: string | null }
interface Link { from_id: string; to_id: string; probability: number | null }
interface Reg { id: string; type: string | null; status: string | null; client_organization_id: number | null; firm_organization_id: number | null;
  lobbyist_person_id: number | null; initial_approval_date: string | null; start_date: string | null; end_date: string | null }
interface Comm { id: string; registration_id: string; lobbyist_person_id: number | null; office_holder_type: string; member_person_id: number | null; date: string }
type Row = Record<string, unknown>;

const r2 = (x: number) => Math.round(x * 100) / 100;
const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
const pad = (n: number | string) => String(n).padStart(12, '0');
const strip = (rows: Row[]) => rows.map(({ model_version: _v, ...r }) => r);
const group = <T>(xs: T[], key: (x: T) => string) => { const m = new Map<string, T[]>(); for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]); return m; };
const sum = (xs: (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);

let gw: E2eApp;
beforeAll(async () => { gw = await openE2eApp(); }, 600_000);

describe('noncompetitive-share = recomputed from /contracts and /links?task=L6', () => {
  it('has the same rows, counts, amounts and shares in the same order', async () => {
    const contracts = await walkAll<Contract>(gw, '/contracts');
    const l6 = await walkAll<Link>(gw, '/links?task=L6');
    // the supplier a count per supplier uses: the key-resolved one, else the highest-scored L6 link, then the lower id
    const best = new Map<string, { org: number; p: number }>();
    for (const l of l6) {
      const org = Number(l.to_id), p = l.probability ?? 0, cur = best.get(l.from_id);
      if (!cur || p > cur.p || (p === cur.p && org < cur.org)) best.set(l.from_id, { org, p });
    }
    // a division list is joined by "," while one division's own name may hold ", "
    const divisions = (d: string | null) => (d ?? '').replace(/, /g, '\u001f').split(',').map((x) => x.replace(/\u001f/g, ', ').trim()).filter(Boolean);
    const dated = contracts.filter((c) => c.date !== null);
    const scoped: { scope: string; scopeId: string; c: Contract }[] = [];
    for (const c of dated) {
      scoped.push({ scope: 'all', scopeId: '', c });
      const supplier = c.supplier_organization_id ?? best.get(c.id)?.org;
      if (supplier !== undefined) scoped.push({ scope: 'supplier', scopeId: String(supplier), c });
      for (const d of new Set(divisions(c.division))) scoped.push({ scope: 'division', scopeId: d, c });
    }
    const rows: (Row & { _sort: string })[] = [];
    for (const [key, xs] of group(scoped, (x) => `${x.scope}|${x.scopeId}|${x.c.date!.slice(0, 4)}`)) {
      const [scope, scopeId, year] = key.split('|') as [string, string, string];
      const all = xs.map((x) => x.c), allAmount = sum(all.map((c) => c.amount));
      const nc = all.filter((c) => c.kind === 'non_competitive');
      const reasons: [string, Contract[]][] = [['*', nc], ...group(nc.filter((c) => c.reason !== null), (c) => c.reason!)];
      for (const [reason, cs] of reasons) {
        const amount = sum(cs.map((c) => c.amount));
        rows.push({
          scope, scope_id: scopeId || null, reason, year: Number(year), contracts: cs.length, amount: r2(amount),
          all_contracts: all.length, all_amount: r2(allAmount), share_count: r4(cs.length / all.length),
          share_amount: allAmount > 0 ? r4(amount / allAmount) : null,
          _sort: [scope === 'all' ? '0' : scope === 'supplier' ? `1${pad(scopeId)}` : `2${scopeId}`, reason === '*' ? '0' : `1${reason}`, year].join('\u001f'),
        });
      }
    }
    rows.sort((a, b) => (a._sort < b._sort ? -1 : a._sort > b._sort ? 1 : 0));
    expect(rows.filter((r) => r.scope === 'supplier').length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.reason !== '*').length).toBeGreaterThan(0);
    expect(strip(await walkAll(gw, '/insights/noncompetitive-share'))).toEqual(rows.map(({ _sort, ...r }) => r));
  });
});

describe('firm-clients = recomputed from /registrations and /communications', () => {
  it('has the same rows and counts in the same order', async () => {
    const published = await walkAll<Row>(gw, '/insights/firm-clients');
    const exportDay = String(published[0]!.model_version).slice(0, 10);
    const rows = recountFirmClients(exportDay, await walkAll<Reg>(gw, '/registrations'), await walkAll<Comm>(gw, '/communications'));
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.some((r) => r.communications > 0 && r.member_offices_contacted > 0)).toBe(true);
    expect(strip(published)).toEqual(rows);
  });
});
