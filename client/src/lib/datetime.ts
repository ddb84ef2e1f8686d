import { intlLocaleFor, JERUSALEM_TIME_ZONE } from './rules';

/**
 * Date and time display. The rules (what day a show falls on, the full date-time
 * text) are shared: `jerusalemDateKey` and `formatJerusalemDateTime` from
 * @hotline/shared. The compact day and time labels below are presentation only,
 * always in Asia/Jerusalem (spec section 9) with Latin digits, as prices are.
 */
export { formatJerusalemDateTime, jerusalemDateKey } from './rules';

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const cacheKey = `${locale}|${key}`;
  let f = cache.get(cacheKey);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocaleFor(locale), {
      timeZone: JERUSALEM_TIME_ZONE,
      numberingSystem: 'latn',
      ...options,
    });
    cache.set(cacheKey, f);
  }
  return f;
}

/** Day heading for a list of presentations: "יום שלישי, 12 במאי". */
export function formatDayHeading(isoUtc: string, locale: string): string {
  return formatter(locale, 'day', { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(isoUtc));
}

/** Short day label for compact rows: "יום ג׳, 12 במאי" / "Tue, 12 May". */
export function formatShortDay(isoUtc: string, locale: string): string {
  return formatter(locale, 'short-day', { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(isoUtc));
}

/** 24-hour Jerusalem time: "19:30". */
export function formatTime(isoUtc: string, locale: string): string {
  return formatter(locale, 'time', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(isoUtc));
}
