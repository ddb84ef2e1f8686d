import { Writable } from 'node:stream';
import pino from 'pino';
import { QueryFailedError } from 'typeorm';
import { pathOnly, REDACT_PATHS, REDACTED, redactError } from '../../src/common/log-redaction';

/** No personal data in logs: SQL parameters, PostgreSQL details and query strings are redacted. */
function capture(): { logger: pino.Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino(
    { redact: { paths: REDACT_PATHS, censor: REDACTED }, serializers: { err: redactError, error: redactError } },
    sink,
  );
  return { logger, lines };
}

describe('log redaction', () => {
  test('a failed SQL statement logs neither its parameters nor the values PostgreSQL repeats', () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint'), {
      detail: 'Key (email)=(dana@example.org) already exists.',
      parameters: ['dana@example.org', '0541234567'],
    });
    const error = new QueryFailedError(
      'INSERT INTO customer (email, phone) VALUES ($1, $2)',
      ['dana@example.org', '0541234567'],
      driverError,
    );
    const { logger, lines } = capture();
    logger.error({ err: error, url: pathOnly('/api/payment/voucher?reference=GIFT-100&recaptchaToken=abc') }, 'boom');
    const line = lines.join('');
    expect(line).toContain('boom');
    expect(line).not.toContain('dana@example.org');
    expect(line).not.toContain('0541234567');
    expect(line).not.toContain('GIFT-100');
    expect(line).toContain('/api/payment/voucher');
  });

  test('customer fields and tokens logged by mistake are censored', () => {
    const { logger, lines } = capture();
    logger.warn({ customerInfo: { email: 'a@b.c' }, body: { recaptchaToken: 'x' }, email: 'e@f.g' }, 'oops');
    expect(lines.join('')).not.toMatch(/a@b\.c|e@f\.g|recaptchaToken":"x/);
  });
});
