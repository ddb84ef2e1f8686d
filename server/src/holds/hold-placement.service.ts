import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { CommitResponse } from '@hotline/shared';
import { holdDeadline, holdRefusal, isBeforeHoldDeadline, seatKey } from '@hotline/shared';
import { BookingError } from '../cart/booking.errors';
import { newCartIdentifier, newResId } from '../cart/cart-ids';
import { CartRepository, type CartRow } from '../cart/cart.repository';
import { storableCart, type ParsedCart } from '../cart/cart.schema';
import { AppError } from '../common/app-error';
import type { Locale } from '../common/locale';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CustomerSessions } from '../customers/customer-sessions.service';
import { cartFingerprint } from '../orders/cart-fingerprint';
import { saleInputOf, storedResultOf, type StoredResult } from '../orders/commit.orchestrator';
import { QuoteService, type Quote } from '../orders/quote.service';
import { saleDraftOf } from '../orders/sale-draft';
import { SaleIdentity } from '../orders/sale-identity';
import type { CommitBody } from '../payment/payment.queries';
import { SalesRepository } from '../reservations/sales.repository';
import { SeatEngineService } from '../seats/seat-engine.service';
import { ACTIVE_MEMBERSHIP, type ActiveMembership } from './active-membership.port';
import { HoldClock } from './hold-clock';
import { HoldsRepository } from './holds.repository';
import './holds.errors';

export type HoldResponse = CommitResponse & { isHold: true; holdDeadline: string };

/**
 * Places a hold order: POST /api/payment/commit with cart.isHold (the commit controller hands it here). The same
 * server-side quote as a paid order (prices, seats still the visitor's, customer details), then the rules of a hold
 * (shared holdRefusal: logged in, a member, no premium seat, before the deadline), then ONE transaction writing the
 * reservation as an unpaid hold with its live tickets (the double-sale guard) and its deadline. No money moves, so
 * the saga is short: the cart's identifier is still the idempotency key, bound to what the cart holds.
 */
