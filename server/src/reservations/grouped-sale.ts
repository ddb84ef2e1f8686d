import type { SaleInput } from './sale-input';

/**
 * Plain sales that arrive together, written by ONE statement (group commit, docs/decisions/038-plain-sales-grouped.md).
 * What each sale writes is what the sale's own part (`SALE_CORE`, sales.repository.ts) writes for a plain card sale,
 * row for row: the reservation, its tickets, the card's attempt approved with its `payment` row, the outbox rows and
 * the cart `paid` with its answer (`grouped-sale.medium` compares the rows of both). Per sale an array element; the
 * tickets and messages flattened with their sale's place (`n`, from 1). Tickets are inserted in (presentation,
 * section, x, y) order across the whole group, as one sale's are, so two statements over the same seats wait on each
 * other instead of deadlocking. One unique violation (a seat sold meanwhile, an identifier drawn twice) fails the
 * whole statement: the caller then writes each sale alone, each with its own outcome.
 */
export const GROUPED_SALE_SQL = `WITH s AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::jsonb[], $6::text[], $7::int[],
                       $8::bigint[], $9::text[], $10::int[], $11::jsonb[], $12::bigint[])
    WITH ORDINALITY AS s(identifier, cart_identifier, document_key, visitor_id, customer, locale, total_agorot,
                         attempt_id, card_reference, card_instalments, result, cart_id, n)
), res AS (
  INSERT INTO reservation (identifier, cart_identifier, document_key, visitor_id, state, customer, locale, total_agorot, customer_id)
  SELECT s.identifier, s.cart_identifier, s.document_key, s.visitor_id, 'paid', s.customer, s.locale, s.total_agorot, NULL
    FROM s ORDER BY s.n
  RETURNING id, identifier
), rs AS (
  SELECT s.*, res.id AS reservation_id,
         CASE WHEN s.attempt_id IS NOT NULL THEN nextval('payment_id_seq') END AS payment_id
    FROM s JOIN res ON res.identifier = s.identifier
), tix AS (
  INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot, service_charge_agorot, on_hold)
  SELECT rs.reservation_id, t.identifier, t.pid, t.sid, t.x, t.y, t.tid, t.amount, t.sc, false
    FROM unnest($13::int[], $14::text[], $15::int[], $16::int[], $17::int[], $18::int[], $19::int[], $20::int[], $21::int[])
         AS t(sale, identifier, pid, sid, x, y, tid, amount, sc)
    JOIN rs ON rs.n = t.sale
   ORDER BY t.pid, t.sid, t.x, t.y
  RETURNING reservation_id
), card_attempt AS (
  UPDATE money_attempt m SET state = 'approved', provider_reference = rs.card_reference, payment_id = rs.payment_id,
         error = NULL, updated_at = now()
    FROM rs WHERE m.id = rs.attempt_id AND m.kind = 'charge' AND m.subject_kind = 'cart'
  RETURNING m.id, m.provider, m.amount_agorot, m.idempotency_key
), card AS (
  INSERT INTO payment (id, reservation_id, cart_identifier, provider, method, provider_reference, amount_agorot, status, instalments, idempotency_key)
  SELECT rs.payment_id, rs.reservation_id, rs.cart_identifier, a.provider, 'card', rs.card_reference, a.amount_agorot, 'approved',
         coalesce(rs.card_instalments, 1), a.idempotency_key
    FROM rs JOIN card_attempt a ON a.id = rs.attempt_id
   ORDER BY rs.n
  RETURNING id
), outbox AS (
  INSERT INTO notification_outbox (reservation_id, channel, recipient, locale, template)
  SELECT rs.reservation_id, o.channel, o.recipient, rs.locale, 'order-confirmation'
    FROM unnest($22::int[], $23::text[], $24::text[]) WITH ORDINALITY AS o(sale, channel, recipient, ord)
    JOIN rs ON rs.n = o.sale
   ORDER BY o.ord
  RETURNING id
), done AS (
  UPDATE cart SET status = 'paid', reservation_id = rs.reservation_id, result = rs.result, attempt_started_at = NULL, updated_at = now()
    FROM rs WHERE cart.id = rs.cart_id
  RETURNING cart.id
)
SELECT rs.reservation_id::text AS reservation_id FROM rs ORDER BY rs.n`;

/**
 * A sale the group statement writes: nothing but its own part (no participant, no gift vouchers, donations or waivers:
 * the shape `sale`), paid by card or not at all, not a hold and not cash (those stay with the sale's own statement).
 */
export function groupable(sale: SaleInput, shape: string, participants: number): boolean {
  return participants === 0 && shape === 'sale' && !sale.hold && !sale.cash;
}

/** What no two sales of one group statement may share: a seat (the second would fail the whole group) or a cart. */
export function groupKeys(sale: SaleInput): string[] {
  return [
    `cart:${sale.cartIdentifier}`,
    ...sale.tickets.map((t) => `${t.presentationId}:${t.sectionId}:${t.x}:${t.y}`),
  ];
}

