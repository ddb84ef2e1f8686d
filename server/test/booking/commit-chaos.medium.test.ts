import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, startTestApp, testRedisUrl, type TestDatabase } from '../support/test-env';
import {
  authoriseCard,
  buyer,
  cartOf,
  cartSeat,
  commit,
  count,
  lockAll,
  loadShow,
  plainSeats,
  TEST_CARDS,
  waitFor,
} from './support/booking-kit';

/**
 * CHAOS: a real server process (node server/dist/main.js) is killed with
 * SIGKILL after the card was charged and before the sale was written - the
 * test-only fault point orders/test-fault-point.ts, armed by NODE_ENV=test and
 * HOTLINE_TEST_FAULT=after-charge. Another node then runs the recovery job on
 * its interval. Asserted: no charge is left without a sale or a refund, and the
 * buyer gets a message.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');
jest.setTimeout(300_000);

function build(): void {
  // Incremental: seconds when dist is current (npm test builds it again for the e2e step anyway).
  const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'server'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`tsc -b server failed:\n${r.stdout}${r.stderr}`);
}

function startDoomedServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'server', 'dist', 'main.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    child.stdout!.on('data', (c) => {
      output += c;
      const m = /HOTLINE_READY (\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!.replace('localhost', '127.0.0.1') });
      }
    });
    child.stderr!.on('data', (c) => (output += c));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

describe('chaos: a server node killed between the charge and the sale', () => {
  let db: TestDatabase;
  let sql: Client;
  let doomed: ChildProcess | null = null;

  beforeAll(async () => {
    build();
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
  });
  afterAll(async () => {
    if (doomed && doomed.exitCode === null && doomed.signalCode === null) doomed.kill('SIGKILL');
    await sql.end();
    await db.drop();
  });

  test('the recovery job on another node settles the charge: sale (seats still held) and a message to the buyer', async () => {
    const redisPrefix = `test:${randomBytes(4).toString('hex')}:`;
    const started = await startDoomedServer({
      NODE_ENV: 'test',
      HOTLINE_TEST_FAULT: 'after-charge',
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: redisPrefix,
      PORT: '0',
      HOST: '127.0.0.1',
      RUN_MIGRATIONS: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ALTCHA_MAX_NUMBER: '20',
      OUTBOX_POLL_MS: '0',
      RECOVERY_INTERVAL_MS: '0',
    });
    doomed = started.child;
    const exited = new Promise<NodeJS.Signals | null>((resolve) => started.child.on('exit', (_c, s) => resolve(s)));
    const url = started.url;

    const show = await loadShow(url, 1);
    const seats = plainSeats(show).slice(0, 2);
    const b = await buyer(url);
    await lockAll(url, b, show, seats);
    const cart = cartOf(
      seats.map((s) => cartSeat(show, s)),
      { cartIdentifier: crypto.randomUUID(), paymentIdentifier: await authoriseCard(url, b, TEST_CARDS.approve) },
    );
    await expect(commit(url, b, cart)).rejects.toThrow(); // the connection dies with the process
    expect(await exited).toBe('SIGKILL');

    // What the dead node left: money taken, no sale, nothing settled.
    const unsettled = `SELECT count(*) FROM sandbox_charge s
        WHERE s.status = 'approved'
          AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.idempotency_key = s.idempotency_key
                           AND p.status = 'approved' AND p.reservation_id IS NOT NULL)`;
    expect(await count(sql, unsettled)).toBe(1);
    expect(await count(sql, 'SELECT count(*) FROM reservation WHERE cart_identifier = $1', [cart.cartIdentifier])).toBe(
      0,
    );

    // Another node, with the recovery job on its interval (as every node runs it).
    const survivor = await startTestApp(
      {
        REDIS_PREFIX: redisPrefix,
        OUTBOX_POLL_MS: '50',
        RECOVERY_INTERVAL_MS: '100',
        RECOVERY_IN_DOUBT_SECONDS: '1',
      },
      db,
    );
    try {
      await waitFor(async () => (await count(sql, unsettled)) === 0, 30_000);
      // Every charge ended in a sale or a refund; here the seats were still the buyer's, so a sale.
      const sale = await sql.query(
        `SELECT r.identifier, (SELECT count(*)::int FROM reservation_ticket t WHERE t.reservation_id = r.id AND t.status = 'live') AS tickets
           FROM reservation r WHERE r.cart_identifier = $1`,
        [cart.cartIdentifier],
      );
      expect(sale.rows).toEqual([{ identifier: expect.stringMatching(/^HL/), tickets: 2 }]);
      expect(await count(sql, `SELECT count(*) FROM sandbox_charge WHERE status = 'refunded'`)).toBe(0);
      // The buyer is told (the development sender stores what it "sent").
      await waitFor(
        async () =>
          (await count(
            sql,
            `SELECT count(*) FROM sent_message m JOIN reservation r ON r.id = m.reservation_id WHERE r.cart_identifier = $1`,
            [cart.cartIdentifier],
          )) === 2,
        15_000,
      );
      // The buyer's retry on the surviving node answers the recovered order.
      const replay = await commit(survivor.url, b, cart);
      expect(replay.body).toMatchObject({ replayed: true, reservationIdentifier: sale.rows[0].identifier });
    } finally {
      await survivor.close();
    }
  });
});
