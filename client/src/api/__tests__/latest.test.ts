import { createLatestRequest } from '../latest';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createLatestRequest (latest request wins)', () => {
  test('a newer request aborts the older one and the older answer is discarded', async () => {
    const latest = createLatestRequest();
    const first = deferred<string>();
    const second = deferred<string>();
    let firstSignal: AbortSignal | undefined;

    const a = latest.run((signal) => {
      firstSignal = signal;
      return first.promise;
    });
    const b = latest.run(() => second.promise);
    expect(firstSignal?.aborted).toBe(true);

    second.resolve('new');
    first.resolve('old'); // arrives late, e.g. a server that ignored the abort
    await expect(b).resolves.toEqual({ stale: false, value: 'new' });
    await expect(a).resolves.toEqual({ stale: true });
  });

  test('an out-of-order answer from an older request never wins', async () => {
    const latest = createLatestRequest();
    const first = deferred<number>();
    const second = deferred<number>();
    const a = latest.run(() => first.promise);
    const b = latest.run(() => second.promise);
    first.resolve(1);
    await expect(a).resolves.toEqual({ stale: true });
    second.resolve(2);
    await expect(b).resolves.toEqual({ stale: false, value: 2 });
  });

  test('errors of the current request propagate; errors of stale ones are swallowed', async () => {
    const latest = createLatestRequest();
    const old = deferred<number>();
    const a = latest.run(() => old.promise);
    const b = latest.run(() => Promise.reject(new Error('boom')));
    old.reject(new Error('aborted'));
    await expect(a).resolves.toEqual({ stale: true });
    await expect(b).rejects.toThrow('boom');
  });

  test('cancel() aborts and marks the in-flight request stale', async () => {
    const latest = createLatestRequest();
    const d = deferred<number>();
    let signal: AbortSignal | undefined;
    const a = latest.run((s) => {
      signal = s;
      return d.promise;
    });
    latest.cancel();
    expect(signal?.aborted).toBe(true);
    d.resolve(5);
    await expect(a).resolves.toEqual({ stale: true });
  });
});
