import { Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChannelQuotaClaim } from '@hotline/shared';
import { PreparedSql } from '../database/prepared-sql';
import { NO_TRACING, SALE_STATEMENT_SPAN, Tracing } from '../observability';
import type { MembershipRefusal, MembershipSaleData } from './membership-sale-steps';
import { LimitClaims } from './limit-claims';
import { SaleParticipants } from './sale-participant';

// The parts of a sale that other contexts record (channel, references): the sale write defines them, they depend on it.

/**
 * Through which storefront channel an order is sold (docs/storefront-modes.md): a mini-site (whose ticket
 * balances the sale draws down) and/or a partner link (integrationId). Stored in the sale draft, so the recovery
 * job writes the same.
 */
export interface SaleChannel {
  miniSiteId: number | null;
  integrationId: string | null;
  partner: string | null;
  /** Mini-site tickets with a Balance: how many seats this order puts on each. */
  balances: { ticketId: number; seats: number }[];
}

/** A reference the sale draws on: the option (PriceRowId), the typed values, and the seats that carry it. */
export interface SaleReference {
  optionId: number;
  reference1: string;
  reference2: string;
  seats: { presentationId: number; sectionId: number; x: number; y: number }[];
}

export interface SaleTicket {
  identifier: string;
  presentationId: number;
  sectionId: number;
  x: number;
  y: number;
  ticketId: number;
  amountAgorot: number;
  serviceChargeAgorot: number;
}

export interface SaleInput {
  cartId: string;
  cartIdentifier: string;
  visitorId: string;
  reservationIdentifier: string;
  documentKey: string;
  customer: Record<string, unknown>;
  locale: string;
  totalAgorot: number;
  tickets: SaleTicket[];
  /** The cart's charge (its money attempt, opened before the provider call), now approved: `paymentId` is its id. */
  card: { paymentId: string; providerReference: string; instalments: number } | null;
  /** Cash taken at the box office by this staff member (the producer variant of the commit); no provider call. */
  cash?: { amountAgorot: number; staffUserId: number } | null;
  vouchers: { id: number; reference: string; amountAgorot: number }[];
  /** Coded tickets: the seats this order puts on each, and how many seats the code allows in all (null = unlimited). */
  coupons: { ticketId: number; seats: number; limit: number | null }[];
  /** Gift vouchers this order buys, one each, with the reference drawn for it. */
  voucherSales: {
    reference: string;
    name: string;
    nameEn: string;
    classId: number;
    priceId: number;
    valueAgorot: number;
    validDays: number;
  }[];
  donations: { donationId: number; detailId: number; quantity: number; unitAgorot: number; receiptNumber: string }[];
  /** Signed waivers kept with the reservation. */
  waivers: {
    presentationId: number;
    participants: { name: string; dateOfBirth: string }[];
    signatureBase64: string;
    terms: string;
    ip: string;
  }[];
  messages: { channel: 'email' | 'sms'; recipient: string }[];
  /** Ticket references (ref1/ref2) the tickets draw on: re-checked under the option's row lock. */
  references?: SaleReference[];
  /** The commit's answer, kept on the cart and replayed to retries. */
  result: Record<string, unknown>;
  /** Members' balances drawn, memberships sold, enrolments (membership-sale-steps.ts). */
  memberships?: MembershipSaleData;
  /** Mini-site / partner link: balances drawn down and the channel recorded in the same transaction. */
  channel?: SaleChannel | null;
  /** Products bought with the tickets, one line per product; `stocked`: its stock is claimed and checked. */
  products?: SaleProduct[];
  /** Seats taken from dates' channel quotas (shared channelQuotaClaims): claimed, re-checked, the channel recorded. */
  quota?: SaleQuota | null;
  /** A hold order: the reservation is written unpaid, this customer's, released at this deadline (holds/). */
  hold?: { customerId: number; releaseAt: Date } | null;
}

/** The channel an order is sold through and the seats it takes from each date's quota for that channel. */
export interface SaleQuota {
  channel: ChannelQuotaClaim['channel'];
  dates: { presentationId: number; seats: number }[];
}

export interface SaleProduct {
  productId: number;
  quantity: number;
  unitAgorot: number;
  stocked: boolean;
}

