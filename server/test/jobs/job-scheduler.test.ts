import pino from 'pino';
import type { DependencyAlarm } from '../../src/common/dependency-failure';
import { JobLease } from '../../src/jobs/job-lease';
import { JobScheduler, type JobContext } from '../../src/jobs/job-scheduler';

/**
 * The scheduler under jest's fake timers: every "time" below is the fake clock's, advanced by the test; no
 * assertion depends on how long anything really takes. random() = 0.5 means no jitter, so periods are exact.
 */

class MemoryLease extends JobLease {
  readonly holders = new Map<string, string>();
  async acquire(name: string, holder: string): Promise<boolean> {
    const current = this.holders.get(name);
    if (current && current !== holder) return false;
    this.holders.set(name, holder);
    return true;
  }
  async release(name: string, holder: string): Promise<void> {
    if (this.holders.get(name) === holder) this.holders.delete(name);
  }
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const alarm = { report: jest.fn() } as unknown as DependencyAlarm;
let logger: pino.Logger;
let lease: MemoryLease;
let scheduler: JobScheduler;

function newScheduler(stopTimeoutMs = 1_000): JobScheduler {
  return new JobScheduler(logger, alarm, lease, { now: () => Date.now(), random: () => 0.5, stopTimeoutMs });
}

beforeEach(() => {
  jest.useFakeTimers({ now: 0 });
  logger = pino({ level: 'silent' });
  lease = new MemoryLease();
  scheduler = newScheduler();
});

afterEach(async () => {
  const stopped = scheduler.stop();
  await jest.runOnlyPendingTimersAsync();
  await stopped;
  jest.useRealTimers();
});

test('a run that outlasts its period delays the next one; two runs of a job never overlap', async () => {
  let running = 0;
  let most = 0;
  const gates: { resolve: () => void }[] = [];
  const starts: number[] = [];
  const handle = scheduler.register('slow', {
    everyMs: 100,
    run: async () => {
      starts.push(Date.now());
      running++;
      most = Math.max(most, running);
      const gate = deferred();
      gates.push(gate);
      await gate.promise;
      running--;
    },
  });
  scheduler.start();
  await jest.advanceTimersByTimeAsync(50); // first run at a random part of the period: 0.5 here
  expect(starts).toEqual([50]);
  await jest.advanceTimersByTimeAsync(1_000); // ten periods pass while it runs: no second run
  expect(starts).toEqual([50]);
  // A trigger meanwhile waits for the running run; two triggers share one queued run.
  const a = handle.runNow();
  const b = handle.runNow();
  expect(a).toBe(b);
  gates[0]!.resolve();
  await jest.advanceTimersByTimeAsync(0);
  expect(starts).toEqual([50, 1_050]);
  gates[1]!.resolve();
  await a;
  // The next scheduled run comes one period after the last run ended.
  await jest.advanceTimersByTimeAsync(99);
  expect(starts).toHaveLength(2);
  await jest.advanceTimersByTimeAsync(1);
  expect(starts).toEqual([50, 1_050, 1_150]);
  gates[2]!.resolve();
  await jest.advanceTimersByTimeAsync(0);
  expect(most).toBe(1);
});

test('failures back off exponentially up to the cap; a success resets the period', async () => {
  const starts: number[] = [];
  let failuresLeft = 6;
  scheduler.register('flaky', {
    everyMs: 100,
    maxBackoffMs: 1_000,
    run: async () => {
      starts.push(Date.now());
      if (failuresLeft-- > 0) throw new Error('boom');
    },
  });
  scheduler.start();
  await jest.advanceTimersByTimeAsync(50 + 200 + 400 + 800 + 1_000 + 1_000 + 1_000 + 100 + 100);
  const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
  // 6 failures: 200, 400, 800, then capped at 1000; the 7th run succeeds and the period is back to 100.
  expect(gaps).toEqual([200, 400, 800, 1_000, 1_000, 1_000, 100, 100]);
  const [m] = scheduler.metrics();
  expect(m).toMatchObject({ name: 'flaky', runs: 9, failures: 6, consecutiveFailures: 0, running: false });
  expect(m!.lastErrorAt).toBe(new Date(50 + 200 + 400 + 800 + 1_000 + 1_000).toISOString());
  expect(m!.lastSuccessAt).toBe(new Date(starts[8]!).toISOString());
});

test('a throwing job is logged and retried without stopping the other jobs; runNow hands the error to its caller', async () => {
  const warn = jest.spyOn(logger, 'warn');
  let healthy = 0;
  const broken = scheduler.register('broken', {
    everyMs: 100,
    run: async () => {
      throw new Error('bug');
    },
  });
  scheduler.register('healthy', { everyMs: 100, run: async () => void healthy++ });
  scheduler.start();
  await jest.advanceTimersByTimeAsync(1_000);
  expect(healthy).toBe(10); // at 50, 150, ... 950
  // broken: at 50, then 200 and 400 later (the next would be 800 after that)
  const byName = Object.fromEntries(scheduler.metrics().map((m) => [m.name, m]));
  expect(byName.broken).toMatchObject({ runs: 3, failures: 3, consecutiveFailures: 3 });
  expect(byName.healthy).toMatchObject({ runs: 10, failures: 0 });
  expect(warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'broken' }), 'job broken failed; backing off');
  await expect(broken.runNow()).rejects.toThrow('bug');
  // Every handle can be triggered; a job with everyMs 0 is never scheduled.
  const handle = scheduler.register('trigger-only', { everyMs: 0, run: async () => 'done' });
  expect(await handle.runNow()).toBe('done');
  expect(scheduler.metrics().find((m) => m.name === 'trigger-only')).toMatchObject({ everyMs: 0, nextRunAt: null });
});

