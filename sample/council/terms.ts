// The five council terms (44 wards until 2018, 25 after) and date lookups over members' tenures.
import { dayOf } from '../common/dates.ts';
import type { Member, Term, Tenure } from '../common/types.ts';

const t = (key: string, termId: number, start: string, end: string, inaugural: string, wards: 25 | 44): Term =>
  ({ key, termId, start: dayOf(start), end: dayOf(end), inaugural: dayOf(inaugural), wards });

export const TERMS: Term[] = [
  t('2006-2010', 4, '2006-12-01', '2010-11-30', '2006-12-05', 44),
  t('2010-2014', 5, '2010-12-01', '2014-11-30', '2010-12-07', 44),
  t('2014-2018', 6, '2014-12-01', '2018-11-30', '2014-12-02', 44),
  t('2018-2022', 7, '2018-12-01', '2022-11-14', '2018-12-04', 25),
  t('2022-2026', 8, '2022-11-15', '2026-11-14', '2022-11-23', 25),
];

export function termOfDay(day: number): Term | null {
  return TERMS.find((x) => day >= x.start && day <= x.end) ?? null;
}

/** Name a member carried on a given day (surname changes take effect on their date). */
export function nameOn(m: Member, day: number): { first: string; last: string } {
  let cur = m.names[0];
  for (const n of m.names) if (n.from <= day) cur = n;
  return cur;
}

/** Office holders on a day: council seats and the mayoralty, as tenures. */
export function holdersOn(tenures: Tenure[], day: number): Tenure[] {
  return tenures.filter((x) => x.start <= day && day <= x.end);
}
