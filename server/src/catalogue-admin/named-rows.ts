import type { AdminNames } from '@hotline/shared';

/** A catalogue row's name columns: Hebrew and English in their own, Russian and Arabic in `translations`. */
export interface NamedRow {
  name: string;
  name_en: string;
  translations: { ru?: { name?: string }; ar?: { name?: string } } | null;
}

/** The row's name in the four languages (empty where it has none: the storefront then shows English). */
export const namesOf = (r: NamedRow): AdminNames => ({
  he: r.name,
  en: r.name_en,
  ru: r.translations?.ru?.name ?? '',
  ar: r.translations?.ar?.name ?? '',
});

/** TypeORM answers an UPDATE … RETURNING with [rows, count], a SELECT with rows. */
export function returnedRows<T = unknown>(result: unknown): T[] {
  const list = result as unknown[];
  return (Array.isArray(list[0]) ? list[0] : list) as T[];
}
