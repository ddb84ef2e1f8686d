import { StatementBatcher, type BatcherOptions } from '../../src/database/statement-batcher';

/** A statement that answers each input doubled, once released; records what each carried and the most at once. */
function recorder(opts: BatcherOptions<number>) {
  const statements: number[][] = [];
  const pending: (() => void)[] = [];
  let running = 0;
  let peak = 0;
  const batcher = new StatementBatcher<number, number>(
    (inputs) =>
      new Promise((resolve) => {
        statements.push(inputs);
        running += 1;
        peak = Math.max(peak, running);
        pending.push(() => {
          running -= 1;
          resolve(
            inputs.map((n): PromiseSettledResult<number> =>
              n < 0 ? { status: 'rejected', reason: new Error(`bad ${n}`) } : { status: 'fulfilled', value: n * 2 },
            ),
          );
        });
      }),
    opts,
  );
  const releaseAll = async () => {
    while (pending.length > 0) {
      pending.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { batcher, statements, releaseAll, peak: () => peak };
}

const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const deep = { waiting: 4, inFlight: 4 };

test.each([
  {
    name: 'one call on a quiet node goes alone, at once',
    calls: [1],
    opts: { inFlight: 2, maxBatch: 64 },
    peak: 1,
    statements: [[1]],
  },
  {
    name: 'calls while two statements run wait and go together',
    calls: upTo(5),
    opts: { inFlight: 2, maxBatch: 64 },
    peak: 2,
    statements: [[1], [2], [3, 4, 5]],
  },
  {
    name: 'a statement carries at most maxBatch calls',
    calls: upTo(5),
    opts: { inFlight: 1, maxBatch: 2 },
    peak: 1,
    statements: [[1], [2, 3], [4, 5]],
  },
  {
    name: 'a shallow queue waits for a statement to finish (no third statement for three calls)',
    calls: upTo(5),
    opts: { inFlight: 2, deep, maxBatch: 3 },
    peak: 2,
    statements: [[1], [2], [3, 4, 5]],
  },
  {
    name: 'a deep queue gets a third and a fourth statement at once, never a fifth',
    calls: upTo(12),
    opts: { inFlight: 2, deep, maxBatch: 3 },
    peak: 4,
    statements: [[1], [2], [3, 4, 5], [6, 7, 8], [9, 10, 11], [12]],
  },
  {
    name: 'control: the same calls without the deep queue rule run two at a time',
    calls: upTo(12),
    opts: { inFlight: 2, maxBatch: 3 },
    peak: 2,
    statements: [[1], [2], [3, 4, 5], [6, 7, 8], [9, 10, 11], [12]],
  },
])('$name', async ({ calls, opts, peak, statements }) => {
  const r = recorder(opts);
  const answers = Promise.all(calls.map((n) => r.batcher.call(n)));
  await r.releaseAll();
  expect(await answers).toEqual(calls.map((n) => n * 2));
  expect(r.statements).toEqual(statements);
  expect(r.peak()).toBe(peak);
});

test('a deep queue drains by as many statements as it fills, as soon as one finishes', async () => {
  const r = recorder({ inFlight: 1, deep: { waiting: 2, inFlight: 2 }, maxBatch: 2 });
  const answers = Promise.all(upTo(7).map((n) => r.batcher.call(n)));
  // [1] alone; 2 waits (one call is not deep); 3 makes two waiting: [2, 3] at once; 4..7 wait for a statement.
  expect(r.statements).toEqual([[1], [2, 3]]);
  await r.releaseAll();
  expect(await answers).toEqual(upTo(7).map((n) => n * 2));
  expect(r.statements).toEqual([[1], [2, 3], [4, 5], [6, 7]]);
  expect(r.peak()).toBe(2);
});

test('two calls with a key in common are never in one statement; the later keeps its turn', async () => {
  const r = recorder({ inFlight: 1, maxBatch: 64, keys: (n) => [`k${n % 10}`] });
  const answers = Promise.all([1, 2, 12, 3, 13].map((n) => r.batcher.call(n)));
  await r.releaseAll();
  expect(await answers).toEqual([2, 4, 24, 6, 26]);
  expect(r.statements).toEqual([[1], [2, 3], [12, 13]]);
});

test('each call gets its own outcome: one rejected, the others answered', async () => {
  const r = recorder({ inFlight: 1, maxBatch: 64 });
  const results = Promise.allSettled([1, 2, -3, 4].map((n) => r.batcher.call(n)));
  await r.releaseAll();
  expect((await results).map((x) => (x.status === 'fulfilled' ? x.value : 'rejected'))).toEqual([2, 4, 'rejected', 8]);
});
