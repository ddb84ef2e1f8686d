/**
 * Wraps left-to-right text (a phone number such as *9080, a code) in Unicode
 * isolates (LRI…PDI) so it keeps its order inside a right-to-left sentence.
 */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}
