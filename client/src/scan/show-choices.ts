import type { DoorPresentation } from '@hotline/shared';
import type { SupportedLocale } from '../i18n/locale';
import { formatShortDay, formatTime, jerusalemDateKey } from '../lib/datetime';

export interface ShowChoice {
  presentationId: number;
  label: string;
}

/** The feature's name in the page's language; the Hebrew name (always filled) when that one is missing. */
function nameIn(locale: SupportedLocale, p: DoorPresentation): string {
  const own =
    locale === 'en' ? p.featureNameEn : locale === 'ru' ? p.featureNameRu : locale === 'ar' ? p.featureNameAr : null;
  return own?.trim() ? own : p.featureName;
}

/**
 * The door's show list (staff do not know show numbers): each show by its name and its Jerusalem day and time, soonest
 * first. Chosen at first: the device's saved show (kept as a choice even when it has left the list's window, named by
 * `unlisted`), else the first show of today in Jerusalem, else none.
 */
export function showChoices(
  list: readonly DoorPresentation[],
  locale: SupportedLocale,
  saved: number | null,
  now: Date,
  unlisted: (presentationId: number) => string,
): { choices: ShowChoice[]; chosen: number | null } {
  const sorted = [...list].sort(
    (a, b) => Date.parse(a.dateTime) - Date.parse(b.dateTime) || a.presentationId - b.presentationId,
  );
  const choices = sorted.map((p) => ({
    presentationId: p.presentationId,
    label: `${nameIn(locale, p)} · ${formatShortDay(p.dateTime, locale)}, ${formatTime(p.dateTime, locale)}`,
  }));
  if (saved !== null && !choices.some((c) => c.presentationId === saved))
    choices.push({ presentationId: saved, label: unlisted(saved) });
  const today = jerusalemDateKey(now);
  const todays = sorted.find((p) => jerusalemDateKey(p.dateTime) === today);
  return { choices, chosen: saved ?? todays?.presentationId ?? null };
}
