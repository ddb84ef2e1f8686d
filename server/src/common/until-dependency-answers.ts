import { classifyDependencyFailure, type Dependency } from './dependency-failure';

/**
 * How often a start-up step is retried while its dependency does not answer, and for how long in all. A budget of
 * time, not a count of attempts: a step that fails slowly (a subscription round abandoned after 15 s without an
 * answer) would otherwise be retried for half an hour (a fresh-clone run saw a start-up hang 180 s).
 */
const RETRY_MS = 500;
const BUDGET_MS = 60_000;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Runs a start-up step that needs PostgreSQL or Redis (opening the serving pool, a SUBSCRIBE on a subscriber
 * connection) again while that dependency is unreachable, frozen or too slow to accept a connection, instead of
 * failing the application's start. Seen in fresh-clone runs with a CPU burner: a Redis Cluster whose nodes answered
 * CLUSTER SLOTS late rejected the first SUBSCRIBE ("None of startup nodes is available"), and a PostgreSQL busy
 * cloning databases took longer than the 3 s connect timeout to accept the serving pool's first connection. Any other
 * error, or the dependency still away after about a minute, fails the start as before: an orchestrator restarts the
 * process, and the failure is visible.
 */
export async function untilDependencyAnswers<T>(
  dependency: Dependency,
  step: () => Promise<T>,
  report: (error: unknown) => void,
): Promise<T> {
  // A monotonic clock: this bounds a wait, it does not read the time of day.
  const deadline = performance.now() + BUDGET_MS;
  for (;;) {
    try {
      return await step();
    } catch (error) {
      if (performance.now() >= deadline || classifyDependencyFailure(error) !== dependency) throw error;
      report(error);
      await pause(RETRY_MS);
    }
  }
}
