// A contract counts for one supplier everywhere: /contracts?supplier=, noncompetitive-share, the timeline and the groups agree.
import { beforeAll, describe, expect, it } from 'vitest';
import { openE2eApp, type E2eApp } from './harness.ts';
import { loadMerges, r2, type Merges, type Row } from './cross-figures-support.ts';
import { walkAll } from './walk.ts';

let gw: E2eApp;
let merges: Merges;
let contracts: Row[];
beforeAll(async () => {
  gw = await openE2eApp();
  merges = await loadMerges(gw);
  contracts = await walkAll<Row>(gw, '/contracts');
});

const sum = (xs: (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);

describe('contract suppliers', () => {
  it('name a supplier for every contract whose detail carries a published L6 link, one that a link names', async () => {
    const wrong: string[] = [];
    let linked = 0;
    for (const c of contracts) {
      const detail = (await gw.json<Row>(`/contracts/${encodeURIComponent(c.id)}`)).body.data;
      const l6 = (detail.links as Row[]).filter((l) => l.task === 'L6');
      if (l6.length === 0) continue;
      linked++;
      // the key-resolved supplier (an equal organisation key) is also a published L6 candidate in the sample, so the
      // supplier is always one of the linked organisations, read through the merges
      const named = [...new Set(l6.map((l) => merges.canon(Number(l.to_id))))].sort((a, b) => a! - b!);
      if (detail.supplier_organization_id === null || !named.includes(detail.supplier_organization_id)) {
        wrong.push(`${c.id}: supplier ${detail.supplier_organization_id}, L6 links name ${named.join(', ')}`);
      }
    }
    expect(linked).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it('count the same contracts and amounts in /contracts?supplier=, noncompetitive-share and the procurement timeline', async () => {
    const share = await walkAll<Row>(gw, '/insights/noncompetitive-share?scope=supplier&reason=*');
    const suppliers = new Set<number>([...(await walkAll<Row>(gw, '/organizations')).map((o) => o.id as number),
      ...contracts.map((c) => c.supplier_organization_id).filter((id) => id !== null), ...share.map((r) => Number(r.scope_id))]);
    const fromContracts = new Map<string, Row>(), fromShare = new Map<string, Row>();
    const listed = new Map<string, string[]>(), awarded = new Map<string, string[]>();
    for (const x of [...suppliers].sort((a, b) => a - b)) {
      const dated = (await walkAll<Row>(gw, `/contracts?supplier=${x}`)).filter((c) => c.date !== null);
      const nc = dated.filter((c) => c.kind === 'non_competitive');
      const rows = (await walkAll<Row>(gw, `/insights/noncompetitive-share?scope=supplier&scope_id=${x}&reason=*`)).filter((r) => r.reason === '*');
      const events = (await walkAll<Row>(gw, `/insights/procurement-timeline?organization=${x}`)).filter((e) => e.event === 'contract_awarded');
      if (dated.length + rows.length + events.length === 0) continue;
      const key = `supplier ${x}`;
      fromContracts.set(key, { all_contracts: dated.length, all_amount: r2(sum(dated.map((c) => c.amount))), contracts: nc.length, amount: r2(sum(nc.map((c) => c.amount))) });
      fromShare.set(key, { all_contracts: sum(rows.map((r) => r.all_contracts)), all_amount: r2(sum(rows.map((r) => r.all_amount))),
        contracts: sum(rows.map((r) => r.contracts)), amount: r2(sum(rows.map((r) => r.amount))) });
      listed.set(key, dated.map((c) => `${c.id} ${c.amount}`).sort());
      awarded.set(key, events.map((e) => `${e.contract_id} ${e.amount}`).sort());
    }
    expect([...fromContracts.values()].some((r) => r.all_contracts > 0)).toBe(true);
    expect(fromShare).toEqual(fromContracts);
    expect(awarded).toEqual(listed);
  });

  it('sum to each corporate group\'s figures over its member organisations', async () => {
    const published = new Map<string, Row>(), recounted = new Map<string, Row>();
    for (const g of await walkAll<Row>(gw, '/groups')) {
      const detail = (await gw.json<Row>(`/groups/${g.id}`)).body.data;
      const members = (detail.member_organizations as Row[]).map((m) => m.id as number);
      // a contract or registration reached through two members (merged records) counts once
      const groupContracts = new Map<string, Row>(), regs = new Set<string>();
      for (const m of members) {
        for (const c of await walkAll<Row>(gw, `/contracts?supplier=${m}`)) groupContracts.set(c.id, c);
        for (const r of await walkAll<Row>(gw, `/registrations?client=${m}`)) regs.add(r.id);
      }
      let communications = 0;
      for (const r of regs) communications += (await walkAll<Row>(gw, `/communications?registration=${r}`)).length;
      const amounts = [...groupContracts.values()].map((c) => c.amount as number | null).filter((a) => a !== null);
      const figures = (x: Row) => ({ contracts: x.contracts, contract_amount: x.contract_amount, registrations: x.registrations, communications: x.communications });
      recounted.set(`group ${g.id} detail`, { contracts: groupContracts.size, contract_amount: amounts.length ? r2(sum(amounts)) : null, registrations: regs.size, communications });
      recounted.set(`group ${g.id} list`, recounted.get(`group ${g.id} detail`)!);
      published.set(`group ${g.id} detail`, figures(detail));
      published.set(`group ${g.id} list`, figures(g));
    }
    expect([...recounted.values()].some((r) => r.contracts > 0 && r.communications > 0)).toBe(true);
    expect(published).toEqual(recounted);
  });
});
