import type { ApiFeature, ApiPresentation } from '@hotline/shared';
import { nameSeparator } from './list-format';
import type { SupportedLocale } from './rules';

/**
 * Which catalogue name to show. The API carries two names: Hebrew (`name`) and
 * English (`nameEn`). Hebrew pages show the Hebrew name; English, Russian and Arabic
 * pages show the English one, because the catalogue has no Russian or Arabic names
 * and a Latin-script name is the better guess for a reader who chose those languages
 * (the Hebrew name is one tap away on the language switcher). When a catalogue gains
 * per-locale names, only this file changes.
 */
export function usesHebrewNames(locale: SupportedLocale): boolean {
  return locale === 'he';
}

function pick(locale: SupportedLocale, he: string, en: string): string {
  const primary = usesHebrewNames(locale) ? he : en;
  return primary && primary.trim() !== '' ? primary : he || en;
}

/** The language tag of the catalogue text we show (for the `lang` attribute). */
export function catalogueLang(locale: SupportedLocale): 'he' | 'en' {
  return usesHebrewNames(locale) ? 'he' : 'en';
}

export function featureName(f: Pick<ApiFeature, 'name' | 'nameEn'>, locale: SupportedLocale): string {
  return pick(locale, f.name, f.nameEn);
}

export function presentationFeatureName(
  p: Pick<ApiPresentation, 'featureName' | 'featureNameEn'>,
  locale: SupportedLocale,
): string {
  return pick(locale, p.featureName, p.featureNameEn);
}

export function featureCategory(
  f: Pick<ApiFeature, 'featureCategoryName' | 'featureCategoryNameEn'>,
  locale: SupportedLocale,
): string {
  return pick(locale, f.featureCategoryName, f.featureCategoryNameEn);
}

export function featureDescription(
  f: Pick<ApiFeature, 'description' | 'descriptionEn'>,
  locale: SupportedLocale,
): string {
  return pick(locale, f.description, f.descriptionEn);
}

export function venueName(p: Pick<ApiPresentation, 'venueName' | 'venueNameEn'>, locale: SupportedLocale): string {
  return pick(locale, p.venueName, p.venueNameEn);
}

export function locationName(
  p: Pick<ApiPresentation, 'locationName' | 'locationNameEn'>,
  locale: SupportedLocale,
): string {
  return pick(locale, p.locationName, p.locationNameEn);
}

/**
 * "Hall 2, Cinema City Jerusalem" — the venue and its location, without repeating the
 * venue when the location name already starts with it ("Mediterranean Arena, Ashdod").
 */
export function venueAndLocation(
  p: Parameters<typeof venueName>[0] & Parameters<typeof locationName>[0],
  locale: SupportedLocale,
): string {
  const venue = venueName(p, locale);
  const location = locationName(p, locale);
  if (!venue) return location;
  if (!location || location.startsWith(venue)) return location || venue;
  if (venue.startsWith(location)) return venue;
  return `${venue}${nameSeparator(locale)}${location}`;
}
