import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import type { ApiSeat } from '@hotline/shared';
import { HoldPayments } from '../../../src/holds/hold-payments';
import { HoldsRepository } from '../../../src/holds/holds.repository';
import { PaymentProvider } from '../../../src/payment/payment-provider.port';
import { SalesRepository } from '../../../src/reservations/sales.repository';
import type { TestApp } from '../../support/test-env';
import {
  authoriseCard,
  buyer,
  cartOf,
  cartSeat,
  commit,
  loadShow,
  lockAll,
  plainSeats,
  TEST_CARDS,
  upcomingShowId,
  type Buyer,
  type ShowInfo,
} from '../../booking/support/booking-kit';
import { MEMBER, placeHold, shopper } from '../../holds/support/hold-kit';

/**
 * Attempts left in doubt the way production leaves them, for the recovery loop's tests (it must run with
 * RECOVERY_IN_DOUBT_SECONDS 0, or backdate the rows).
 */

/**
 * A commit whose sale write dies after the card was charged and nobody can tell whether it committed: the request
 * fails, the payment stays 'pending' with an approved charge at the provider, the cart 'paying'.
 */
export async function inDoubtCommit(
  t: TestApp,
  sql: Client,
  show: ShowInfo,
  seats: ApiSeat[],
): Promise<{ b: Buyer; cart: ReturnType<typeof cartOf> }> {
  const b = await buyer(t.url);
  await lockAll(t.url, b, show, seats);
  const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
  const cart = cartOf(
    seats.map((s) => cartSeat(show, s)),
    { cartIdentifier: randomUUID(), paymentIdentifier },
  );
  const sales = t.app.get(SalesRepository, { strict: false });
  const write = jest.spyOn(sales, 'commitSale').mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
  const check = jest
    .spyOn(sales, 'reservationOfCart')
    .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
  const r = await commit(t.url, b, cart);
  write.mockRestore();
  check.mockRestore();
  // node-postgres's own words for a dropped connection: a dependency failure, 503 with Retry-After (a retry is told
  // the attempt's real state: COMMIT_IN_PROGRESS), never a 500.
  expect(r.status).toBe(503);
  const state = await sql.query(
    `SELECT c.status AS cart, a.state AS payment, s.status AS charge
       FROM cart c JOIN money_attempt a ON a.subject_id = c.cart_identifier::text AND a.subject_kind = 'cart'
       JOIN sandbox_charge s ON s.idempotency_key = a.provider_key WHERE c.cart_identifier = $1`,
    [cart.cartIdentifier],
  );
  expect(state.rows).toEqual([{ cart: 'paying', payment: 'pending', charge: 'approved' }]);
  return { b, cart };
}

/**
 * A member's hold, and a payment attempt of it whose request "died" while 'charging': after the provider charged
 * (`charge`), or before it did. The row is backdated a minute.
 */
export async function inDoubtHoldPayment(t: TestApp, sql: Client, seatOffset: number, charge = true) {
  const show = await loadShow(t.url, await upcomingShowId(t.url));
  const seats = plainSeats(show).slice(seatOffset, seatOffset + 1);
  const member = await shopper(t.url, sql, MEMBER);
  const hold = await placeHold(member, show, seats);
  expect(hold.status).toBe(201);
  const h = (await t.app.get(HoldsRepository).holdByIdentifier(hold.body.reservationIdentifier))!;
  const paymentIdentifier = await authoriseCard(
    t.url,
    { id: member.client.visitor, token: member.token },
    TEST_CARDS.approve,
  );
  const key = randomUUID();
  const providerKey = `hold:${key}:${paymentIdentifier}`;
  const opened = await t.app.get(HoldPayments).open({
    idempotencyKey: key,
    fingerprint: 'f',
    reservationId: h.reservationId,
    channel: 'online',
    method: 'card',
    amountAgorot: h.totalAgorot,
    providerKey,
    visitorId: member.client.visitor,
  });
  if (!opened || opened === 'busy' || opened === 'paid') throw new Error(`hold payment not opened: ${String(opened)}`);
  const row = opened;
  if (charge) {
    const r = await t.app.get(PaymentProvider).charge({
      idempotencyKey: providerKey,
      paymentIdentifier,
      visitorId: member.client.visitor,
      amountAgorot: h.totalAgorot,
      currency: 'ILS',
      description: 'test',
    });
    expect(r.status).toBe('approved');
  }
  await sql.query(`UPDATE hold_payment SET updated_at = now() - interval '1 minute' WHERE id = $1`, [row.id]);
  return { h, row };
}
