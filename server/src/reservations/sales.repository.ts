import { Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PreparedSql } from '../database/prepared-sql';
import { StatementBatcher } from '../database/statement-batcher';
import { NO_TRACING, SALE_STATEMENT_SPAN, Tracing } from '../observability';
import {
  GROUPED_ATTEMPT_SQL,
  GROUPED_SALE_SQL,
  groupable,
  groupedAttemptParams,
  groupedSaleParams,
  groupKeys,
  type AttemptStart,
} from './grouped-sale';
import { LimitClaims } from './limit-claims';
import type { SaleInput, SaleOutcome, SaleTicket } from './sale-input';
import { SALE_LINES } from './sale-lines';
import { SaleParticipants, type SaleParticipant } from './sale-participant';
import { saleStatements, type SaleCorePart, type SaleStatements, type ShapedSaleStatement } from './sale-statement';

// The shapes of a sale, where the tests and the entry have always found them.
export type { SaleInput, SaleOutcome } from './sale-input';

type CoreParam =
  | 'reservationIdentifier'
  | 'documentKey'
  | 'visitorId'
  | 'customer'
  | 'totalAgorot'
  | 'holdCustomerId'
  | 'ticketIdentifiers'
  | 'ticketPresentations'
  | 'ticketSections'
  | 'ticketXs'
  | 'ticketYs'
  | 'ticketIds'
  | 'ticketAmounts'
  | 'ticketServiceCharges'
  | 'cardReference'
  | 'cardInstalments'
  | 'cardAttemptId'
  | 'cashAgorot'
  | 'cashTakenBy'
  | 'messageChannels'
  | 'messageRecipients'
  | 'result'
  | 'cartId';

/** The tickets in (presentation, section, x, y) order: the order their rows are inserted, and so locked. */
function inSeatOrder(tickets: SaleTicket[]): SaleTicket[] {
  return [...tickets].sort(
    (a, b) => a.presentationId - b.presentationId || a.sectionId - b.sectionId || a.x - b.x || a.y - b.y,
  );
}

/**
 * The sale's own part of the statement (sale-statement.ts puts it together with the participants' parts): the
 * reservation, its tickets, the card or cash payment, the outbox rows and the cart's `paid`. The partial unique index
 * reservation_ticket_live_seat is what makes a double sale impossible: the second insert of a live ticket for the
 * same seat fails and takes the reservation, its payments, every part's writes, the outbox rows and the cart update
 * down with it. Tickets are inserted in (presentation, section, x, y) order (WITH ORDINALITY ... ORDER BY) so two
 * orders over the same seats wait on each other instead of deadlocking. A hold order (`hold`) writes the reservation
 * as this customer's unpaid hold, its tickets held (not sold) from the start.
 */
