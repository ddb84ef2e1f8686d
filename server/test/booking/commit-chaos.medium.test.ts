import { randomBytes } from 'node:crypto';
import { startFaultyNode, useChaosWorld } from '../support/doomed-server';
import { startTestApp, testRedisUrl } from '../support/test-env';
import {
  authoriseCard,
  buyer,
  call,
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
 * test-only fault point common/test-fault-point.ts, armed by NODE_ENV=test and
 * HOTLINE_TEST_FAULT=after-charge. Another node then runs the recovery job on
 * its interval. Asserted: no charge is left without a sale or a refund, and the
 * buyer gets a message.
 */
jest.setTimeout(300_000);

describe('chaos: a server node killed between the charge and the sale', () => {
  const world = useChaosWorld();

  test('the recovery job on another node settles the charge: sale (seats still held) and a message to the buyer', async () => {
    const { db, sql } = world;
    const redisPrefix = `test:${randomBytes(4).toString('hex')}:`;
    const started = await startFaultyNode('after-charge', {
      databaseUrl: db.url,
      redisUrl: testRedisUrl(),
      redisPrefix,
    });
    world.doomed = started.child;
    const exited = started.killed;
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

  test('a voucher-only order whose node died mid-commit is opened again by the recovery job, and its retry sells once', async () => {
    const { db, sql } = world;
    const redisPrefix = `test:${randomBytes(4).toString('hex')}:`;
    const started = await startFaultyNode('after-claim', {
      databaseUrl: db.url,
      redisUrl: testRedisUrl(),
      redisPrefix,
    });
    world.doomed = started.child;
    const url = started.url;

    const show = await loadShow(url, 1);
    const seat = plainSeats(show)[4]!;
    const b = await buyer(url);
    await lockAll(url, b, show, [seat]);
    const line = cartSeat(show, seat);
    const looked = await call(
      url,
      'GET',
      `/api/payment/voucher?reference=GIFT-100&recaptchaToken=${encodeURIComponent(b.token)}`,
      b.id,
    );
    expect(looked.status).toBe(200);
    const gift = looked.body.payment as { id: number; code: string };
    const before = await count(sql, 'SELECT balance_agorot FROM system_voucher WHERE id = $1', [gift.id]);
    const chargesBefore = await count(sql, 'SELECT count(*) FROM sandbox_charge');
    const cart = cartOf([line], {
      cartIdentifier: crypto.randomUUID(),
      voucherPayments: [{ id: gift.id, code: gift.code, amount: line.amount + line.serviceCharge }],
    });
    await expect(commit(url, b, cart)).rejects.toThrow(); // killed after the claim, before the sale
    expect(await started.killed).toBe('SIGKILL');
    const cartStatus = () => sql.query('SELECT status FROM cart WHERE cart_identifier = $1', [cart.cartIdentifier]);
    expect((await cartStatus()).rows).toEqual([{ status: 'paying' }]);

    const survivor = await startTestApp(
      { REDIS_PREFIX: redisPrefix, OUTBOX_POLL_MS: '50', RECOVERY_INTERVAL_MS: '100', RECOVERY_IN_DOUBT_SECONDS: '1' },
      db,
    );
    try {
      // Nothing moved, so nothing to settle: the cart is only opened again (it stayed 'paying' for good before).
      await waitFor(async () => (await cartStatus()).rows[0]?.status === 'open', 30_000);
      expect(await count(sql, 'SELECT balance_agorot FROM system_voucher WHERE id = $1', [gift.id])).toBe(before);
      // The buyer's retry gets the order's real answer (the seat is still theirs: a sale), not COMMIT_IN_PROGRESS.
      const retry = await commit(survivor.url, b, cart);
      expect(retry.status).toBe(201);
      expect(await count(sql, 'SELECT balance_agorot FROM system_voucher WHERE id = $1', [gift.id])).toBe(
        before - (line.amount + line.serviceCharge) * 100,
      );
      expect(await count(sql, 'SELECT count(*) FROM sandbox_charge')).toBe(chargesBefore);
    } finally {
      await survivor.close();
    }
  });
});