/** GROUPED_SALE_SQL's parameters for these sales, in their order. */
export function groupedSaleParams(sales: SaleInput[]): unknown[] {
  const tickets = sales.flatMap((s, i) => s.tickets.map((t) => ({ ...t, sale: i + 1 })));
  const messages = sales.flatMap((s, i) => s.messages.map((m) => ({ ...m, sale: i + 1 })));
  return [
    sales.map((s) => s.reservationIdentifier),
    sales.map((s) => s.cartIdentifier),
    sales.map((s) => s.documentKey),
    sales.map((s) => s.visitorId),
    sales.map((s) => JSON.stringify(s.customer)),
    sales.map((s) => s.locale),
    sales.map((s) => s.totalAgorot),
    sales.map((s) => s.card?.paymentId ?? null),
    sales.map((s) => s.card?.providerReference ?? null),
    sales.map((s) => s.card?.instalments ?? null),
    sales.map((s) => JSON.stringify(s.result)),
    sales.map((s) => s.cartId),
    tickets.map((t) => t.sale),
    tickets.map((t) => t.identifier),
    tickets.map((t) => t.presentationId),
    tickets.map((t) => t.sectionId),
    tickets.map((t) => t.x),
    tickets.map((t) => t.y),
    tickets.map((t) => t.ticketId),
    tickets.map((t) => t.amountAgorot),
    tickets.map((t) => t.serviceChargeAgorot),
    messages.map((m) => m.sale),
    messages.map((m) => m.channel),
    messages.map((m) => m.recipient),
  ];
}

/** What starts one commit attempt (SalesRepository.beginAttempt): the cart to take and the charge to open. */
export interface AttemptStart {
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
}

/**
 * Commit attempts that start at the same moment, in ONE statement: for each, what `attempt_begin`
 * (sales.repository.ts) does for one, row for row: the cart taken (created, or the visitor's open cart, or a
 * 'paying' one older than the stale limit, moved to 'paying') and, with a card, its charge opened 'pending' (or an
 * earlier declined or failed one under the same key taken up again). One row per start, in order: the cart's id
 * (null when it is not this visitor's to pay now) and the charge's id and state. A charge of a cart still in flight
 * under another key (money_attempt_one_charging) fails the whole statement; the caller then starts each alone.
 */
export const GROUPED_ATTEMPT_SQL = `WITH s AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::text[], $6::int[], $7::text[], $8::jsonb[], $9::text[])
    WITH ORDINALITY AS s(cart_identifier, res_id, visitor_id, cart, provider, amount_agorot, idempotency_key, draft, channel, n)
), claimed AS (
  INSERT INTO cart (cart_identifier, res_id, visitor_id, cart, status, attempt_started_at)
  SELECT s.cart_identifier::uuid, s.res_id, s.visitor_id::uuid, s.cart, 'paying', now() FROM s ORDER BY s.n
  ON CONFLICT (cart_identifier) DO UPDATE
    SET status = 'paying', cart = EXCLUDED.cart, attempt_started_at = now(), updated_at = now()
   WHERE cart.visitor_id = EXCLUDED.visitor_id
     AND (cart.status = 'open' OR (cart.status = 'paying' AND cart.attempt_started_at < now() - make_interval(secs => $10::float8)))
  RETURNING id, cart_identifier
), opened AS (
  INSERT INTO money_attempt (kind, subject_kind, subject_id, channel, method, amount_agorot, provider,
                             provider_key, idempotency_key, fingerprint, visitor_id, state, sale_draft)
  SELECT 'charge', 'cart', s.cart_identifier, s.channel, 'card', s.amount_agorot, s.provider, s.idempotency_key, s.idempotency_key,
         'cart:' || s.cart_identifier, s.visitor_id::uuid, 'pending', s.draft
    FROM s JOIN claimed c ON c.cart_identifier = s.cart_identifier::uuid
   WHERE s.idempotency_key IS NOT NULL
   ORDER BY s.n
  ON CONFLICT (idempotency_key) DO UPDATE SET updated_at = now(),
    state = CASE WHEN money_attempt.state IN ('declined', 'failed') THEN 'pending' ELSE money_attempt.state END,
    error = CASE WHEN money_attempt.state IN ('declined', 'failed') THEN NULL ELSE money_attempt.error END,
    sale_draft = CASE WHEN money_attempt.state IN ('pending', 'declined', 'failed') THEN EXCLUDED.sale_draft
                      ELSE money_attempt.sale_draft END
  RETURNING id, state, idempotency_key
)
SELECT c.id::text AS cart_id, o.id::text AS payment_id, o.state AS payment_status
  FROM s LEFT JOIN claimed c ON c.cart_identifier = s.cart_identifier::uuid
         LEFT JOIN opened o ON o.idempotency_key = s.idempotency_key
 ORDER BY s.n`;

/** GROUPED_ATTEMPT_SQL's parameters for these starts, in their order (one stale limit: the node's). */
export function groupedAttemptParams(starts: AttemptStart[]): unknown[] {
  return [
    starts.map((a) => a.cartIdentifier),
    starts.map((a) => a.resId),
    starts.map((a) => a.visitorId),
    starts.map((a) => JSON.stringify(a.cart)),
    starts.map((a) => a.card?.provider ?? null),
    starts.map((a) => a.card?.amountAgorot ?? null),
    starts.map((a) => a.card?.idempotencyKey ?? null),
    starts.map((a) => (a.card ? JSON.stringify(a.card.draft) : null)),
    starts.map((a) => a.card?.channel ?? null),
    starts[0]!.staleSeconds,
  ];
}
