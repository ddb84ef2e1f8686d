import { randomBytes } from 'node:crypto';
import { PaymentRecoveryJob } from '../../src/payment/payment-recovery.job';
import {
  buyer,
  call,
  cartOf,
  cartSeat,
  commit,
  count,
  lockAll,
  loadShow,
  plainSeats,
  waitFor,
} from '../booking/support/booking-kit';
import { startFaultyNode, useChaosWorld } from '../support/doomed-server';
import { startTestApp, testRedisUrl } from '../support/test-env';
import { approveWallet } from './support/wallet-kit';

/**
 * CHAOS, wallet path (the card's is booking/commit-chaos.medium.test.ts): a real server process is SIGKILLed
 * after the wallet captured and before the sale was written (test fault point `after-charge`). Another node's
 * recovery job must finish it exactly as for a card: the capture ends in a sale (seats still the buyer's) or a
 * refund, never neither, and the buyer is told.
 */
jest.setTimeout(300_000);

describe('chaos: a node killed between the wallet capture and the sale', () => {
  const world = useChaosWorld();

  test('the recovery job on another node settles the capture: a sale and a message to the buyer', async () => {
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
    const approval = await approveWallet(url, b);
    const cart = cartOf(
      seats.map((s) => cartSeat(show, s)),
      { cartIdentifier: crypto.randomUUID(), paymentIdentifier: approval.paymentId, paypal: approval },
    );
    await expect(commit(url, b, cart)).rejects.toThrow(); // the connection dies with the process
    expect(await exited).toBe('SIGKILL');

    // What the dead node left: a wallet capture, no sale, nothing settled.
    const unsettled = `SELECT count(*) FROM sandbox_wallet_capture s
        WHERE s.status = 'approved'
          AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.idempotency_key = s.idempotency_key
                           AND p.status = 'approved' AND p.reservation_id IS NOT NULL)`;
    expect(await count(sql, unsettled)).toBe(1);
    expect(
      await count(sql, `SELECT count(*) FROM money_attempt WHERE provider = 'sandbox-wallet' AND state = 'pending'`),
    ).toBe(1);
    expect(await count(sql, 'SELECT count(*) FROM reservation WHERE cart_identifier = $1', [cart.cartIdentifier])).toBe(
      0,
    );

    const survivor = await startTestApp(
      { REDIS_PREFIX: redisPrefix, OUTBOX_POLL_MS: '50', RECOVERY_INTERVAL_MS: '100', RECOVERY_IN_DOUBT_SECONDS: '1' },
      db,
    );
    try {
      await waitFor(async () => (await count(sql, unsettled)) === 0, 30_000);
      const sale = await sql.query(
        `SELECT r.identifier, (SELECT count(*)::int FROM reservation_ticket t WHERE t.reservation_id = r.id AND t.status = 'live') AS tickets
           FROM reservation r WHERE r.cart_identifier = $1`,
        [cart.cartIdentifier],
      );
      expect(sale.rows).toEqual([{ identifier: expect.stringMatching(/^HL/), tickets: 2 }]);
      expect(await count(sql, `SELECT count(*) FROM sandbox_wallet_capture WHERE status = 'refunded'`)).toBe(0);
      await waitFor(
        async () =>
          (await count(
            sql,
            `SELECT count(*) FROM sent_message m JOIN reservation r ON r.id = m.reservation_id WHERE r.cart_identifier = $1`,
            [cart.cartIdentifier],
          )) === 2,
        15_000,
      );
      const replay = await commit(survivor.url, b, cart);
      expect(replay.body).toMatchObject({ replayed: true, reservationIdentifier: sale.rows[0].identifier });
    } finally {
      await survivor.close();
    }
  });

  test('seats lost while the node was dead: the capture is refunded at the wallet and the buyer is answered so', async () => {
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
    const seats = plainSeats(show).slice(4, 5);
    const b = await buyer(url);
    await lockAll(url, b, show, seats);
    const approval = await approveWallet(url, b);
    const cart = cartOf(
      seats.map((s) => cartSeat(show, s)),
      { cartIdentifier: crypto.randomUUID(), paymentIdentifier: approval.paymentId },
    );
    await expect(commit(url, b, cart)).rejects.toThrow();
    expect(await exited).toBe('SIGKILL');

    const survivor = await startTestApp(
      { REDIS_PREFIX: redisPrefix, OUTBOX_POLL_MS: '50', RECOVERY_INTERVAL_MS: '0', RECOVERY_IN_DOUBT_SECONDS: '0' },
      db,
    );
    try {
      // The buyer's hold goes and another visitor takes the seat before any node recovers the order.
      for (const s of seats) {
        await call(survivor.url, 'PUT', '/api/seats/unlock-seat', b.id, {
          seat: {
            PresentationId: show.presentationId,
            VenueId: show.venueId,
            VenueSeatplanId: show.seatplanId,
            VenueSectionId: s.VenueSectionId,
            TicketGroupId: 0,
            XCoordinate: s.XCoordinate,
            YCoordinate: s.YCoordinate,
          },
          recaptchaToken: b.token,
        });
      }
      const other = await buyer(survivor.url);
      await lockAll(survivor.url, other, show, seats);
      expect(await survivor.app.get(PaymentRecoveryJob, { strict: false }).runKind('money-attempt')).toEqual([
        'refunded',
      ]);
      const state = await sql.query(
        `SELECT c.status AS cart, a.state AS payment, s.status AS capture
           FROM cart c JOIN money_attempt a ON a.subject_id = c.cart_identifier::text AND a.subject_kind = 'cart'
           JOIN sandbox_wallet_capture s ON s.idempotency_key = a.provider_key WHERE c.cart_identifier = $1`,
        [cart.cartIdentifier],
      );
      expect(state.rows).toEqual([{ cart: 'refunded', payment: 'refunded', capture: 'refunded' }]);
      expect(
        await count(sql, 'SELECT count(*) FROM reservation WHERE cart_identifier = $1', [cart.cartIdentifier]),
      ).toBe(0);
      const replay = await commit(survivor.url, b, cart);
      expect(replay.status).toBe(409);
      expect(replay.body.error).toBe('SEATS_LOST_REFUNDED');
    } finally {
      await survivor.close();
    }
  });
});
