import { SeatStatus } from '@hotline/shared';
import { startRedisCluster, type TestRedisCluster } from '../support/redis-cluster';
import type { ApiSeat } from '@hotline/shared';
import {
  authoriseCard,
  buyer,
  cartOf,
  cartSeat,
  commit,
  count,
  loadShow,
  lockAll,
  lockSeat,
  plainSeats,
  startBooking,
  TEST_CARDS,
  waitFor,
  type ShowInfo,
} from '../booking/support/booking-kit';
import { commitRace, doubleSold, LOCKLESS, type RaceShape } from '../booking/support/commit-race-kit';
import { status, statusOf, visitor } from '../seats/support/seat-kit';

/**
 * The commit race with the seat engine on a real Redis Cluster: several commits of the same seat at once,
 * through the sale path (lock on the cluster, PostgreSQL commit, markSold on the slot's shard). Exactly one sale, the
 * others refused and refunded, and the cluster's seat state never offers the sold seat again. First on the real path
 * (one lock holder, many carts), then with the setup of booking/commit-race.medium.test.ts (support/commit-race-kit.ts:
 * many buyers past the lock check, PostgreSQL's unique index the only judge) and its control run. 3 primaries.
 */
jest.setTimeout(180_000);

/** Room for a loaded two-core machine, as in seat-engine-cluster.medium.test.ts: this race is not about timeouts. */
const PATIENT = { REDIS_COMMAND_TIMEOUT_MS: '30000', DB_STATEMENT_TIMEOUT_MS: '30000', DB_CONNECT_TIMEOUT_MS: '30000' };

let cluster: TestRedisCluster;

beforeAll(async () => {
  cluster = await startRedisCluster({ primaries: 3 });
});

afterAll(async () => {
  await cluster?.stop();
});

/** The seat engine on the cluster; the reconciler every second, so a sale Redis did not record shows soon. */
const env = () =>
  startBooking(
    {
      ...PATIENT,
      REDIS_URL: `redis://127.0.0.1:${cluster.ports[0]}`,
      REDIS_CLUSTER_NODES: cluster.nodes,
      SEAT_RECONCILE_INTERVAL_MS: '1000',
    },
    LOCKLESS,
  );

/** Sold to every outsider looking (the cluster's seat state), and a rival's lock refused. */
async function neverOfferedAgain(t: { url: string }, show: ShowInfo, seat: ApiSeat): Promise<void> {
  await waitFor(async () => {
    const rows = (await status(t.url, visitor(), show.presentationId)).rows;
    return statusOf(rows, seat.VenueSectionId, seat.XCoordinate!, seat.YCoordinate!) === SeatStatus.Sold;
  }, 15_000);
  expect((await lockSeat(t.url, await buyer(t.url), show, seat)).status).toBe(409);
}

describe('the commit race with the seat engine on the cluster', () => {
  test('the real sale path: one buyer holding the seat commits it in ten carts at once (ten tabs): one sale and one charge, nine refused with 409, the seat never offered again', async () => {
    const b = await startBooking({
      ...PATIENT,
      REDIS_URL: `redis://127.0.0.1:${cluster.ports[0]}`,
      REDIS_CLUSTER_NODES: cluster.nodes,
    });
    try {
      const show = await loadShow(b.t.url, 29);
      const seat = plainSeats(show)[0]!;
      const who = await buyer(b.t.url);
      await lockAll(b.t.url, who, show, [seat]);
      const carts = await Promise.all(
        Array.from({ length: 10 }, async () =>
          cartOf([cartSeat(show, seat)], {
            cartIdentifier: crypto.randomUUID(),
            paymentIdentifier: await authoriseCard(b.t.url, who, TEST_CARDS.approve),
          }),
        ),
      );
      const results = await Promise.all(carts.map((c) => commit(b.t.url, who, c)));
      const outcomes = results.map((r) => `${r.status} ${r.body.error ?? 'OK'}`).sort();
      expect(outcomes.filter((o) => o === '201 OK')).toHaveLength(1);
      expect(outcomes.filter((o) => o !== '201 OK').every((o) => o.startsWith('409 '))).toBe(true);
      expect(await doubleSold(b.sql, 29)).toBe(0);
      expect(await count(b.sql, "SELECT count(*) FROM reservation WHERE state = 'paid'")).toBe(1);
      expect(await count(b.sql, "SELECT count(*) FROM sandbox_charge WHERE status = 'approved'")).toBe(1);
      expect(
        await count(b.sql, "SELECT count(*) FROM money_attempt WHERE state IN ('pending', 'refund_pending')"),
      ).toBe(0);
      // The winner's markSold ran on the slot's shard: sold at once, no reconciler needed.
      const rows = (await status(b.t.url, visitor(), 29)).rows;
      expect(statusOf(rows, seat.VenueSectionId, seat.XCoordinate!, seat.YCoordinate!)).toBe(SeatStatus.Sold);
      await neverOfferedAgain(b.t, show, seat);
    } finally {
      await b.close();
    }
  });

  /** Thirty buyers, one seat: each cart names the same seat (support/commit-race-kit.ts). */
  const SHAPE: RaceShape = { presentationId: 29, buyers: 30, pool: 1, seatsPerCart: 1 };

  test('thirty buyers commit the same seat at once past the lock check (the setup of booking/commit-race): one sale, the rest refused and refunded, the seat never offered again', async () => {
    const b = await env();
    try {
      const { show, pool, results } = await commitRace(b.t, SHAPE);
      const won = results.filter((r) => r.status === 201);
      const lost = results.filter((r) => r.status === 409 && r.body.error === 'SEATS_LOST_REFUNDED');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(SHAPE.buyers - 1);
      expect(await doubleSold(b.sql, SHAPE.presentationId)).toBe(0);
      expect(await count(b.sql, "SELECT count(*) FROM reservation WHERE state = 'paid'")).toBe(1);
      expect(await count(b.sql, "SELECT count(*) FROM sandbox_charge WHERE status = 'refunded'")).toBe(lost.length);
      // The winner held no lock on it (the bypass), so its markSold had nothing to mark: the lock path's PostgreSQL
      // check refuses the seat at once, and the reconciler (every second here) marks it sold in the cluster.
      await neverOfferedAgain(b.t, show, pool[0]!);
      // A loser retrying its cart gets the same refusal and no new sale.
      const loser = lost[0]!;
      const again = await commit(
        b.t.url,
        loser.buyer,
        (await b.sql.query('SELECT cart FROM cart WHERE visitor_id = $1', [loser.buyer.id])).rows[0].cart,
      );
      expect(again.body.error).toBe('SEATS_LOST_REFUNDED');
      expect(await count(b.sql, "SELECT count(*) FROM reservation WHERE state = 'paid'")).toBe(1);
    } finally {
      await b.close();
    }
  });

  // The control of booking/commit-race.medium.test.ts ("control: without the unique index ... double-sells"), on the
  // cluster: without the index the same race sells the seat more than once, so the test above proves the index.
  test("control: without the unique index (dropped in this test's own database) the same race double-sells", async () => {
    const b = await env();
    try {
      await b.sql.query('DROP INDEX reservation_ticket_live_seat');
      const { results } = await commitRace(b.t, SHAPE);
      expect(results.filter((r) => r.status === 201).length).toBeGreaterThan(1);
      expect(await doubleSold(b.sql, SHAPE.presentationId)).toBeGreaterThan(0);
    } finally {
      await b.close();
    }
  });
});
