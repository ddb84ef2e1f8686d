import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { CommitResponse } from '@hotline/shared';
import { agorotToShekels, seatKey } from '@hotline/shared';
import {
  BookingError,
  newCartIdentifier,
  newResId,
  CartRepository,
  type CartRow,
  storableCart,
  type ParsedCart,
  cartFingerprint,
} from '../cart';
import { AppError } from '../common/app-error';
import type { Locale } from '../common/locale';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PaymentProvider, type CommitBody, type Quote } from '../payment';
import { LimitClaims, SalesRepository, type SaleInput } from '../reservations';
import { SeatEngineService } from '../seats';
import type { CommitState } from './commit-state';
import { QuoteService } from './quote.service';
import { saleDraftOf, type SaleDraft } from './sale-draft';
import { SaleIdentity } from './sale-identity';
import { refusalOf, SettlementService, type ApprovedCard, type StoredRefusal } from './settlement.service';
import type { HoldTerms } from '../holds';
import { ONLINE_SALE, type SaleMode } from './sale-mode';
import { faultPointFromEnv, reachFaultPoint } from '../common/test-fault-point';

/** What a paid cart stores and replays. */
export type StoredResult = Omit<CommitResponse, 'replayed'>;

/** The sale statement's input from the quoted draft, this sale's names and the card's approval. */
export function saleInputOf(
  draft: SaleDraft,
  ids: SaleIdentity,
  cart: { cartId: string; cartIdentifier: string; visitorId: string },
  card: Pick<ApprovedCard, 'paymentId' | 'providerReference' | 'instalments'> | null,
  cash: SaleInput['cash'] = null,
  hold: SaleInput['hold'] = null,
): SaleInput {
  return {
    ...cart,
    hold,
    reservationIdentifier: ids.reservationIdentifier,
    documentKey: ids.documentKey,
    customer: draft.customer,
    locale: draft.locale,
    totalAgorot: draft.totalAgorot,
    tickets: draft.tickets.map((t, i) => ({ ...t, identifier: ids.ticketIdentifiers[i]! })),
    card: card
      ? { paymentId: card.paymentId, providerReference: card.providerReference, instalments: card.instalments }
      : null,
    cash,
    vouchers: draft.vouchers,
    coupons: draft.coupons,
    voucherSales: (draft.voucherSales ?? []).map((v, i) => ({ ...v, reference: ids.voucherReferences[i]! })),
    donations: (draft.donations ?? []).map((d, i) => ({ ...d, receiptNumber: ids.receiptNumbers[i]! })),
    waivers: draft.waivers ?? [],
    ...(draft.memberships ? { memberships: draft.memberships } : {}),
    channel: draft.channel ?? null,
    references: draft.references ?? [],
    products: draft.products ?? [],
    quota: draft.quota ?? null,
    messages: draft.messages,
    result: storedResultOf(draft, ids, cart.cartIdentifier) as unknown as Record<string, unknown>,
  };
}

export function storedResultOf(
  draft: SaleDraft,
  ids: SaleIdentity,
  cartIdentifier: string,
  now: Date = new Date(),
): StoredResult {
  const result: StoredResult = {
    reservationIdentifier: ids.reservationIdentifier,
    ticketIdentifiers: ids.ticketIdentifiers,
    cartIdentifier,
    documentKey: ids.documentKey,
    total: agorotToShekels(draft.totalAgorot),
    charged: agorotToShekels(draft.chargedAgorot),
  };
  const sold = draft.voucherSales ?? [];
  if (sold.length) {
    // The dates the sale writes (now(), now() + valid days) give or take the statement's few milliseconds.
    result.systemVouchers = sold.map((v, i) => ({
      Reference: ids.voucherReferences[i]!,
      Value: agorotToShekels(v.valueAgorot),
      StartDate: now.toISOString(),
      EndDate: new Date(now.getTime() + v.validDays * 86_400_000).toISOString(),
    }));
  }
  const given = draft.donations ?? [];
  if (given.length)
    result.donations = given.map((d) => ({
      donationId: d.donationId,
      amount: agorotToShekels(d.unitAgorot * d.quantity),
    }));
  return result;
}

