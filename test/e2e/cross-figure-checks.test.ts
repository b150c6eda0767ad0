// The night's data checks hold the cross-figure rules: on a copy of the e2e city's warehouse each passes, and each
// fails once a table breaks its rule the way a future model could (a merged organisation published apart, a
// supplier known only through L6 left out, office counts that drift, a lobbying summary outside its cut).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { e2eConfig } from './harness.ts';
import { openWarehouse, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { runChecks } from '../../pipeline/lib/checks.ts';

const CHECKS = [
  'api_organizations__merged_ids_resolved', 'api_contracts__supplier_resolved', 'api_groups__totals',
  'api_people_detail__office_contacts', 'api_agenda_items_detail__lobbying_cut',
];

let dir: string;
let source: string;
let wh: Warehouse;

async function failures(): Promise<Record<string, number>> {
  const results = await runChecks(wh);
  return Object.fromEntries(results.filter((r) => CHECKS.includes(r.check)).map((r) => [r.check, r.failures]));
}

async function one<T>(sql: string): Promise<T> {
  const [row] = await wh.all<T>(sql);
  if (row === undefined) throw new Error(`the e2e city has no row for: ${sql}`);
  return row;
}

beforeAll(async () => {
  source = (await e2eConfig()).warehousePath;
  dir = mkdtempSync(path.join(tmpdir(), 'cross-figure-checks-'));
});
afterAll(async () => {
  await wh?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await wh?.close();
  const copy = path.join(dir, 'warehouse.duckdb');
  copyFileSync(source, copy);
  wh = await openWarehouse(copy);
});

describe('cross-figure data checks', () => {
  it('all pass on the built city', async () => {
    const result = await failures();
    expect(Object.keys(result).sort()).toEqual([...CHECKS].sort());
    expect(result).toEqual(Object.fromEntries(CHECKS.map((c) => [c, 0])));
  });

  it('fail when a registration names a merged organisation instead of its canonical record', async () => {
    const { merged, canonical } = await one<{ merged: number; canonical: number }>(`select organization_id as merged,
      canonical_id as canonical from int_organization_canonical where not is_canonical
      and canonical_id in (select client_organization_id from api_registrations) order by 1 limit 1`);
    await wh.exec(`update api_registrations set client_organization_id = ${merged} where client_organization_id = ${canonical}`);
    expect((await failures()).api_organizations__merged_ids_resolved).toBeGreaterThan(0);
  });

  it('fail when a contract known only through its published L6 link loses its supplier', async () => {
    const { id } = await one<{ id: string }>(`select c.id from api_contracts as c
      inner join int_contract_suppliers as s on s.contract_id = c.id where s.basis = 'L6' order by 1 limit 1`);
    await wh.exec(`update api_contracts set supplier_organization_id = null where id = '${id}'`);
    const result = await failures();
    expect(result.api_contracts__supplier_resolved).toBeGreaterThan(0);
  });

  it('fail when office contacts count a communication with no method as "other"', async () => {
    const { person } = await one<{ person: number }>(`select person_id as person from api_insight_office_contacts
      where quarter = 'term' and not_stated > 0 order by 1 limit 1`);
    await wh.exec(`update api_insight_office_contacts set other = other + not_stated, not_stated = 0
      where person_id = ${person} and quarter = 'term'`);
    expect((await failures()).api_people_detail__office_contacts).toBeGreaterThan(0);
  });

  it('fail when an agenda item counts organisations outside the communications it counts', async () => {
    const { id } = await one<{ id: string }>(`select id from api_agenda_items_detail
      where cast(doc ->> '$.lobbying.linked_organizations' as integer) > 0 order by 1 limit 1`);
    await wh.exec(`update api_agenda_items_detail set doc = json_merge_patch(doc,
      '{"lobbying": {"communications": 0, "organizations": 1}}') where id = '${id}'`);
    expect((await failures()).api_agenda_items_detail__lobbying_cut).toBeGreaterThan(0);
  });

  it('fail when a group total leaves out a member\'s contract', async () => {
    const groups = await wh.all<{ id: number }>('select id from api_groups where contracts > 0 order by id limit 1');
    if (groups.length === 0) {
      // the e2e city's groups may hold no contract: a group that claims one its members do not have breaks it too
      const [{ id }] = await wh.all<{ id: number }>('select id from api_groups order by id limit 1');
      await wh.exec(`update api_groups set contracts = contracts + 1 where id = ${id}`);
    } else {
      await wh.exec(`update api_groups set contracts = contracts - 1 where id = ${groups[0]!.id}`);
    }
    expect((await failures()).api_groups__totals).toBeGreaterThan(0);
  });
});
