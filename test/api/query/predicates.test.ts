// Compiled filters: the smallest posting list drives the scan and the test it implies is dropped (each row it yields
// passes that test by construction); every other filter is still tested. The answer is what testing every filter on
// every row gives (engine-vs-sql.test.ts checks the same over every route with random filters).
import { Table, Utf8, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { buildIndexes } from '../../../api/query/indexes.ts';
import { compileFilters } from '../../../api/query/predicates.ts';
import type { ListRoute } from '../../../api/routes/types.ts';

const route = {
  id: 'things.list', kind: 'list', resource: 'things', table: 'things', params: [
    { name: 'colour', in: 'query', type: 'string', description: '', filter: { kind: 'eq', column: 'colour' } },
    { name: 'shape', in: 'query', type: 'string', description: '', filter: { kind: 'eq', column: 'shape' } },
  ],
} as unknown as ListRoute;

const colours = ['red', 'blue', 'red', null, 'red', 'blue', 'red', 'green'];
const shapes = ['square', 'square', 'circle', 'square', 'square', null, 'circle', 'square'];
const table = new Table({ colour: vectorFromArray(colours, new Utf8()), shape: vectorFromArray(shapes, new Utf8()) });
const indexes = buildIndexes(route, table);

/** The rows the compiled filters select: the driver's rows (or every row) passing the remaining tests. */
function selected(filters: Record<string, string>): number[] | 'none' {
  const compiled = compileFilters(route, indexes, new Map(Object.entries(filters)));
  if (compiled === 'none') return 'none';
  const candidates = compiled.driver ? [...compiled.driver] : colours.map((_, row) => row);
  return candidates.filter((row) => compiled.tests.every((test) => test(row)));
}

/** The reference: every filter tested on every row. */
function reference(filters: Record<string, string>): number[] {
  return colours.map((_, row) => row).filter((row) => (filters.colour === undefined || colours[row] === filters.colour)
    && (filters.shape === undefined || shapes[row] === filters.shape));
}

describe('compiled filters', () => {
  it('a lone equality filter is answered by its posting list with no test left to run', () => {
    const compiled = compileFilters(route, indexes, new Map([['colour', 'red']]));
    expect(compiled !== 'none' && compiled.tests).toEqual([]);
    expect(compiled !== 'none' && [...compiled.driver!]).toEqual([0, 2, 4, 6]);
  });

  it('with two filters the shorter list drives and only the other filter is tested', () => {
    const compiled = compileFilters(route, indexes, new Map([['colour', 'blue'], ['shape', 'square']]));
    expect(compiled !== 'none' && [...compiled.driver!]).toEqual([1, 5]); // blue: 2 rows, square: 5
    expect(compiled !== 'none' && compiled.tests.length).toBe(1);
  });

  it('selects what testing every filter on every row selects, for every combination of values', () => {
    for (const colour of [undefined, 'red', 'blue', 'green']) {
      for (const shape of [undefined, 'square', 'circle']) {
        const filters = Object.fromEntries(Object.entries({ colour, shape }).filter(([, v]) => v !== undefined)) as Record<string, string>;
        expect(selected(filters), JSON.stringify(filters)).toEqual(reference(filters));
      }
    }
    expect(selected({ colour: 'purple' })).toBe('none');
  });
});