const SALE_CORE: SaleCorePart<SaleInput, SaleInput, CoreParam> = {
  name: 'sale',
  payloadOf: (s) => ({ ...s, tickets: inSeatOrder(s.tickets) }),
  params: {
    reservationIdentifier: (s) => s.reservationIdentifier,
    cartIdentifier: (s) => s.cartIdentifier,
    documentKey: (s) => s.documentKey,
    visitorId: (s) => s.visitorId,
    customer: (s) => JSON.stringify(s.customer),
    locale: (s) => s.locale,
    totalAgorot: (s) => s.totalAgorot,
    holdCustomerId: (s) => s.hold?.customerId ?? null,
    ticketIdentifiers: (s) => s.tickets.map((t) => t.identifier),
    ticketPresentations: (s) => s.tickets.map((t) => t.presentationId),
    ticketSections: (s) => s.tickets.map((t) => t.sectionId),
    ticketXs: (s) => s.tickets.map((t) => t.x),
    ticketYs: (s) => s.tickets.map((t) => t.y),
    ticketIds: (s) => s.tickets.map((t) => t.ticketId),
    ticketAmounts: (s) => s.tickets.map((t) => t.amountAgorot),
    ticketServiceCharges: (s) => s.tickets.map((t) => t.serviceChargeAgorot),
    cardReference: (s) => s.card?.providerReference ?? null,
    cardInstalments: (s) => s.card?.instalments ?? null,
    cardAttemptId: (s) => s.card?.paymentId ?? null,
    cashAgorot: (s) => s.cash?.amountAgorot ?? null,
    cashTakenBy: (s) => (s.cash ? `staff:${s.cash.staffUserId}` : null),
    messageChannels: (s) => s.messages.map((m) => m.channel),
    messageRecipients: (s) => s.messages.map((m) => m.recipient),
    result: (s) => JSON.stringify(s.result),
    cartId: (s) => s.cartId,
  },
  ctes: (p) => `res AS (
  INSERT INTO reservation (identifier, cart_identifier, document_key, visitor_id, state, customer, locale, total_agorot, customer_id)
  VALUES (${p.reservationIdentifier}, ${p.cartIdentifier}, ${p.documentKey}, ${p.visitorId}, CASE WHEN ${p.holdCustomerId}::int IS NULL THEN 'paid' ELSE 'hold' END,
          ${p.customer}::jsonb, ${p.locale}, ${p.totalAgorot}, ${p.holdCustomerId}::int)
  RETURNING id
), tix AS (
  INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot, service_charge_agorot, on_hold)
  SELECT res.id, t.identifier, t.pid, t.sid, t.x, t.y, t.tid, t.amount, t.sc, ${p.holdCustomerId}::int IS NOT NULL
    FROM res, unnest(${p.ticketIdentifiers}::text[], ${p.ticketPresentations}::int[], ${p.ticketSections}::int[], ${p.ticketXs}::int[],
                     ${p.ticketYs}::int[], ${p.ticketIds}::int[], ${p.ticketAmounts}::int[], ${p.ticketServiceCharges}::int[])
         WITH ORDINALITY AS t(identifier, pid, sid, x, y, tid, amount, sc, ord)
   ORDER BY t.ord
  RETURNING id
), card_payment AS (
  SELECT nextval('payment_id_seq') AS id WHERE ${p.cardAttemptId}::bigint IS NOT NULL
), card_attempt AS (
  UPDATE money_attempt SET state = 'approved', provider_reference = ${p.cardReference}, payment_id = (SELECT id FROM card_payment),
         error = NULL, updated_at = now()
   WHERE id = ${p.cardAttemptId}::bigint AND kind = 'charge' AND subject_kind = 'cart'
  RETURNING provider, amount_agorot, idempotency_key
), card AS (
  INSERT INTO payment (id, reservation_id, cart_identifier, provider, method, provider_reference, amount_agorot, status, instalments, idempotency_key)
  SELECT (SELECT id FROM card_payment), res.id, ${p.cartIdentifier}, a.provider, 'card', ${p.cardReference}, a.amount_agorot, 'approved',
         coalesce(${p.cardInstalments}::int, 1), a.idempotency_key
    FROM res, card_attempt a
  RETURNING id
), cash AS (
  INSERT INTO payment (reservation_id, cart_identifier, provider, method, provider_reference, amount_agorot, status)
  SELECT res.id, ${p.cartIdentifier}, 'box_office', 'cash', ${p.cashTakenBy}::text, ${p.cashAgorot}::int, 'approved' FROM res WHERE ${p.cashAgorot}::int IS NOT NULL
  RETURNING id
)`,
  closing: (p) => `outbox AS (
  INSERT INTO notification_outbox (reservation_id, channel, recipient, locale, template)
  SELECT res.id, o.channel, o.recipient, ${p.locale}, 'order-confirmation'
    FROM res, unnest(${p.messageChannels}::text[], ${p.messageRecipients}::text[]) AS o(channel, recipient)
  RETURNING id
), done AS (
  UPDATE cart SET status = 'paid', reservation_id = (SELECT id FROM res), result = ${p.result}::jsonb, attempt_started_at = NULL, updated_at = now()
   WHERE id = ${p.cartId}::bigint
  RETURNING id
)`,
  select: `SELECT (SELECT id FROM res)::text AS reservation_id, (SELECT count(*) FROM tix)::int AS tickets`,
};

/** The PostgreSQL error a sale's statement failed with (TypeORM's QueryFailedError carries the pg error's fields). */
interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
  driverError?: PgError;
}
function pgErrorOf(error: unknown): PgError | undefined {
  // Look at the driver error too in case the outer error does not carry the fields.
  const outer = error as PgError | undefined;
  return outer?.code ? outer : (outer?.driverError ?? outer);
}

