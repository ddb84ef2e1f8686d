/**
 * TEST-ONLY fault injection for the chaos tests (server/test/booking/commit-chaos.medium.test.ts and others):
 * with NODE_ENV=test AND HOTLINE_TEST_FAULT=<point>, the process kills itself
 * with SIGKILL when the commit reaches that point - e.g. `after-charge`, between
 * the provider's approval and the sale write, the window the recovery job exists for; `after-claim`, between the
 * claim on limited things and the charge (the claim must come back by itself, limit-claims.ts).
 * Both variables are read once at boot; in any other environment this is a no-op
 * (production refuses NODE_ENV=test-only switches, and the variable is never set there).
 */
export type FaultPoint = 'after-charge' | 'after-claim' | 'mid-event-cancellation' | 'after-plan-switch';
const POINTS: readonly string[] = ['after-charge', 'after-claim', 'mid-event-cancellation', 'after-plan-switch'];

export function faultPointFromEnv(env: NodeJS.ProcessEnv = process.env): FaultPoint | null {
  if (env.NODE_ENV !== 'test') return null;
  const point = env.HOTLINE_TEST_FAULT;
  return point && POINTS.includes(point) ? (point as FaultPoint) : null;
}

export function reachFaultPoint(armed: FaultPoint | null, point: FaultPoint): void {
  if (armed === point) process.kill(process.pid, 'SIGKILL');
}