/** What a hold's rules look at in the quote: when its shows start and which of its seats are premium. */
function heldSeatsOf(quote: Quote): Parameters<HoldTerms['accept']>[0] {
  return {
    dates: [...quote.layoutOf.values()].map(({ presentation: p }) => ({
      presentationId: p.id,
      start: p.dateTime,
      policy: p.holdPolicy,
    })),
    premiumSeatKeys: quote.seats
      .filter((s) => quote.layoutOf.get(s.presentationId)?.seats.get(seatKey(s.sectionId, s.x, s.y))?.premium)
      .map((s) => `${s.presentationId}:${seatKey(s.sectionId, s.x, s.y)}`),
  };
}

/**
 * POST /api/payment/commit as a small saga over CommitState (commit-state.ts):
 * quoted (QuoteService) -> charging -> charged (SettlementService.charge) ->
 * sold | refunding -> refunded | refund_pending. Each step's state is persisted
 * on the cart and the cart's money attempt, so if this node dies the recovery loop
 * (the money-attempt kind and the cart's subject, cart-money-subject.ts) finishes it. The cart identifier is the idempotency key of
 * the whole order, bound to what the cart buys (cart/cart-fingerprint.ts).
 */
@Injectable()
export class CommitOrchestrator {
  private readonly fault = faultPointFromEnv();