/**
 * Maps the constraint a sale ran into to why it was refused: the sale's own (seats, identifiers), then each
 * participant's (`constraintRefusals`: the CHECKs behind its draws); anything else is not ours to explain.
 */
export function refusalOf(error: unknown, participants: readonly SaleParticipant[] = []): SaleOutcome | null {
  const e = pgErrorOf(error);
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
  // A seat the date's plan no longer has (the date moved to another version while this sale waited on its row).
  if (e?.code === '23514' && e.constraint === 'reservation_ticket_seat_in_plan')
    return { ok: false, reason: 'SEAT_TAKEN', detail: e.detail };
  if (e?.constraint && (e.code === '23514' || e.code === '23505')) {
    for (const p of participants) {
      const refusal = p.constraintRefusals?.[e.constraint];
      if (refusal) return { ...refusal };
    }
  }
  return null;
}

/** attempt_begin's row: the cart taken (null: not this visitor's to pay now) and its charge opened. */
interface AttemptRow {
  cart_id: string | null;
  payment_id: string | null;
  payment_status: string | null;
}

/** A commit attempt begun: its cart and charge; null when the cart is not this visitor's to pay now; 'busy'. */
export type AttemptBegun = { cartId: string; payment: { id: string; status: string } | null } | null | 'busy';

