// Bounds given the wrong way round. A lower bound after its upper bound on the same column (`from` after `to`,
// `month_from` after `month_to`) can match no row: it is almost always a swapped pair, not a question whose answer
// is "nothing", so it is refused (400 `empty_range`) rather than answered with an empty page that looks like no data.
import type { ListRoute, ParamDef } from '../routes/types.ts';

/** A lower and an upper bound on one column of a route. */
export interface BoundPair {
  lower: ParamDef;
  upper: ParamDef;
}

const pairsByRoute = new WeakMap<ListRoute, readonly BoundPair[]>();

/** Every pair of a `gte` and an `lte` parameter on the same column of a route (built once per route). */
export function boundPairs(route: ListRoute): readonly BoundPair[] {
  let pairs = pairsByRoute.get(route);
  if (!pairs) {
    const lowers = route.params.filter((p) => p.filter?.kind === 'gte');
    const uppers = route.params.filter((p) => p.filter?.kind === 'lte');
    pairs = lowers.flatMap((lower) => uppers
      .filter((upper) => upper.filter!.column === lower.filter!.column)
      .map((upper) => ({ lower, upper })));
    pairsByRoute.set(route, pairs);
  }
  return pairs;
}

/**
 * The message of the 400 when a lower bound lies after its upper bound, else null. Values are those parseListQuery
 * normalised: dates and months compare as text (fixed-width, so text order is time order), integers as numbers.
 * Equal bounds select one day (or month, or value) and are valid.
 */
export function emptyRangeProblem(route: ListRoute, filters: ReadonlyMap<string, string | number>): string | null {
  for (const { lower, upper } of boundPairs(route)) {
    const from = filters.get(lower.name);
    const to = filters.get(upper.name);
    if (from === undefined || to === undefined || !(from > to)) continue;
    return `Parameter "${lower.name}" (${from}) is after "${upper.name}" (${to}), so the range is empty and no row could match; ` +
      `give "${lower.name}" on or before "${upper.name}" (equal values select that one value)`;
  }
  return null;
}
