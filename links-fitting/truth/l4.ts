// L4 truth (communication → person): the planted office holder of each member-of-council contact
// (`links.communicationPerson`), mapped to the member's person id through the member's names (the warehouse keys
// members by folded full name, any spelling they held). Decoys: the other members in office that day whose surname
// looks like the typed one (similarity > 0.9), which the blocking also proposes.
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import type { TruthMapper } from './types.ts';

interface Member { memberId: number; names: { first: string; last: string }[] }

/**
 * Person ids of each planted member (memberId), through any of the member's names: a member whose surname changed
 * has a warehouse record per name (people are not merged automatically), and each is that member.
 */
export async function memberPersonIds(wh: Warehouse, members: Member[]): Promise<Map<number, number[]>> {
  const names = members.flatMap((m) => m.names.map((n) => ({ m: m.memberId, first: n.first, last: n.last })));
  const rows = await wh.all<{ m: number; id: number }>(
    `select distinct cast(t.j->>'m' as integer) as m, p.id
     from (select unnest(from_json($names, '["json"]')) as j) as t
     inner join int_people as p on p.natural_key = 'member:' || person_key(t.j->>'first', t.j->>'last')`,
    { names: JSON.stringify(names) });
  const map = new Map<number, number[]>();
  for (const r of rows) map.set(r.m, [...(map.get(r.m) ?? []), r.id]);
  return map;
}

const l4: TruthMapper = async (wh, planted) => {
  const persons = await memberPersonIds(wh, planted.members as Member[]);
  const planted4 = (planted.links as Record<string, { communicationId: string; memberId: number }[]>).communicationPerson;
  const positives = new Set<string>();
  for (const t of planted4) {
    for (const p of persons.get(t.memberId) ?? []) positives.add(`${t.communicationId}|${p}`);
  }
  // similarity of the typed name to the true member's name, and look-alike members among the candidates
  const rows = await wh.all<{ k: string; s: number; surname: number }>(
    `select from_id || '|' || to_id as k, cast(evidence->>'$.full_name_similarity' as double) as s, x['surname_similarity'] as surname from lnk_l4`);
  const decoys = new Set<string>();
  let unalike = 0, lookalikes = 0;
  for (const r of rows) {
    if (positives.has(r.k)) { if (r.s < 0.85) unalike++; continue; }
    if (r.surname > 0.9) { decoys.add(r.k); lookalikes++; }
  }
  const round = (v: number) => Math.round(v * 10000) / 10000;
  return { positives, decoys, unalikeShare: round(unalike / Math.max(1, positives.size)), decoyShare: round(lookalikes / Math.max(1, positives.size)) };
};

export default l4;
