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

/** A fill window's timer by hand: `fire()` runs the armed one; `armed()` says whether one is armed. */
function manualWindow() {
  let armed: (() => void) | null = null;
  return {
    fill: {
      windowMs: 1,
      schedule: (_ms: number, fire: () => void) => {
        armed = fire;
        return () => {
          armed = null;
        };
      },
    },
    armed: () => armed !== null,
    fire: () => {
      const f = armed;
      armed = null;
      f?.();
    },
  };
}

describe('the fill window', () => {
  test('a call waits for company, even on a quiet node, and goes with the calls that came meanwhile', () => {
    const w = manualWindow();
    const r = recorder({ inFlight: 2, maxBatch: 64, fill: w.fill });
    for (const n of [1, 2]) void r.batcher.call(n);
    expect(r.statements).toEqual([]);
    w.fire();
    // 3 comes while [1, 2] runs: its own window, then its own statement.
    void r.batcher.call(3);
    expect(r.statements).toEqual([[1, 2]]);
    w.fire();
    expect(r.statements).toEqual([[1, 2], [3]]);
  });

  test('control: without it, each of sparse calls goes alone at once', () => {
    const r = recorder({ inFlight: 2, maxBatch: 64 });
    for (const n of [1, 2]) void r.batcher.call(n);
    expect(r.statements).toEqual([[1], [2]]);
  });

  test('a window run out still waits for a free statement; the calls then go together', async () => {
    const w = manualWindow();
    const r = recorder({ inFlight: 1, maxBatch: 64, fill: w.fill });
    const answers = Promise.all([1, 2, 3].map((n) => r.batcher.call(n)));
    w.fire();
    expect(r.statements).toEqual([[1, 2, 3]]);
    const more = Promise.all([4, 5].map((n) => r.batcher.call(n)));
    w.fire();
    expect(r.statements).toEqual([[1, 2, 3]]);
    await r.releaseAll();
    expect(r.statements).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(await answers).toEqual([2, 4, 6]);
    expect(await more).toEqual([8, 10]);
  });

  test('a deep queue does not wait', () => {
    const w = manualWindow();
    const r = recorder({ inFlight: 2, deep: { waiting: 3, inFlight: 4 }, maxBatch: 64, fill: w.fill });
    for (const n of upTo(4)) void r.batcher.call(n);
    // 1 and 2 wait; 3 makes three waiting, a deep queue: they go at once; 4 waits for its window.
    expect(r.statements).toEqual([[1, 2, 3]]);
    w.fire();
    expect(r.statements).toEqual([[1, 2, 3], [4]]);
  });
});
