// Position truth mapper (organisation → agenda item): the sample city's planted `links.organisationPosition`
// (an organisation stated a clear support or opposition in a communication on the item), in warehouse ids.
// A planted organisation is every warehouse organisation record built from one of the names the registry wrote for
// it (its spellings are separate records until L3 merges them; each is the same legal entity). Decoys are
// `positionDecoys`: an organisation with a look-alike name wrote on an item the planted organisation lobbied on,
// and the planted organisation itself did not state a position there. Hedged, mixed and neutral letters
// (`positionUnclear`) are neither positives nor decoys: they are ordinary negatives.
// Used to fit and to measure, never to publish.
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import type { PlantedTruth, TaskTruth, TruthMapper } from './types.ts';

interface Position { organisation: string; reference: string; stance: 'support' | 'oppose'; communicationId: number; unalike: boolean }
interface Decoy { organisation: string; reference: string; similarity: number }
interface Organisation { id: string; variants: { name: string }[] }

const fold = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** Warehouse organisation ids of every planted organisation (through the registry names written for it). */
export async function organisationIds(wh: Warehouse, planted: PlantedTruth): Promise<Map<string, Set<string>>> {
  const rows = await wh.all<{ name: string; id: string }>(`
    select distinct m.name, cast(o.id as varchar) as id
    from int_organization_mentions as m inner join int_organizations as o using (org_key)`);
  const byName = new Map<string, Set<string>>();
  for (const r of rows) {
    const k = fold(r.name);
    byName.set(k, (byName.get(k) ?? new Set()).add(r.id));
  }
  const out = new Map<string, Set<string>>();
  for (const o of (planted.organisations ?? []) as Organisation[]) {
    const ids = new Set<string>();
    for (const v of o.variants) for (const id of byName.get(fold(v.name)) ?? []) ids.add(id);
    if (ids.size) out.set(o.id, ids);
  }
  return out;
}

/** Planted positions as warehouse pairs, with the stance of each (`from|to` → stance). */
export async function plantedPositions(wh: Warehouse, planted: PlantedTruth): Promise<{ stances: Map<string, string>; unalike: number; kept: number; ids: Map<string, Set<string>> }> {
  const ids = await organisationIds(wh, planted);
  const items = new Set((await wh.all<{ id: string }>('select id from int_agenda_items')).map((r) => r.id));
  const positions = ((planted.links as Record<string, unknown>)?.organisationPosition ?? []) as Position[];
  const stances = new Map<string, string>();
  let kept = 0, unalike = 0;
  for (const p of positions) {
    const orgIds = ids.get(p.organisation);
    if (!orgIds || !items.has(p.reference)) continue; // records that never reached the warehouse cannot be linked
    kept++;
    if (p.unalike) unalike++;
    for (const id of orgIds) stances.set(`${id}|${p.reference}`, p.stance);
  }
  return { stances, unalike, kept, ids };
}

const mapper: TruthMapper = async (wh, planted) => {
  const { stances, unalike, kept, ids } = await plantedPositions(wh, planted);
  const positives = new Set(stances.keys());
  const decoys = new Set<string>();
  let alike = 0;
  for (const d of (planted.positionDecoys ?? []) as Decoy[]) {
    const keys = [...(ids.get(d.organisation) ?? [])].map((id) => `${id}|${d.reference}`).filter((k) => !positives.has(k));
    for (const k of keys) decoys.add(k);
    if (keys.length && d.similarity > 0.9) alike++;
  }
  return {
    positives,
    decoys,
    unalikeShare: kept ? unalike / kept : 0,
    decoyShare: kept ? alike / kept : 0,
  } satisfies TaskTruth;
};

export default mapper;
