import pino from 'pino';
import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { DependencyAlarm, classifyDependencyFailure } from '../../src/common/dependency-failure';

/** Outages become 503s and bugs stay 500s: the classification, table-driven. */
const cases: [string, unknown, ReturnType<typeof classifyDependencyFailure>][] = [
  [
    'ioredis: retries exhausted',
    Object.assign(new Error('Reached the max retries per request limit (which is 1).'), {
      name: 'MaxRetriesPerRequestError',
    }),
    'redis',
  ],
  ['ioredis: command timeout', new Error('Command timed out'), 'redis'],
  ['ioredis: connection closed', new Error('Connection is closed.'), 'redis'],
  ['Redis Cluster: shard without a primary', new Error('CLUSTERDOWN The cluster is down'), 'redis'],
  ['Redis Cluster: slot migrating', new Error('TRYAGAIN Multiple keys request during rehashing of slot'), 'redis'],
  ['ioredis Cluster: redirection storm', new Error('Too many Cluster redirections. Last error: MOVED'), 'redis'],
  [
    'Redis Cluster: ASK inside an auto-pipelined batch (resharding)',
    Object.assign(new Error('ASK 3444 127.0.0.1:36451'), { name: 'ReplyError' }),
    'redis',
  ],
  ['Redis Cluster: MOVED inside a batch', new Error('MOVED 3444 127.0.0.1:36451'), 'redis'],
  [
    'Redis Cluster: NOSCRIPT after a redirected retry',
    new Error('NOSCRIPT No matching script. Please use EVAL.'),
    'redis',
  ],
  [
    'ioredis Cluster: an auto-pipelined batch split by a slot move before it was sent',
    new Error('All keys in the pipeline should belong to the same slots allocation group'),
    'redis',
  ],
  ['not a redirection: a word that starts with ASK', new Error('ASKED 3 times'), null],
  ['ioredis Cluster: no slot map', new Error('Failed to refresh slots cache.'), 'redis'],
  ['pg: pool wait / connect timeout', new Error('timeout exceeded when trying to connect'), 'postgres'],
  ['pg: client query timeout', new Error('Query read timeout'), 'postgres'],
  [
    'pg: statement_timeout',
    Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    'postgres',
  ],
  [
    'pg: server shut down',
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    'postgres',
  ],
  [
    'pg: session ended by idle_in_transaction_session_timeout',
    Object.assign(new Error('terminating connection due to idle-in-transaction timeout'), { code: '25P03' }),
    'postgres',
  ],
  [
    'pg: session ended by idle_session_timeout',
    Object.assign(new Error('terminating connection due to idle-session timeout'), { code: '57P05' }),
    'postgres',
  ],
  [
    "TypeORM: the transaction's connection was lost, its COMMIT refused",
    new QueryRunnerAlreadyReleasedError(),
    'postgres',
  ],
  [
    "TypeORM: the transaction's connection was lost, its next statement refused",
    new QueryRunnerProviderAlreadyReleasedError(),
    'postgres',
  ],
  [
    'pg: refused',
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    'postgres',
  ],
  [
    'TypeORM wrapping a pg timeout',
    { name: 'QueryFailedError', message: 'Query read timeout', driverError: new Error('Query read timeout') },
    'postgres',
  ],
  ['a bug', new TypeError("Cannot read properties of undefined (reading 'x')"), null],
  ['a constraint violation', Object.assign(new Error('duplicate key value'), { code: '23505' }), null],
  ['not an error', 'oops', null],
  ['nothing', undefined, null],
];

test.each(cases)('%s', (_name, error, expected) => {
  expect(classifyDependencyFailure(error)).toBe(expected);
});

test('the alarm logs one line per dependency and call site per window, counting the rest', () => {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const alarm = new DependencyAlarm(logger);
  const t0 = 1_000_000;
  for (let i = 0; i < 100; i++)
    alarm.report('redis', 'PUT /api/seats/lock-seat', new Error('Command timed out'), t0 + i);
  alarm.report('postgres', 'PUT /api/seats/lock-seat', new Error('Query read timeout'), t0 + 200);
  expect(lines).toHaveLength(2);
  alarm.report('redis', 'PUT /api/seats/lock-seat', new Error('Command timed out'), t0 + DependencyAlarm.WINDOW_MS + 1);
  expect(lines).toHaveLength(3);
  expect(lines[2]).toMatchObject({ dependency: 'redis', suppressedSinceLast: 99 });
  expect(JSON.stringify(lines)).not.toMatch(/"stack"/);
});
