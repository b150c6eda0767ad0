// parseListQuery: every failure path answers 400 with the right code and a message naming the parameter.
import { describe, expect, it } from 'vitest';
import { toCursor } from '../../api/query/cursor.ts';
import { isCalendarDate, parseListQuery } from '../../api/query/params.ts';
import { ApiError } from '../../api/errors.ts';
import type { ListRoute } from '../../api/routes/types.ts';
import { routesOfKind } from '../../api/routes.ts';
import { defineInsight, enumParam, intEnumParam, strParam } from '../../api/routes/define.ts';
import { itemLobbying, meetingRates, officeContacts } from '../../api/routes/insights-activity.ts';
import { topicVolume } from '../../api/routes/insights-trends.ts';

const ctx = { exportId: '2026-11-20-abcd1234', cursorSecret: 'secret' };
const route = (id: string) => routesOfKind('list').find((r) => r.id === id)!;
const people = route('people.list');
const comms = route('communications.list');
const agenda = route('agenda-items.list');

function fails(r: ListRoute, qs: string, code: string, ...mentions: string[]): void {
  let caught: unknown;
  try {
    parseListQuery(r, new URLSearchParams(qs), ctx);
  } catch (err) {
    caught = err;
  }
  expect(caught, qs).toBeInstanceOf(ApiError);
  const e = caught as ApiError;
  expect([e.status, e.code], `${qs}: ${e.message}`).toEqual([400, code]);
  for (const m of mentions) expect(e.message).toContain(m);
}

describe('parseListQuery', () => {
  it('accepts no parameters as the canonical query', () => {
    const q = parseListQuery(people, new URLSearchParams(), ctx);
    expect(q).toMatchObject({ limit: 100, cursor: null });
    expect(q.filters.size).toBe(0);
  });

  it('normalises values: integers as numbers, integer-cast enums as numbers, registry order', () => {
    const q = parseListQuery(agenda, new URLSearchParams('recorded=1&ward=007&committee=PH&limit=20'), ctx);
    expect([...q.filters]).toEqual([['ward', 7], ['committee', 'PH'], ['recorded', 1]]);
    expect(q.limit).toBe(20);
  });

  it('gives the same query hash whatever the parameter order, and ignores limit', () => {
    const a = parseListQuery(comms, new URLSearchParams('method=call&from=2023-01-01&limit=5'), ctx);
    const b = parseListQuery(comms, new URLSearchParams('from=2023-01-01&method=call'), ctx);
    expect(a.queryHash).toBe(b.queryHash);
    expect(parseListQuery(comms, new URLSearchParams('method=email'), ctx).queryHash).not.toBe(a.queryHash);
  });

  it('rejects unknown and repeated parameters', () => {
    fails(people, 'nope=1', 'unknown_parameter', '"nope"', 'role');
    fails(people, 'role=mayor&role=lobbyist', 'invalid_parameter', '"role"', 'more than once');
    fails(people, 'limit=5&limit=6', 'invalid_parameter', '"limit"');
  });

  it('rejects malformed integers, out-of-range integers and empty strings', () => {
    for (const v of ['', 'abc', '-1', '1.5', '1e3', ' 1', '0x10', '2147483648', '99999999999999999999']) {
      fails(people, `ward=${encodeURIComponent(v)}`, 'invalid_parameter', '"ward"', 'integer');
    }
    expect(parseListQuery(people, new URLSearchParams('ward=2147483647'), ctx).filters.get('ward')).toBe(2147483647);
    fails(people, 'q=', 'invalid_parameter', '"q"', 'empty');
  });

  it('rejects values outside an enum and values not matching a pattern', () => {
    fails(people, 'role=Mayor', 'invalid_parameter', '"role"', '"mayor"');
    fails(agenda, 'recorded=2', 'invalid_parameter', '"recorded"');
    fails(people, 'term=2022', 'invalid_parameter', '"term"', '2022-2026');
    fails(comms, 'registration=sm12', 'invalid_parameter', '"registration"');
    fails(comms, 'topic=Housing', 'invalid_parameter', '"topic"');
  });

  it('rejects malformed and impossible dates', () => {
    for (const v of ['2023-1-01', '2023/01/01', '2023-02-30', '2023-13-01', '2023-00-10', '2023-04-31', '2100-02-29', 'today']) {
      fails(comms, `from=${v}`, 'invalid_parameter', '"from"', 'YYYY-MM-DD');
    }
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
  });

  it('checks limit: 1..500, digits only', () => {
    for (const v of ['0', '501', '-5', 'ten', '', '1.0']) fails(people, `limit=${v}`, 'invalid_parameter', '"limit"', '1 to 500');
    expect(parseListQuery(people, new URLSearchParams('limit=500'), ctx).limit).toBe(500);
    expect(parseListQuery(people, new URLSearchParams('limit=1'), ctx).limit).toBe(1);
  });

  it('verifies the cursor against the query and the export', () => {
    const q = parseListQuery(comms, new URLSearchParams('method=call'), ctx);
    const token = toCursor({ after: '2023-01-01 C1', query: q.queryHash, export: ctx.exportId }, ctx.cursorSecret);
    const next = parseListQuery(comms, new URLSearchParams({ method: 'call', cursor: token, limit: '7' }), ctx);
    expect(next.cursor).toEqual({ after: '2023-01-01 C1', query: q.queryHash, export: ctx.exportId });
    fails(comms, `method=email&cursor=${token}`, 'invalid_cursor', '"cursor"');
    fails(comms, `method=call&cursor=${token}x`, 'invalid_cursor', '"cursor"');
    fails(comms, 'method=call&cursor=', 'invalid_cursor', '"cursor"');
    const old = toCursor({ after: 'x', query: q.queryHash, export: '2026-11-19-ffff0000' }, ctx.cursorSecret);
    fails(comms, `method=call&cursor=${old}`, 'cursor_expired', '"cursor"');
  });
});

