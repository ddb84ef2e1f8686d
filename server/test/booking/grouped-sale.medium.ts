import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { SandboxLedgerRepository } from '../../src/payment/sandbox-ledger.repository';
import { SalesRepository } from '../../src/reservations/sales.repository';
import { TicketsRepository } from '../../src/tickets/tickets.repository';
import type { SaleInput } from '../../src/reservations';
import type { TestApp } from '../support/test-env';
import {
  authoriseCard,
  buyer,
  cartOf,
  cartSeat,
  commit,
  lockAll,
  loadShow,
  plainSeats,
  startBooking,
  TEST_CARDS,
  waitFor,
  type Buyer,
  type ShowInfo,
} from './support/booking-kit';

/**
 * Plain sales that wait for the sale statement at the same moment are written by one statement (group commit,
 * docs/decisions/038-plain-sales-grouped.md), each with its own outcome. The sale statements are held back by a
 * lock on the outbox (every plain sale writes its confirmation rows) until every commit of the burst has reached the
 * sale write; the two statements in flight then wait on the lock and the other sales queue behind them.
 */
describe('plain sales grouped into one statement', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  let t: TestApp;
  let show: ShowInfo;
  let free: ReturnType<typeof plainSeats>;
  /** The sale statements sent (prepared names), and the carts of the sales in the order they reached the write. */
  const sent: string[] = [];
  const arrived: SaleInput[] = [];
  const started: string[] = [];
  /** The quotes that reached the price list's read, and the charges that reached the sandbox provider's ledger. */
  const priced: number[][] = [];
  const charged: string[] = [];
  const restore: (() => void)[] = [];

  beforeAll(async () => {
    env = await startBooking();
    ({ t } = env);
    show = await loadShow(t.url, 1);
    free = plainSeats(show);
    const query = Client.prototype.query;
    Client.prototype.query = function (this: Client, ...args: unknown[]) {
      const name = (args[0] as { name?: string })?.name;
      if (/^booking_(sale|attempt_begin|tickets_by_id|sandbox_charge)/.test(name ?? '')) sent.push(name!);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    restore.push(() => (Client.prototype.query = query));
    const sales = t.app.get(SalesRepository);
    const commitSale = sales.commitSale.bind(sales);
    sales.commitSale = (sale) => {
      arrived.push(sale);
      return commitSale(sale);
    };
    restore.push(() => (sales.commitSale = commitSale));
    const beginAttempt = sales.beginAttempt.bind(sales);
    sales.beginAttempt = (a) => {
      started.push(a.cartIdentifier);
      return beginAttempt(a);
    };
    restore.push(() => (sales.beginAttempt = beginAttempt));
    const tickets = t.app.get(TicketsRepository);
    const read = tickets.tickets.bind(tickets);
    tickets.tickets = (ids) => {
      priced.push(ids);
      return read(ids);
    };
    restore.push(() => (tickets.tickets = read));
    const ledger = t.app.get(SandboxLedgerRepository);
    const charge = ledger.charge.bind(ledger);
    ledger.charge = (c) => {
      charged.push(c.idempotencyKey);
      return charge(c);
    };
    restore.push(() => (ledger.charge = charge));
  });
  afterAll(async () => {
    for (const undo of restore) undo();
    await env.close();
  });

  /** A buyer holding two seats with a card authorised, and the commit's cart. */
  async function ready(): Promise<{ b: Buyer; cart: ReturnType<typeof cartOf> }> {
    const b = await buyer(t.url);
    if (free.length < 2) throw new Error(`presentation ${show.presentationId} has no two plain seats left`);
    const seats = free.splice(0, 2);
    await lockAll(t.url, b, show, seats);
    const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
    const cart = cartOf(
      seats.map((s) => cartSeat(show, s)),
      { cartIdentifier: randomUUID(), paymentIdentifier },
    );
    return { b, cart };
  }

  /**
   * Sends every commit at once with the sale statements held until all of them wait in the sale write; `meanwhile`
   * runs then, before the hold is let go.
   */
  async function burst(
    buyers: Awaited<ReturnType<typeof ready>>[],
    meanwhile: (hold: Client) => Promise<void> = async () => {},
    at: { table: string; reached: unknown[]; mode?: string } = { table: 'notification_outbox', reached: arrived },
  ) {
    sent.length = 0;
    arrived.length = 0;
    started.length = 0;
    priced.length = 0;
    charged.length = 0;
    const hold = new Client({ connectionString: t.db.url });
    await hold.connect();
    try {
      await hold.query('BEGIN');
      await hold.query(`LOCK TABLE ${at.table} IN ${at.mode ?? 'SHARE'} MODE`);
      const replies = Promise.all(buyers.map(({ b, cart }) => commit(t.url, b, cart)));
      await waitFor(async () => at.reached.length === buyers.length, 30_000);
      await meanwhile(hold);
      await hold.query('COMMIT');
      return await replies;
    } finally {
      await hold.end();
    }
  }

  /**
   * What a sale wrote, ids, drawn identifiers and prices left out (the buyers' seats are in different zones): the same
   * for a sale alone and a sale of a group.
   */
  async function written(cartIdentifier: string): Promise<unknown> {
    const { rows } = await env.sql.query(
      `SELECT r.state, r.customer, r.locale, r.customer_id,
              (SELECT json_agg(json_build_object('status', k.status, 'on_hold', k.on_hold, 'paid_at', k.paid_at) ORDER BY k.id)
                 FROM reservation_ticket k WHERE k.reservation_id = r.id) AS tickets,
              (SELECT json_agg(json_build_object('provider', p.provider, 'method', p.method, 'status', p.status,
                                                 'instalments', p.instalments, 'whole', p.amount_agorot = r.total_agorot,
                                                 'key', p.idempotency_key LIKE c.cart_identifier || ':%',
                                                 'attempt', a.state, 'attempt_error', a.error,
                                                 'attempt_reference', a.provider_reference = p.provider_reference))
                 FROM payment p JOIN money_attempt a ON a.payment_id = p.id WHERE p.reservation_id = r.id) AS payments,
              (SELECT json_agg(json_build_object('channel', o.channel, 'recipient', o.recipient, 'locale', o.locale,
                                                 'template', o.template) ORDER BY o.id)
                 FROM notification_outbox o WHERE o.reservation_id = r.id) AS messages,
              c.status AS cart_status, c.result->>'reservationIdentifier' = r.identifier AS cart_answer,
              c.attempt_started_at IS NULL AS cart_settled
         FROM reservation r JOIN cart c ON c.reservation_id = r.id WHERE r.cart_identifier = $1`,
      [cartIdentifier],
    );
    return rows[0];
  }

  test('a burst of plain commits is written by fewer sale statements than sales, each sale its own rows', async () => {
    const buyers: Awaited<ReturnType<typeof ready>>[] = [];
    for (let i = 0; i < 12; i++) buyers.push(await ready());
    const replies = await burst(buyers);
    expect(replies.map((r) => r.status)).toEqual(buyers.map(() => 201));
    const reservations = new Set(replies.map((r) => r.body.reservationIdentifier));
    expect(reservations.size).toBe(buyers.length);
    for (const r of replies) expect(r.body.ticketIdentifiers).toHaveLength(2);
    const saleStatements = sent.filter((n) => n.startsWith('booking_sale'));
    console.log(`12 plain commits at once: sale statements ${saleStatements.join(', ')}`);
    // The two statements in flight when the burst began go alone; the other ten queue and go together.
    expect(saleStatements.filter((n) => n === 'booking_sale_grouped').length).toBeGreaterThan(0);
    expect(saleStatements.length).toBeLessThanOrEqual(buyers.length / 2);
    // Row for row what a sale alone writes (the first to arrive went alone).
    const alone = await written(arrived[0]!.cartIdentifier);
    expect(alone).toMatchObject({ state: 'paid', cart_status: 'paid', cart_answer: true, cart_settled: true });
    expect((alone as { payments: unknown[] }).payments).toEqual([expect.objectContaining({ whole: true, key: true })]);
    for (const { cart } of buyers) expect(await written(cart.cartIdentifier!)).toEqual(alone);
  });

  test('a seat sold meanwhile refuses its own sale only: the group falls back to each sale alone', async () => {
    const buyers: Awaited<ReturnType<typeof ready>>[] = [];
    for (let i = 0; i < 6; i++) buyers.push(await ready());
    let lost = '';
    const replies = await burst(buyers, async () => {
      // The last sale to arrive is in a group (two went alone before it): its first seat is sold meanwhile, as a sale
      // on another node would (tickets need no outbox row, so this insert does not wait on the hold).
      const late = arrived[arrived.length - 1]!;
      lost = late.cartIdentifier;
      const seat = late.tickets[0]!;
      await env.sql.query(
        `WITH r AS (INSERT INTO reservation (identifier, cart_identifier, document_key, visitor_id, state, customer, locale, total_agorot)
                    VALUES ('GS' || floor(random() * 1e9)::text, gen_random_uuid()::text, md5(random()::text), gen_random_uuid(), 'paid', '{}', 'he', 0)
                    RETURNING id)
         INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot, service_charge_agorot)
         SELECT r.id, 'GS' || floor(random() * 1e9)::text, $1, $2, $3, $4, $5, 0, 0 FROM r`,
        [seat.presentationId, seat.sectionId, seat.x, seat.y, seat.ticketId],
      );
    });
    const byCart = new Map(buyers.map(({ cart }, i) => [cart.cartIdentifier, replies[i]!]));
    for (const [cartIdentifier, reply] of byCart) {
      if (cartIdentifier === lost) expect([reply.status, reply.body.error]).toEqual([409, 'SEATS_LOST_REFUNDED']);
      else expect(reply.status).toBe(201);
    }
    const saleStatements = sent.filter((n) => n.startsWith('booking_sale'));
    console.log(`one seat sold meanwhile: sale statements ${saleStatements.join(', ')}`);
    expect(saleStatements).toContain('booking_sale_grouped');
    // The refused sale's charge went back; no seat has two live tickets.
    const { rows } = await env.sql.query(
      `SELECT state FROM money_attempt WHERE subject_kind = 'cart' AND subject_id = $1 AND kind = 'charge'`,
      [lost],
    );
    expect(rows.map((r) => r.state)).toEqual(['refunded']);
    const { rows: doubles } = await env.sql.query(
      `SELECT 1 FROM reservation_ticket WHERE status = 'live' GROUP BY presentation_id, section_id, x, y HAVING count(*) > 1`,
    );
    expect(doubles).toEqual([]);
  });

  test('commit attempts that start together open their carts and charges in fewer statements, each its own', async () => {
    const buyers: Awaited<ReturnType<typeof ready>>[] = [];
    for (let i = 0; i < 12; i++) buyers.push(await ready());
    // Held at the cart (attempt_begin takes it) instead of the outbox.
    const replies = await burst(buyers, async () => {}, { table: 'cart', reached: started });
    expect(replies.map((r) => r.status)).toEqual(buyers.map(() => 201));
    const begins = sent.filter((n) => n.startsWith('booking_attempt_begin'));
    console.log(`12 commits starting at once: attempt statements ${begins.join(', ')}`);
    expect(begins.filter((n) => n === 'booking_attempt_begin_grouped').length).toBeGreaterThan(0);
    expect(begins.length).toBeLessThanOrEqual(buyers.length / 2);
    // Each cart paid once, by its own charge: one approved attempt per cart, under its own key.
    const { rows } = await env.sql.query(
      `SELECT c.cart_identifier::text AS cart, c.status, count(a.id)::int AS charges,
              bool_and(a.state = 'approved' AND a.idempotency_key LIKE c.cart_identifier || ':%') AS own
         FROM cart c JOIN money_attempt a ON a.subject_kind = 'cart' AND a.subject_id = c.cart_identifier::text
        WHERE c.cart_identifier = ANY($1::uuid[]) GROUP BY c.cart_identifier, c.status`,
      [buyers.map(({ cart }) => cart.cartIdentifier)],
    );
    expect(rows).toHaveLength(buyers.length);
    for (const row of rows) expect(row).toMatchObject({ status: 'paid', charges: 1, own: true });
  });

  test('a cart whose earlier charge is still in flight answers for itself: the group starts each attempt alone', async () => {
    const buyers: Awaited<ReturnType<typeof ready>>[] = [];
    for (let i = 0; i < 6; i++) buyers.push(await ready());
    let busy = '';
    const replies = await burst(
      buyers,
      async (hold) => {
        // The last to arrive is in a group: its cart is found 'paying' since long ago with a charge of another key
        // still pending (another tab's, say): taking it over is refused (money_attempt_one_charging), which fails the
        // whole group's statement. Written by the hold's own transaction (it holds the cart table).
        busy = started[started.length - 1]!;
        const { b, cart } = buyers.find(({ cart }) => cart.cartIdentifier === busy)!;
        await hold.query(
          `INSERT INTO cart (cart_identifier, res_id, visitor_id, cart, status, attempt_started_at)
           VALUES ($1, 'gs-busy', $2, $3, 'paying', now() - interval '1 hour')`,
          [busy, b.id, JSON.stringify({ seats: cart.seats })],
        );
        await hold.query(
          `INSERT INTO money_attempt (kind, subject_kind, subject_id, channel, method, amount_agorot, provider, provider_key,
                                      idempotency_key, fingerprint, visitor_id, state)
           VALUES ('charge', 'cart', $1::text, 'online', 'card', 100, 'sandbox', $1::text || ':other', $1::text || ':other', 'cart:' || $1::text, $2, 'pending')`,
          [busy, b.id],
        );
      },
      { table: 'cart', reached: started },
    );
    const byCart = new Map(buyers.map(({ cart }, i) => [cart.cartIdentifier, replies[i]!]));
    for (const [cartIdentifier, reply] of byCart) {
      if (cartIdentifier === busy) expect([reply.status, reply.body.error]).toEqual([409, 'COMMIT_IN_PROGRESS']);
      else expect(reply.status).toBe(201);
    }
    const begins = sent.filter((n) => n.startsWith('booking_attempt_begin'));
    console.log(`one cart busy: attempt statements ${begins.join(', ')}`);
    expect(begins).toContain('booking_attempt_begin_grouped');
    // Nothing of the busy cart was taken or charged: its one charge is the other key's, still pending.
    const { rows } = await env.sql.query(
      `SELECT idempotency_key LIKE '%:other' AS other, state FROM money_attempt WHERE subject_kind = 'cart' AND subject_id = $1`,
      [busy],
    );
    expect(rows).toEqual([{ other: true, state: 'pending' }]);
  });
  /**
   * A statement's batcher with grouping off (one call per statement), for the controls below: what the commits sent
   * before the price read and the provider's charge were shared.
   */
  function ungrouped(batcher: unknown): () => void {
    const options = (batcher as { options: { maxBatch: number } }).options;
    const maxBatch = options.maxBatch;
    options.maxBatch = 1;
    return () => (options.maxBatch = maxBatch);
  }

  /**
   * The price list's read and the sandbox provider's charge are a statement per commit each unless shared (decision
   * 045): a burst of 12 commits held at that statement must send at most half as many (2 alone, then the rest
   * together); the control, grouping off, sends one per commit and fails the same budget.
   */
  const BURST_BUDGET = 6;
  const stages = [
    {
      what: 'price reads',
      statement: /^booking_tickets_by_id$/,
      // A read waits behind ACCESS EXCLUSIVE only.
      at: () => ({ table: 'ticket', reached: priced, mode: 'ACCESS EXCLUSIVE' }),
      batcher: () => (t.app.get(TicketsRepository) as unknown as { priceReads: unknown }).priceReads,
    },
    {
      what: 'provider charges',
      statement: /^booking_sandbox_charge(_grouped)?$/,
      at: () => ({ table: 'sandbox_charge', reached: charged }),
      batcher: () => (t.app.get(SandboxLedgerRepository) as unknown as { charges: unknown }).charges,
    },
  ];
  /**
   * A show with at least `seats` plain seats left: the tests before these took most of the first one's. The seat lists
   * say nothing of what is sold, so the next show is always one not used yet.
   */
  let nextShow = 2;
  async function showWith(seats: number): Promise<void> {
    while (free.length < seats && nextShow <= 40) {
      show = await loadShow(t.url, nextShow++).catch(() => show);
      free = plainSeats(show);
    }
  }
  for (const stage of stages) {
    test(`a burst of 12 commits shares its ${stage.what}; each commit sold once, by its own charge (control: one per commit)`, async () => {
      const sendOf = async () => {
        await showWith(24);
        const buyers: Awaited<ReturnType<typeof ready>>[] = [];
        for (let i = 0; i < 12; i++) buyers.push(await ready());
        const replies = await burst(buyers, async () => {}, stage.at());
        expect(replies.map((r) => r.status)).toEqual(buyers.map(() => 201));
        const { rows } = await env.sql.query(
          `SELECT count(*)::int AS sales, count(DISTINCT s.id)::int AS charges
             FROM reservation r JOIN payment p ON p.reservation_id = r.id
             JOIN sandbox_charge s ON s.id = p.provider_reference AND s.idempotency_key = p.idempotency_key
            WHERE r.cart_identifier = ANY($1::text[]) AND s.status = 'approved' AND s.amount_agorot = p.amount_agorot`,
          [buyers.map(({ cart }) => cart.cartIdentifier)],
        );
        expect(rows[0]).toEqual({ sales: buyers.length, charges: buyers.length });
        return sent.filter((n) => stage.statement.test(n));
      };
      const grouped = await sendOf();
      const undo = ungrouped(stage.batcher());
      let control: string[];
      try {
        control = await sendOf();
      } finally {
        undo();
      }
      console.log(`12 commits at once, ${stage.what}: ${grouped.join(', ')}; control: ${control.length} statements`);
      expect(grouped.length).toBeLessThanOrEqual(BURST_BUDGET);
      expect(control.length).toBeGreaterThan(BURST_BUDGET);
    });
  }
  test("the provider's refusals hold row by row in a shared charge statement: each charge answers as it would alone", async () => {
    const ledger = t.app.get(SandboxLedgerRepository);
    const cardOf = async (card: string, total = '5000.00') => {
      const b = await buyer(t.url);
      return { b, token: await authoriseCard(t.url, b, card, { total }) };
    };
    const chargeOf = (c: { b: Buyer; token: string }, key: string, amountAgorot = 10_000, visitorId = c.b.id) => ({
      token: c.token,
      idempotencyKey: key,
      id: `sbx_ch_${randomUUID()}`,
      amountAgorot,
      visitorId,
      ttlSeconds: 1800,
      record: true,
    });
    // Before the hold: one authorisation already used (charged under its key, committed).
    const spent = await cardOf(TEST_CARDS.approve);
    const spentKey = `${randomUUID()}:spent`;
    const first = await ledger.charge(chargeOf(spent, spentKey));
    expect(first.recorded?.status).toBe('approved');
    const [alone1, alone2, approve, decline, broke, stranger, small] = await Promise.all([
      cardOf(TEST_CARDS.approve),
      cardOf(TEST_CARDS.approve),
      cardOf(TEST_CARDS.approve),
      cardOf(TEST_CARDS.decline),
      cardOf(TEST_CARDS.insufficient),
      cardOf(TEST_CARDS.approve),
      cardOf(TEST_CARDS.approve, '50.00'),
    ]);
    const calls = [
      chargeOf(alone1!, `${randomUUID()}:a`),
      chargeOf(alone2!, `${randomUUID()}:b`),
      chargeOf(approve!, `${randomUUID()}:c`),
      chargeOf(decline!, `${randomUUID()}:d`),
      chargeOf(broke!, `${randomUUID()}:e`),
      chargeOf(spent, `${randomUUID()}:used`), // single use: another key on a used authorisation
      chargeOf(spent, spentKey), // the same key again: its earlier charge answers, nothing new
      chargeOf(stranger!, `${randomUUID()}:f`, 10_000, randomUUID()), // not this visitor's authorisation
      chargeOf(small!, `${randomUUID()}:g`, 10_000), // more than the form was opened for
    ];
    sent.length = 0;
    const hold = new Client({ connectionString: t.db.url });
    await hold.connect();
    let seen: Awaited<ReturnType<typeof ledger.charge>>[];
    try {
      await hold.query('BEGIN');
      await hold.query('LOCK TABLE sandbox_charge IN SHARE MODE');
      // Called in order: the first two go alone and wait on the lock, the rest queue and go as one statement.
      const answers = Promise.all(calls.map((c) => ledger.charge(c)));
      await waitFor(async () => sent.filter((n) => n.startsWith('booking_sandbox_charge')).length >= 2);
      await hold.query('COMMIT');
      seen = await answers;
    } finally {
      await hold.end();
    }
    console.log(`charges of one moment: ${sent.filter((n) => n.startsWith('booking_sandbox_charge')).join(', ')}`);
    expect(sent.filter((n) => n === 'booking_sandbox_charge_grouped').length).toBeGreaterThan(0);
    const summary = seen.map((r) => ({
      recorded: r.recorded?.status ?? null,
      earlier: r.charge?.status ?? null,
      used: r.authorisation?.used ?? null,
    }));
    expect(summary).toEqual([
      { recorded: 'approved', earlier: null, used: false },
      { recorded: 'approved', earlier: null, used: false },
      { recorded: 'approved', earlier: null, used: false },
      { recorded: 'declined', earlier: null, used: false },
      { recorded: 'insufficient_funds', earlier: null, used: false },
      { recorded: null, earlier: null, used: true },
      { recorded: null, earlier: 'approved', used: true },
      { recorded: null, earlier: null, used: false },
      { recorded: null, earlier: null, used: false },
    ]);
    // Nothing recorded for a refused call; one charge per authorisation whatever the keys.
    const { rows } = await env.sql.query(
      `SELECT authorisation_token, count(*)::int AS n FROM sandbox_charge WHERE authorisation_token = ANY($1::text[]) GROUP BY 1`,
      [[spent, stranger!, small!].map((c) => c.token)],
    );
    expect(rows).toEqual([{ authorisation_token: spent.token, n: 1 }]);
  });
});
