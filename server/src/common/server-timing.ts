import { performance } from 'node:perf_hooks';

/**
 * Where a slow request's time went, for its `Server-Timing` response header (a browser's network panel shows it; the
 * designer's save bench splits a save by it). Durations by the monotonic clock, never the time of day: nothing is
 * decided by them.
 */
export class ServerTiming {
  private readonly spans: { name: string; ms: number }[] = [];

  add(name: string, ms: number): void {
    this.spans.push({ name, ms });
  }

  /** Runs `work` and records how long it took under `name` (also when it throws). */
  measure<T>(name: string, work: () => T): T {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.add(name, performance.now() - started);
    }
  }

  async measureAsync<T>(name: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.add(name, performance.now() - started);
    }
  }

  /** `name;dur=ms, …` (tenths of a millisecond), the header's syntax. */
  header(): string {
    return this.spans.map((s) => `${s.name};dur=${s.ms.toFixed(1)}`).join(', ');
  }
}
