// The night's contract checks come from the API's schemas: an enum value, a missing required field, a malformed
// pattern or date in an api_ table is a failing row, and a value set changed in api/schemas/vocabulary.ts changes the check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractChecks } from '../../pipeline/lib/contract-checks.ts';
import { openWarehouse, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { REGISTRATION_STATUSES } from '../../api/schemas/vocabulary.ts';

let wh: Warehouse;
beforeAll(async () => { wh = await openWarehouse(':memory:'); });
afterAll(() => wh.close());

const checkOf = (name: string) => {
  const found = contractChecks().find((c) => c.check === name);
  if (!found) throw new Error(`no contract check ${name}`);
  return found.sql;
};

describe('contract checks', () => {
  it('derive one check per constrained field of every list route', () => {
    const names = contractChecks().map((c) => c.check);
    expect(names).toContain('api_registrations__contract_status');
    expect(names).toContain('api_communications__contract_office_holder_type');
    expect(names).toContain('api_agenda_items__contract_id');
    expect(names).toContain('api_groups__contract_bases');
    expect(new Set(names).size).toBe(names.length);
  });

  it('fail rows outside a value set, and accept every value of it and null where nullable', async () => {
    await wh.exec(`create or replace table api_registrations as
      select * from (values ${[...REGISTRATION_STATUSES, null, 'closed by LRO', 'pending'].map((v) => (v === null ? '(null)' : `('${v}')`)).join(', ')}) as t(status)`);
    const failing = await wh.all<{ value: string }>(checkOf('api_registrations__contract_status'));
    expect(failing.map((r) => r.value).sort()).toEqual(['closed by LRO', 'pending']);
  });

  it('fail a missing required value, a malformed pattern, a malformed date and a list item outside its set', async () => {
    await wh.exec(`create or replace table api_communications as
      select * from (values ('2024-01-31', 'member_of_council'), (null, 'unknown'), ('31/01/2024', null)) as t(date, office_holder_type)`);
    expect(await wh.all(checkOf('api_communications__contract_date'))).toHaveLength(2);
    expect(await wh.all(checkOf('api_communications__contract_office_holder_type'))).toHaveLength(1);
    await wh.exec(`create or replace table api_agenda_items as
      select * from (values ('2023.PH5.12'), ('2023-PH5-12')) as t(id)`);
    expect(await wh.all<{ value: string }>(checkOf('api_agenda_items__contract_id'))).toEqual([{ value: '2023-PH5-12' }]);
    await wh.exec(`create or replace table api_groups as
      select * from (values (['manual', 'shared_address']), (['manual', 'friends']), ([]::varchar[])) as t(bases)`);
    expect(await wh.all(checkOf('api_groups__contract_bases'))).toHaveLength(1);
  });
});