function attemptOf(row: AttemptRow | undefined): AttemptBegun {
  if (!row?.cart_id) return null;
  return { cartId: row.cart_id, payment: row.payment_id ? { id: row.payment_id, status: row.payment_status! } : null };
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
  private built: SaleStatements<SaleInput> | undefined;
  /**
   * Plain sales (grouped-sale.ts) go through here: two statements in flight (four while eight or more sales wait), and
   * the sales that arrive meanwhile go together as one statement, a seat or a cart never twice in one. A sale on a
   * quiet node goes at once, alone, through its shape's own statement.
   */
  private readonly plainSales = new StatementBatcher<SaleInput, SaleOutcome>((sales) => this.writePlain(sales), {
    inFlight: 2,
    deep: { waiting: 8, inFlight: 4 },
    maxBatch: 32,
    keys: groupKeys,
  });

  /** Commit attempts start the same way: the carts and charges opened at the same moment go as one statement. */
  private readonly attemptStarts = new StatementBatcher<AttemptStart, AttemptBegun>(
    (starts) => this.beginTogether(starts),
    {
      inFlight: 2,
      deep: { waiting: 8, inFlight: 4 },
      maxBatch: 32,
      keys: (a) => [`cart:${a.cartIdentifier}`, ...(a.card ? [`key:${a.card.idempotencyKey}`] : [])],
    },
  );

  constructor(
    private readonly db: DataSource,
    private readonly participants: SaleParticipants,
    private readonly claims: LimitClaims,
    @Optional() private readonly tracing: Tracing = NO_TRACING,
  ) {
    this.sql = new PreparedSql(db);
  }

  /**
   * THE sale statement: the sale's own part, each participant's part (in lock order) and the sale's lines
   * (sale-statement.ts), by the sale's shape (the parts with something to write in it). Put together at the first
   * sale, once every participant has registered; the same text for every sale of a shape (a prepared statement).
   */
  get statements(): SaleStatements<SaleInput> {
    this.built ??= saleStatements(SALE_CORE, [
      ...this.participants.all().flatMap((p) => (p.statement ? [p.statement] : [])),
      ...SALE_LINES,
    ]);
    return this.built;
  }

  async commitSale(sale: SaleInput): Promise<SaleOutcome> {
    const participants = this.participants.for(sale);
    const shaped = this.statements.for(sale);
    const { name, statement } = shaped;
    // Nothing shared but seats: the single statement is its own transaction (the hot path: one round trip), shared
    // with the plain sales that arrive at the same moment.
    if (groupable(sale, name, participants.length)) return this.plainSales.call(sale);
    if (participants.length === 0) return this.alone(sale, shaped);
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      // READ COMMITTED suffices: every re-check reads under the row lock it depends on, taken in one global order.
      await runner.startTransaction();
      // Each participant's one check, under its rows' lock, in the global lock order.
      for (const participant of participants) {
        const refused = await this.claims.checkInSale(runner, participant, sale.cartIdentifier, sale);
        if (refused) {
          await runner.rollbackTransaction();
          return refused;
        }
      }
      // Prepared too (the shape's name): a statement of a dozen CTEs costs more to plan than to run.
      const [row] = await this.tracing.span(SALE_STATEMENT_SPAN, () =>
        this.sql.queryOn<{ reservation_id: string }>(runner, name, statement.sql, statement.params(sale)),
      );
      const reservationId = String(row!.reservation_id);
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
      const refusal = refusalOf(error, participants);
      if (refusal) return refusal;
      throw error;
    } finally {
      await runner.release();
    }
  }

  /** A sale with nothing but seats and its own rows, alone: its shape's statement is its own transaction. */
  private async alone(sale: SaleInput, { name, statement }: ShapedSaleStatement<SaleInput>): Promise<SaleOutcome> {
    try {
      const [row] = await this.tracing.span(SALE_STATEMENT_SPAN, () =>
        this.sql.query<{ reservation_id: string }>(name, statement.sql, statement.params(sale)),
      );
      return { ok: true, reservationId: row!.reservation_id };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return refusal;
      throw error;
    }
  }

  /**
   * Plain sales taken together: one alone through its shape's statement; several in ONE statement (one transaction,
   * one commit for all of them). When that statement fails, nothing of it was written (or, if the answer was lost
   * after its commit, each cart is paid and a sale alone meets its own reservation: DUPLICATE_CART, settled by the
   * commit as such): each sale is then written alone and answers for itself, so a seat sold meanwhile refuses its
   * own sale only.
   */
  private async writePlain(sales: SaleInput[]): Promise<PromiseSettledResult<SaleOutcome>[]> {
    if (sales.length > 1) {
      try {
        const rows = await this.tracing.span(SALE_STATEMENT_SPAN, () =>
          this.sql.query<{ reservation_id: string }>('sale_grouped', GROUPED_SALE_SQL, groupedSaleParams(sales)),
        );
        if (rows.length === sales.length)
          return rows.map((row) => ({ status: 'fulfilled', value: { ok: true, reservationId: row.reservation_id } }));
        // Committed, yet not one row per sale: never expected; each sale then finds out alone what was written.
      } catch {
        // Each alone, below: the statement's refusal belongs to one of them.
      }
    }
    return Promise.allSettled(sales.map((sale) => this.alone(sale, this.statements.for(sale))));
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
   * taken, and the caller answers as that attempt does. Attempts that start while two such statements are in flight
   * go together as one (GROUPED_ATTEMPT_SQL, grouped-sale.ts), each with its own answer.
   */
  beginAttempt(a: AttemptStart): Promise<AttemptBegun> {
    return this.attemptStarts.call(a);
  }

  /**
   * Attempts that start together: one alone through `attempt_begin`; several in ONE statement (GROUPED_ATTEMPT_SQL),
   * committed before any of their providers is called, as one alone is. When that statement fails (a charge of one
   * cart still in flight: money_attempt_one_charging), nothing of it was written and each starts alone, with its own
   * answer ('busy' for that cart only).
   */
  private async beginTogether(starts: AttemptStart[]): Promise<PromiseSettledResult<AttemptBegun>[]> {
    if (starts.length > 1 && starts.every((a) => a.staleSeconds === starts[0]!.staleSeconds)) {
      try {
        const rows = await this.sql.query<AttemptRow>(
          'attempt_begin_grouped',
          GROUPED_ATTEMPT_SQL,
          groupedAttemptParams(starts),
        );
        if (rows.length === starts.length) return rows.map((row) => ({ status: 'fulfilled', value: attemptOf(row) }));
      } catch {
        // Each alone, below: the statement's refusal belongs to one of them.
      }
    }
    return Promise.allSettled(starts.map((a) => this.beginAlone(a)));
  }

  private async beginAlone(a: AttemptStart): Promise<AttemptBegun> {
    let row: AttemptRow | undefined;
    try {
      [row] = await this.sql.query<AttemptRow>(
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
    return attemptOf(row);
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
