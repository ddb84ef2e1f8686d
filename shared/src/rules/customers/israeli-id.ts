const DIGITS_ONLY = /^\d{1,9}$/;

/**
 * Israeli ID number (teudat zehut) check (memberships-backoffice-spec.md
 * section 5: "the ID number must be valid").
 *
 * Up to 9 digits, left-padded with zeros to 9 (IDs are often typed or stored
 * without leading zeros). Digits are weighted 1,2,1,2,... from the left; a
 * product above 9 counts as the sum of its digits (i.e. minus 9); the total must
 * be a multiple of 10. All zeros passes the arithmetic but is no one's ID.
 *
 * Surrounding whitespace is ignored; anything else that is not a digit (dashes,
 * spaces inside) makes it invalid rather than being guessed away. A number is
 * accepted too, as IDs often arrive as numbers from spreadsheets and old APIs.
 */
export function israeliIdIsValid(id: string | number): boolean {
  let text: string;
  if (typeof id === 'number') {
    if (!Number.isSafeInteger(id) || id < 0) return false;
    text = String(id);
  } else if (typeof id === 'string') {
    text = id.trim();
  } else {
    return false;
  }
  if (!DIGITS_ONLY.test(text)) return false;
  const padded = text.padStart(9, '0');
  if (/^0+$/.test(padded)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const product = Number(padded[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return sum % 10 === 0;
}
