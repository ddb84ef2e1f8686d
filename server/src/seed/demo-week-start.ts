import { addCalendarDays, jerusalemDateKey, jerusalemWallClockToUtc } from '@hotline/shared';

/**
 * How far ahead the demo week's first show must be when the data is loaded. Four hours covers a hold order (refused
 * from 30 minutes before the event), a whole test run (under 20 minutes) and an evening of trying the demo.
 */
export const DEMO_FIRST_SHOW_LEAD_MS = 4 * 3_600_000;

/**
 * The Israeli calendar day the demo week starts on: today when the day's earliest show (`earliestTime`, wall clock)
 * is at least `leadMs` away, otherwise tomorrow. Without it, a database seeded in the evening began with shows that
 * had already started, and whatever was tried on them (a hold, a cancellation) was refused by the product's own rules.
 */
export function demoWeekFirstDay(now: Date, earliestTime: string, leadMs: number = DEMO_FIRST_SHOW_LEAD_MS): string {
  const today = jerusalemDateKey(now);
  const firstShow = jerusalemWallClockToUtc(today, earliestTime);
  return firstShow.getTime() - now.getTime() >= leadMs ? today : addCalendarDays(today, 1);
}
