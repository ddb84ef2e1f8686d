/**
 * How a name that does not fit its room is shortened on the map, or left out: a rule of its own so every label
 * (section names on the overview, any later caller) shortens the same way. A name is cut at the end with "…" only
 * while what is left still says something: at least MIN_KEPT characters (two: "Ri…" for "Right side box" still tells
 * it from "Le…" beside it; one letter does not), and never in the middle of a number
 * ("Gate 105" never becomes "Gate 1…", which reads as another gate; "201" never becomes "2…"). Otherwise the name
 * is not drawn at all; the seat grid and the panel still name the section.
 */

/** The fewest characters a cut name keeps before its "…" (one says nothing, like "2…"). */
export const MIN_KEPT = 2;

const DIGIT = /\p{Nd}/u;

/**
 * `text` when it fits; else the longest start of it that, with "…", fits and keeps the rule above; else null: hide
 * the label. `fits` says whether a candidate text fits the room (a measure against a width, in the caller).
 */
export function shortenLabel(text: string, fits: (candidate: string) => boolean): string | null {
  if (fits(text)) return text;
  const chars = [...text];
  for (let n = chars.length - 1; n >= MIN_KEPT; n--) {
    // Never cut a number in two.
    if (DIGIT.test(chars[n - 1]!) && DIGIT.test(chars[n]!)) continue;
    const kept = chars.slice(0, n).join('').trimEnd();
    if ([...kept].length < MIN_KEPT) continue;
    const candidate = `${kept}…`;
    if (fits(candidate)) return candidate;
  }
  return null;
}
