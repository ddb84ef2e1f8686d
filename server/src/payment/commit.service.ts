import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { CommitResponse, CustomerDetails, CustomerFormConfig } from '@hotline/shared';
import { agorotToShekels, checkCustomerDetails, formatShekels, seatKey, shekelsToAgorot } from '@hotline/shared';
import { BookingError, type BookingErrorCode } from '../cart/booking.errors';
import { AppError } from '../common/app-error';
import { newCartIdentifier, newResId } from '../cart/cart-ids';
import { CartRepository, type CartRow } from '../cart/cart.repository';
import { storableCart, type ParsedCart } from '../cart/cart.schema';
import { SeatLockReader, type SeatHold } from '../cart/seat-lock-reader';
import type { Locale } from '../common/locale';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { newDocumentKey, newReservationIdentifier, newTicketIdentifier } from '../reservations/identifiers';
import { SalesRepository, type SaleInput, type SaleOutcome } from '../reservations/sales.repository';
import { SeatEngineService } from '../seats/seat-engine.service';
import type { Layout } from '../seats/seat-layout';
import { seatsCouponAllows } from '../tickets/coupon-check';
import { TicketsRepository, type TicketRow } from '../tickets/tickets.repository';
import { CUSTOMER_FORM } from './customer-form';
import { PaymentProvider, PaymentProviderTimeout, type ChargeResult } from './payment-provider.port';
import type { CommitBody } from './payment.queries';
import { priceOrder, type PricedOrder, type PricingSeat } from './pricing';
import { assertUsable } from './vouchers.service';
import { VouchersRepository } from './vouchers.repository';

interface ApprovedCard {
  paymentId: string;
  providerReference: string;
  instalments: number;
  amountAgorot: number;
}

interface StoredResult {
  reservationIdentifier: string;
  ticketIdentifiers: string[];
  cartIdentifier: string;
  documentKey: string;
  total: number;
  charged: number;
}

interface Prepared {
  presentationIds: number[];
  layoutOf: Map<number, Layout>;
  seats: PricingSeat[];
  priced: PricedOrder;
  coupons: SaleInput['coupons'];
}

interface StoredRefusal {
  error: BookingErrorCode;
  amountAgorot: number;
  details: Record<string, unknown>;
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

/**
 * POST /api/payment/commit (docs/booking.md has the sequence and why):
 *  1. bot check, customer details (shared schema), replay of a paid cart;
 *  2. reprice everything from our data and compare with what the visitor saw;
 *  3. every seat still locked by this visitor;
 *  4. take the cart (one attempt at a time), extend the locks, charge the card
 *     (idempotency key = cart + card authorisation);
 *  5. one PostgreSQL transaction writes the sale; the unique index decides seats;
 *  6. only then mark the seats sold in Redis (which pushes the delta).
 * Money taken for a sale that could not be written is refunded and recorded.
 */
@Injectable()
export class CommitService {
  constructor(
    private readonly carts: CartRepository,
    private readonly locks: SeatLockReader,
    private readonly engine: SeatEngineService,
    private readonly tickets: TicketsRepository,
    private readonly vouchers: VouchersRepository,
    private readonly sales: SalesRepository,
    private readonly provider: PaymentProvider,
    @Inject(CUSTOMER_FORM) private readonly customerForm: CustomerFormConfig,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    if (config.BOOKING_UNSAFE_SKIP_LOCK_CHECK && config.NODE_ENV !== 'test') {
      throw new Error(
        'BOOKING_UNSAFE_SKIP_LOCK_CHECK is a test-only switch (it sells seats without their locks); refusing to start with it.',
      );
    }
  }

