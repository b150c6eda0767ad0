// L5 truth (lobbyist → former member): the planted retired members who lobby (`lobbyists[].formerMemberId`), the
// lobbyist's person id found through any of the lobbyist's planted spellings and the member's through the member's
// names. Decoys: other candidate pairs whose surnames are equal (namesakes the blocking proposes).
import { memberPersonIds } from './l4.ts';
import type { TruthMapper } from './types.ts';

interface Lobbyist { id: string; first: string; last: string; formerMemberId?: number | null; spellings: { first: string; last: string }[] }

const l5: TruthMapper = async (wh, planted) => {
  const members = await memberPersonIds(wh, planted.members as never);
  const former = (planted.lobbyists as Lobbyist[]).filter((l) => l.formerMemberId);
  const names = former.flatMap((l) => [{ first: l.first, last: l.last }, ...l.spellings].map((s) => ({ m: l.formerMemberId, ...s })));
  const rows = await wh.all<{ m: number; id: number }>(
    `select distinct cast(t.j->>'m' as integer) as m, p.id
     from (select unnest(from_json($names, '["json"]')) as j) as t
     inner join int_people as p on p.natural_key = 'lobbyist:' || person_key(t.j->>'first', t.j->>'last')`,
    { names: JSON.stringify(names) });
  const positives = new Set<string>();
  for (const r of rows) for (const m of members.get(r.m) ?? []) positives.add(`${r.id}|${m}`);
  const candidates = await wh.all<{ k: string; s: number; surname: number }>(
    `select from_id || '|' || to_id as k, x['full_name_similarity'] as s, x['surname_exact'] as surname from lnk_l5`);
  const decoys = new Set<string>();
  let unalike = 0, lookalikes = 0;
  for (const c of candidates) {
    if (positives.has(c.k)) { if (c.s < 0.85) unalike++; continue; }
    if (c.surname === 1) { decoys.add(c.k); if (c.s > 0.9) lookalikes++; }
  }
  const round = (v: number) => Math.round(v * 10000) / 10000;
  return { positives, decoys, unalikeShare: round(unalike / Math.max(1, positives.size)), decoyShare: round(lookalikes / Math.max(1, positives.size)) };
};

export default l5;
