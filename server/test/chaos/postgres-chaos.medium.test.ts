import { rmSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp } from '../support/test-env';
import { tokenFor } from '../seats/support/bot-check-double';
import { loadPlan, seatInput, visitor, type PlanInfo } from '../seats/support/seat-kit';
import { signalCluster, startPrivatePostgres, timedCall, until, type PostgresService } from './chaos-kit';

jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('../seats/support/bot-check-double'));

/**
 * Chaos: the test's own PostgreSQL cluster (postmaster and every backend) is frozen
 * with SIGSTOP. Requests that need it fail with 503 + Retry-After in bounded time
 * (statement, query and connection timeouts) instead of hanging for the freeze,
 * health says 503, and after SIGCONT the same server recovers without a restart.
 */
jest.setTimeout(180_000);

let pg: PostgresService;
let t: TestApp;
let info: PlanInfo;
let dir: string;
const PID = 7;
const BOUND_MS = 6000;

beforeAll(async () => {
  dir = path.join(__dirname, '../../../.tmp', `chaos-pg-${process.pid}`);
  pg = await startPrivatePostgres(dir);
  t = await startTestApp(
    {
      RUN_MIGRATIONS: 'true',
      SEED_DEMO: 'true',
      SEED_STADIUM: 'false',
      DB_STATEMENT_TIMEOUT_MS: '1500',
      DB_CONNECT_TIMEOUT_MS: '1500',
    },
    { name: 'hotline', url: `${pg.baseUrl}/hotline`, drop: async () => undefined },
  );
  info = await loadPlan(t.url, PID);
}, 180_000);
afterAll(async () => {
  if (pg) signalCluster(pg.pid, 'SIGCONT');
  await t?.close();
  await pg?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('PostgreSQL frozen: 503 + Retry-After in bounded time, health 503, recovery after SIGCONT without restart', async () => {
  const seats = info.seats.filter((s) => s.YCoordinate === 5 && !s.features.includes(1));
  const lockOf = (v: string, i: number) =>
    timedCall(t.url, 'PUT', '/api/seats/lock-seat', v, {
      recaptchaToken: tokenFor(v),
      seat: seatInput(info, 1, seats[i]!.XCoordinate, seats[i]!.YCoordinate),
    });
  const v = visitor();
  expect((await lockOf(v, 0)).status).toBe(200);
  expect((await timedCall(t.url, 'GET', '/api/health', v)).status).toBe(200);

  signalCluster(pg.pid, 'SIGSTOP');
  try {
    const frozen = await Promise.all([
      lockOf(v, 1),
      lockOf(visitor(), 2),
      timedCall(t.url, 'GET', '/api/presentations/dates?featureId=1', v),
      timedCall(t.url, 'GET', '/api/health', v),
    ]);
    for (const r of frozen) {
      expect(r.status).not.toBe(500);
      expect(r.ms).toBeLessThan(BOUND_MS);
    }
    // Locks need no database while Redis is trusted to know every sale (seats/sale-memory.ts): they are granted
    // within the 3 s, while health reports the frozen database.
    for (const r of [frozen[0]!, frozen[1]!]) {
      expect(r.status).toBe(200);
      expect(r.ms).toBeLessThan(3000);
    }
    expect({ status: frozen[3]!.status, retryAfter: frozen[3]!.retryAfter !== null }).toEqual({
      status: 503,
      retryAfter: true,
    });
  } finally {
    signalCluster(pg.pid, 'SIGCONT');
  }

  await until(async () => (await timedCall(t.url, 'GET', '/api/health', v)).status === 200, 30_000, 'health');
  await until(async () => (await lockOf(v, 3)).status === 200, 30_000, 'a lock to succeed again');
});