  constructor(
    private readonly quotes: QuoteService,
    private readonly settlement: SettlementService,
    private readonly carts: CartRepository,
    private readonly sales: SalesRepository,
    private readonly engine: SeatEngineService,
    private readonly provider: PaymentProvider,
    private readonly claims: LimitClaims,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * `clientIp`: the buyer's address, recorded with a signed waiver. `mode`: which sale this is (sale-mode.ts): the
   * storefront's, a box-office sale the ProducerSaleAuthority accepted (walk-in buyer instead of the customer form;
   * cash or the card page), or a hold order the holds context admits after the bot check, written as an unpaid
   * hold (no charge, no confirmation message).
   */
  async commit(
    visitorId: string,
    body: CommitBody,
    locale: Locale,
    clientIp = '',
    mode: SaleMode = ONLINE_SALE,
  ): Promise<CommitResponse> {
    // The waiting room decides before anything is quoted or charged (docs/waiting-room.md): every presentation of
    // the cart's seats needs an admission while its queue is on (a pass, or a counter sale's staff by right). The
    // decision holds for the rest of this request, so a pass expiring mid-commit never strands a charge.
    const admitted = new Set(body.cart.seats.map((s) => s.prsntId));
    await this.engine.admit(admitted);
    // Through the seat engine: a commit is a seat action, and the engine remembers a visitor's recently verified token.
    await this.engine.verifyBotCheck(body.recaptchaToken, visitorId);
    // The spec sends miniSiteUrl beside the cart too; the cart's own wins, either one puts the order in mini-site mode.
    const cart =
      body.miniSiteUrl && !body.cart.miniSiteUrl ? { ...body.cart, miniSiteUrl: body.miniSiteUrl } : body.cart;
    const kind = this.quotes.kindOf(cart);
    const holdTerms = mode.kind === 'hold' ? await mode.admit(kind) : null;
    const customer =
      mode.kind === 'box-office' ? mode.producer.customer : this.quotes.checkCustomer(cart.customerInfo, locale, kind);
    const cartIdentifier = (cart.cartIdentifier ?? newCartIdentifier()).toLowerCase();

    let quote: Quote;
    try {
      const options =
        mode.kind === 'box-office' ? { boxOffice: mode.producer.tender } : mode.kind === 'hold' ? { unpaid: true } : {};
      quote = await this.quotes.quote(visitorId, cart, options);
    } catch (error) {
      // A cart that was already paid (or refunded) answers what it answered the first time: its seats are sold and
      // its prices may have moved, so checking it again must not decide. Looked up only on refusals (one query less).
      if (error instanceof AppError && cart.cartIdentifier) {
        const row = await this.carts.byIdentifier(cartIdentifier);
        if (row && row.visitorId !== visitorId) throw new BookingError('CART_NOT_FOUND');
        if (row && row.status !== 'open') return this.replay(row, cart, locale);
      }
      throw error;
    }

    // Seats named by other parts of the cart (a membership's or an enrolment's seat, known once the quote resolved
    // its presentations) pass the same gate before anything is charged.
    const unadmitted = quote.presentationIds.filter((id) => !admitted.has(id));
    if (unadmitted.length) await this.engine.admit(unadmitted);

    const hold = holdTerms
      ? { customerId: holdTerms.customerId, releaseAt: holdTerms.accept(heldSeatsOf(quote)) }
      : null;
    const draft = saleDraftOf(quote.priced, quote.coupons, customer, locale, { waivers: quote.waivers, ip: clientIp });
    if (quote.channel) draft.channel = quote.channel;
    if (quote.references?.length) draft.references = quote.references;
    if (quote.products?.length) draft.products = quote.products;
    if (quote.quota) draft.quota = quote.quota;
    // An unpaid hold sends no order confirmation: the customer area lists it with its deadline.
    if (hold) draft.messages = [];
    const due = hold ? 0 : draft.chargedAgorot;
    // Cash at the box office: the staff member holds the money, no provider is called, the sale records it.
    const cash =
      mode.kind === 'box-office' && mode.producer.tender === 'cash' && due > 0
        ? { amountAgorot: due, staffUserId: mode.producer.staff.userId }
        : null;
    // Same cart + same card authorisation = same charge: a replay can never charge twice; a new card is a new attempt.
    const idempotencyKey = due > 0 && !cash ? `${cartIdentifier}:${cart.paymentIdentifier}` : null;
    const attempt = await this.sales.beginAttempt({
      cartIdentifier,
      resId: newResId(),
      visitorId,
      cart: storableCart(cart, cartIdentifier),
      staleSeconds: this.config.COMMIT_STALE_SECONDS,
      card: idempotencyKey
        ? {
            provider: this.provider.nameFor(cart.paymentIdentifier),
            amountAgorot: due,
            idempotencyKey,
            draft,
            channel: mode.kind === 'box-office' ? ('box_office' as const) : ('online' as const),
          }
        : null,
    });
    if (!attempt || attempt === 'busy') {
      // Lost a race with another attempt on the same cart (its claim, or its charge still in flight under another
      // key): answer as that one did (or is doing); never a second charge of one cart.
      const row = await this.carts.byIdentifier(cartIdentifier);
      if (!row || row.visitorId !== visitorId) throw new BookingError('CART_NOT_FOUND');
      return this.replay(row, cart, locale);
    }
    const order = { cartId: attempt.cartId, cartIdentifier, visitorId };

    let state: CommitState = { kind: 'quoted' };
    let claimed = false;
    let seatsClaimed = false;
    try {
      // Everything limited is claimed before money moves (limit-claims.ts): a buyer the last coupon use, voucher
      // balance or mini-site balance cannot go to is refused here, never charged and then refunded.
      const unclaimable = await this.claims.claim(cartIdentifier, draft);
      if (unclaimable) throw this.quotes.refusalWithoutCharge(unclaimable, quote);
      claimed = true;
      reachFaultPoint(this.fault, 'after-claim');
      // Payment is starting: the cart's seats are claimed for this cart (the visitor's other tab or device paying
      // the same seats is refused before its card, SEATS_BEING_PAID), and every lock gets its one extension.
      await this.engine.claimForPayment(visitorId, cartIdentifier, quote.presentationIds, quote.seats);
      seatsClaimed = true;
      let card: ApprovedCard | null = null;
      if (attempt.payment && idempotencyKey) {
        state = { kind: 'charging', paymentId: attempt.payment.id };
        const request = { paymentIdentifier: cart.paymentIdentifier!, idempotencyKey, cartIdentifier, visitorId };
        card = await this.settlement.charge(attempt.payment, request, due);
        state = { kind: 'charged', paymentId: card.paymentId, providerReference: card.providerReference };
        reachFaultPoint(this.fault, 'after-charge');
      }

      const ids = SaleIdentity.forDraft(draft);
      const resultOf = (): StoredResult => {
        const result = storedResultOf(draft, ids, cartIdentifier);
        return hold ? { ...result, charged: 0, isHold: true, holdDeadline: hold.releaseAt.toISOString() } : result;
      };
      const outcome = await this.settlement.writeSale(
        () => ({
          ...saleInputOf(draft, ids, order, card, cash, hold),
          result: resultOf() as unknown as Record<string, unknown>,
        }),
        ids,
        cartIdentifier,
        card,
      );
      if (outcome.ok) {
        state = { kind: 'sold', reservationId: outcome.reservationId };
        await this.settlement.markSold(visitorId, draft.tickets);
        return { ...resultOf(), replayed: false };
      }
      if (outcome.reason === 'IN_DOUBT') {
        // Cannot tell whether the sale committed: stay 'charged' (cart paying, its charge pending). The recovery job
        // asks PostgreSQL and the provider again after RECOVERY_IN_DOUBT_SECONDS and finishes it one way or the other.
        throw outcome.error;
      }
      if (outcome.reason === 'DUPLICATE_CART') {
        // Another attempt on this cart sold it first. If it paid with this same authorisation, the charge is that
        // sale's and stays; a charge of our own, under another key, paid for nothing and goes back.
        state = { kind: 'sold', reservationId: '' };
        await this.settlement.settleDuplicate(card);
        return this.replay((await this.carts.byIdentifier(cartIdentifier))!, cart, locale);
      }
      if (!card) throw this.quotes.refusalWithoutCharge(outcome, quote);
      state = { kind: 'refunding', paymentId: card.paymentId, reason: outcome.reason };
      throw await this.settlement.refundOrder(outcome, card, order.cartId, locale);
    } finally {
      await this.releaseUnlessCharged(state, attempt.payment, order);
      // An order that will not be written gives its claims back now (in doubt: kept for the recovery job's sale).
      if (claimed && state.kind !== 'sold' && state.kind !== 'charged')
        await this.claims
          .release(cartIdentifier)
          .catch((err) => this.logger.warn({ err, cartIdentifier }, 'claim release failed; it expires by itself'));
      // Sold seats are no one's to pay again; in doubt (charged) the claim stays until the recovery job decides.
      if (seatsClaimed && state.kind !== 'sold' && state.kind !== 'charged')
        await this.engine
          .releasePaymentClaim(visitorId, cartIdentifier, quote.presentationIds, quote.seats)
          .catch((err) => this.logger.warn({ err, cartIdentifier }, 'seat payment claim release failed; it expires'));
    }
  }

