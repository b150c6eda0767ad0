// The bulk files are enough for offline analysis: office contacts per member office and quarter (4.3), recomputed with
// one plain SQL query over communications.csv as DuckDB loads it with the dictionary's types, equal the API's own
// /insights/office-contacts rows (walked to the end through the gateway).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { e2eConfig, openE2eApp, type E2eApp } from '../e2e/harness.ts';

let duck: Warehouse;
let app: E2eApp;
let bulk: string;

beforeAll(async () => {
  const config = await e2eConfig();
  bulk = path.join(config.siteRoot, 'current', 'bulk');
  duck = await openWarehouse(':memory:');
  app = await openE2eApp();
});
afterAll(() => duck.close());

async function apiRows(first: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let next: string | null = first;
  while (next) {
    const page: { body: { data: Record<string, unknown>[]; next_cursor: string | null } } = await app.json(next);
    const body = page.body;
    rows.push(...body.data);
    next = body.next_cursor ? `${first}${first.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(body.next_cursor)}` : null;
  }
  return rows;
}

describe('offline analysis from the bulk files', () => {
  it('reproduces office contacts per quarter from communications.csv alone', async () => {
    const offline = await duck.all<Record<string, unknown>>(`
      select member_person_id as person_id,
          strftime(date, '%Y') || 'Q' || quarter(date) as quarter,
          count(*)::integer as communications,
          count(*) filter (where method = 'meeting')::integer as meeting,
          count(*) filter (where method = 'call')::integer as call,
          count(*) filter (where method = 'email')::integer as email,
          count(*) filter (where method = 'written')::integer as written,
          count(*) filter (where method = 'other')::integer as other
      from read_csv('${path.join(bulk, 'communications.csv')}', header = true,
          columns = {'id': 'VARCHAR', 'registration_id': 'VARCHAR', 'lobbyist_person_id': 'BIGINT', 'office_holder_person_id': 'BIGINT',
            'office_holder_raw': 'VARCHAR', 'office': 'VARCHAR', 'office_holder_type': 'VARCHAR', 'member_person_id': 'BIGINT',
            'method': 'VARCHAR', 'method_raw': 'VARCHAR', 'date': 'DATE', 'first_seen_date': 'DATE'})
      where member_person_id is not null -- a member's office: the member, or staff resolved to the member
      group by all
      order by person_id, quarter`);
    // the API splits a quarter that spans a change of term into one row per term: add those up
    const api = new Map<string, Record<string, number>>();
    for (const r of await apiRows('/insights/office-contacts?limit=500')) {
      if (r.quarter === 'term') continue;
      const key = `${r.person_id}|${r.quarter}`;
      const sum = api.get(key) ?? { communications: 0, meeting: 0, call: 0, email: 0, written: 0, other: 0 };
      for (const k of Object.keys(sum)) sum[k]! += Number(r[k]);
      api.set(key, sum);
    }
    expect(offline.length).toBeGreaterThan(20);
    expect(offline.length).toBe(api.size);
    for (const row of offline) {
      const { person_id, quarter, ...counts } = row;
      expect(api.get(`${person_id}|${quarter}`), `${person_id} ${quarter}`).toEqual(counts);
    }
  });
});
