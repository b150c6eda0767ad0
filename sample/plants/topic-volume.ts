// Planted topic-volume effects (analysis-definitions.md 4.9): spike months — one category's registrations bunched in
// one month, several times its usual monthly volume — and the null: as many registrations of another category spread
// one a month, the same volume without a bunch. The spike is sized from the category's own volume over the trailing
// year, so it stands out at every scale.
import { dayOf } from '../common/dates.ts';
import type { Registration } from '../registry/model.ts';
import { newRegistration, type PlantContext } from './new-registration.ts';

/** Spike months (category, month) and the spread-out null (category, first month). */
const SPIKES = [{ category: 'Waste Management', month: '2019-06' }, { category: 'Parks and Recreation', month: '2024-03' }] as const;
const SPREAD = { category: 'Public Health', from: '2021-01' } as const;

export interface TopicVolumeTruth {
  spikes: { category: string; month: string; planted: number; background: number; registrations: string[] }[];
  spread: { category: string; months: string[]; registrations: string[] };
}

/** Plant the spikes and the spread; returns the new registrations and what was planted (SM numbers filled in later). */
export function plantTopicVolume(p: PlantContext): { regs: Registration[]; truth: () => TopicVolumeTruth } {
  const regs: Registration[] = [];
  const spikes = SPIKES.map(({ category, month }) => {
    const start = dayOf(`${month}-01`);
    // the category's registrations approved in the 12 months before: the usual volume the spike must stand out from
    const background = p.registry.regs.filter((r) => r.subjectMatter.split(';')[0] === category && r.initial >= start - 365 && r.initial < start).length;
    const planted = 6 + 2 * Math.ceil(background / 12);
    const own = Array.from({ length: planted }, () => newRegistration(p, { category, initial: start + p.rng.int(0, 27), communications: p.rng.int(1, 6) }));
    regs.push(...own);
    return { category, month, planted, background, own };
  });
  const months = Array.from({ length: Math.max(...spikes.map((s) => s.planted)) }, (_, i) => monthAfter(SPREAD.from, i));
  const spread = months.map((m) => newRegistration(p, { category: SPREAD.category, initial: dayOf(`${m}-01`) + p.rng.int(0, 27), communications: p.rng.int(1, 6) }));
  regs.push(...spread);
  return {
    regs,
    truth: () => ({
      spikes: spikes.map((s) => ({ category: s.category, month: s.month, planted: s.planted, background: s.background, registrations: s.own.map((r) => r.sm) })),
      spread: { category: SPREAD.category, months, registrations: spread.map((r) => r.sm) },
    }),
  };
}

/** The month `n` months after a `YYYY-MM` month. */
function monthAfter(month: string, n: number): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}
