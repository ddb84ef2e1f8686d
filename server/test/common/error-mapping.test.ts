import type { FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { AllExceptionsFilter } from '../../src/common/all-exceptions.filter';
import { AppError } from '../../src/common/app-error';
import { DependencyAlarm } from '../../src/common/dependency-failure';
import type { SpaFallback } from '../../src/common/spa-fallback';
import '../../src/cancellations/cancellations.errors';

/**
 * What the one error answer makes of each kind of failure (AllExceptionsFilter.respond, which plain routes answer
 * with too): a transient PostgreSQL conflict left after any retries is a 503 with Retry-After in the user's language,
 * like an outage, and never a 500 (decision 048); a bug stays a 500, logged with its stack.
 */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR', routine: 'x' });
}
/** TypeORM's QueryFailedError: the pg error's fields copied onto it, the pg error kept as driverError. */
function typeormError(code: string, message: string) {
  const driverError = pgError(code, message);
  return Object.assign(new Error(message), { name: 'QueryFailedError', code, driverError, query: 'UPDATE x' });
}

type Expected = { status: number; error: string; retryAfter?: string; logged: string };
/** A transient conflict: retry in a second, logged at warn (decision 048). */
const CONFLICT: Expected = { status: 503, error: 'SERVICE_UNAVAILABLE', retryAfter: '1', logged: 'warn' };
/** An outage of PostgreSQL: its own window and wait, logged as an error. */
const OUTAGE: Expected = { status: 503, error: 'SERVICE_UNAVAILABLE', retryAfter: '5', logged: 'error' };

const cases: [string, unknown, Expected][] = [
  ['deadlock (TypeORM)', typeormError('40P01', 'deadlock detected'), CONFLICT],
  ['deadlock (pg)', pgError('40P01', 'deadlock detected'), CONFLICT],
  ['serialization failure', typeormError('40001', 'could not serialize access due to concurrent update'), CONFLICT],
  ['lock timeout', typeormError('55P03', 'canceling statement due to lock timeout'), CONFLICT],
  ['NOWAIT lock refused', pgError('55P03', 'could not obtain lock on row in relation "reservation"'), CONFLICT],
  [
    'statement timeout (an outage: its own window and wait)',
    typeormError('57014', 'canceling statement due to statement timeout'),
    OUTAGE,
  ],
  [
    'the session ended mid-transaction (idle-in-transaction timeout: an outage)',
    typeormError('25P03', 'terminating connection due to idle-in-transaction timeout'),
    OUTAGE,
  ],
  [
    'unique violation (a bug)',
    typeormError('23505', 'duplicate key value violates unique constraint'),
    { status: 500, error: 'INTERNAL_ERROR', logged: 'error' },
  ],
  [
    'a TypeError (a bug)',
    new TypeError("Cannot read properties of undefined (reading 'id')"),
    { status: 500, error: 'INTERNAL_ERROR', logged: 'error' },
  ],
  ['a refusal', new AppError('NOTHING_TO_CANCEL'), { status: 409, error: 'NOTHING_TO_CANCEL', logged: 'none' }],
];

function harness() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const spa = { handles: () => false } as unknown as SpaFallback;
  const filter = new AllExceptionsFilter(logger, spa, new DependencyAlarm(logger));
  const answer = (error: unknown, lang: string) => {
    const sent = { status: 0, headers: {} as Record<string, string>, body: {} as { error: string; message: string } };
    const reply = {
      status(code: number) {
        sent.status = code;
        return reply;
      },
      header(name: string, value: string) {
        sent.headers[name] = value;
        return reply;
      },
      send(body: { error: string; message: string }) {
        sent.body = body;
        return reply;
      },
    };
    const request = {
      method: 'POST',
      url: '/api/reservations/HL1/cancel',
      query: { lang },
      headers: {},
      routeOptions: { url: '/api/reservations/:id/cancel' },
    };
    filter.respond(error, request as unknown as FastifyRequest, reply as unknown as FastifyReply);
    return sent;
  };
  return { answer, lines };
}

const LEVELS: Record<number, string> = { 40: 'warn', 50: 'error' };

test.each(cases)('%s', (_name, error, expected) => {
  const { answer, lines } = harness();
  const r = answer(error, 'en');
  expect([r.status, r.body.error, r.headers['retry-after']]).toEqual([
    expected.status,
    expected.error,
    expected.retryAfter,
  ]);
  expect(r.body.message).toEqual(expect.any(String));
  expect(lines.map((l) => LEVELS[l.level] ?? l.level)[0] ?? 'none').toBe(expected.logged);
  // A conflict is no bug: it is never logged as an unexpected error.
  if (expected.status === 503) expect(lines.map((l) => l.msg)).not.toContain('unexpected error');
});

test('the 503 of a conflict speaks the user language', () => {
  const { answer } = harness();
  const messages = ['he', 'en', 'ru', 'ar'].map((lang) => answer(pgError('40P01', 'deadlock detected'), lang).body);
  expect(messages.map((m) => m.error)).toEqual(Array(4).fill('SERVICE_UNAVAILABLE'));
  expect(new Set(messages.map((m) => m.message)).size).toBe(4);
  expect(messages[0]!.message).toMatch(/[\u0590-\u05ff]/);
  expect(messages[3]!.message).toMatch(/[\u0600-\u06ff]/);
});