export type SaleRefusal =
  | 'SEAT_TAKEN'
  | 'PRODUCT_SOLD_OUT'
  | 'CHANNEL_QUOTA_EXHAUSTED'
  | 'VOUCHER_NO_BALANCE'
  | 'VOUCHER_GONE'
  | 'COUPON_USED_UP'
  | 'DUPLICATE_CART'
  | 'IDENTIFIER_TAKEN'
  | MembershipRefusal
  | 'MINI_SITE_BALANCE_USED_UP'
  | 'REFERENCE_NOT_ELIGIBLE';
export type SaleOutcome = { ok: true; reservationId: string } | { ok: false; reason: SaleRefusal; detail?: string };

/*
 * The whole sale as ONE statement: data-modifying CTEs run atomically, all or
 * nothing, in one round trip. The partial unique index reservation_ticket_live_seat
 * is what makes a double sale impossible: the second insert of a live ticket for
 * the same seat fails and takes the reservation, its payments, the voucher
 * decrements, the outbox rows and the cart update down with it. Tickets are
 * inserted in (presentation, section, x, y) order (WITH ORDINALITY ... ORDER BY)
 * so two orders over the same seats wait on each other instead of deadlocking.
 */
export const SALE_SQL = `
WITH res AS (
  INSERT INTO reservation (identifier, cart_identifier, document_key, visitor_id, state, customer, locale, total_agorot, customer_id)
  VALUES ($1, $2, $3, $4, CASE WHEN $45::int IS NULL THEN 'paid' ELSE 'hold' END, $5::jsonb, $6, $7, $45::int)
  RETURNING id
), tix AS (
  INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot, service_charge_agorot, on_hold)
  SELECT res.id, t.identifier, t.pid, t.sid, t.x, t.y, t.tid, t.amount, t.sc, $45::int IS NOT NULL
    FROM res, unnest($8::text[], $9::int[], $10::int[], $11::int[], $12::int[], $13::int[], $14::int[], $15::int[])
         WITH ORDINALITY AS t(identifier, pid, sid, x, y, tid, amount, sc, ord)
   ORDER BY t.ord
  RETURNING id
), card_payment AS (
  SELECT nextval('payment_id_seq') AS id WHERE $18::bigint IS NOT NULL
), card_attempt AS (
  UPDATE money_attempt SET state = 'approved', provider_reference = $16, payment_id = (SELECT id FROM card_payment),
         error = NULL, updated_at = now()
   WHERE id = $18::bigint AND kind = 'charge' AND subject_kind = 'cart'
  RETURNING provider, amount_agorot, idempotency_key
), card AS (
  INSERT INTO payment (id, reservation_id, cart_identifier, provider, method, provider_reference, amount_agorot, status, instalments, idempotency_key)
  SELECT (SELECT id FROM card_payment), res.id, $2, a.provider, 'card', $16, a.amount_agorot, 'approved', coalesce($17::int, 1), a.idempotency_key
    FROM res, card_attempt a
  RETURNING id
), cash AS (
  INSERT INTO payment (reservation_id, cart_identifier, provider, method, provider_reference, amount_agorot, status)
  SELECT res.id, $2, 'box_office', 'cash', $44::text, $43::int, 'approved' FROM res WHERE $43::int IS NOT NULL
  RETURNING id
), voucher_payments AS (
  INSERT INTO payment (reservation_id, cart_identifier, provider, method, provider_reference, amount_agorot, status, system_voucher_id)
  SELECT res.id, $2, 'system_voucher', 'voucher', v.reference, v.amount, 'approved', v.id
    FROM res, unnest($19::bigint[], $20::text[], $21::int[]) AS v(id, reference, amount)
  RETURNING id
), balances AS (
  UPDATE system_voucher sv SET balance_agorot = sv.balance_agorot - v.amount
    FROM unnest($19::bigint[], $21::int[]) AS v(id, amount)
   WHERE sv.id = v.id
  RETURNING sv.id, sv.balance_agorot
), redemptions AS (
  INSERT INTO system_voucher_event (system_voucher_id, kind, amount_agorot, balance_after_agorot, reservation_id)
  SELECT b.id, 'redemption', v.amount, b.balance_agorot, res.id
    FROM res, balances b JOIN unnest($19::bigint[], $21::int[]) AS v(id, amount) ON v.id = b.id
  RETURNING id
), sold_vouchers AS (
  INSERT INTO system_voucher (reference, name, name_en, translations, initial_agorot, balance_agorot, class_id, price_id, reservation_id, starts_at, expires_at)
  SELECT g.reference, g.name, g.name_en, coalesce((SELECT c.translations FROM system_voucher_class c WHERE c.id = g.class_id), '{}'::jsonb),
         g.value, g.value, g.class_id, g.price_id, res.id, now(), now() + make_interval(days => g.days)
    FROM res, unnest($26::text[], $27::text[], $28::text[], $29::int[], $30::int[], $31::int[], $32::int[])
         AS g(reference, name, name_en, value, class_id, price_id, days)
  RETURNING id, initial_agorot, reservation_id
), purchases AS (
  INSERT INTO system_voucher_event (system_voucher_id, kind, amount_agorot, balance_after_agorot, reservation_id)
  SELECT id, 'purchase', initial_agorot, initial_agorot, reservation_id FROM sold_vouchers
  RETURNING id
), gifts AS (
  INSERT INTO reservation_donation (reservation_id, donation_id, donation_detail_id, quantity, unit_agorot, receipt_number)
  SELECT res.id, d.did, d.xid, d.qty, d.unit, d.receipt
    FROM res, unnest($33::int[], $34::int[], $35::int[], $36::int[], $37::text[]) AS d(did, xid, qty, unit, receipt)
  RETURNING id
), signed AS (
  INSERT INTO reservation_waiver (reservation_id, presentation_id, participants, signature_png, terms, ip)
  SELECT res.id, w.pid, w.participants::jsonb, decode(w.png, 'base64'), w.terms, w.ip
    FROM res, unnest($38::int[], $39::text[], $40::text[], $41::text[], $42::text[]) AS w(pid, participants, png, terms, ip)
  RETURNING id
), outbox AS (
  INSERT INTO notification_outbox (reservation_id, channel, recipient, locale, template)
  SELECT res.id, o.channel, o.recipient, $6, 'order-confirmation'
    FROM res, unnest($22::text[], $23::text[]) AS o(channel, recipient)
  RETURNING id
), done AS (
  UPDATE cart SET status = 'paid', reservation_id = (SELECT id FROM res), result = $24::jsonb, attempt_started_at = NULL, updated_at = now()
   WHERE id = $25::bigint
  RETURNING id
)
SELECT (SELECT id FROM res)::text AS reservation_id, (SELECT count(*) FROM tix)::int AS tickets`;

