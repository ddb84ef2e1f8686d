import { CONFLICT_ATTEMPTS, classifyTransientConflict, retryOnConflict } from '../../src/common/transient-conflict';

function pgError(code: string): Error {
  return Object.assign(new Error(`pg ${code}`), { code });
}

/** PostgreSQL's rolled-back-for-a-race answers are conflicts; outages, constraint violations and bugs are not. */
const cases: [string, unknown, ReturnType<typeof classifyTransientConflict>][] = [
  ['deadlock_detected', pgError('40P01'), 'deadlock'],
  ['serialization_failure', pgError('40001'), 'serialization'],
  ['lock_not_available (NOWAIT, lock_timeout)', pgError('55P03'), 'lock-not-available'],
  ['TypeORM wrapping a deadlock', { name: 'QueryFailedError', driverError: pgError('40P01') }, 'deadlock'],
  ['statement_timeout (an outage, dependency-failure.ts)', pgError('57014'), null],
  ['unique_violation', pgError('23505'), null],
  ['a bug', new TypeError('x is undefined'), null],
  ['not an error', '40P01', null],
  ['nothing', null, null],
];

test.each(cases)('%s', (_name, error, expected) => {
  expect(classifyTransientConflict(error)).toBe(expected);
});

const noPause = () => 0;

test('a conflict is retried and the second run answers', async () => {
  let runs = 0;
  const retries: string[] = [];
  const answer = await retryOnConflict(
    async () => {
      runs += 1;
      if (runs === 1) throw pgError('40P01');
      return 'done';
    },
    (conflict, attempt) => retries.push(`${conflict} ${attempt}`),
    noPause,
  );
  expect([answer, runs, retries]).toEqual(['done', 2, ['deadlock 1']]);
});

test('a conflict that keeps coming is thrown after the last attempt', async () => {
  let runs = 0;
  const run = retryOnConflict(
    async () => {
      runs += 1;
      throw pgError('55P03');
    },
    undefined,
    noPause,
  );
  await expect(run).rejects.toMatchObject({ code: '55P03' });
  expect(runs).toBe(CONFLICT_ATTEMPTS);
});

test('any other error is thrown at once, never retried', async () => {
  let runs = 0;
  const run = retryOnConflict(
    async () => {
      runs += 1;
      throw pgError('23505');
    },
    undefined,
    noPause,
  );
  await expect(run).rejects.toMatchObject({ code: '23505' });
  expect(runs).toBe(1);
});
