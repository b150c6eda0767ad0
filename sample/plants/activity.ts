// Planted effects of the activity insights (sample/README.md "Planted insight effects: activity"), drawn from their own
// random stream after the registry is built and before the votes and snapshots are written: contacts before votes
// and deviations from the bloc (deviation.ts), a firm that meets an office far more than others do (meeting-rates.ts).
// Returns what was planted, for planted-truth.json (`activityEffects`).
import type { Rng } from '../common/rng.ts';
import type { Motion, PlantedTruthPart } from '../common/types.ts';
import type { Council } from '../council/members.ts';
import type { Registry } from '../registry/registrations.ts';
import { reorder } from './contacts.ts';
import { plantDeviation } from './deviation.ts';
import { plantMeetingRates } from './meeting-rates.ts';

/** The smallest city that carries the plants. In a smaller one (the test suite's e2e city, scale 0.004) they would be
 *  most of its lobbying and drown what it is built to test, so that city is generated exactly as without them. */
export const MIN_PLANT_SCALE = 0.01;

export function plantActivityEffects(rng: Rng, council: Council, motions: Motion[], registry: Registry, scale: number, asOfDay: number): PlantedTruthPart {
  if (scale < MIN_PLANT_SCALE) return { links: {}, shares: {}, top: {}, counts: {} };
  const regs = registry.regs;
  const before = regs.length;
  const counts = new Map(regs.map((r) => [r, r.comms.length]));
  const groups = { n: 9_000_000 };
  const deviation = plantDeviation({ rng: rng.fork('deviation'), council, asOfDay, groups }, motions, registry);
  const exclude = new Set([...(deviation?.deviators ?? []), ...(deviation?.nulls ?? [])].map((m) => m.memberId));
  const meetingRates = plantMeetingRates({ rng: rng.fork('meeting-rates'), council, asOfDay, groups }, regs, exclude);
  const touched = regs.filter((r) => r.comms.length !== (counts.get(r) ?? 0));
  reorder(touched);
  const added = touched.reduce((n, r) => n + r.comms.length - (counts.get(r) ?? 0), 0);
  return {
    links: {}, shares: {},
    top: { activityEffects: { deviation, meetingRates } },
    counts: { plantedActivityRegistrations: regs.length - before, plantedActivityCommunications: added, plantedDeviationFlips: deviation?.flips ?? 0 },
  };
}