export function saleParams(s: SaleInput): unknown[] {
  const t = [...s.tickets].sort(
    (a, b) => a.presentationId - b.presentationId || a.sectionId - b.sectionId || a.x - b.x || a.y - b.y,
  );
  return [
    s.reservationIdentifier,
    s.cartIdentifier,
    s.documentKey,
    s.visitorId,
    JSON.stringify(s.customer),
    s.locale,
    s.totalAgorot,
    t.map((x) => x.identifier),
    t.map((x) => x.presentationId),
    t.map((x) => x.sectionId),
    t.map((x) => x.x),
    t.map((x) => x.y),
    t.map((x) => x.ticketId),
    t.map((x) => x.amountAgorot),
    t.map((x) => x.serviceChargeAgorot),
    s.card?.providerReference ?? null,
    s.card?.instalments ?? null,
    s.card?.paymentId ?? null,
    s.vouchers.map((v) => v.id),
    s.vouchers.map((v) => v.reference),
    s.vouchers.map((v) => v.amountAgorot),
    s.messages.map((m) => m.channel),
    s.messages.map((m) => m.recipient),
    JSON.stringify(s.result),
    s.cartId,
    s.voucherSales.map((v) => v.reference),
    s.voucherSales.map((v) => v.name),
    s.voucherSales.map((v) => v.nameEn),
    s.voucherSales.map((v) => v.valueAgorot),
    s.voucherSales.map((v) => v.classId),
    s.voucherSales.map((v) => v.priceId),
    s.voucherSales.map((v) => v.validDays),
    s.donations.map((d) => d.donationId),
    s.donations.map((d) => d.detailId),
    s.donations.map((d) => d.quantity),
    s.donations.map((d) => d.unitAgorot),
    s.donations.map((d) => d.receiptNumber),
    s.waivers.map((w) => w.presentationId),
    s.waivers.map((w) => JSON.stringify(w.participants)),
    s.waivers.map((w) => w.signatureBase64),
    s.waivers.map((w) => w.terms),
    s.waivers.map((w) => w.ip),
    s.cash?.amountAgorot ?? null,
    s.cash ? `staff:${s.cash.staffUserId}` : null,
    // A hold order: the reservation is this customer's unpaid hold, its tickets held (not sold) from the start.
    s.hold?.customerId ?? null,
  ];
}

