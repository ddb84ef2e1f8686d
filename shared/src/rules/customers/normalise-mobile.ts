// Separators people type inside phone numbers: spaces (incl. NBSP), dashes,
// dots, brackets, and the invisible direction marks RTL inputs insert.
const SEPARATORS = /[\s\u00A0\-.()\u200E\u200F\u061C]/g;

/**
 * A phone number in national digits-only form: '+972 50-123-4567',
 * '00972501234567', '972501234567' and '050 123 4567' all become '0501234567'.
 * A trunk zero written after the country code ('+972 (0)50...') is dropped.
 *
 * It does not validate: whatever is not recognisably Israeli-international is
 * returned with separators removed, so `isValidIsraeliMobile` can judge it.
 */
export function normaliseMobile(input: string): string {
  if (typeof input !== 'string') throw new TypeError(`mobile must be a string, got ${String(input)}`);
  const compact = input.replace(SEPARATORS, '');
  const international = /^(?:\+|00)?972(\d+)$/.exec(compact);
  if (!international) return compact;
  const national = international[1]!;
  return national.startsWith('0') ? national : `0${national}`;
}
