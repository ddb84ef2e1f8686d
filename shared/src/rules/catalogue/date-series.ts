import { addCalendarDays, jerusalemWallClockToUtc } from './jerusalem-wall-clock';

export interface DateSeriesInput {
  /** 'YYYY-MM-DD', the first date, in Jerusalem. */
  firstDate: string;
  /** 'HH:MM', the Jerusalem wall-clock time of every date. */
  time: string;
  everyDays: number;
  count: number;
}

export interface SeriesDate {
  dateKey: string;
  time: string;
  startsAt: Date;
}

/**
 * The dates of a series ("every Thursday at 20:00 for 8 weeks": every 7 days, 8 times), each at the same Jerusalem
 * wall-clock time: across a clock change the UTC instant moves by the hour, the time buyers see does not.
 */
export function dateSeries(input: DateSeriesInput): SeriesDate[] {
  if (!Number.isInteger(input.count) || input.count < 1) throw new RangeError('count must be a positive integer');
  if (!Number.isInteger(input.everyDays) || input.everyDays < 1)
    throw new RangeError('everyDays must be a positive integer');
  return Array.from({ length: input.count }, (_, i) => {
    const dateKey = addCalendarDays(input.firstDate, i * input.everyDays);
    return { dateKey, time: input.time, startsAt: jerusalemWallClockToUtc(dateKey, input.time) };
  });
}