/** Maps the constraint a sale ran into to why it was refused; anything else is not ours to explain. */
export function refusalOf(error: unknown): SaleOutcome | null {
  // TypeORM's QueryFailedError carries the pg error's fields; look at the driver error too in case it does not.
  type PgError = { code?: string; constraint?: string; detail?: string; driverError?: PgError };
  const outer = error as PgError;
  const e = outer?.code ? outer : (outer?.driverError ?? outer);
  if (e?.code === '23505') {
    if (e.constraint === 'reservation_ticket_live_seat') return { ok: false, reason: 'SEAT_TAKEN', detail: e.detail };
    if (e.constraint === 'reservation_cart_identifier_key') return { ok: false, reason: 'DUPLICATE_CART' };
    if (
      e.constraint === 'reservation_identifier_key' ||
      e.constraint === 'reservation_ticket_identifier_key' ||
      e.constraint === 'reservation_document_key_key' ||
      e.constraint === 'system_voucher_reference' ||
      e.constraint === 'reservation_donation_receipt_number_key'
    ) {
      return { ok: false, reason: 'IDENTIFIER_TAKEN' };
    }
  }
  // The balance CHECK, or the ledger's balance-after CHECK (same overdraft seen from the history's side).
  if (
    e?.code === '23514' &&
    (e.constraint === 'system_voucher_balance_agorot_check' ||
      e.constraint === 'system_voucher_event_balance_after_agorot_check')
  )
    return { ok: false, reason: 'VOUCHER_NO_BALANCE' };
  return null;
}

/**
 * The durable side of a sale: reservation, tickets, payments, voucher balances,
 * outbox and cart in one PostgreSQL transaction, and the payment rows' life
 * around the card charge. THE sale write: every way to sell (tickets, gift vouchers, donations, memberships,
 * enrolment, box office, hold orders) comes through commitSale, and the contexts' SaleParticipants lock, check and
 * record their part inside it (sale-participant.ts).
 */
@Injectable()
export class SalesRepository {
  private readonly sql: PreparedSql;

  constructor(
    private readonly db: DataSource,
    private readonly participants: SaleParticipants,
    private readonly claims: LimitClaims,
    @Optional() private readonly tracing: Tracing = NO_TRACING,
  ) {
    this.sql = new PreparedSql(db);
  }

