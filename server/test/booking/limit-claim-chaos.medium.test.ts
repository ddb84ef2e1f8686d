import { randomBytes, randomUUID } from 'node:crypto';
import type { ApiTicket } from '@hotline/shared';
import { startFaultyNode, useChaosWorld } from '../support/doomed-server';
import { startTestApp, testRedisUrl } from '../support/test-env';
import {
  authoriseCard,
  buyer,
  cartOf,
  cartSeat,
  commit,
  count,
  loadShow,
  lockAll,
  plainSeats,
  TEST_CARDS,
  upcomingShowId,
} from './support/booking-kit';

/**
 * CHAOS: a real server process is killed with SIGKILL right after its commit claimed the last use of a coupon and
 * before the card was charged (fault point `after-claim`). The claim is an admission with a lifetime, not a lock
 * that needs its owner: while it lives another buyer is refused before any charge; once it expires, the use is
 * there for the next buyer. Nothing was charged for the dead attempt.
 */
jest.setTimeout(300_000);

describe('chaos: a node killed between the claim and the charge', () => {
  const world = useChaosWorld();

  test('the dead attempt charged nothing, its claim blocks the last use for its lifetime, then the use is sold', async () => {
    const { db, sql } = world;
    const redisPrefix = `test:${randomBytes(4).toString('hex')}:`;
    const CLAIM_SECONDS = 120;
    const started = await startFaultyNode(
      'after-claim',
      { databaseUrl: db.url, redisUrl: testRedisUrl(), redisPrefix },
      { LIMIT_CLAIM_SECONDS: String(CLAIM_SECONDS) },
    );
    world.doomed = started.child;
    const exited = started.killed;
    const url = started.url;

    const show = await loadShow(url, await upcomingShowId(url, { hoursAhead: 4 }));
    const [first, second] = plainSeats(show).filter((s) => s.TicketGroupId === plainSeats(show)[0]!.TicketGroupId);
    const group = show.groupOfZone.get(first!.TicketGroupId)!;
    const code = `LAST${randomUUID().slice(0, 6)}`.toUpperCase();
    const [row] = (
      await sql.query(
        `INSERT INTO ticket (ticket_group_id, name, name_en, price, service_charge, code, multiply_factor, balance)
         VALUES ($1, 'אחרון', 'Last use', 2000, 100, $2, 1, 1) RETURNING id`,
        [group.id, code],
      )
    ).rows;
    const coupon = { ...group.tickets[0]!, id: row.id, code, price: 20, serviceCharge: 1 } as ApiTicket;
    const charges = () => count(sql, 'SELECT count(*) FROM sandbox_charge');
    const chargedBefore = await charges();

    const a = await buyer(url);
    await lockAll(url, a, show, [first!]);
    const cartA = cartOf([cartSeat(show, first!, coupon)], {
      cartIdentifier: randomUUID(),
      ticketCodes: [code],
      paymentIdentifier: await authoriseCard(url, a, TEST_CARDS.approve),
    });
    await expect(commit(url, a, cartA)).rejects.toThrow(); // the connection dies with the process
    expect(await exited).toBe('SIGKILL');
    // What the dead node left: a claim on the last use, no charge, no sale.
    expect(
      await count(sql, 'SELECT count(*) FROM limit_claim WHERE cart_identifier = $1', [cartA.cartIdentifier]),
    ).toBe(1);
    expect(await charges()).toBe(chargedBefore);

    const survivor = await startTestApp({ REDIS_PREFIX: redisPrefix, RECOVERY_INTERVAL_MS: '0' }, db);
    try {
      const b = await buyer(survivor.url);
      await lockAll(survivor.url, b, show, [second!]);
      const cartB = () =>
        cartOf([cartSeat(show, second!, coupon)], { cartIdentifier: randomUUID(), ticketCodes: [code] });
      const pay = async () =>
        commit(survivor.url, b, {
          ...cartB(),
          paymentIdentifier: await authoriseCard(survivor.url, b, TEST_CARDS.approve),
        });
      // While the dead attempt's claim lives, the last use is not B's: refused before any charge.
      const refused = await pay();
      expect(refused.body.error).toBe('COUPON_USED_UP');
      expect(await charges()).toBe(chargedBefore);
      // The claim is bounded by its lifetime (PostgreSQL's clock)...
      expect(
        await count(
          sql,
          `SELECT count(*) FROM limit_claim WHERE cart_identifier = $1 AND expires_at <= now() + make_interval(secs => $2)`,
          [cartA.cartIdentifier, CLAIM_SECONDS],
        ),
      ).toBe(1);
      // ...and when it has passed, the use is there again without its owner. Rather than wait two minutes, the
      // claim's expiry is moved into the past: what is tested is that an expired claim holds nothing back.
      await sql.query(`UPDATE limit_claim SET expires_at = now() - interval '1 second' WHERE cart_identifier = $1`, [
        cartA.cartIdentifier,
      ]);
      const sold = await pay();
      expect(sold.status).toBe(201);
      expect(await charges()).toBe(chargedBefore + 1);
      expect(
        await count(sql, "SELECT count(*) FROM reservation_ticket WHERE ticket_id = $1 AND status = 'live'", [
          coupon.id,
        ]),
      ).toBe(1);
    } finally {
      await survivor.close();
    }
  });
});
