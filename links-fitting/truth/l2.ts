// L2 truth mapper (registration → application): the sample city's planted `links.registrationApplication` pairs
// in warehouse ids (registration id = SM number, application id = planning file number). Decoys are the other
// applications the blocking proposes for a truly linked registration (another file on the same site, a file next
// door or on the twin street, a minor variance next door — planted as `applicationDecoys` — or the file of a
// look-alike item); "alike" decoys have an address similarity above 0.9. Used to fit and measure, never to publish.
import type { TaskTruth, TruthMapper } from './types.ts';

interface RegistrationApplication { sm: string; application: string; unalike: boolean }

const mapper: TruthMapper = async (wh, planted) => {
  const links = ((planted.links as Record<string, unknown>)?.registrationApplication ?? []) as RegistrationApplication[];
  const registrations = new Set((await wh.all<{ id: string }>('select id from int_registrations')).map((r) => r.id));
  const applications = new Set((await wh.all<{ id: string }>('select id from int_applications')).map((r) => r.id));
  // a pair counts only when both records reached the warehouse (quarantined records cannot be linked)
  const kept = links.filter((l) => registrations.has(l.sm) && applications.has(l.application));
  const positives = new Set(kept.map((l) => `${l.sm}|${l.application}`));
  const truthRegs = new Set(kept.map((l) => l.sm));
  const rows = await wh.all<{ from_id: string; to_id: string; similarity: number }>(
    `select from_id, to_id, x['address_similarity'] as similarity from lnk_l2`);
  const decoyRows = rows.filter((r) => truthRegs.has(r.from_id) && !positives.has(`${r.from_id}|${r.to_id}`));
  return {
    positives,
    decoys: new Set(decoyRows.map((r) => `${r.from_id}|${r.to_id}`)),
    unalikeShare: kept.length ? kept.filter((l) => l.unalike).length / kept.length : 0,
    decoyShare: kept.length ? decoyRows.filter((r) => (r.similarity ?? 0) > 0.9).length / kept.length : 0,
  } satisfies TaskTruth;
};

export default mapper;