  async commit(visitorId: string, body: CommitBody, locale: Locale): Promise<CommitResponse> {
    // Through the seat engine: a commit is a seat action, and the engine remembers a visitor's recently verified token.
    await this.engine.verifyBotCheck(body.recaptchaToken, visitorId);
    const cart = body.cart;
    if (cart.seats.length === 0) throw new BookingError('CART_EMPTY');
    const customer = this.checkCustomer(cart.customerInfo, locale);
    const cartIdentifier = (cart.cartIdentifier ?? newCartIdentifier()).toLowerCase();

    let prepared: Prepared;
    try {
      prepared = await this.prepare(visitorId, cart);
    } catch (error) {
      // A cart that was already paid (or refunded) answers what it answered the first time, whatever this
      // request says: its seats are sold and its prices may have moved, so checking it again must not decide.
      // Looked up only when the checks refuse, which keeps the common path one query shorter.
      if (error instanceof AppError && cart.cartIdentifier) {
        const row = await this.carts.byIdentifier(cartIdentifier);
        if (row && row.visitorId !== visitorId) throw new BookingError('CART_NOT_FOUND');
        if (row && row.status !== 'open') return this.replay(row, locale);
      }
      throw error;
    }
    const { presentationIds, layoutOf, seats, priced, coupons } = prepared;

    const due = priced.totals.balanceDue;
    // Same cart + same card authorisation = same charge: a replay can never charge twice; a new card is a new attempt.
    const idempotencyKey = due > 0 ? `${cartIdentifier}:${cart.paymentIdentifier}` : null;
    const attempt = await this.sales.beginAttempt({
      cartIdentifier,
      resId: newResId(),
      visitorId,
      cart: storableCart(cart, cartIdentifier),
      staleSeconds: this.config.COMMIT_STALE_SECONDS,
      card: idempotencyKey ? { provider: this.provider.name, amountAgorot: due, idempotencyKey } : null,
    });
    if (!attempt) {
      // Lost a race with another attempt on the same cart: answer as that one did (or is doing).
      const row = await this.carts.byIdentifier(cartIdentifier);
      if (!row || row.visitorId !== visitorId) throw new BookingError('CART_NOT_FOUND');
      return this.replay(row, locale);
    }

    const claim = { id: attempt.cartId };
    let settled = false;
    let chargeTried = false;
    try {
      // Payment is starting: every lock of the visitor gets its one extension, so it outlives the charge.
      await Promise.all(presentationIds.map((id) => this.engine.extendForPayment(id, visitorId)));
      chargeTried = true;
      const card =
        attempt.payment && idempotencyKey
          ? await this.chargeCard(
              attempt.payment,
              cart.paymentIdentifier!,
              idempotencyKey,
              cartIdentifier,
              visitorId,
              due,
            )
          : null;

      const ticketIdentifiers = seats.map(() => newTicketIdentifier());
      const identity = { reservationIdentifier: newReservationIdentifier(), documentKey: newDocumentKey() };
      const result = (): StoredResult => ({
        reservationIdentifier: identity.reservationIdentifier,
        ticketIdentifiers,
        cartIdentifier,
        documentKey: identity.documentKey,
        total: agorotToShekels(priced.totals.total),
        charged: agorotToShekels(due),
      });
      const sale = (): SaleInput => ({
        cartId: claim.id,
        cartIdentifier,
        visitorId,
        ...identity,
        customer: customer as unknown as Record<string, unknown>,
        locale,
        totalAgorot: priced.totals.total,
        tickets: priced.lines.map((l, i) => ({
          identifier: ticketIdentifiers[i]!,
          presentationId: l.seat.presentationId,
          sectionId: l.seat.sectionId,
          x: l.seat.x,
          y: l.seat.y,
          ticketId: l.ticket.id,
          amountAgorot: l.amount,
          serviceChargeAgorot: l.serviceCharge,
        })),
        card: card
          ? { paymentId: card.paymentId, providerReference: card.providerReference, instalments: card.instalments }
          : null,
        vouchers: priced.voucherPayments.map((v) => ({ id: v.id, reference: v.reference, amountAgorot: v.amount })),
        coupons,
        messages: [
          ...(customer.email ? [{ channel: 'email' as const, recipient: customer.email }] : []),
          ...(customer.mobileNumber ? [{ channel: 'sms' as const, recipient: customer.mobileNumber }] : []),
        ],
        result: result() as unknown as Record<string, unknown>,
      });

      let outcome: SaleOutcome;
      try {
        outcome = await this.sales.commitSale(sale());
        if (!outcome.ok && outcome.reason === 'IDENTIFIER_TAKEN') {
          // Random identifiers collided (astronomically rare): draw new ones, once.
          identity.reservationIdentifier = newReservationIdentifier();
          identity.documentKey = newDocumentKey();
          ticketIdentifiers.splice(0, ticketIdentifiers.length, ...seats.map(() => newTicketIdentifier()));
          outcome = await this.sales.commitSale(sale());
        }
      } catch (error) {
        if (!card) throw error;
        // Money was taken and the write failed unexpectedly. Before refunding, make sure the sale did not commit anyway.
        const committed = await this.sales.reservationOfCart(cartIdentifier).catch(() => undefined);
        if (committed === undefined) {
          // We cannot tell: keep the cart 'paying'. A retry after COMMIT_STALE_SECONDS reaches the provider with the
          // same idempotency key, gets this same charge back, and settles it one way or the other.
          settled = true;
          this.logger.error(
            { err: error, cartIdentifier, payment: card.paymentId },
            'sale write failed after a charge; left for retry',
          );
          throw error;
        }
        if (committed) {
          // It did (this attempt's write, whose answer was lost, or another attempt's): settled as a duplicate below.
          outcome = { ok: false, reason: 'DUPLICATE_CART' };
        } else {
          this.logger.error({ err: error, cartIdentifier }, 'sale write failed after a charge; refunding');
          outcome = { ok: false, reason: 'SEAT_TAKEN', detail: 'write failed' };
        }
      }

      if (outcome.ok) {
        settled = true;
        await this.markSold(visitorId, seats);
        return { ...result(), replayed: false };
      }
      // A seat "lost" to another attempt on this very cart is not lost: that attempt sold the order.
      if (outcome.reason === 'SEAT_TAKEN' && card && (await this.sales.reservationOfCart(cartIdentifier))) {
        outcome = { ok: false, reason: 'DUPLICATE_CART' };
      }
      if (outcome.reason === 'DUPLICATE_CART') {
        // Another attempt on this cart (one that took over a stale claim, or was taken over) sold it first.
        // If it paid with this same authorisation, the provider charge is that sale's and stays; a charge
        // of our own, under another key, paid for nothing and goes back.
        settled = true;
        if (card && !(await this.sales.paymentIsSettled(card.paymentId))) await this.giveBack(card, 'DUPLICATE_CART');
        return this.replay((await this.carts.byIdentifier(cartIdentifier))!, locale);
      }
      if (!card) throw this.refusalWithoutCharge(outcome, seats, layoutOf);
      settled = true;
      throw await this.refund(outcome, card, claim.id, locale);
    } finally {
      if (!settled) {
        if (attempt.payment && !chargeTried) {
          await this.sales
            .closeCardPayment(attempt.payment.id, 'failed', 'aborted before the charge', null)
            .catch(() => undefined);
        }
        await this.carts
          .release(claim.id)
          .catch((err) => this.logger.warn({ err, cartIdentifier }, 'cart release failed'));
      }
    }
  }

