import { classifyDependencyFailure } from '../common/dependency-failure';

/** How often, and how many times, a start-up subscription is retried while Redis does not answer: about a minute. */
const RETRY_MS = 500;
const ATTEMPTS = 120;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Runs a start-up step that needs Redis (a SUBSCRIBE on a subscriber connection) again while Redis is unreachable,
 * frozen or its cluster slot map not yet known, instead of failing the application's start. ioredis reconnects on its
 * own, but a command queued before its first connection is rejected when that connection attempt fails ("None of
 * startup nodes is available" on a cluster whose nodes were too slow to answer CLUSTER SLOTS: issue 30, a fresh-clone
 * run with a CPU burner). Any other error, or Redis still away after about a minute, fails the start as before: an
 * orchestrator restarts the process, and the failure is visible.
 */
export async function untilRedisAnswers<T>(step: () => Promise<T>, report: (error: unknown) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= ATTEMPTS || classifyDependencyFailure(error) !== 'redis') throw error;
      report(error);
      await pause(RETRY_MS);
    }
  }
}
