import pino from 'pino';

/**
 * Personal data and credentials never reach a log line (ASVS 7.1): SQL parameters
 * carry names, e-mails and phones; PostgreSQL's `detail` repeats the offending
 * values ("Key (email)=(a@b.c) already exists"); URLs carry tokens and codes in
 * their query strings; bodies carry customer details and card data.
 */
export const REDACTED = '[redacted]';

/** Field names whose values are removed wherever pino meets them (pino `redact`, one level of nesting). */
export const REDACT_PATHS = [
  'parameters',
  '*.parameters',
  'body',
  '*.body',
  'headers.cookie',
  'headers.uuid',
  'req.headers.cookie',
  'req.headers.uuid',
  'customerInfo',
  '*.customerInfo',
  'email',
  '*.email',
  'mobileNumber',
  '*.mobileNumber',
  'phone',
  '*.phone',
  'ssn',
  '*.ssn',
  'recaptchaToken',
  '*.recaptchaToken',
];

/** A URL without its query string (codes, tokens, references live there). */
export function pathOnly(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const q = url.indexOf('?');
  return q < 0 ? url : `${url.slice(0, q)}?${REDACTED}`;
}

/**
 * pino's error serializer, then the fields that repeat user data: TypeORM's
 * QueryFailedError `parameters` (and the driver error's copy), PostgreSQL's `detail`
 * and `where`, and a `query` text that has literal values (we always bind, so it only
 * names columns; kept).
 */
export function redactError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialised = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  return scrub(serialised, 0);
}

function scrub(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'parameters' || key === 'detail' || key === 'where' || key === 'body') out[key] = REDACTED;
    else if (item && typeof item === 'object' && !Array.isArray(item) && depth < 4)
      out[key] = scrub(item as Record<string, unknown>, depth + 1);
    else out[key] = item;
  }
  if (typeof out.message === 'string') out.message = redactValues(out.message);
  // The stack's first line repeats the message.
  if (typeof out.stack === 'string') out.stack = redactValues(out.stack);
  return out;
}

/** Removes e-mail addresses and long digit runs (phones, ids of people) from free text. */
function redactValues(text: string): string {
  return text.replace(/[^\s@"'()]+@[^\s@"'()]+/g, REDACTED).replace(/\+?\d[\d -]{6,}\d/g, REDACTED);
}
