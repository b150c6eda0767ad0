// Random queries draw each bound on its own; a lower bound after its upper bound is a 400 empty_range
// (test/api/ranges.test.ts), so the differential tests put a drawn pair in order and compare answers over it.
import { boundPairs } from '../../api/query/ranges.ts';
import type { ListRoute, ParamDef } from '../../api/routes/types.ts';

/** Swap every lower/upper pair of `search` that is out of order (dates and months as text, integers as numbers). */
export function orderBounds(route: ListRoute, search: URLSearchParams): void {
  const value = (p: ParamDef) => (p.type === 'integer' ? Number(search.get(p.name)) : search.get(p.name)!);
  for (const { lower, upper } of boundPairs(route)) {
    if (!search.has(lower.name) || !search.has(upper.name) || !(value(lower) > value(upper))) continue;
    const low = search.get(upper.name)!;
    search.set(upper.name, search.get(lower.name)!);
    search.set(lower.name, low);
  }
}
