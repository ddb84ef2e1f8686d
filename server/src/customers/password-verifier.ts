import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import { AppError } from '../common/app-error';

/** Verifications allowed to wait for the worker; beyond that a login is 503 + Retry-After rather than a growing queue. */
const MAX_WAITING = 64;

/**
 * The worker's whole program: argon2id verification with hash-wasm, one message at a time. Kept as
 * plain JavaScript (an eval worker) so the same code runs from the compiled server and under jest.
 */
const WORKER_SOURCE = (hashWasm: string) => `
const { parentPort } = require('node:worker_threads');
const { argon2Verify } = require(${JSON.stringify(hashWasm)});
parentPort.on('message', ({ id, password, hash }) => {
  argon2Verify({ password, hash }).then(
    (ok) => parentPort.postMessage({ id, ok }),
    () => parentPort.postMessage({ id, ok: false }),
  );
});
`;

/**
 * argon2id verification off the event loop. hash-wasm computes synchronously: on the server's own
 * thread one verification (19 MiB, 2 passes) stopped every other request for about 180 ms, so a
 * handful of password attempts froze seat calls and health for everyone (load-tests/RESULTS.md,
 * 2026-11-25). One worker thread does them in turn; the event loop only posts and receives.
 */
@Injectable()
export class PasswordVerifier implements OnModuleDestroy {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: (ok: boolean) => void; reject: (e: unknown) => void }>();
  private nextId = 1;

  verify(password: string, hash: string): Promise<boolean> {
    if (this.waiting.size >= MAX_WAITING) return Promise.reject(new AppError('SERVICE_UNAVAILABLE'));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<boolean>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, password, hash });
    });
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll();
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE(require.resolve('hash-wasm')), { eval: true });
    worker.unref();
    worker.on('message', ({ id, ok }: { id: number; ok: boolean }) => {
      this.waiting.get(id)?.resolve(ok === true);
      this.waiting.delete(id);
    });
    // A dead worker fails what it had (503) and the next call starts a new one.
    const lost = () => {
      if (this.worker === worker) this.worker = null;
      this.failAll();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    this.worker = worker;
    return worker;
  }

  private failAll(): void {
    for (const { reject } of this.waiting.values()) reject(new AppError('SERVICE_UNAVAILABLE'));
    this.waiting.clear();
  }
}
