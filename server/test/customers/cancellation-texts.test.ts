import { CancellationErrors } from '../../src/cancellations/cancellations.errors';

/** Every refusal code of a cancellation has a clear text in each of the four languages, in its own script. */
const CODES = [
  'NOTHING_TO_CANCEL',
  'BALANCE_IS_DUE',
  'TOO_CLOSE_TO_PRSNT_DATE',
  'TOO_FAR_FROM_PURCHASE_DATE',
  'PROVIDER_REFUND_NOT_ALLOWED',
  'CANNOT_REFUND_CREDIT_TRANSACTION',
  'NOT_POSSIBLE_TO_CHANGE_DATE_FOR_EVENT',
  'PRSNT_NOT_FOUND',
  'CONTACT_ICMEGA_PROVIDER',
] as const;

const SCRIPT = { he: /[\u0590-\u05ff]/, ar: /[\u0600-\u06ff]/, ru: /[\u0400-\u04ff]/, en: /^[\x20-\x7e]+$/ } as const;

test.each(CODES)('%s: a 4xx with a text in he, en, ru and ar', (code) => {
  const entry = CancellationErrors[code];
  expect(entry.status).toBeGreaterThanOrEqual(400);
  expect(entry.status).toBeLessThan(500);
  for (const [locale, script] of Object.entries(SCRIPT) as [keyof typeof SCRIPT, RegExp][]) {
    const text = entry.message[locale];
    expect(text.length).toBeGreaterThan(10);
    expect(text).toMatch(script);
    expect(text).not.toContain(code);
  }
});
