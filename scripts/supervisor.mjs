// The process supervisor behind `npm start` (scripts/start.mjs): keeps PostgreSQL and Redis
// running (restart on an unexpected exit, same port and data, growing pauses between failed
// attempts) and stops everything in reverse order within a deadline, whatever a service does.
// Only Node built-ins: it runs before node_modules may exist. Tested by
// server/test/chaos/supervision.medium.test.ts with real redis-server processes.

export class Supervisor {
  /**
   * @param {{ say?: (m: string) => void, warn?: (m: string) => void, firstDelayMs?: number, maxDelayMs?: number }} options
   */
  constructor({ say = () => {}, warn = () => {}, firstDelayMs = 500, maxDelayMs = 30_000 } = {}) {
    this.say = say;
    this.warn = warn;
    this.firstDelayMs = firstDelayMs;
    this.maxDelayMs = maxDelayMs;
    this.stopping = false;
    this.stops = [];
    this.timers = new Set();
  }

  /**
   * Starts a service with `start(port)` (port undefined the first time) and restarts it on the
   * same port whenever it exits without being asked to. The service must offer `port`,
   * `onUnexpectedExit(listener)` and `stop()` (scripts/services.mjs). Answers a handle whose
   * `current` is the running instance and whose `restarts` counts the restarts.
   */
  async supervise(name, start) {
    const handle = { current: await start(undefined), restarts: 0 };
    const port = handle.current.port;
    let delayMs = this.firstDelayMs;
    const later = (fn, ms) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        fn();
      }, ms);
      this.timers.add(timer);
    };
    const watch = (service) =>
      service.onUnexpectedExit((reason) => {
        if (this.stopping) return;
        this.warn(`${name} exited unexpectedly (${reason}); restarting…`);
        const retry = async () => {
          if (this.stopping) return;
          try {
            const next = await start(port);
            if (this.stopping) {
              await next.stop();
              return;
            }
            handle.current = next;
            handle.restarts++;
            delayMs = this.firstDelayMs;
            this.say(`${name} is back`);
            watch(next);
          } catch (error) {
            this.warn(`${name} did not restart (${error.message}); retrying in ${delayMs} ms`);
            delayMs = Math.min(delayMs * 2, this.maxDelayMs);
            later(retry, delayMs);
          }
        };
        later(retry, delayMs);
      });
    watch(handle.current);
    this.stops.push(() => handle.current.stop());
    return handle;
  }

  /** Something else to stop at shutdown (the server), stopped before what was added earlier. */
  onShutdown(stop) {
    this.stops.push(stop);
  }

  /**
   * Stops everything in reverse order of start (the server, then Redis, then PostgreSQL).
   * Never hangs: answers 'clean', or 'deadline' when the stops took longer than `deadlineMs`
   * (each service's own stop escalates to SIGKILL well before the default 30 s).
   */
  async shutdown(deadlineMs = 30_000) {
    this.stopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const stops = [...this.stops].reverse();
    this.stops = [];
    const all = (async () => {
      for (const stop of stops) {
        try {
          await stop();
        } catch (error) {
          this.warn(error.message);
        }
      }
      return 'clean';
    })();
    let timer;
    const deadline = new Promise((resolve) => {
      timer = setTimeout(() => resolve('deadline'), deadlineMs);
    });
    const outcome = await Promise.race([all, deadline]);
    clearTimeout(timer);
    return outcome;
  }
}