describe('insight parameters', () => {
  const insight = defineInsight('Insights', {
    name: 'test-rates',
    primaryKey: ['subject_type', 'subject_id', 'office', 'category'],
    summary: 'test',
    schema: 'MeetingRatesRow',
    order: 'subject',
    params: [
      enumParam('subject_type', ['lobbyist', 'pair'], 'kind', { kind: 'eq', column: 'subject_type' }),
      strParam('subject_id', 'id', { kind: 'eq', column: 'subject_id' }, { pattern: '^\\d+(:\\d+)?$', example: '12:34' }),
      intEnumParam('window', [30, 90, 180], 'days', { kind: 'eq', column: 'window', cast: 'integer' }),
    ],
    validate: (f) => (f.get('subject_type') === 'pair' && !/^\d+:\d+$/.test(String(f.get('subject_id') ?? '0:0')) ? 'subject_id must be <lobbyist>:<member>' : null),
  });

  it('names the route, path, site resource and table after the insight', () => {
    expect([insight.id, insight.path, insight.resource, insight.table]).toEqual(['insights.test-rates', '/insights/test-rates', 'insights/test-rates', 'api_insight_test_rates']);
    expect(insight.fields.at(-1)).toBe('model_version');
  });

  it('accepts only the listed integers for an integer enum, as numbers', () => {
    expect(parseListQuery(insight, new URLSearchParams('window=90'), ctx).filters.get('window')).toBe(90);
    fails(insight, 'window=45', 'invalid_parameter', 'window', '30, 90, 180');
    fails(insight, 'window=090x', 'invalid_parameter', 'window');
  });

  it('applies the route\'s rule across parameters after each parameter is valid', () => {
    expect(parseListQuery(insight, new URLSearchParams('subject_type=pair&subject_id=12:34'), ctx).filters.size).toBe(2);
    fails(insight, 'subject_type=pair&subject_id=12', 'invalid_parameter', 'subject_id must be <lobbyist>:<member>');
    expect(parseListQuery(insight, new URLSearchParams('subject_type=lobbyist&subject_id=12'), ctx).filters.size).toBe(2);
  });

  it('meeting-rates answers 400 for a pair subject that is not <lobbyist>:<member>, and for a single id given as a pair', () => {
    fails(meetingRates, 'subject_type=pair&subject_id=17', 'invalid_parameter', 'subject_id', 'pair');
    fails(meetingRates, 'subject_type=lobbyist&subject_id=17:4', 'invalid_parameter', 'subject_id');
    expect(parseListQuery(meetingRates, new URLSearchParams('subject_type=pair&subject_id=17:4'), ctx).filters.get('subject_id')).toBe('17:4');
  });

  it('rejects the malformed insight filters of the contract', () => {
    fails(itemLobbying, 'window=45', 'invalid_parameter', 'window');
    fails(officeContacts, 'quarter=2024Q5', 'invalid_parameter', 'quarter');
    fails(topicVolume, 'month_from=2024-13', 'invalid_parameter', 'month_from');
    expect(parseListQuery(officeContacts, new URLSearchParams('quarter=term'), ctx).filters.get('quarter')).toBe('term');
  });
});
