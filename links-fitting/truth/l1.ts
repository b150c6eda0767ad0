// L1 truth mapper (registration → agenda item): the sample city's planted `links.registrationItem` pairs, in
// warehouse ids (registration id = SM number, agenda item id = TMMIS reference). Decoys are the near misses the
// blocking proposes for a truly linked registration: other items with the same title (a yearly budget, a repeated
// project update), which only the date can tell apart. Unalike: particulars that share no informative word with the
// title, or were written without the item's words. Used to fit and to measure, never to publish.
import type { TaskTruth, TruthMapper } from './types.ts';

interface RegistrationItem { sm: string; reference: string; unalike: boolean }

const mapper: TruthMapper = async (wh, planted) => {
  const links = ((planted.links as Record<string, unknown>)?.registrationItem ?? []) as RegistrationItem[];
  const registrations = new Set((await wh.all<{ id: string }>('select id from int_registrations')).map((r) => r.id));
  const items = new Set((await wh.all<{ id: string }>('select id from int_agenda_items')).map((r) => r.id));
  // a pair counts only when both records reached the warehouse (quarantined records cannot be linked)
  const kept = links.filter((l) => registrations.has(l.sm) && items.has(l.reference));
  const positives = new Set(kept.map((l) => `${l.sm}|${l.reference}`));
  const truePairs = { froms: kept.map((l) => l.sm).join(','), tos: kept.map((l) => l.reference).join(',') };
  const rows = await wh.all<{ from_id: string; to_id: string; similarity: number }>(`
    select c.from_id, c.to_id, jaro_winkler_similarity(lower(t.title), lower(i.title)) as similarity
    from lnk_l1 as c
    inner join int_agenda_items as i on i.id = c.to_id
    inner join (select unnest(string_split($froms, ',')) as from_id, unnest(string_split($tos, ',')) as to_id) as p on p.from_id = c.from_id
    inner join int_agenda_items as t on t.id = p.to_id
    where c.to_id <> p.to_id`, truePairs);
  const decoyRows = rows.filter((r) => !positives.has(`${r.from_id}|${r.to_id}`));
  // true pairs the words alone cannot match: particulars written without the item's words (the generator's unalike
  // templates), or sharing no informative word with the title (lnk_l1_terms) whatever the template
  const wordless = new Set((await wh.all<{ k: string }>(`
    select p.from_id || '|' || p.to_id as k
    from (select unnest(string_split($froms, ',')) as from_id, unnest(string_split($tos, ',')) as to_id) as p
    where not exists (select 1 from lnk_l1_terms as a inner join lnk_l1_terms as b on b.term = a.term
        where a.side = 'registration' and a.record_id = p.from_id and b.side = 'agenda_item' and b.record_id = p.to_id)`,
  truePairs)).map((r) => r.k));
  return {
    positives,
    decoys: new Set(decoyRows.map((r) => `${r.from_id}|${r.to_id}`)),
    unalikeShare: kept.length ? kept.filter((l) => l.unalike || wordless.has(`${l.sm}|${l.reference}`)).length / kept.length : 0,
    decoyShare: kept.length ? decoyRows.filter((r) => r.similarity > 0.9).length / kept.length : 0,
  } satisfies TaskTruth;
};

export default mapper;