  /**
   * Everything that may refuse the order before anything is written: the seat
   * map, our prices (shared rules) against what the visitor saw, coupons and
   * vouchers, and the visitor's live locks. Reads only.
   */
  private async prepare(visitorId: string, cart: ParsedCart): Promise<Prepared> {
    const presentationIds = unique(cart.seats.map((s) => s.prsntId));
    const [layouts, ticketRows, productRows, voucherRows] = await Promise.all([
      Promise.all(presentationIds.map((id) => this.engine.layout(id))),
      this.tickets.tickets(unique(cart.seats.map((s) => s.ticketId))),
      cart.products?.length ? this.tickets.products(unique(cart.products.map((p) => p.id))) : Promise.resolve([]),
      this.vouchers.byIds(unique((cart.voucherPayments ?? []).map((v) => v.id))),
    ]);

    const layoutOf = new Map(layouts.map((l) => [l.presentation.id, l]));
    const seats = this.pricingSeats(cart, layoutOf);
    const tickets = new Map(ticketRows.map((t) => [t.id, t]));
    const locationIds = new Set(layouts.map((l) => l.presentation.locationId));
    const productById = new Map(productRows.map((p) => [p.id, p]));
    const voucherById = new Map(voucherRows.map((v) => [v.id, v]));
    const priced = priceOrder({
      seats,
      tickets,
      ticketCodes: new Set((cart.ticketCodes ?? []).map((c) => c.toLowerCase())),
      products: (cart.products ?? []).map((p, index) => {
        const row = productById.get(p.id);
        const soldHere = row && (row.locationId === null || locationIds.has(row.locationId));
        return { index, id: p.id, quantity: p.quantity, price: soldHere ? row.price : undefined };
      }),
      globalServiceCharge: {
        amountPerOrder: this.config.GLOBAL_SERVICE_CHARGE_AGOROT || null,
        percentRatePerOrder: this.config.GLOBAL_SERVICE_CHARGE_PERCENT || null,
      },
      clientGlobalServiceCharge: cart.globalServiceCharge
        ? {
            amountPerOrder:
              cart.globalServiceCharge.amountPerOrder == null
                ? null
                : shekelsToAgorot(cart.globalServiceCharge.amountPerOrder),
            percentRatePerOrder: cart.globalServiceCharge.percentRatePerOrder ?? null,
          }
        : null,
      vouchers: (cart.voucherPayments ?? []).map((v, index) => {
        const row = assertUsable(voucherById.get(v.id), v.code);
        return {
          index,
          id: row.id,
          reference: row.reference,
          balance: row.balanceAgorot,
          clientAmount: shekelsToAgorot(v.amount),
        };
      }),
      clientTotal: cart.total == null ? null : shekelsToAgorot(cart.total),
    });
    const coupons = await this.checkCoupons(priced, tickets);

    if (!this.config.BOOKING_UNSAFE_SKIP_LOCK_CHECK) await this.assertLocked(visitorId, seats, layoutOf);
    if (priced.totals.balanceDue > 0 && !cart.paymentIdentifier) throw new BookingError('PAYMENT_NOT_AUTHORISED');
    return { presentationIds, layoutOf, seats, priced, coupons };
  }