test('a dependency outage is reported to the alarm, not logged per failure', async () => {
  const redisDown = scheduler.register('redis-down', {
    everyMs: 0,
    run: async () => {
      throw new Error('Connection is closed.');
    },
  });
  await expect(redisDown.runNow()).rejects.toThrow('Connection is closed.');
  expect(alarm.report).toHaveBeenCalledWith('redis', 'job redis-down', expect.any(Error));
});

test('stop aborts the signal, waits for the running run, and refuses new runs', async () => {
  const gate = deferred();
  let signal: AbortSignal | undefined;
  const handle = scheduler.register('long', {
    everyMs: 100,
    run: async (ctx: JobContext) => {
      signal = ctx.signal;
      await gate.promise;
    },
  });
  scheduler.start();
  await jest.advanceTimersByTimeAsync(50);
  let stopped = false;
  const stopping = scheduler.stop().then(() => (stopped = true));
  await jest.advanceTimersByTimeAsync(500); // under the stop timeout
  expect(signal?.aborted).toBe(true);
  expect(stopped).toBe(false);
  gate.resolve();
  await stopping;
  expect(stopped).toBe(true);
  await expect(handle.runNow()).rejects.toThrow('stopped');
  // Nothing is scheduled after the stop.
  expect(scheduler.metrics()[0]).toMatchObject({ runs: 1, nextRunAt: null });
});

test('stop gives up on a run that never ends after its timeout, and says which', async () => {
  const warn = jest.spyOn(logger, 'warn');
  scheduler.register('stuck', { everyMs: 100, run: () => new Promise<void>(() => undefined) });
  scheduler.start();
  await jest.advanceTimersByTimeAsync(50);
  let stopped = false;
  const stopping = scheduler.stop().then(() => (stopped = true));
  await jest.advanceTimersByTimeAsync(999);
  expect(stopped).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  await stopping;
  expect(warn).toHaveBeenCalledWith({ jobs: ['stuck'], waitedMs: 1_000 }, 'jobs still running at stop; not waiting');
});

test('a cluster job runs its scheduled passes only while this node holds the lease; runNow is not held back', async () => {
  let runs = 0;
  const other = newScheduler();
  const mine = scheduler.register('recovery', { everyMs: 100, lease: 'cluster', run: async () => void runs++ });
  let otherRuns = 0;
  other.register('recovery', { everyMs: 100, lease: 'cluster', run: async () => void otherRuns++ });
  other.start();
  await jest.advanceTimersByTimeAsync(60); // the other node ticks first and takes the lease
  scheduler.start();
  await jest.advanceTimersByTimeAsync(1_000);
  expect(otherRuns).toBe(11); // at 50, 150, ... 1050
  expect(runs).toBe(0);
  expect(scheduler.metrics()[0]!.leaseSkips).toBe(10); // at 110, 210, ... 1010
  await mine.runNow();
  expect(runs).toBe(1);
  // The holder stops and gives the lease up: this node takes over at its next tick.
  await other.stop();
  await jest.advanceTimersByTimeAsync(200);
  expect(runs).toBeGreaterThanOrEqual(2);
  expect([...lease.holders.keys()]).toEqual(['recovery']);
  await scheduler.stop();
  expect(lease.holders.size).toBe(0);
});

