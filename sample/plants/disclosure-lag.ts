// Planted disclosure lag (analysis-definitions.md 4.11). The generator records most communications within 0-3 days
// and about one in six 4-60 days late (registry/communications.ts). This plant makes the consultant firm busiest in
// the snapshot window a habitual late filer (every communication recorded 8-40 days after it happened) and the next
// busiest a prompt one (0-2 days): per-firm late shares of 1 and 0 that /insights/disclosure-lag must find.
import type { Rng } from '../common/rng.ts';
import type { Org } from '../registry/types.ts';
import type { Registration } from '../registry/model.ts';

export const LATE_DAYS = [8, 40] as const;
export const PROMPT_DAYS = [0, 2] as const;

export interface DisclosureLagTruth {
  windowFrom: string;
  late: { organisation: string; lagDays: readonly [number, number]; registrations: string[] };
  prompt: { organisation: string; lagDays: readonly [number, number]; registrations: string[] };
}

/** Re-record the two firms' communications; returns the registrations touched and, later, the truth. */
export function plantDisclosureLag(rng: Rng, regs: readonly Registration[], windowFrom: number, asOfDay: number): () => DisclosureLagTruth {
  const byFirm = new Map<Org, Registration[]>();
  for (const r of regs) {
    if (r.type !== 'Consultant' || !r.writeSm || !r.firms[0]) continue;
    const firm = r.lobbyist.org;
    byFirm.set(firm, [...(byFirm.get(firm) ?? []), r]);
  }
  // The activity plants' contacts must reach the as-of snapshot (the activity insights count them): a late filer's
  // planted contact is recorded late but by the as-of day, so a firm with one in the last LATE_DAYS[0] days is left out.
  const lastLate = asOfDay - LATE_DAYS[0];
  for (const [firm, rs] of byFirm) if (rs.some((r) => r.comms.some((c) => c.planted && (c.day ?? 0) > lastLate))) byFirm.delete(firm);
  const inWindow = (rs: Registration[]) => rs.reduce((n, r) => n + r.comms.filter((c) => c.day !== null && c.day >= windowFrom).length, 0);
  const ranked = [...byFirm.entries()].sort((a, b) => inWindow(b[1]) - inWindow(a[1]) || (a[0].id < b[0].id ? -1 : 1));
  const [late, prompt] = [ranked[0]!, ranked[1]!];
  const rerecord = (rs: Registration[], [lo, hi]: readonly [number, number]) => {
    for (const r of rs) {
      for (const c of r.comms) {
        if (c.day === null) continue;
        c.recorded = c.day + rng.int(lo, hi);
        if (c.planted) c.recorded = Math.min(c.recorded, asOfDay);
      }
      // registry order: by the day a record was entered (snapshots and truth rely on it)
      r.comms.sort((a, b) => a.recorded - b.recorded || (a.day ?? 0) - (b.day ?? 0) || a.seq - b.seq);
    }
  };
  rerecord(late[1], LATE_DAYS);
  rerecord(prompt[1], PROMPT_DAYS);
  return () => ({
    windowFrom: new Date(windowFrom * 864e5).toISOString().slice(0, 10),
    late: { organisation: late[0].id, lagDays: LATE_DAYS, registrations: late[1].map((r) => r.sm) },
    prompt: { organisation: prompt[0].id, lagDays: PROMPT_DAYS, registrations: prompt[1].map((r) => r.sm) },
  });
}