  private checkCustomer(info: unknown, locale: Locale): CustomerDetails {
    const { issues, value } = checkCustomerDetails(info ?? {}, this.customerForm, locale);
    if (issues.length === 0) return value;
    const fields = Object.fromEntries(issues.map((i) => [i.path, i.message]));
    throw new BookingError(
      'CUSTOMER_INVALID',
      { details: issues.map((i) => `${i.path}: ${i.message}`).join('; ') },
      { fields },
    );
  }

  /** Each cart seat placed on the seat map: which section, which ticket group prices it. */
  private pricingSeats(cart: ParsedCart, layoutOf: Map<number, Layout>): PricingSeat[] {
    return cart.seats.map((s, index) => {
      const invalid = (why: string) =>
        new BookingError('CART_INVALID', { details: `seats[${index}]: ${why}` }, { seat: index });
      const layout = layoutOf.get(s.prsntId)!;
      const section = layout.sections.get(s.sectionId);
      if (!section) throw invalid('no such section in this presentation');
      if (s.XCoordinate === null)
        throw invalid('XCoordinate is required (for general admission, the place the lock gave)');
      const x = s.XCoordinate;
      const y = section.isReserved ? s.YCoordinate : 0;
      if (y === null) throw invalid('YCoordinate is required in a reserved section');
      let ticketGroupId: number | undefined;
      if (section.isReserved) ticketGroupId = layout.seats.get(seatKey(section.id, x, y))?.ticketGroupId;
      else if (x >= 1 && x <= section.capacity) ticketGroupId = section.ticketGroupId;
      if (ticketGroupId === undefined) throw invalid('no such seat');
      if (ticketGroupId === 0) throw invalid('this seat is not on sale');
      return {
        index,
        presentationId: s.prsntId,
        sectionId: section.id,
        x,
        y,
        ticketId: s.ticketId,
        ticketGroupId,
        clientAmount: shekelsToAgorot(s.amount),
        clientServiceCharge: shekelsToAgorot(s.serviceCharge),
      };
    });
  }

  /** Coded tickets: the shared coupon rule over live usage; re-checked under the ticket's row lock when the sale is written. */
  private async checkCoupons(priced: PricedOrder, tickets: Map<number, TicketRow>): Promise<SaleInput['coupons']> {
    if (priced.codedUse.size === 0) return [];
    const usage = await this.tickets.usage([...priced.codedUse.keys()]);
    return [...priced.codedUse].map(([ticketId, seats]) => {
      const ticket = tickets.get(ticketId)!;
      const allowed = seatsCouponAllows(ticket, usage.get(ticketId) ?? 0, seats);
      if (allowed < seats) throw new BookingError(ticket.isVoucher ? 'VOUCHER_NO_BALANCE' : 'COUPON_USED_UP');
      return {
        ticketId,
        seats,
        limit: ticket.balance === null ? null : ticket.balance * Math.max(1, ticket.multiplyFactor),
      };
    });
  }

