// L5 truth (lobbyist → former member): the planted former members who lobby (`lobbyists[].formerMemberId`), the
// lobbyist's person id found through any of the lobbyist's planted spellings and the member's through the member's
// names. Unalike share: true pairs whose names (lobbyist as registered, member as on council) have similarity < 0.85
// — a nickname, a married surname, a legal first name. Decoys: other candidate pairs whose surnames are equal (the
// planted namesakes, `lobbyists[].namesakeOfMemberId`, and members sharing a surname); look-alike ones (> 0.9) count
// towards the decoy share.
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
  // similarity of every true pair's names, blocked or not (the hardness of the truth, not of the blocking)
  const sims = await wh.all<{ s: number }>(
    `select jaro_winkler_similarity(person_key(a.first_name, a.last_name), person_key(b.first_name, b.last_name)) as s
     from (select unnest(from_json($pairs, '["varchar"]')) as k) as t
     inner join int_people as a on a.id = cast(split_part(t.k, '|', 1) as integer)
     inner join int_people as b on b.id = cast(split_part(t.k, '|', 2) as integer)`,
    { pairs: JSON.stringify([...positives]) });
  const candidates = await wh.all<{ k: string; s: number; surname: number }>(
    `select from_id || '|' || to_id as k, cast(evidence->>'$.full_name_similarity' as double) as s,
        cast(evidence->>'$.surname_exact' as boolean)::int as surname
     from lnk_l5`);
  const decoys = new Set<string>();
  let lookalikes = 0;
  for (const c of candidates) {
    if (positives.has(c.k) || c.surname !== 1) continue;
    decoys.add(c.k);
    if (c.s > 0.9) lookalikes++;
  }
  const round = (v: number) => Math.round(v * 10000) / 10000;
  const n = Math.max(1, positives.size);
  return { positives, decoys, unalikeShare: round(sims.filter((r) => r.s < 0.85).length / n), decoyShare: round(lookalikes / n) };
};

export default l5;
