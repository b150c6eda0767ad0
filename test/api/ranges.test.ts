// A lower bound after its upper bound (from after to) is a 400 empty_range on every list that takes such a pair;
// equal bounds stay valid.
import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../../api/query/params.ts';
import { boundPairs } from '../../api/query/ranges.ts';
import { ApiError } from '../../api/errors.ts';
import type { ListRoute, ParamDef } from '../../api/routes/types.ts';
import { routesOfKind } from '../../api/routes.ts';

const ctx = { exportId: '2026-11-20-abcd1234', cursorSecret: 'secret' };
const lists = routesOfKind('list');

/** A valid value of a bound parameter: `early` is before `late` in the parameter's order. */
function valueOf(p: ParamDef, which: 'early' | 'late'): string {
  if (p.format === 'date') return which === 'early' ? '2025-01-01' : '2025-03-01';
  if (p.type === 'integer') return which === 'early' ? '3' : '12';
  if (p.example && /^\d{4}-\d{2}$/.test(p.example)) return which === 'early' ? '2025-01' : '2025-03';
  throw new Error(`no test value for ${p.name}`);
}

function query(r: ListRoute, pairs: Record<string, string>): URLSearchParams {
  const search = new URLSearchParams(pairs);
  for (const p of r.params) if (p.required) search.set(p.name, '1');
  return search;
}

describe('empty ranges', () => {
  it('finds the lower/upper pairs of every list that has one', () => {
    const withPairs = lists.filter((r) => boundPairs(r).length > 0).map((r) => r.path).sort();
    expect(withPairs).toEqual([
      '/agenda-items', '/applications', '/communications', '/contracts', '/insights/item-lobbying',
      '/insights/procurement-timeline', '/insights/topic-volume', '/registrations',
    ]);
  });

  it('answers a lower bound after its upper bound with 400 empty_range naming both', () => {
    for (const r of lists) {
      for (const { lower, upper } of boundPairs(r)) {
        const search = query(r, { [lower.name]: valueOf(lower, 'late'), [upper.name]: valueOf(upper, 'early') });
        let caught: unknown = null;
        try {
          parseListQuery(r, search, ctx);
        } catch (error) {
          caught = error;
        }
        expect(caught, `${r.path}?${search}`).toBeInstanceOf(ApiError);
        const e = caught as ApiError;
        expect([e.status, e.code], `${r.path}?${search}: ${e.message}`).toEqual([400, 'empty_range']);
        expect(e.message).toContain(`"${lower.name}"`);
        expect(e.message).toContain(`"${upper.name}"`);
      }
    }
  });

  it('accepts equal bounds and bounds in order', () => {
    for (const r of lists) {
      for (const { lower, upper } of boundPairs(r)) {
        const same = valueOf(lower, 'early');
        expect(parseListQuery(r, query(r, { [lower.name]: same, [upper.name]: same }), ctx).filters.get(lower.name)).toBeDefined();
        expect(() => parseListQuery(r, query(r, { [lower.name]: valueOf(lower, 'early'), [upper.name]: valueOf(upper, 'late') }), ctx)).not.toThrow();
      }
    }
  });

  it('a bound alone is never an empty range', () => {
    const comms = lists.find((r) => r.id === 'communications.list')!;
    expect(() => parseListQuery(comms, new URLSearchParams('from=2099-01-01'), ctx)).not.toThrow();
    expect(() => parseListQuery(comms, new URLSearchParams('to=1900-01-01'), ctx)).not.toThrow();
  });
});
