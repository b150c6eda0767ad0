// Planted insight effects: trends (sample/README.md). After the registry is built and every source that reads it has
// been written, so that only the registry snapshots and the planted truth change: new registrations (topic spikes and
// their spread-out null, transit lead times, upcoming transit registrations), then the shift of post-intervention
// lobbying to the Mayor's office over all registrations, then a late and a prompt disclosing firm. One stream, forked
// off the root as `plants-trends`, with a fork per plant.
import type { Council } from '../council/members.ts';
import type { Rng } from '../common/rng.ts';
import type { Item } from '../common/types.ts';
import type { Registry } from '../registry/registrations.ts';
import { plantDisclosureLag } from './disclosure-lag.ts';
import { plantLeadTimes } from './lead-times.ts';
import { plantMayorShift, writtenMayorShares } from './mayor-shift.ts';
import { plantCommCtx, type PlantContext } from './new-registration.ts';
import { numberPlanted } from './numbering.ts';
import { plantTopicVolume } from './topic-volume.ts';

export interface TrendPlantOptions { council: Council; items: Item[]; registry: Registry; scale: number; asOfDay: number; snapshotFrom: number }

/** Plant the trend effects into the registry; returns the planted truth (key `trends`) and counts. */
export function plantTrends(rng: Rng, o: TrendPlantOptions): { truth: Record<string, unknown>; counts: Record<string, number> } {
  // one communications context for every new registration, so their group ids never repeat
  const comms = plantCommCtx(rng.fork('communications'), o.council, o.registry, o.asOfDay);
  const context = (label: string): PlantContext => ({ rng: rng.fork(label), council: o.council, registry: o.registry, asOfDay: o.asOfDay, comms });
  const volume = plantTopicVolume(context('topic-volume'));
  const leads = plantLeadTimes(context('lead-times'), o.items, o.scale);
  const planted = [...volume.regs, ...leads.regs];
  numberPlanted(o.registry.regs, planted);
  const mayor = plantMayorShift(rng.fork('mayor-shift'), o.council, o.registry.regs);
  const lag = plantDisclosureLag(rng.fork('disclosure-lag'), o.registry.regs, o.snapshotFrom, o.asOfDay);
  // what the registry ends up publishing, once every plant has run (the lag decides what is recorded by the as-of day)
  const mayorShift = { ...mayor, quarterShares: writtenMayorShares(o.council, o.registry.regs, o.asOfDay) };
  return {
    truth: { mayorShift, topicVolume: volume.truth(), leadTimes: leads.truth(), disclosureLag: lag() },
    counts: { plantedRegistrations: planted.length, mayorShiftMoved: mayor.moved },
  };
}
