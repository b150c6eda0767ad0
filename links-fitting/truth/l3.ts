// L3 truth (organisation merges): the sample city's planted organisations and their variant spellings, mapped to
// warehouse organisation ids by the matching key. Every two records of one planted organisation are a true pair (in
// both directions: the model's orientation is not part of the question); records of the planted look-alike pairs
// (`decoys`) are decoys. Also exports the helpers the other entity-link truth mappers share.
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import type { PlantedTruth, TaskTruth, TruthMapper } from './types.ts';

interface PlantedOrg { id: string; canonical: string; variants: { name: string }[] }

/** Warehouse organisation ids of each planted organisation (names folded by the warehouse's own org_key). */
export async function organisationIds(wh: Warehouse, planted: PlantedTruth): Promise<Map<string, number[]>> {
  const orgs = planted.organisations as PlantedOrg[];
  const pairs = orgs.flatMap((o) => [o.canonical, ...o.variants.map((v) => v.name)].map((name) => ({ o: o.id, name })));
  const result = await wh.all<{ o: string; id: number }>(
    `select distinct p.o, i.id
     from (select unnest(from_json($pairs, '["json"]')) as j) as t,
          lateral (select t.j->>'o' as o, t.j->>'name' as name) as p
     inner join int_organizations as i on i.org_key = org_key(p.name)`,
    { pairs: JSON.stringify(pairs) });
  const byOrg = new Map<string, number[]>();
  const owners = new Map<number, Set<string>>();
  for (const r of result) owners.set(r.id, (owners.get(r.id) ?? new Set()).add(r.o));
  for (const r of result) {
    if (owners.get(r.id)!.size > 1) continue; // a record claimed by two planted organisations is ambiguous: left out
    byOrg.set(r.o, [...(byOrg.get(r.o) ?? []), r.id]);
  }
  return byOrg;
}

/** Jaro-Winkler similarity of pairs of texts, folded like organisation keys, computed by the warehouse. */
export async function similarities(wh: Warehouse, pairs: [string, string][], fold = 'org_key'): Promise<number[]> {
  if (pairs.length === 0) return [];
  const rows = await wh.all<{ i: number; s: number }>(
    `select cast(t.i as integer) as i, jaro_winkler_similarity(coalesce(${fold}(t.j->>0), ''), coalesce(${fold}(t.j->>1), '')) as s
     from (select unnest(from_json($pairs, '["json"]')) as j, generate_subscripts(from_json($pairs, '["json"]'), 1) as i) as t
     order by t.i`,
    { pairs: JSON.stringify(pairs) });
  return rows.map((r) => r.s);
}

/** The truth summary: shares as the contract defines them. */
export function summarise(positives: Set<string>, decoys: Set<string>, trueSims: number[], decoySims: number[]): TaskTruth {
  const unalike = trueSims.filter((s) => s < 0.85).length;
  return {
    positives, decoys,
    unalikeShare: trueSims.length ? round(unalike / trueSims.length) : 0,
    decoyShare: trueSims.length ? round(decoySims.filter((s) => s > 0.9).length / trueSims.length) : 0,
  };
}

const round = (v: number) => Math.round(v * 10000) / 10000;

const l3: TruthMapper = async (wh, planted) => {
  const ids = await organisationIds(wh, planted);
  const names = new Map((await wh.all<{ id: number; name: string }>('select id, canonical_name as name from int_organizations'))
    .map((r) => [r.id, r.name]));
  const positives = new Set<string>(), decoys = new Set<string>();
  const truePairs: [string, string][] = [], decoyPairs: [string, string][] = [];
  for (const list of ids.values()) {
    for (const a of list) for (const b of list) if (a < b) {
      positives.add(`${a}|${b}`).add(`${b}|${a}`);
      truePairs.push([names.get(a)!, names.get(b)!]);
    }
  }
  for (const d of planted.decoys as { a: string; b: string }[]) {
    for (const a of ids.get(d.a) ?? []) for (const b of ids.get(d.b) ?? []) {
      decoys.add(`${a}|${b}`).add(`${b}|${a}`);
      decoyPairs.push([names.get(a)!, names.get(b)!]);
    }
  }
  return summarise(positives, decoys, await similarities(wh, truePairs), await similarities(wh, decoyPairs));
};

export default l3;