test('a cluster job whose run fails on the holder gives the lease up, and another node takes the job over', async () => {
  const other = newScheduler();
  let failing = 0;
  let healthy = 0;
  scheduler.register('recovery', {
    everyMs: 100,
    lease: 'cluster',
    run: async () => {
      failing++;
      throw new Error('bug');
    },
  });
  other.register('recovery', { everyMs: 100, lease: 'cluster', run: async () => void healthy++ });
  scheduler.start();
  await jest.advanceTimersByTimeAsync(40); // this node's first tick at 50: the lease is still free
  other.start();
  await jest.advanceTimersByTimeAsync(20); // at 50 it takes the lease, fails and gives it up
  expect(failing).toBe(1);
  expect(lease.holders.size).toBe(0);
  await jest.advanceTimersByTimeAsync(100); // the other node's tick at 90 takes it
  expect(healthy).toBe(1);
  await jest.advanceTimersByTimeAsync(1_000);
  expect(failing).toBe(1); // the lease stays with the healthy node, which renews it at every run
  expect(healthy).toBe(11);
  await other.stop();
});

test('a lease that cannot be asked (Redis down) lets the job run: its row-level claims are the guard', async () => {
  const broken = new (class extends JobLease {
    async acquire(): Promise<boolean> {
      throw new Error('Connection is closed.');
    }
    async release(): Promise<void> {}
  })();
  const s = new JobScheduler(logger, alarm, broken, { now: () => Date.now(), random: () => 0.5 });
  let runs = 0;
  s.register('recovery', { everyMs: 100, lease: 'cluster', run: async () => void runs++ });
  s.start();
  await jest.advanceTimersByTimeAsync(250);
  expect(runs).toBe(3);
  expect(alarm.report).toHaveBeenCalledWith('redis', 'job lease recovery', expect.any(Error));
  await s.stop();
});

test('jitter spreads periods by up to a tenth either way; the first run lands at a random point of the period', async () => {
  const dice = [0, 1, 0];
  let i = 0;
  const s = new JobScheduler(logger, alarm, lease, { now: () => Date.now(), random: () => dice[i++ % 3]! });
  const starts: number[] = [];
  s.register('jittered', { everyMs: 1_000, run: async () => void starts.push(Date.now()) });
  s.start();
  await jest.advanceTimersByTimeAsync(3_000);
  // first at 0 (random 0), then +1100 (random 1), then +900 (random 0)
  expect(starts.slice(0, 3)).toEqual([0, 1_100, 2_000]);
  await s.stop();
});

test('register refuses a name twice; runWith runs a one-off function under the same no-overlap rule', async () => {
  const gate = deferred();
  const order: string[] = [];
  const handle = scheduler.register('recovery', {
    everyMs: 0,
    run: async () => {
      order.push('run');
      await gate.promise;
      order.push('run end');
    },
  });
  expect(() => scheduler.register('recovery', { everyMs: 0, run: async () => undefined })).toThrow('twice');
  const first = handle.runNow();
  const second = handle.runWith(async () => {
    order.push('with');
    return 7;
  });
  await jest.advanceTimersByTimeAsync(0);
  expect(order).toEqual(['run']);
  gate.resolve();
  await first;
  expect(await second).toBe(7);
  expect(order).toEqual(['run', 'run end', 'with']);
});

test('a run that says it left work behind is followed at once; once the backlog is done, the period is back', async () => {
  const starts: number[] = [];
  let batchesLeft = 3;
  scheduler.register('batches', {
    everyMs: 100,
    lease: 'cluster',
    run: async () => {
      starts.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 10)); // each run takes 10 ms of the fake clock
      batchesLeft--;
    },
    hasBacklog: () => batchesLeft > 0,
  });
  scheduler.start();
  await jest.advanceTimersByTimeAsync(50 + 10 + 10 + 10 + 100 + 10);
  // Three runs back to back (the next armed with no delay: a timer's least, 1 ms, after the 10 ms run), then one
  // period after the run that found no work left.
  expect(starts).toEqual([50, 61, 72, 182]);
  expect(lease.holders.get('batches')).toBeDefined();
});
