// Planted effect for /insights/application-comparison (analysis-definitions.md 4.6): the lobbied development
// applications (those a written registration's agenda item names, what L2 links) of two types are approved far more
// often than the rest of their type. Only their status text changes, before the development file is written, so every
// other column, file and stream stays as it was. At the default scale OZ has enough lobbied files to pass the
// comparison's 20-application minimum and SA does not (its row is published suppressed).
import type { Rng } from '../common/rng.ts';
import type { DevApp } from '../development/apps.ts';
import type { Registry } from '../registry/registrations.ts';

/** The types whose lobbied applications are planted, and how often a planted file is approved. */
export const PLANTED_TYPES = ['OZ', 'SA'] as const;
const APPROVAL = 0.95;
/** Approved statuses as the development file writes them (pipeline/seeds/application_outcomes.csv reads each as approved). */
const APPROVED = ['Council Approved', 'Approved', 'Final Approval Completed', 'Draft Plan Approved', 'OMB Approved'];
const APPROVED_PATTERN = /approv|noac issued|final approval/i;
/** Below this scale the e2e city's link-quality floors are checked on too few files to move any (plants are off). */
const MIN_SCALE = 0.01;

export interface ApplicationOutcomePlant {
  types: readonly string[]; approvalProbability: number;
  /** per planted type: lobbied files, how many were approved before and after the plant */
  byType: { type: string; lobbied: number; approvedBefore: number; approvedAfter: number; applications: string[] }[];
}

/** Re-status the lobbied applications of the planted types (in place); null below the plant scale. */
export function plantApplicationOutcomes(rng: Rng, apps: DevApp[], registry: Registry, scale: number): ApplicationOutcomePlant | null {
  if (scale < MIN_SCALE) return null;
  const lobbied = new Set(registry.regs.filter((r) => r.writeSm && r.item?.planningApp).map((r) => r.item!.planningApp!));
  const byType = PLANTED_TYPES.map((type) => {
    // in the order the file lists them (apps are sorted by day, then number), so the draws do not depend on a Set's order
    const files = apps.filter((a) => a.type === type && lobbied.has(a.number));
    const approvedBefore = files.filter((a) => APPROVED_PATTERN.test(a.status)).length;
    for (const a of files) if (rng.chance(APPROVAL)) a.status = rng.pick(APPROVED);
    return { type, lobbied: files.length, approvedBefore, approvedAfter: files.filter((a) => APPROVED_PATTERN.test(a.status)).length,
      applications: files.map((a) => a.number) };
  });
  return { types: PLANTED_TYPES, approvalProbability: APPROVAL, byType };
}
