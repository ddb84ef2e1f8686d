import type { Client } from 'pg';
import { QuoteService } from '../../../src/orders/quote.service';
import { LocklessQuoteService } from '../../support/lockless-quote.service';
import type { ProviderOverride, TestApp } from '../../support/test-env';
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
  type Buyer,
  type ShowInfo,
  TEST_CARDS,
} from './booking-kit';
import type { ApiSeat } from '@hotline/shared';

/**
 * The commit race, shared by the single-Redis test (booking/commit-race.medium.test.ts) and the Redis Cluster one
 * (cluster/): every buyer holds a legitimate lock on a seat of their own, but their carts name seats from one small
 * shared pool, and the test-only LocklessQuoteService (provider override) lets those carts through to the database,
 * so the partial unique index reservation_ticket_live_seat is the only judge. Each buyer pays by card first, so every
 * loser must come back refunded.
 */
export const LOCKLESS: ProviderOverride[] = [{ provide: QuoteService, useClass: LocklessQuoteService }];

export interface RaceShape {
  presentationId: number;
  buyers: number;
  pool: number;
  seatsPerCart: number;
}

export interface Race {
  show: ShowInfo;
  pool: ApiSeat[];
  results: { buyer: Buyer; status: number; body: any }[];
}

export async function commitRace(t: TestApp, shape: RaceShape): Promise<Race> {
  const show = await loadShow(t.url, shape.presentationId);
  const seats = plainSeats(show);
  const own = seats.slice(0, shape.buyers);
  const pool = seats.slice(shape.buyers, shape.buyers + shape.pool);
  const buyers = await Promise.all(Array.from({ length: shape.buyers }, () => buyer(t.url)));
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const carts = await Promise.all(
    buyers.map(async (b, i) => {
      await lockAll(t.url, b, show, [own[i]!]);
      const picked = new Set<number>();
      while (picked.size < shape.seatsPerCart) picked.add(Math.floor(rand() * shape.pool));
      const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
      return cartOf(
        [...picked].map((p) => cartSeat(show, pool[p]!)),
        { cartIdentifier: crypto.randomUUID(), paymentIdentifier },
      );
    }),
  );
  const results = await Promise.all(buyers.map(async (b, i) => ({ buyer: b, ...(await commit(t.url, b, carts[i]!)) })));
  return { show, pool, results };
}

/** Seats of the presentation with more than one live ticket. */
export async function doubleSold(sql: Client, presentationId: number): Promise<number> {
  return count(
    sql,
    `SELECT count(*) FROM (SELECT 1 FROM reservation_ticket WHERE status = 'live' AND presentation_id = $1
                           GROUP BY presentation_id, section_id, x, y HAVING count(*) > 1) d`,
    [presentationId],
  );
}
