import pino from 'pino';
import { createLogger } from '../../src/common/logger';
import { unexpectedErrorReport } from '../support/unexpected-errors';

class QueryFailedError extends Error {}

/** What a medium test prints when its app answers 500: the class, PostgreSQL code, message and stack, no user data. */
test("an unexpected error's log line becomes its report, with the logger's redaction", () => {
  const lines: string[] = [];
  const logger = createLogger('warn', { write: (line: string) => lines.push(line) });
  const error = Object.assign(new QueryFailedError('deadlock detected for buyer@example.com'), {
    code: '40P01',
    detail: 'Process 1 waits for ShareLock on transaction 2',
    parameters: ['0501234567'],
  });
  logger.error({ err: error, url: '/api/reservations/HL1/cancel', method: 'POST' }, 'unexpected error');
  logger.warn({ err: error }, 'a warning');
  const [report, warning] = lines.map((line) => unexpectedErrorReport(line, 'a test'));
  expect(report).toMatch(/^\[app 500\] a test: POST \/api\/reservations\/HL1\/cancel: QueryFailedError \[40P01\]: /);
  expect(report).toContain('deadlock detected for [redacted]');
  expect(report).toContain('at '); // the stack
  expect(report).not.toContain('0501234567');
  expect(report).not.toContain('buyer@example.com'); // the stack's first line repeats the message
  expect(report).not.toContain('ShareLock');
  expect(warning).toBeNull();
});

test('a response that broke its contract is reported too; other lines are not', () => {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  logger.error({ route: 'GET /api/x 200', problem: 'status 200 is not declared' }, 'answer not as declared');
  logger.error({}, 'card refund refused');
  expect(lines.map((line) => unexpectedErrorReport(line))).toEqual([
    '[app 500] (outside a test): GET /api/x 200: status 200 is not declared',
    null,
  ]);
  expect(unexpectedErrorReport('not json')).toBeNull();
});
