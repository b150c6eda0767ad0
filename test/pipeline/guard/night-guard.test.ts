// The night guard's verdicts (drops beyond the threshold, tables gone, files not read whole, exact acceptances), the
// refusal an operator reads, and ACCEPT_DROPS / MAX_DROP_PERCENT / KEEP_EXPORTS as resolved from the environment.
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../config/resolve.ts';
import { assertNight, checkNight, NightGuardError } from '../../../pipeline/guard/night-guard.ts';
import { publishedTableCounts } from '../../../pipeline/guard/live-counts.ts';
import { openWarehouse } from '../../../pipeline/db/warehouse.ts';

const published = { sources: { src_a: 1000, src_b: 50, src_gone: 10, src_empty: 0 }, tables: { api_x: 200 } };
const base = { published, files: [], maxDropPercent: 2, accept: new Map<string, number>() };

describe('checkNight', () => {
  it('passes rises, equal counts and drops within the threshold', () => {
    const r = checkNight({ ...base, tonight: { sources: { src_a: 980, src_b: 60, src_gone: 10, src_empty: 0, src_new: 5 }, tables: { api_x: 200 } } });
    expect(r).toEqual({ failures: [], accepted: [] });
  });

  it('fails a drop beyond the threshold, a table gone and a file not read whole', () => {
    const r = checkNight({
      ...base,
      tonight: { sources: { src_a: 979, src_b: 50, src_empty: 0 }, tables: { api_x: 199 } },
      files: [{ sourceFile: 'meeting-schedule/x.csv', reason: 'no recognised header row; file not read', rows: 0 }],
    });
    expect(r.failures.map((f) => [f.kind, f.name, f.tonight, f.reason])).toEqual([
      ['source', 'src_a', 979, '1000 → 979 rows (−2.1 %)'],
      ['source', 'src_gone', 0, '10 → 0 rows (−100.0 %)'],
      ['file', 'meeting-schedule/x.csv', 0, 'no recognised header row; file not read (0 rows read)'],
    ]);
    // api_x lost 0.5 %: within the threshold.
  });

  it('accepts exactly tonight\'s count for a name, and nothing less', () => {
    const tonight = { sources: { src_a: 900, src_b: 50, src_gone: 10, src_empty: 0 }, tables: { api_x: 200 } };
    const exact = checkNight({ ...base, tonight, accept: new Map([['src_a', 900]]) });
    expect(exact.failures).toEqual([]);
    expect(exact.accepted.map((f) => f.name)).toEqual(['src_a']);
    const stale = checkNight({ ...base, tonight, accept: new Map([['src_a', 950]]) });
    expect(stale.failures.map((f) => f.name)).toEqual(['src_a']);
  });

  it('compares files only when nothing (or an export without counts) is published', () => {
    const r = checkNight({ ...base, published: null, tonight: { sources: {}, tables: {} } });
    expect(r.failures).toEqual([]);
  });

  it('refuses with a report naming every problem and the ACCEPT_DROPS that accepts them', () => {
    const r = checkNight({ ...base, tonight: { sources: { src_a: 500, src_b: 50, src_gone: 10 }, tables: { api_x: 100 } } });
    expect(() => assertNight(r, 'the live export 2026-11-20-0123abcd', 'end of the pipeline')).toThrow(NightGuardError);
    try {
      assertNight(r, 'the live export 2026-11-20-0123abcd', 'end of the pipeline');
    } catch (e) {
      const message = (e as Error).message;
      expect(message).toContain('2 problems against the live export 2026-11-20-0123abcd');
      expect(message).toContain('  - source src_a: 1000 → 500 rows (−50.0 %)');
      expect(message).toContain("ACCEPT_DROPS='src_a=500,api_x=100'");
    }
  });
});

describe('guard and export settings', () => {
  it('resolves ACCEPT_DROPS, MAX_DROP_PERCENT and KEEP_EXPORTS, refusing malformed values', () => {
    const c = resolveConfig({}, { ACCEPT_DROPS: 'src_a=5, campaign-finance/2018/3_Councillor Contributions_2018 Election.csv=0', MAX_DROP_PERCENT: '0', KEEP_EXPORTS: '5' });
    expect([...c.guard.acceptDrops]).toEqual([['src_a', 5], ['campaign-finance/2018/3_Councillor Contributions_2018 Election.csv', 0]]);
    expect(c.guard.maxDropPercent).toBe(0);
    expect(c.keepExports).toBe(5);
    const d = resolveConfig({}, {});
    expect([d.guard.maxDropPercent, d.keepExports, d.guard.acceptDrops.size]).toEqual([2, 3, 0]);
    expect(() => resolveConfig({}, { ACCEPT_DROPS: 'src_a' })).toThrow(/name=count/);
    expect(() => resolveConfig({}, { MAX_DROP_PERCENT: '-1' })).toThrow(/MAX_DROP_PERCENT/);
  });
});

describe('published table counts', () => {
  it('count every api_ record table but not the insight tables computed from them', async () => {
    const wh = await openWarehouse(':memory:');
    await wh.exec(`create table api_registrations as select range as id from range(5);
      create table api_insight_upcoming as select range as id from range(3);
      create table int_registrations as select 1 as id`);
    expect(await publishedTableCounts(wh)).toEqual({ api_registrations: 5 });
    wh.close();
  });
});
