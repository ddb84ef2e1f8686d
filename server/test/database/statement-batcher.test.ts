import { StatementBatcher } from '../../src/database/statement-batcher';

/** A statement that answers each input doubled, once released; records what each statement carried. */
function recorder(opts: { maxInFlight: number; maxBatch: number; keys?: (n: number) => string[] }) {
  const statements: number[][] = [];
  const pending: (() => void)[] = [];
  const batcher = new StatementBatcher<number, number>(
    (inputs) =>
      new Promise((resolve) => {
        statements.push(inputs);
        pending.push(() =>
          resolve(
            inputs.map((n): PromiseSettledResult<number> =>
              n < 0 ? { status: 'rejected', reason: new Error(`bad ${n}`) } : { status: 'fulfilled', value: n * 2 },
            ),
          ),
        );
      }),
    opts,
  );
  const releaseAll = async () => {
    while (pending.length > 0) {
      pending.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { batcher, statements, releaseAll };
}

test.each([
  { name: 'one call on a quiet node goes alone, at once', calls: [1], maxInFlight: 2, maxBatch: 64, statements: [[1]] },
  {
    name: 'calls while two statements run wait and go together',
    calls: [1, 2, 3, 4, 5],
    maxInFlight: 2,
    maxBatch: 64,
    statements: [[1], [2], [3, 4, 5]],
  },
  {
    name: 'a statement carries at most maxBatch calls',
    calls: [1, 2, 3, 4, 5],
    maxInFlight: 1,
    maxBatch: 2,
    statements: [[1], [2, 3], [4, 5]],
  },
])('$name', async ({ calls, maxInFlight, maxBatch, statements }) => {
  const r = recorder({ maxInFlight, maxBatch });
  const answers = Promise.all(calls.map((n) => r.batcher.call(n)));
  await r.releaseAll();
  expect(await answers).toEqual(calls.map((n) => n * 2));
  expect(r.statements).toEqual(statements);
});

test('two calls with a key in common are never in one statement; the later keeps its turn', async () => {
  const r = recorder({ maxInFlight: 1, maxBatch: 64, keys: (n) => [`k${n % 10}`] });
  const answers = Promise.all([1, 2, 12, 3, 13].map((n) => r.batcher.call(n)));
  await r.releaseAll();
  expect(await answers).toEqual([2, 4, 24, 6, 26]);
  expect(r.statements).toEqual([[1], [2, 3], [12, 13]]);
});

test('each call gets its own outcome: one rejected, the others answered', async () => {
  const r = recorder({ maxInFlight: 1, maxBatch: 64 });
  const results = Promise.allSettled([1, 2, -3, 4].map((n) => r.batcher.call(n)));
  await r.releaseAll();
  expect((await results).map((x) => (x.status === 'fulfilled' ? x.value : 'rejected'))).toEqual([2, 4, 'rejected', 8]);
});
