/**
 * How a stored mobile number is shown (storefront-spec.md section 5): one
 * starting with +972 is shown with 0 instead, '+972501234567' -> '0501234567',
 * because Israelis read and type their own numbers in national form. Separators
 * after the prefix are kept as written ('+972-50-1234567' -> '050-1234567');
 * a trunk zero already written after +972 is not doubled. Anything else is shown
 * as it is, trimmed.
 */
export function displayMobile(mobile: string): string {
  if (typeof mobile !== 'string') throw new TypeError(`mobile must be a string, got ${String(mobile)}`);
  const trimmed = mobile.trim();
  if (!trimmed.startsWith('+972')) return trimmed;
  const rest = trimmed.slice(4).replace(/^[\s\-.]*(\(0\))?[\s\-.]*/, '');
  return rest.startsWith('0') ? rest : `0${rest}`;
}
