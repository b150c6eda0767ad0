// Calendar helpers on whole days (UTC day numbers), so no generated value depends on the machine's clock or zone.

const DAY_MS = 86_400_000;

/** Day number (days since 1970-01-01) of an ISO date; NaN-safe callers validate first. */
export function dayOf(iso: string): number { return Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS); }
export function isoOf(day: number): string { return new Date(day * DAY_MS).toISOString().slice(0, 10); }
export function addDays(iso: string, n: number): string { return isoOf(dayOf(iso) + n); }
export function yearOf(day: number): number { return new Date(day * DAY_MS).getUTCFullYear(); }
export function weekday(day: number): number { return new Date(day * DAY_MS).getUTCDay(); } // 0 = Sunday

/** True when Toronto observes daylight time on that day (2nd Sunday of March .. 1st Sunday of November). */
function isDst(day: number): boolean {
  const d = new Date(day * DAY_MS), y = d.getUTCFullYear();
  const nthSunday = (month: number, n: number) => {
    const first = Date.UTC(y, month, 1) / DAY_MS;
    return first + ((7 - weekday(first)) % 7) + 7 * (n - 1);
  };
  return day >= nthSunday(2, 2) && day < nthSunday(10, 1);
}

/** Epoch ms of local midnight in Toronto: TMMIS meetingDate values are local midnights (e.g. 1725422400000). */
export function torontoMidnightMs(day: number): number { return day * DAY_MS + (isDst(day) ? 4 : 5) * 3_600_000; }

/** Days from the start of a term to the given day, clamped at 0. */
export function clampDay(day: number, lo: number, hi: number): number { return Math.max(lo, Math.min(hi, day)); }

/** Next weekday (Mon-Fri) on or after the day; meetings are never scheduled at weekends. */
export function nextWeekday(day: number, allowed: readonly number[] = [1, 2, 3, 4, 5]): number {
  let d = day;
  while (!allowed.includes(weekday(d))) d++;
  return d;
}
