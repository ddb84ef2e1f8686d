import { agorotToShekels } from '@hotline/shared';

/** The most a ticket or its service charge may cost, in agorot (the API's limit: ₪100,000). */
export const MAX_AGOROT = 10_000_000;

/** Arabic-Indic (U+0660…) and Persian (U+06F0…) digits, as an Arabic keyboard may type them. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * A shekel amount as a person types it ("150", "149.90", "149,9", "₪ 20") in whole agorot, read as text so nothing
 * passes through a float ("0.29" is 29 agorot, never 28.999…). A dot or a comma before at most two decimals; no
 * thousands separators, no sign. Null when the text is not such an amount or is over MAX_AGOROT.
 */
export function shekelsTextToAgorot(text: string): number | null {
  const plain = text
    .replace(EASTERN_DIGITS, (d) => String(d.charCodeAt(0) & 0xf))
    .replace(/\u066b/g, '.')
    .replace(/[\u200e\u200f₪]/g, '')
    .trim();
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const agorot = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return agorot <= MAX_AGOROT ? agorot : null;
}

/** An amount in agorot as a form shows it to be edited ("150", "149.90"). */
export const agorotToText = (agorot: number) =>
  agorot % 100 === 0 ? String(agorot / 100) : agorotToShekels(agorot).toFixed(2);