  private async assertLocked(visitorId: string, seats: PricingSeat[], layoutOf: Map<number, Layout>): Promise<void> {
    const byPresentation = new Map<number, PricingSeat[]>();
    for (const s of seats) byPresentation.set(s.presentationId, [...(byPresentation.get(s.presentationId) ?? []), s]);
    const checked = await Promise.all(
      [...byPresentation].map(async ([pid, list]) => {
        const holds = await this.locks.holds(pid, visitorId, list);
        return list.map((seat, i) => ({ seat, hold: holds[i]! }));
      }),
    );
    const all = checked.flat();
    const bad = all.filter((c) => c.hold !== 'mine');
    if (bad.length === 0) return;
    const expired = (h: SeatHold) => h === 'mine-expired' || h === 'free';
    // Our own lock ran out (or was swept and nobody took the seat): the timer ended, not a competitor.
    if (bad.some((c) => c.hold === 'mine-expired') || bad.every((c) => expired(c.hold))) {
      throw new BookingError('LOCKS_EXPIRED', {}, { seats: bad.map((c) => c.seat.index) });
    }
    const first = bad.find((c) => !expired(c.hold))!;
    throw new BookingError(
      'SEAT_NOT_LOCKED',
      { seat: this.seatLabel(first.seat, layoutOf) },
      { seat: first.seat.index, hold: first.hold },
    );
  }

  private seatLabel(seat: PricingSeat, layoutOf: Map<number, Layout>): string {
    const s = layoutOf.get(seat.presentationId)?.seats.get(seatKey(seat.sectionId, seat.x, seat.y));
    return s ? `${s.rowName}/${s.seatName}` : String(seat.x);
  }

  /** Charges on the payment row the attempt opened; any outcome but approval closes the row and refuses the order. */
  private async chargeCard(
    row: { id: string; status: string },
    paymentIdentifier: string,
    idempotencyKey: string,
    cartIdentifier: string,
    visitorId: string,
    amountAgorot: number,
  ): Promise<ApprovedCard> {
    // This authorisation already paid for an order whose money went back: it cannot pay again.
    if (row.status === 'refunded' || row.status === 'refund_pending') throw new BookingError('PAYMENT_NOT_AUTHORISED');

    let result: ChargeResult | { status: 'timeout' } | { status: 'unknown' };
    try {
      result = await this.provider.charge({
        idempotencyKey,
        paymentIdentifier,
        visitorId,
        amountAgorot,
        currency: 'ILS',
        description: `Order ${cartIdentifier}`,
      });
    } catch (error) {
      // No answer: whether money moved is unknown until the provider is asked.
      const timedOut = error instanceof PaymentProviderTimeout;
      if (!timedOut) this.logger.error({ err: error, cartIdentifier }, 'payment provider failed');
      const status = await this.provider.status(idempotencyKey).catch(() => null);
      if (status?.status === 'approved') {
        result = {
          status: 'approved',
          providerReference: status.providerReference,
          instalments: status.instalments,
          last4: status.last4,
        };
      } else if (status === null) {
        // Still unknown: leave the row pending; the same key on a retry settles it at the provider.
        throw new BookingError(timedOut ? 'PAYMENT_TIMEOUT' : 'PAYMENT_ERROR');
      } else {
        result = { status: timedOut ? 'timeout' : 'unknown' };
      }
    }
    switch (result.status) {
      case 'approved':
        return {
          paymentId: row.id,
          providerReference: result.providerReference,
          instalments: result.instalments,
          amountAgorot,
        };
      case 'declined':
        await this.sales.closeCardPayment(row.id, 'declined', 'declined', result.providerReference);
        throw new BookingError('PAYMENT_DECLINED');
      case 'insufficient_funds':
        await this.sales.closeCardPayment(row.id, 'declined', 'insufficient_funds', result.providerReference);
        throw new BookingError('PAYMENT_INSUFFICIENT_FUNDS');
      case 'timeout':
        await this.sales.closeCardPayment(row.id, 'failed', 'timeout', null);
        throw new BookingError('PAYMENT_TIMEOUT');
      case 'not_authorised':
      case 'refunded':
        await this.sales.closeCardPayment(row.id, 'failed', result.status, null);
        throw new BookingError('PAYMENT_NOT_AUTHORISED');
      default:
        await this.sales.closeCardPayment(row.id, 'failed', 'provider error', null);
        throw new BookingError('PAYMENT_ERROR');
    }
  }

