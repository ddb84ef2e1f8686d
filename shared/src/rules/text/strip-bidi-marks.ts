// LRM, RLM and the Arabic letter mark: invisible direction hints Intl puts into
// he/ar output. They matter on screen but break plain-text comparisons and sinks.
const BIDI_MARKS = /[\u200E\u200F\u061C]/g;

/** Removes U+200E, U+200F and U+061C; for text that leaves the screen (CSV, SMS, logs, tests). */
export function stripBidiMarks(text: string): string {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, got ${String(text)}`);
  return text.replace(BIDI_MARKS, '');
}