@Injectable()
export class HoldPlacementService {
  constructor(
    private readonly quotes: QuoteService,
    private readonly carts: CartRepository,
    private readonly holds: HoldsRepository,
    private readonly sales: SalesRepository,
    private readonly engine: SeatEngineService,
    private readonly sessions: CustomerSessions,
    private readonly clock: HoldClock,
    @Inject(ACTIVE_MEMBERSHIP) private readonly membership: ActiveMembership,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async place(visitorId: string, body: CommitBody, locale: Locale, request: FastifyRequest): Promise<HoldResponse> {
    // The waiting room first (docs/waiting-room.md): a hold order takes the cart's seats like a sale.
    await this.engine.admit(body.cart.seats.map((s) => s.prsntId));
    await this.engine.verifyBotCheck(body.recaptchaToken, visitorId);
    const cart = body.cart;
    const customerId = await this.sessions.current(request);
    if (customerId === null) throw new AppError('HOLD_LOGIN_REQUIRED');
    const isMember = await this.membership.hasActiveMembership(customerId);
    if (!isMember) throw new AppError('HOLD_MEMBERSHIP_REQUIRED');
    const kind = this.quotes.kindOf(cart);
    if (kind !== 'tickets' || cart.voucherPayments?.length) throw new AppError('HOLD_CART_INVALID');
    const customer = this.quotes.checkCustomer(cart.customerInfo, locale, kind);
    const cartIdentifier = (cart.cartIdentifier ?? newCartIdentifier()).toLowerCase();

    let quote: Quote;
    try {
      quote = await this.quotes.quote(visitorId, cart, { unpaid: true });
    } catch (error) {
      // A hold already written answers what it answered the first time (its seats are no longer "locked").
      if (error instanceof AppError && cart.cartIdentifier) {
        const row = await this.carts.byIdentifier(cartIdentifier);
        if (row && row.visitorId !== visitorId) throw new BookingError('CART_NOT_FOUND');
        if (row && row.status !== 'open') return this.replay(row, cart);
      }
      throw error;
    }

    const premium = quote.seats.filter(
      (s) => quote.layoutOf.get(s.presentationId)?.seats.get(seatKey(s.sectionId, s.x, s.y))?.premium,
    );
    const deadline = holdDeadline([...quote.layoutOf.values()].map((l) => l.presentation.dateTime));
    const refusal = holdRefusal({
      customerId,
      isMember,
      premiumSeats: premium.length,
      beforeDeadline: isBeforeHoldDeadline(deadline, this.clock.now()),
    });
    if (refusal === 'HOLD_PREMIUM_SEAT') {
      // The storefront offers a regular order instead: it needs to know which seats are premium.
      throw new AppError(refusal, {
        details: premium.map((s) => `${s.presentationId}:${seatKey(s.sectionId, s.x, s.y)}`).join(','),
      });
    }
    if (refusal) throw new AppError(refusal);

    // No order confirmation for an unpaid hold: the customer area lists it with its deadline.
    const draft = { ...saleDraftOf(quote.priced, quote.coupons, customer, locale), messages: [] };
    const attempt = await this.sales.beginAttempt({
      cartIdentifier,
      resId: newResId(),
      visitorId,
      cart: storableCart(cart, cartIdentifier),
      staleSeconds: this.config.COMMIT_STALE_SECONDS,
      card: null,
    });
    if (!attempt) {
      const row = await this.carts.byIdentifier(cartIdentifier);
      if (!row || row.visitorId !== visitorId) throw new BookingError('CART_NOT_FOUND');
      return this.replay(row, cart);
    }
    const order = { cartId: attempt.cartId, cartIdentifier, visitorId };
    let written = false;
    try {
      await Promise.all(quote.presentationIds.map((id) => this.engine.extendForPayment(id, visitorId)));
      const ids = SaleIdentity.forDraft(draft);
      const input = () => {
        const result: HoldResponse = {
          ...storedResultOf(draft, ids, cartIdentifier),
          charged: 0,
          isHold: true,
          holdDeadline: deadline.toISOString(),
          replayed: false,
        };
        const { replayed: _replayed, ...stored } = result;
        return { ...saleInputOf(draft, ids, order, null), result: stored as unknown as Record<string, unknown> };
      };
      let outcome = await this.holds.writeHold(input(), { customerId, releaseAt: deadline });
      if (!outcome.ok && outcome.reason === 'IDENTIFIER_TAKEN') {
        ids.redraw();
        outcome = await this.holds.writeHold(input(), { customerId, releaseAt: deadline });
      }
      if (outcome.ok) {
        written = true;
        await this.markSold(visitorId, draft.tickets);
        return {
          ...(input().result as unknown as StoredResult),
          isHold: true,
          holdDeadline: deadline.toISOString(),
          replayed: false,
        };
      }
      if (outcome.reason === 'DUPLICATE_CART') {
        written = true;
        return this.replay((await this.carts.byIdentifier(cartIdentifier))!, cart);
      }
      throw this.quotes.refusalWithoutCharge(outcome, quote);
    } finally {
      if (!written) {
        await this.carts
          .release(order.cartId)
          .catch((err) => this.logger.warn({ err, cartIdentifier }, 'hold: cart release failed'));
      }
    }
  }

  /** The hold is durable; now the live map. A refusal here cannot undo it (the seats show sold after a rebuild). */
  private async markSold(
    visitorId: string,
    tickets: { presentationId: number; sectionId: number; x: number; y: number }[],
  ): Promise<void> {
    const byShow = new Map<number, { sectionId: number; x: number; y: number }[]>();
    for (const t of tickets) byShow.set(t.presentationId, [...(byShow.get(t.presentationId) ?? []), t]);
    await Promise.all(
      [...byShow].map(([pid, seats]) =>
        this.engine
          .markSold(pid, visitorId, seats)
          .catch((err: unknown) => this.logger.warn({ err, presentationId: pid }, 'hold written; markSold refused')),
      ),
    );
  }

  private replay(row: CartRow, cart: ParsedCart): HoldResponse {
    if (cartFingerprint(row.cart) !== cartFingerprint(cart)) throw new BookingError('IDEMPOTENCY_KEY_REUSED');
    const result = row.result as unknown as HoldResponse | null;
    if (row.status === 'paid' && result?.isHold) return { ...result, replayed: true };
    // The identifier was used for a paid order (or is being paid): not a hold to answer with.
    if (row.status === 'paid') throw new BookingError('IDEMPOTENCY_KEY_REUSED');
    throw new BookingError('COMMIT_IN_PROGRESS');
  }
}