  async commitSale(sale: SaleInput): Promise<SaleOutcome> {
    const participants = this.participants.for(sale);
    // Nothing shared but seats: the single statement is its own transaction (the hot path: one round trip).
    if (participants.length === 0) {
      try {
        const [row] = await this.tracing.span(SALE_STATEMENT_SPAN, () =>
          this.sql.query<{ reservation_id: string }>('sale', SALE_SQL, saleParams(sale)),
        );
        return { ok: true, reservationId: row!.reservation_id };
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) return refusal;
        throw error;
      }
    }
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      // READ COMMITTED suffices: every re-check reads under the row lock it depends on, taken in one global order.
      await runner.startTransaction();
      for (const participant of participants) {
        const refused =
          (await this.claims.checkInSale(runner, participant, sale.cartIdentifier, sale)) ??
          (await participant.before?.(runner, sale)) ??
          null;
        if (refused) {
          await runner.rollbackTransaction();
          return refused;
        }
      }
      const [row] = await this.tracing.span(SALE_STATEMENT_SPAN, () => runner.query(SALE_SQL, saleParams(sale)));
      const reservationId = String(row.reservation_id);
      for (const participant of participants) {
        const late = (await participant.after?.(runner, sale, reservationId)) ?? null;
        if (late) {
          await runner.rollbackTransaction();
          return late;
        }
      }
      await this.claims.consume(runner, sale.cartIdentifier);
      await runner.commitTransaction();
      return { ok: true, reservationId };
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      const refusal = refusalOf(error);
      if (refusal) return refusal;
      throw error;
    } finally {
      await runner.release();
    }
  }

  /**
   * Starts one commit attempt in one statement: takes the cart (creates it, or
   * moves the visitor's open cart to 'paying'; a 'paying' cart older than
   * `staleSeconds` is presumed abandoned and may be taken over, the provider's
   * idempotency key still preventing a second charge) and, when a card is to be
   * charged, opens its money attempt (subject 'cart') BEFORE the provider is called (check before
   * charge): one row per idempotency key, so a retry finds the earlier attempt; a declined or failed one is taken up
   * again ('pending': the provider answers the same key the same way). Null when the cart is not this visitor's to pay
   * now; 'busy' when another charge of this cart is in flight (another key, money_attempt_one_charging): nothing is
   * taken, and the caller answers as that attempt does.
   */
  async beginAttempt(a: {
    cartIdentifier: string;
    resId: string;
    visitorId: string;
    cart: unknown;
    staleSeconds: number;
    /** The charge to open, with the quoted sale (orders/sale-draft.ts) the recovery loop may finish. */
    card: {
      provider: string;
      amountAgorot: number;
      idempotencyKey: string;
      draft: unknown;
      channel: 'online' | 'box_office';
    } | null;
  }): Promise<{ cartId: string; payment: { id: string; status: string } | null } | null | 'busy'> {
    let row: { cart_id: string | null; payment_id: string | null; payment_status: string | null } | undefined;
    try {
      [row] = await this.sql.query<{
        cart_id: string | null;
        payment_id: string | null;
        payment_status: string | null;
      }>(
        'attempt_begin',
        `WITH claimed AS (
           INSERT INTO cart (cart_identifier, res_id, visitor_id, cart, status, attempt_started_at)
           VALUES ($1::uuid, $2, $3, $4::jsonb, 'paying', now())
           ON CONFLICT (cart_identifier) DO UPDATE
             SET status = 'paying', cart = EXCLUDED.cart, attempt_started_at = now(), updated_at = now()
            WHERE cart.visitor_id = EXCLUDED.visitor_id
              AND (cart.status = 'open' OR (cart.status = 'paying' AND cart.attempt_started_at < now() - make_interval(secs => $5::float8)))
           RETURNING id
         ), opened AS (
           INSERT INTO money_attempt (kind, subject_kind, subject_id, channel, method, amount_agorot, provider,
                                      provider_key, idempotency_key, fingerprint, visitor_id, state, sale_draft)
           SELECT 'charge', 'cart', $6::text, $11::text, 'card', $8::int, $7::text, $9::text, $9::text,
                  'cart:' || $6::text, $3::uuid, 'pending', $10::jsonb
             FROM claimed WHERE $9::text IS NOT NULL
           ON CONFLICT (idempotency_key) DO UPDATE SET updated_at = now(),
             state = CASE WHEN money_attempt.state IN ('declined', 'failed') THEN 'pending' ELSE money_attempt.state END,
             error = CASE WHEN money_attempt.state IN ('declined', 'failed') THEN NULL ELSE money_attempt.error END,
             sale_draft = CASE WHEN money_attempt.state IN ('pending', 'declined', 'failed') THEN EXCLUDED.sale_draft
                               ELSE money_attempt.sale_draft END
           RETURNING id, state
         )
         SELECT (SELECT id::text FROM claimed) AS cart_id, (SELECT id::text FROM opened) AS payment_id, (SELECT state FROM opened) AS payment_status`,
        [
          a.cartIdentifier,
          a.resId,
          a.visitorId,
          JSON.stringify(a.cart),
          a.staleSeconds,
          a.cartIdentifier,
          a.card?.provider ?? null,
          a.card?.amountAgorot ?? null,
          a.card?.idempotencyKey ?? null,
          a.card ? JSON.stringify(a.card.draft) : null,
          a.card?.channel ?? null,
        ],
      );
    } catch (error) {
      const e = error as { code?: string; constraint?: string };
      if (e?.code === '23505' && e.constraint === 'money_attempt_one_charging') return 'busy';
      throw error;
    }
    if (!row?.cart_id) return null;
    return {
      cartId: row.cart_id,
      payment: row.payment_id ? { id: row.payment_id, status: row.payment_status! } : null,
    };
  }

  /** The charge did not go through (declined, no answer, not authorised): its attempt is closed. */
  async closeCardPayment(
    attemptId: string,
    status: 'declined' | 'failed',
    error: string,
    providerReference: string | null,
  ): Promise<void> {
    await this.db.query(
      `UPDATE money_attempt SET state = $2, error = $3, provider_reference = coalesce($4, provider_reference), updated_at = now()
        WHERE id = $1 AND kind = 'charge' AND state IN ('pending', 'declined', 'failed')`,
      [attemptId, status, error.slice(0, 500), providerReference],
    );
  }

  /** Money was taken but the sale could not be written: recorded first, so a failed refund is never forgotten. */
  async markRefundPending(attemptId: string, providerReference: string, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE money_attempt SET state = 'refund_pending', provider_reference = $2, error = $3, updated_at = now()
        WHERE id = $1 AND kind = 'charge' AND state NOT IN ('approved', 'refunded')`,
      [attemptId, providerReference, reason],
    );
  }

  async markRefunded(attemptId: string): Promise<void> {
    await this.db.query(
      `UPDATE money_attempt SET state = 'refunded', updated_at = now() WHERE id = $1 AND state = 'refund_pending'`,
      [attemptId],
    );
  }

  /** True when the attempt's charge paid for a written sale (approved, with its ledger row). */
  async paymentIsSettled(attemptId: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM money_attempt WHERE id = $1 AND state = 'approved' AND payment_id IS NOT NULL`,
      [attemptId],
    );
    return rows.length > 0;
  }

  /**
   * Paying a hold order (a reservation written earlier as a hold, holds/): ONE statement marks the hold and the
   * reservation paid (only while it is still held and before its deadline), writes the payment row, and approves the
   * money attempt with the answer its key replays. False when the hold is no longer payable: nothing is written, and
   * the caller gives the money back.
   */
  async payHold(p: {
    reservationId: string;
    attemptId: string;
    now: Date;
    payment: {
      cartIdentifier: string;
      provider: string;
      method: string;
      providerReference: string | null;
      amountAgorot: number;
      idempotencyKey: string | null;
    };
    result: Record<string, unknown>;
  }): Promise<boolean> {
    const rows: { id: string }[] = await this.db.query(
      `WITH h AS (
         UPDATE hold_order SET state = 'paid', paid_at = now()
          WHERE reservation_id = $1 AND state = 'held' AND release_at > $2
         RETURNING reservation_id
       ), r AS (
         UPDATE reservation SET state = 'paid' FROM h WHERE reservation.id = h.reservation_id AND reservation.state = 'hold'
         RETURNING reservation.id
       ), pay AS (
         INSERT INTO payment (reservation_id, cart_identifier, provider, method, provider_reference, amount_agorot, status, idempotency_key)
         SELECT r.id, $3, $4, $5, $6, $7, 'approved', $8 FROM r
         RETURNING id
       ), a AS (
         UPDATE money_attempt SET state = 'approved', provider_reference = coalesce($6, provider_reference),
                result = $10::jsonb, error = NULL, updated_at = now()
          WHERE id = $9 AND EXISTS (SELECT 1 FROM pay)
         RETURNING id
       )
       SELECT id::text FROM a`,
      [
        p.reservationId,
        p.now,
        p.payment.cartIdentifier,
        p.payment.provider,
        p.payment.method,
        p.payment.providerReference,
        p.payment.amountAgorot,
        p.payment.idempotencyKey,
        p.attemptId,
        JSON.stringify(p.result),
      ],
    );
    return rows.length > 0;
  }

  /** After an unexpected failure: did the sale commit anyway (e.g. the connection dropped after COMMIT)? */
  async reservationOfCart(cartIdentifier: string): Promise<string | null> {
    const rows: { id: string }[] = await this.db.query(
      'SELECT id::text AS id FROM reservation WHERE cart_identifier = $1',
      [cartIdentifier],
    );
    return rows[0]?.id ?? null;
  }
}
