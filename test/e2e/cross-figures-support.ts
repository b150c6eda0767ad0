// Shared pieces of the cross-figure suites: the cities, the merges published L3 links make, council terms, counting helpers.
import type { Config } from '../../config/resolve.ts';
import { defaultCity } from './city.ts';
import { e2eConfig, openCityApp, type E2eApp } from './harness.ts';
import { walkAll } from './walk.ts';

export type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The cities a merge test runs on: the e2e city, and the default city, where the sample plants its three spellings
 *  of one consultant firm and where the contribution insights have rows (the e2e city, below the plant scale, has none). */
export const CITIES: [string, () => Promise<Config>][] = [['e2e city', e2eConfig], ['default city', defaultCity]];

export async function openCity(config: () => Promise<Config>): Promise<E2eApp> {
  return openCityApp(await config());
}

export interface Merges {
  /** merged organisation id → the canonical id of its component (merged records only) */
  merged: Map<number, number>;
  /** every component of two or more records, canonical id first, then the merged ids in id order */
  components: number[][];
  /** organisation id → its name as the L3 evidence states it (the record's canonical name) */
  names: Map<number, string>;
  /** the id a figure should name: the canonical record for a merged id, the id itself otherwise */
  canon(id: number | null | undefined): number | null;
}

/**
 * Merges as the published L3 links make them: connected components of the links (merges compose), each with the
 * canonical record that is never a link's `to` end; where that is not one record, the record the API answers for the
 * component's lowest id decides.
 */
export async function loadMerges(gw: E2eApp): Promise<Merges> {
  const links = await walkAll<Row>(gw, '/links?task=L3');
  const parent = new Map<number, number>();
  const find = (x: number): number => { const p = parent.get(x) ?? x; if (p === x) return x; const r = find(p); parent.set(x, r); return r; };
  const tos = new Set<number>();
  const names = new Map<number, string>();
  for (const l of links) {
    for (const end of [l.evidence?.from_record, l.evidence?.to_record]) if (end?.organization_id != null) names.set(Number(end.organization_id), end.name);
    const [a, b] = [Number(l.from_id), Number(l.to_id)];
    tos.add(b);
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }
  const members = new Map<number, number[]>();
  for (const l of links) for (const id of [Number(l.from_id), Number(l.to_id)]) members.set(find(id), [...new Set([...(members.get(find(id)) ?? []), id])]);
  const merged = new Map<number, number>();
  const components: number[][] = [];
  for (const ids of members.values()) {
    ids.sort((a, b) => a - b);
    const roots = ids.filter((id) => !tos.has(id));
    const canonical = roots.length === 1 ? roots[0]! : ((await gw.json<Row>(`/organizations/${ids[0]}`)).body.data?.id as number);
    if (!ids.includes(canonical)) throw new Error(`L3 component ${ids.join(',')}: no canonical record (the API answers ${canonical})`);
    components.push([canonical, ...ids.filter((id) => id !== canonical)]);
    for (const id of ids) if (id !== canonical) merged.set(id, canonical);
  }
  components.sort((a, b) => a[0]! - b[0]!);
  return { merged, components, names, canon: (id) => (id === null || id === undefined ? null : merged.get(id) ?? id) };
}

/** Council terms with their first and last day: the widest span the member_of_council roles of people details give. */
export function termsFromRoles(people: Row[]): { term: string; from: string; to: string }[] {
  const terms = new Map<string, { term: string; from: string; to: string }>();
  for (const r of people.flatMap((p) => p.roles as Row[])) {
    if (r.role !== 'member_of_council' || !r.term || !r.start_date || !r.end_date) continue;
    const t = terms.get(r.term) ?? { term: r.term, from: r.start_date, to: r.end_date };
    terms.set(r.term, { term: r.term, from: r.start_date < t.from ? r.start_date : t.from, to: r.end_date > t.to ? r.end_date : t.to });
  }
  return [...terms.values()].sort((a, b) => a.from.localeCompare(b.from));
}

/** A communication reached a member's office: the member, or staff resolved to the member. */
export const isOffice = (c: Row) => c.member_person_id !== null && ['member_of_council', 'councillor_staff'].includes(c.office_holder_type);

export const distinct = (xs: unknown[]) => new Set(xs.filter((x) => x !== null && x !== undefined)).size;
export const r2 = (x: number) => Math.round(x * 100) / 100;
export const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
export const dayNum = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
export const stripVersion = (rows: Row[]) => rows.map(({ model_version: _v, ...r }) => r);

/** xs grouped by key, in first-seen order. */
export function groupBy<T>(xs: T[], key: (x: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of xs) { const k = key(x); const g = m.get(k); if (g) g.push(x); else m.set(k, [x]); }
  return m;
}
