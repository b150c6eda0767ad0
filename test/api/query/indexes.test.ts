// The filter indexes of one Arrow column: a date column keeps day numbers and not its row texts (a string per row
// kept for the export's life), other ranged text columns keep their texts; bounds over dates give what comparing the
// texts would, whole dates or not.
import { Table, Utf8, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { buildIndexes, fromDayNumber, toDayNumber } from '../../../api/query/indexes.ts';
import { compileFilters } from '../../../api/query/predicates.ts';
import type { ListRoute } from '../../../api/routes/types.ts';

const route = {
  id: 'things.list', kind: 'list', resource: 'things', table: 'things', params: [
    { name: 'from', in: 'query', type: 'string', description: '', filter: { kind: 'gte', column: 'day' } },
    { name: 'to', in: 'query', type: 'string', description: '', filter: { kind: 'lte', column: 'day' } },
    { name: 'month_from', in: 'query', type: 'string', description: '', filter: { kind: 'gte', column: 'month' } },
  ],
} as unknown as ListRoute;

const days = ['2022-11-23', null, '2019-01-31', '2024-02-29', '0999-12-31'];
const months = ['2022-11', '2019-01', null, '2024-02', '0999-12'];
const table = new Table({ day: vectorFromArray(days, new Utf8()), month: vectorFromArray(months, new Utf8()) });

/** Rows passing the compiled filters, or every row the bound by text comparison admits (the reference). */
function rowsMatching(filters: Record<string, string>): number[] {
  const compiled = compileFilters(route, buildIndexes(route, table), new Map(Object.entries(filters)));
  if (compiled === 'none') return [];
  return days.map((_, row) => row).filter((row) => compiled.tests.every((test) => test(row)));
}

describe('filter indexes', () => {
  it('day numbers and dates convert both ways, early years included', () => {
    for (const d of ['2022-11-23', '0999-12-31', '2024-02-29']) expect(fromDayNumber(toDayNumber(d)!)).toBe(d);
    expect(toDayNumber('2022-11')).toBeUndefined();
  });

  it('a date column keeps day numbers, not its texts; a month column keeps its texts', () => {
    const indexes = buildIndexes(route, table);
    const day = indexes.get('day')!;
    const month = indexes.get('month')!;
    expect(day.shape === 'scalar' && day.texts).toBeNull();
    expect(day.shape === 'scalar' && [...day.days!]).toEqual([20221123, -2147483648, 20190131, 20240229, 9991231]);
    expect(month.shape === 'scalar' && month.texts).toEqual(months);
  });

  it('bounds on a date column match what comparing the texts would, for whole dates and other bounds', () => {
    const byText = (bound: string, kind: 'gte' | 'lte') => days.flatMap((t, row) => (t !== null && (kind === 'gte' ? t >= bound : t <= bound) ? [row] : []));
    for (const bound of ['2022-11-23', '2020-01-01', '2022-11', '2', '0999-12-31', '2024-02-29T']) {
      expect(rowsMatching({ from: bound }), `from=${bound}`).toEqual(byText(bound, 'gte'));
      expect(rowsMatching({ to: bound }), `to=${bound}`).toEqual(byText(bound, 'lte'));
    }
    expect(rowsMatching({ month_from: '2022-01' })).toEqual([0, 3]);
  });
});
