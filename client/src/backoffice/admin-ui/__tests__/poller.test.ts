import { jest } from '@jest/globals';
import { startPolling } from '../poller';

describe('startPolling', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('reads now, then every interval after the last answer; a failure is reported and polling goes on', async () => {
    const answers: (() => Promise<number>)[] = [
      () => Promise.resolve(1),
      () => Promise.reject(new Error('down')),
      () => Promise.resolve(3),
    ];
    let reads = 0;
    const seen: (number | 'failed')[] = [];
    const stop = startPolling(
      () => answers[reads++]!(),
      1_000,
      (v) => seen.push(v),
      () => seen.push('failed'),
    );
    await jest.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([1]);
    await jest.advanceTimersByTimeAsync(999);
    expect(reads).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([1, 'failed']);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(seen).toEqual([1, 'failed', 3]);
    stop();
  });

  test('a slow read is never overlapped by the next one', async () => {
    let inFlight = 0;
    let most = 0;
    const stop = startPolling(
      () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        return new Promise<number>((resolve) =>
          setTimeout(() => {
            inFlight -= 1;
            resolve(0);
          }, 5_000),
        );
      },
      1_000,
      () => undefined,
      () => undefined,
    );
    await jest.advanceTimersByTimeAsync(20_000);
    expect(most).toBe(1);
    stop();
  });

  test('after stop, an answer still on its way is dropped and nothing more is read', async () => {
    let resolve!: (v: number) => void;
    let reads = 0;
    const seen: number[] = [];
    const stop = startPolling(
      () => {
        reads += 1;
        return new Promise<number>((r) => (resolve = r));
      },
      1_000,
      (v) => seen.push(v),
      () => undefined,
    );
    stop();
    resolve(7);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(seen).toEqual([]);
    expect(reads).toBe(1);
  });
});
