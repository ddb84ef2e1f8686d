/**
 * Presentation times are stored in UTC and shown in Israel time. These helpers
 * do the conversion with Intl's time-zone data instead of a fixed +2/+3 offset:
 * Israel's DST starts on the Friday before the last Sunday of March and ends on
 * the last Sunday of October, and those rules have changed before.
 */
import { intlLocaleFor } from '../locale/supported-locale';

export const JERUSALEM_TIME_ZONE = 'Asia/Jerusalem';

// Requiring the offset keeps "2026-03-27T20:00" from being read as the
// server's or the browser's local time, which differ.
const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

// JavaScript quietly rolls 2026-02-30 over into March; a date that does not
// exist is a typo upstream and must not become a different show day.
function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Parses an ISO 8601 instant that names its offset ('Z' or '+02:00'). */
export function parseIsoInstant(iso: string): Date {
  const match = typeof iso === 'string' ? ISO_WITH_OFFSET.exec(iso) : null;
  if (!match) {
    throw new RangeError(`expected an ISO 8601 date-time with Z or an offset, got ${JSON.stringify(iso)}`);
  }
  const date = new Date(iso);
  const realDay = isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  if (!realDay || Number(match[4]) > 23 || Number.isNaN(date.getTime())) {
    throw new RangeError(`not a real date-time: ${JSON.stringify(iso)}`);
  }
  return date;
}

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A presentation's date and time for people, in Israel time, e.g. he:
 * 'יום שישי, 27 במרץ 2026 בשעה 21:30', en: 'Friday, 27 March 2026 at 21:30'.
 * 24-hour clock and Latin digits in every language, as on the rest of the site.
 */
export function formatJerusalemDateTime(isoUtc: string, locale: string = 'he'): string {
  const date = parseIsoInstant(isoUtc);
  const intlLocale = intlLocaleFor(locale);
  let formatter = dateTimeFormatters.get(intlLocale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale, {
      timeZone: JERUSALEM_TIME_ZONE,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    });
    dateTimeFormatters.set(intlLocale, formatter);
  }
  return formatter.format(date);
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day for people, in Israel time, e.g. he: '29 בנובמבר 2027', en: '29 November 2027', ru: '29 ноября
 * 2027 г.', ar: '29 نوفمبر 2027': the day a voucher is valid until, in the reader's language (messages
 * wrote 2027-11-29). Latin digits in every language, as on the rest of the site.
 */
export function formatJerusalemDate(isoUtc: string, locale: string = 'he'): string {
  const date = parseIsoInstant(isoUtc);
  const intlLocale = intlLocaleFor(locale);
  let formatter = dateFormatters.get(intlLocale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale, {
      timeZone: JERUSALEM_TIME_ZONE,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      numberingSystem: 'latn',
    });
    dateFormatters.set(intlLocale, formatter);
  }
  return formatter.format(date);
}

// en-US with h23 gives plain numeric parts we can read back reliably.
const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: JERUSALEM_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function jerusalemWallClock(instantMs: number): WallClock {
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of partsFormatter.formatToParts(instantMs)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  return clock;
}

/** Israel's offset from UTC at an instant, in ms (+2 h in winter, +3 h in summer). */
function jerusalemOffsetMs(instantMs: number): number {
  const clock = jerusalemWallClock(instantMs);
  const wallAsUtc =
    new Date(0).setUTCFullYear(clock.year, clock.month - 1, clock.day) +
    ((clock.hour * 60 + clock.minute) * 60 + clock.second) * 1000;
  return wallAsUtc - Math.floor(instantMs / 1000) * 1000;
}

function toDate(value: Date | string): Date {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('date is an invalid Date');
    return value;
  }
  return parseIsoInstant(value);
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** 'YYYY-MM-DD' of the Israeli calendar day an instant falls on (for grouping shows by day). */
export function jerusalemDateKey(date: Date | string): string {
  const clock = jerusalemWallClock(toDate(date).getTime());
  return `${pad(clock.year, 4)}-${pad(clock.month, 2)}-${pad(clock.day, 2)}`;
}

/** 'HH:MM' of the Israeli wall clock at an instant (what a date's start was set as in the back office). */
export function jerusalemTimeOfDay(date: Date | string): string {
  const clock = jerusalemWallClock(toDate(date).getTime());
  return `${pad(clock.hour % 24, 2)}:${pad(clock.minute, 2)}`;
}

/** The UTC instant at which Israeli wall-clock midnight of a calendar day begins. */
function jerusalemMidnightUtcMs(year: number, month: number, day: number): number {
  const wallMidnight = new Date(0);
  wallMidnight.setUTCFullYear(year, month - 1, day); // unlike Date.UTC, keeps years 0-99 as written
  const wallMidnightAsUtc = wallMidnight.getTime();
  // The offset depends on the instant we are looking for; two rounds settle it
  // (the first guess can sit on the wrong side of a DST change).
  let instant = wallMidnightAsUtc - jerusalemOffsetMs(wallMidnightAsUtc);
  instant = wallMidnightAsUtc - jerusalemOffsetMs(instant);
  return instant;
}

export interface UtcRange {
  /** Inclusive. */
  startUtc: string;
  /** Exclusive: the start of the next Israeli day. */
  endUtc: string;
}

/**
 * The UTC instants bounding an Israeli calendar day, as a half-open range
 * [startUtc, endUtc), for "shows on this date" queries. Not always 24 hours: the
 * spring-forward Friday is 23 hours and the fall-back Sunday is 25.
 */
export function jerusalemDayRangeUtc(dateKey: string): UtcRange {
  const match = typeof dateKey === 'string' ? DATE_KEY.exec(dateKey) : null;
  if (!match) throw new RangeError(`expected a 'YYYY-MM-DD' date, got ${JSON.stringify(dateKey)}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isCalendarDate(year, month, day)) throw new RangeError(`not a calendar date: ${JSON.stringify(dateKey)}`);
  const next = new Date(0);
  next.setUTCFullYear(year, month - 1, day + 1);
  return {
    startUtc: new Date(jerusalemMidnightUtcMs(year, month, day)).toISOString(),
    endUtc: new Date(
      jerusalemMidnightUtcMs(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
    ).toISOString(),
  };
}
