import type { DaySales } from '@hotline/shared';

/**
 * The sales chart's arithmetic, apart from drawing so it can be table-tested: the days of the report's range (a day
 * without sales is a day at zero, not a missing bar that lets its neighbours swell across the card), a readable
 * value axis, and which day labels fit under the bars.
 */

export interface ChartDay {
  /** YYYY-MM-DD, Asia/Jerusalem (as the report's days). */
  date: string;
  sold: number;
  revenueAgorot: number;
}

const DAY_MS = 86_400_000;
const toDay = (key: string) => Date.UTC(+key.slice(0, 4), +key.slice(5, 7) - 1, +key.slice(8, 10));
const toKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Every day from `from` to `to` (both included, YYYY-MM-DD) with its sales; days the report does not list are zero.
 * Days outside the range are left out. An empty list when `to` is before `from`; at most 400 days (a wrong range must
 * not draw thousands of bars).
 */
export function fillDays(days: readonly DaySales[], from: string, to: string): ChartDay[] {
  const byDate = new Map(days.map((d) => [d.Date, d]));
  const out: ChartDay[] = [];
  for (let ms = toDay(from); ms <= toDay(to) && out.length < 400; ms += DAY_MS) {
    const date = toKey(ms);
    const d = byDate.get(date);
    out.push({ date, sold: d?.Sold ?? 0, revenueAgorot: d?.RevenueAgorot ?? 0 });
  }
  return out;
}

/**
 * A value axis from zero: a step of 1, 2 or 5 times a power of ten (never below `minStep`: tickets are whole) and a
 * top that is a whole number of steps at or above `max`, with at most `maxTicks` steps. `max` 0 gives one step.
 */
export function niceAxis(max: number, maxTicks = 5, minStep = 1): { top: number; step: number } {
  if (!(max > 0)) return { top: minStep, step: minStep };
  const rough = max / Math.max(1, maxTicks);
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = power * 10;
  for (const m of [1, 2, 5, 10]) {
    if (power * m >= rough) {
      step = power * m;
      break;
    }
  }
  step = Math.max(minStep, step);
  return { top: Math.ceil(max / step) * step, step };
}

/**
 * Which days get a label under their bar, given the room per bar (CSS px) and the room one label needs: every day
 * when it fits, else every 2nd, 7th or 14th day counted back from the last (today stays labelled), at most one label
 * per `labelPx`.
 */
export function labelStride(barCount: number, slotPx: number, labelPx: number): number {
  if (barCount <= 1 || slotPx >= labelPx) return 1;
  for (const stride of [2, 7, 14]) if (slotPx * stride >= labelPx) return stride;
  return Math.max(1, Math.ceil(barCount / 2));
}

/** The day at `index` of `count` is labelled under a stride: counted from the last day, so the newest is always. */
export function isLabelled(index: number, count: number, stride: number): boolean {
  return (count - 1 - index) % stride === 0;
}
