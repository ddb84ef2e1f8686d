/** Russian and Arabic texts of a voucher class, donation or voucher row: its `translations` jsonb. */
export type GiftTranslations = { ru?: Record<string, string>; ar?: Record<string, string> } | null;

/** One translated text, or null where there is none (the reader then sees the English). */
export function giftText(
  t: GiftTranslations,
  locale: 'ru' | 'ar',
  field: 'name' | 'description' = 'name',
): string | null {
  const text = t?.[locale]?.[field];
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}
