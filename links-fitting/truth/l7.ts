// L7 truth (contribution → organisation): the planted gifts of registered lobbyists (tier 1) and officers (tier 2)
// of planted organisations (`links.contributionOrganisation`; tier 0, a company's own gift, is not an L7 question),
// and the planted namesakes, same-surname-same-area donors and look-alike companies (`contributionDecoys`).
// A planted lobbyist is a registered lobbyist of every client of their registrations, so a tier-1 gift is truly
// linked to each of those organisations (and to every warehouse record of the planted organisation).
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { organisationIds, summarise } from './l3.ts';
import type { TruthMapper } from './types.ts';

interface Gift { file: string; row: number; contributor: string; organisation: string; tier?: number | null; person?: string | null; lookalikeOf?: string; similarity: number; kind?: string }

async function contributionIds(wh: Warehouse): Promise<Map<string, number>> {
  const rows = await wh.all<{ k: string; id: number }>(
    `select split_part(natural_key, '|', 2) || '|' || split_part(natural_key, '|', 3) as k, id
     from int_contribution_ids where entity = 'contribution'`);
  return new Map(rows.map((r) => [r.k, r.id]));
}

/** Client organisations of each planted lobbyist (by registration number → registrant name → person). */
async function clientsOfLobbyists(wh: Warehouse, lobbyists: { id: string; registrationNumber: string }[]): Promise<Map<string, number[]>> {
  const rows = await wh.all<{ l: string; o: number }>(
    `select distinct t.j->>'id' as l, r.client_organization_id as o
     from (select unnest(from_json($l, '["json"]')) as j) as t
     inner join stg_registry__registrants as g on g.lobbyist_number = upper(t.j->>'registrationNumber')
     inner join int_people as p on p.natural_key = 'lobbyist:' || person_key(g.first_name, g.last_name)
     inner join int_registrations as r on r.lobbyist_person_id = p.id
     where r.client_organization_id is not null`,
    { l: JSON.stringify(lobbyists.map((x) => ({ id: x.id, registrationNumber: x.registrationNumber }))) });
  const map = new Map<string, number[]>();
  for (const r of rows) map.set(r.l, [...(map.get(r.l) ?? []), r.o]);
  return map;
}

const l7: TruthMapper = async (wh, planted) => {
  const orgs = await organisationIds(wh, planted);
  const ids = await contributionIds(wh);
  const clients = await clientsOfLobbyists(wh, planted.lobbyists as never);
  const positives = new Set<string>(), decoys = new Set<string>(), setAside = new Set<string>();
  const trueSims: number[] = [], decoySims: number[] = [];
  for (const g of (planted.links as Record<string, Gift[]>).contributionOrganisation) {
    if (!g.tier) continue; // tier 0: the company's own gift, not a person tied to it
    const c = ids.get(`${g.file}|${g.row}`);
    if (c === undefined) continue; // quarantined row
    const targets = new Set([...(orgs.get(g.organisation) ?? []), ...(g.tier === 1 && g.person ? clients.get(g.person) ?? [] : [])]);
    for (const o of targets) positives.add(`${c}|${o}`);
    // the contribution insights' planted gifts (sample/plants/contributions.ts) are true but written to be found:
    // reviewers confirm them, the quality figures and the fitting leave them out
    if (g.kind === 'planted exact') setAside.add(String(c));
    else trueSims.push(g.similarity);
  }
  for (const d of planted.contributionDecoys as Gift[]) {
    const c = ids.get(`${d.file}|${d.row}`);
    if (c === undefined) continue;
    for (const o of orgs.get(d.organisation) ?? []) if (!positives.has(`${c}|${o}`)) decoys.add(`${c}|${o}`);
    decoySims.push(d.similarity);
  }
  return { ...summarise(positives, decoys, trueSims, decoySims), setAside };
};

export default l7;