  /** Nothing was charged (voucher-only or free order): the plain reason, nothing to give back. */
  private refusalWithoutCharge(
    outcome: Extract<SaleOutcome, { ok: false }>,
    seats: PricingSeat[],
    layoutOf: Map<number, Layout>,
  ): BookingError {
    switch (outcome.reason) {
      case 'VOUCHER_NO_BALANCE':
        return new BookingError('VOUCHER_NO_BALANCE', {}, { voucher: outcome.detail });
      case 'VOUCHER_GONE':
        return new BookingError('VOUCHER_NOT_FOUND', {}, { voucher: outcome.detail });
      case 'COUPON_USED_UP':
        return new BookingError('COUPON_USED_UP');
      default:
        return new BookingError(
          'SEAT_NOT_LOCKED',
          { seat: this.seatLabel(seats[0]!, layoutOf) },
          { reason: outcome.reason },
        );
    }
  }

  /**
   * The card was charged but the sale cannot stand (a seat went to someone else,
   * a voucher or coupon ran out meanwhile): refund through the provider, record
   * it on the payment row (refund_pending first, so a failed refund is never
   * lost), close the cart with this answer, and say so.
   */
  private async refund(
    outcome: Extract<SaleOutcome, { ok: false }>,
    card: ApprovedCard,
    cartId: string,
    locale: Locale,
  ): Promise<BookingError> {
    const code: BookingErrorCode = outcome.reason === 'SEAT_TAKEN' ? 'SEATS_LOST_REFUNDED' : 'ORDER_CHANGED_REFUNDED';
    const refunded = await this.giveBack(card, outcome.reason);
    const stored: StoredRefusal = {
      error: code,
      amountAgorot: card.amountAgorot,
      details: { refunded, amount: agorotToShekels(card.amountAgorot), reason: outcome.reason },
    };
    await this.carts.markRefunded(cartId, stored as unknown as Record<string, unknown>);
    return this.refusalOf(stored, locale);
  }

  /** Refunds a charge that paid for nothing: recorded refund_pending first, so a failed refund is never lost. */
  private async giveBack(card: ApprovedCard, reason: string): Promise<boolean> {
    await this.sales.markRefundPending(card.paymentId, card.providerReference, reason);
    const refund = await this.provider
      .refund({ providerReference: card.providerReference, amountAgorot: card.amountAgorot, reason })
      .catch((err: unknown) => ({ status: 'failed' as const, reason: String((err as Error)?.message ?? err) }));
    if (refund.status === 'refunded') await this.sales.markRefunded(card.paymentId);
    else
      this.logger.error(
        { payment: card.paymentId, refund },
        'REFUND FAILED: payment left refund_pending for an operator',
      );
    return refund.status === 'refunded';
  }

  private refusalOf(stored: StoredRefusal, locale: Locale): BookingError {
    return new BookingError(stored.error, { amount: formatShekels(stored.amountAgorot, locale) }, stored.details);
  }

  private replay(row: CartRow, locale: Locale): CommitResponse {
    if (row.status === 'paid' && row.result) return { ...(row.result as unknown as StoredResult), replayed: true };
    if (row.status === 'refunded' && row.result) throw this.refusalOf(row.result as unknown as StoredRefusal, locale);
    throw new BookingError('COMMIT_IN_PROGRESS');
  }

  /** The sale is durable; now the live seat map. A refusal here cannot undo the sale, so it is logged, not thrown. */
  private async markSold(visitorId: string, seats: PricingSeat[]): Promise<void> {
    const byPresentation = new Map<number, PricingSeat[]>();
    for (const s of seats) byPresentation.set(s.presentationId, [...(byPresentation.get(s.presentationId) ?? []), s]);
    await Promise.all(
      [...byPresentation].map(([pid, list]) =>
        this.engine
          .markSold(pid, visitorId, list)
          .catch((err: unknown) =>
            this.logger.warn(
              { err, presentationId: pid, visitorId },
              'sold in PostgreSQL but the seat engine refused markSold; seats show as sold after a rebuild',
            ),
          ),
      ),
    );
  }
}
