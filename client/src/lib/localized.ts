import type { ApiFeature, ApiPresentation } from '@hotline/shared';
import { nameSeparator } from './list-format';
import type { SupportedLocale } from './rules';

/*
 * Which catalogue text to show. The API carries Hebrew (`name`), English (`nameEn`) and, where the catalogue has
 * them, Russian and Arabic (`nameRu`, `nameAr`; gift vouchers, donations and back-office reports
 * too). Each language shows its own text; a Russian or Arabic text that is missing falls back to the English
 * (a Latin-script name is the better guess for those readers), and any empty text to the Hebrew. Only this file
 * (and booking/format.ts for tickets, groups and products) chooses.
 */

const filled = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/** The text for `locale` among the catalogue's versions of it. */
export function pickText(
  locale: SupportedLocale,
  he: string,
  en: string,
  ru?: string | null,
  ar?: string | null,
): string {
  const own = locale === 'he' ? he : locale === 'ru' ? ru : locale === 'ar' ? ar : en;
  if (filled(own)) return own;
  if (filled(en)) return en;
  return he || en;
}

/**
 * The language and direction of a catalogue text, read from its letters (a Russian page may show an English name
 * where no Russian one is stored): for `lang` and `dir` on the element that holds it.
 */
export function textLang(text: string): { lang: 'he' | 'ar' | 'ru' | 'en'; dir: 'rtl' | 'ltr' } {
  if (/[\u0590-\u05ff]/.test(text)) return { lang: 'he', dir: 'rtl' };
  if (/[\u0600-\u06ff]/.test(text)) return { lang: 'ar', dir: 'rtl' };
  if (/[\u0400-\u04ff]/.test(text)) return { lang: 'ru', dir: 'ltr' };
  return { lang: 'en', dir: 'ltr' };
}

export function featureName(
  f: Pick<ApiFeature, 'name' | 'nameEn' | 'nameRu' | 'nameAr'>,
  locale: SupportedLocale,
): string {
  return pickText(locale, f.name, f.nameEn, f.nameRu, f.nameAr);
}

export function presentationFeatureName(
  p: Pick<ApiPresentation, 'featureName' | 'featureNameEn' | 'featureNameRu' | 'featureNameAr'>,
  locale: SupportedLocale,
): string {
  return pickText(locale, p.featureName, p.featureNameEn, p.featureNameRu, p.featureNameAr);
}

export function featureCategory(
  f: Pick<
    ApiFeature,
    'featureCategoryName' | 'featureCategoryNameEn' | 'featureCategoryNameRu' | 'featureCategoryNameAr'
  >,
  locale: SupportedLocale,
): string {
  return pickText(
    locale,
    f.featureCategoryName,
    f.featureCategoryNameEn,
    f.featureCategoryNameRu,
    f.featureCategoryNameAr,
  );
}

export function featureDescription(
  f: Pick<ApiFeature, 'description' | 'descriptionEn' | 'descriptionRu' | 'descriptionAr'>,
  locale: SupportedLocale,
): string {
  return pickText(locale, f.description, f.descriptionEn, f.descriptionRu, f.descriptionAr);
}

export function venueName(
  p: Pick<ApiPresentation, 'venueName' | 'venueNameEn' | 'venueNameRu' | 'venueNameAr'>,
  locale: SupportedLocale,
): string {
  return pickText(locale, p.venueName, p.venueNameEn, p.venueNameRu, p.venueNameAr);
}

export function locationName(
  p: Pick<ApiPresentation, 'locationName' | 'locationNameEn' | 'locationNameRu' | 'locationNameAr'>,
  locale: SupportedLocale,
): string {
  return pickText(locale, p.locationName, p.locationNameEn, p.locationNameRu, p.locationNameAr);
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
