import { JERUSALEM_TIME_ZONE } from './jerusalem-time';

/**
 * The UTC instant of a wall-clock time in Asia/Jerusalem ('2026-03-27', '20:00').
 * Presentations are scheduled in local time but stored in UTC, so this must be
 * right on the days the clocks change. A time that does not exist (skipped by the
 * spring change) resolves to the same wall-clock reading in the new offset.
 */
export function jerusalemWallClockToUtc(dateKey: string, time: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateKey))
    throw new RangeError(`expected a 'YYYY-MM-DD' date, got ${JSON.stringify(dateKey)}`);
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59)
    throw new RangeError(`expected 'HH:MM', got ${JSON.stringify(time)}`);
  const asIfUtc = Date.parse(`${dateKey}T${time}:00Z`);
  // V8 reads '2027-02-30' as 2 March: a day the month does not have is a typo, not another show day.
  if (Number.isNaN(asIfUtc) || new Date(asIfUtc).toISOString().slice(0, 10) !== dateKey)
    throw new RangeError(`not a calendar date: ${JSON.stringify(dateKey)}`);
  // Two passes: the offset at the first guess can differ from the offset at the answer near a change.
  let utc = asIfUtc - offsetMs(asIfUtc);
  utc = asIfUtc - offsetMs(utc);
  return new Date(utc);
}

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: JERUSALEM_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function offsetMs(instant: number): number {
  const parts = formatter.formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** 'YYYY-MM-DD' plus n calendar days. */
export function addCalendarDays(dateKey: string, days: number): string {
  const d = new Date(`${dateKey}T12:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== dateKey)
    throw new RangeError(`not a calendar date: ${JSON.stringify(dateKey)}`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
