import { createHistogram } from 'node:perf_hooks';
import { Accumulated, EventLoopDelay } from './event-loop-delay';

/** Keeps the event loop busy for `ms` (what a blocked node does); the monitor sees one delay at least that long. */
function block(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

test('two readers of one monitor each see every sample since their own previous read', async () => {
  const delay = new EventLoopDelay();
  try {
    const health = delay.reader();
    const scrape = delay.reader();
    await tick();
    // Long against the monitor's 10 ms resolution, and the bound half of it: what the monitor records for one block
    // depends on where the block fell between its samples and on the machine's load (a 60 ms block read 35.6 ms in a
    // fresh-clone run beside Playwright); the test is about the two readers, not the monitor's accuracy.
    block(200);
    await tick();
    const first = health();
    expect(first.max).toBeGreaterThanOrEqual(100e6);
    // The scrape reads after the beat has drained the monitor and still sees the block (one reset shared by both
    // readers, as two callers of one IntervalHistogram, would have lost it).
    const second = scrape();
    expect(second.max).toBeGreaterThanOrEqual(first.max);
    expect(second.count).toBeGreaterThanOrEqual(first.count);
    expect(second.p99).toBeGreaterThanOrEqual(first.p99);
    // What the beat took is gone from it; nothing sampled since reads as zeros, not as a histogram's empty min.
    const again = health();
    expect(again.count).toBeLessThan(first.count + second.count);
    if (again.count === 0)
      expect(again).toEqual({ count: 0, min: 0, max: 0, mean: 0, stddev: 0, p50: 0, p90: 0, p99: 0 });
  } finally {
    delay.stop();
  }
});

test('pieces combine as the whole: count, min, max, mean and stddev exactly, percentiles as an upper bound', () => {
  const values = Array.from(
    { length: 3000 },
    (_, i) => 10_000_000 + ((i * 7919) % 1000) * 37_000 + (i % 97 === 0 ? 2e8 : 0),
  );
  const whole = createHistogram();
  for (const v of values) whole.record(v);
  const total = new Accumulated();
  for (const [from, to] of [
    [0, 1],
    [1, 700],
    [700, 2500],
    [2500, 3000],
  ] as const) {
    const piece = createHistogram();
    for (const v of values.slice(from, to)) piece.record(v);
    total.add(to - from, piece);
  }
  const got = total.take();
  expect(got.count).toBe(3000);
  expect(got.min).toBe(whole.min);
  expect(got.max).toBe(whole.max);
  expect(got.mean).toBeCloseTo(whole.mean, 3);
  expect(got.stddev / whole.stddev).toBeCloseTo(1, 9);
  for (const [p, mine] of [
    [50, got.p50],
    [90, got.p90],
    [99, got.p99],
  ] as const) {
    expect(mine).toBeGreaterThanOrEqual(whole.percentile(p));
    expect(mine).toBeLessThanOrEqual(whole.max);
  }
  expect(total.take().count).toBe(0);
});