  /**
   * Leaving the saga before any money moved gives the cart back ('open'): quoted (the row was opened but the
   * provider never called) or charging that the provider refused. From 'charged' on, the cart is the money's.
   */
  private async releaseUnlessCharged(
    state: CommitState,
    payment: { id: string } | null,
    order: { cartId: string; cartIdentifier: string },
  ): Promise<void> {
    if (state.kind !== 'quoted' && state.kind !== 'charging') return;
    if (payment && state.kind === 'quoted') {
      await this.sales.closeCardPayment(payment.id, 'failed', 'aborted before the charge', null).catch(() => undefined);
    }
    await this.carts
      .release(order.cartId)
      .catch((err) => this.logger.warn({ err, cartIdentifier: order.cartIdentifier }, 'cart release failed'));
  }

  /**
   * The cart identifier is the order's idempotency key, bound to what it buys (the Stripe rule): the same
   * identifier with another cart is refused, never answered with the first order.
   */
  private replay(row: CartRow, cart: ParsedCart, locale: Locale): CommitResponse {
    if (cartFingerprint(row.cart) !== cartFingerprint(cart)) throw new BookingError('IDEMPOTENCY_KEY_REUSED');
    // A hold and a paid order are different answers: an identifier used for one is not the other's.
    const stored = row.result as { isHold?: boolean } | null;
    if (row.status === 'paid' && Boolean(stored?.isHold) !== Boolean(cart.isHold))
      throw new BookingError('IDEMPOTENCY_KEY_REUSED');
    if (row.status === 'paid' && row.result) return { ...(row.result as unknown as StoredResult), replayed: true };
    if (row.status === 'refunded' && row.result) throw refusalOf(row.result as unknown as StoredRefusal, locale);
    throw new BookingError('COMMIT_IN_PROGRESS');
  }
}
