import { randomUUID } from 'node:crypto';
import type { ApiMembership, ApiSeat, Cart, CartSeat } from '@hotline/shared';
import type { Client } from 'pg';
import { SaleParticipants, type SaleParticipant } from '../../src/reservations/sale-participant';
import { DEMO_MINI_SITE_URL } from '../../src/seed/demo-mini-site';
import { signedIn, StaffBrowser } from '../backoffice/support/staff-kit';
import { MEMBER, SECOND_MEMBER, shopper, type Shopper } from '../holds/support/hold-kit';
import { MEMBER_CUSTOMER, membershipByCode } from '../memberships/support/membership-kit';
import { solveAltcha } from '../support/altcha';
import type { TestApp } from '../support/test-env';
import { UnguardedCouponSaleParticipant } from '../support/unguarded-coupon-sale.participant';
import { MEMBERSHIP_BACKSTOPS, uncheckedMembershipSales } from '../support/unchecked-membership-sales';
import { MINI_SITE_BACKSTOP, uncheckedMiniSiteSales } from '../support/unchecked-mini-site-sales';
import { UnguardedReferenceSalesRepository } from '../support/unguarded-reference-sales.repository';
import { UnguardedVoucherSalesRepository } from '../support/unguarded-voucher-sales.repository';
import {
  authoriseCard,
  buyer,
  cartOf,
  cartSeat,
  commit,
  count,
  loadShow,
  lockAll,
  plainSeats,
  startBooking,
  TEST_CARDS,
  type Reply,
  type ShowInfo,
} from './support/booking-kit';

/**
 * The oversell matrix (a test that must exist for a money path): every limited thing through every way to sell it, 25
 * buyers at once on the last 3. Each cell sells exactly 3 and refuses the other 22 with the product's error code,
 * with no card charged for a refused buyer (and no refund needed); each cell's control run puts the thing's
 * unguarded participant (test/support/unguarded-*) into the running server's participant registry for that race only
 * and must sell more than 3, so the cell can fail.
 *
 *                          normal commit   hold order   box office   membership purchase   season enrolment
 *   coupon uses                 yes            yes          yes              -                      -
 *   gift-voucher balance        yes             -           yes              -                      -
 *   mini-site balance           yes            yes          yes              -                      -
 *   reference quantity          yes            yes          yes              -                      -
 *   member balance              yes            yes          yes              -                      -
 *   membership discount code     -              -            -              yes                    yes
 *
 * Why the empty cells are empty:
 * - Coupons, references, mini-site balances and member balances are properties of a ticket line. A membership
 *   purchase or an enrolment sells no ticket line the buyer prices: its seats are written at 0 from the cheapest public
 *   ticket (docs/memberships.md, "Money on seats"), so no coupon, reference, mini-site ticket or member ticket can be
 *   on them; the memberships quote does not read ticketCodes or seat references at all.
 * - Gift vouchers: a hold is a ticket cart without voucher payments (HOLD_CART_INVALID, docs/hold-orders.md), and
 *   vouchers do not pay for memberships or enrolments (CART_INVALID, docs/memberships.md).
 * - The membership discount code belongs to membership orders only: ticket, voucher and donation orders ignore
 *   membershipDiscountCodes (docs/memberships.md), and the box office sells tickets only (BOX_OFFICE_TICKETS_ONLY),
 *   so a hold or a counter sale cannot carry one either.
 * - The mini-site at the box office is in: the counter's screen never names a mini-site, but the producer commit
 *   does not refuse a cart that does (orders/producer-sale.ts checks tickets only), so the path exists and must hold.
 *
 * How each way pays: normal commits and membership orders pay by card (sandbox), so a refused buyer must not be
 * charged; the voucher cells pay with the voucher alone; holds are unpaid; the box office takes cash. One server and
 * database for the whole file (the registry swap needs no second server); every race has its own presentation (or
 * its own seats of a mini-site show) and its own limited thing, so races never share a seat or a limit.
 */
jest.setTimeout(300_000);

const BUYERS = 25;
const LEFT = 3;
const LOGIN_LIMITS = { CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR: '1000', CUSTOMER_OTP_GUESSES_PER_MOBILE_HOUR: '1000' };

type Way = 'normal' | 'hold' | 'box office' | 'membership' | 'enrolment';

/** What a commit answered (the storefront's, the member's and the staff browser's replies alike). */
type Answer = Pick<Reply, 'status' | 'body'>;

/** Who commits: a storefront visitor, a logged-in member (holds), a box-office staff browser. */
interface Seller {
  visitor: string;
  token: string;
  post(cart: Cart): Promise<Answer>;
}

/** One race's limited thing, ready: the carts of its 25 buyers are built by `cartFor`. */
interface Prepared {
  /** A cart seat for this seat (seat cells), priced as the server will price it. */
  line?(seat: ApiSeat): CartSeat;
  /** What the cart carries besides its seats (codes, voucher payments, the mini-site, the membership item). */
  extra(): Partial<Cart>;
  /** Units of the limited thing sold by this race, read from PostgreSQL. */
  sold(): Promise<number>;
  /** Where the thing keeps its own counter: what it says is left, in buyers' worth (0 after a guarded race). */
  left?(): Promise<number>;
  /**
   * A member every seller may draw on (member tickets): granted to each seller's visitor as the one-time code or the
   * customer's own login would (docs/memberships.md); at the box office the clerk's browser is the visitor.
   */
  grant?: string;
}

interface Thing {
  name: string;
  /** The refusal each losing buyer gets (the product's error code). */
  refusal: string;
  unguarded: new (registry: SaleParticipants) => SaleParticipant;
  /** The show kind the thing lives on. */
  shows: 'any' | 'cinema' | 'mini-site' | 'none';
  prepare(show: ShowInfo | null, seats: ApiSeat[]): Promise<Prepared>;
  /** The database's own backstop (a CHECK) that the control lifts too, to show the oversell; put back after it. */
  backstop?: { lift(): Promise<void>; restore(): Promise<void> };
  ways: Way[];
}

let t: TestApp;
let sql: Client;
let close: () => Promise<void>;
let registry: SaleParticipants;
let members: Shopper[] = [];
let staff: StaffBrowser[] = [];
let staffToken = new Map<string, string>();
const pool = { any: [] as number[], cinema: [] as number[] };
const miniSite = { shows: [] as ShowInfo[], cursor: new Map<number, number>() };

const q = async (text: string, params: unknown[] = []) => (await sql.query(text, params)).rows;
const tag = () => randomUUID().slice(0, 8).toUpperCase();
const shekels = (agorot: number) => agorot / 100;

/** A valid Israeli ID number for index n (holder IDs of enrolments: one enrolment per holder and season). */
function israeliId(n: number): string {
  const body = String(30_000_000 + n).padStart(8, '0');
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const p = Number(body[i]) * (i % 2 === 0 ? 1 : 2);
    sum += p > 9 ? p - 9 : p;
  }
  return body + String((10 - (sum % 10)) % 10);
}
let holders = 0;

/** The zone of a show with the most plain seats, and those seats in plan order. */
function largestZone(show: ShowInfo): ApiSeat[] {
  const byZone = new Map<number, ApiSeat[]>();
  for (const s of plainSeats(show)) byZone.set(s.TicketGroupId, [...(byZone.get(s.TicketGroupId) ?? []), s]);
  return [...byZone.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}

/** A fresh presentation and 25 plain seats of one zone; for the mini-site, the next 25 of its shows' seats. */
async function showFor(kind: Thing['shows']): Promise<{ show: ShowInfo | null; seats: ApiSeat[] }> {
  if (kind === 'none') return { show: null, seats: [] };
  if (kind === 'mini-site') {
    for (const show of miniSite.shows) {
      const zone = largestZone(show);
      const from = miniSite.cursor.get(show.presentationId) ?? 0;
      if (zone.length - from < BUYERS) continue;
      miniSite.cursor.set(show.presentationId, from + BUYERS);
      return { show, seats: zone.slice(from, from + BUYERS) };
    }
    throw new Error('the mini-site shows have no 25 seats of one zone left');
  }
  const list = kind === 'cinema' ? pool.cinema : pool.any;
  for (;;) {
    const id = list.shift();
    if (id === undefined) throw new Error(`no ${kind} presentation left for a race`);
    // One race per presentation, whichever list it was taken from.
    pool.any = pool.any.filter((x) => x !== id);
    pool.cinema = pool.cinema.filter((x) => x !== id);
    const show = await loadShow(t.url, id);
    const seats = largestZone(show).slice(0, BUYERS);
    if (seats.length === BUYERS) return { show, seats };
  }
}

/** 25 sellers of a way: fresh visitors for the storefront, the file's logged-in members and staff browsers. */
async function sellersFor(way: Way): Promise<Seller[]> {
  if (way === 'hold')
    return members.map((m) => ({
      visitor: m.client.visitor,
      token: m.token,
      post: (cart) =>
        m.client.call('POST', '/api/payment/commit', { cart: { ...cart, isHold: true }, recaptchaToken: m.token }),
    }));
  if (way === 'box office')
    return staff.map((s) => {
      const token = staffToken.get(s.visitorId)!;
      return {
        visitor: s.visitorId,
        token,
        post: (cart) =>
          s.call('POST', '/api/payment/commit', {
            cart: { ...cart, customerName: 'דנה לוי', mobileNumber: '050-765-4321', tender: 'cash' },
            recaptchaToken: token,
          }),
      };
    });
  return Promise.all(
    Array.from({ length: BUYERS }, async () => {
      const b = await buyer(t.url);
      return { visitor: b.id, token: b.token, post: (cart: Cart) => commit(t.url, b, cart) };
    }),
  );
}

/** Each seller holds its own seat: the storefront lock, or the box office's block lock for staff. */
async function lockSeats(way: Way, sellers: Seller[], show: ShowInfo, seats: ApiSeat[]): Promise<void> {
  await Promise.all(
    sellers.map(async (s, i) => {
      const seat = seats[i]!;
      if (way === 'box office') {
        const r = await staff[i]!.call('PUT', '/api/backoffice/lock-seats', {
          presentationId: show.presentationId,
          seats: [{ sectionId: seat.VenueSectionId, x: seat.XCoordinate, y: seat.YCoordinate }],
        });
        if (r.status !== 200) throw new Error(`box-office lock ${r.status} ${JSON.stringify(r.body)}`);
      } else await lockAll(t.url, { id: s.visitor, token: s.token }, show, [seat]);
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The limited things
// ---------------------------------------------------------------------------------------------------------------

const liveOn = (show: ShowInfo, seats: ApiSeat[]) =>
  count(
    sql,
    `SELECT count(*) FROM reservation_ticket WHERE status = 'live' AND presentation_id = $1
        AND (section_id, x, y) IN (SELECT * FROM unnest($2::int[], $3::int[], $4::int[]))`,
    [
      show.presentationId,
      seats.map((s) => s.VenueSectionId),
      seats.map((s) => s.XCoordinate),
      seats.map((s) => s.YCoordinate),
    ],
  );

const coupon: Thing = {
  name: 'coupon uses',
  refusal: 'COUPON_USED_UP',
  unguarded: UnguardedCouponSaleParticipant,
  shows: 'any',
  ways: ['normal', 'hold', 'box office'],
  async prepare(show, seats) {
    const group = show!.groupOfZone.get(seats[0]!.TicketGroupId)!;
    const code = `RACE${tag()}`;
    const [row] = await q(
      `INSERT INTO ticket (ticket_group_id, name, name_en, price, service_charge, code, multiply_factor, balance)
       VALUES ($1, 'מרוץ', 'Race', 2000, 100, $2, 1, $3) RETURNING id`,
      [group.id, code, LEFT],
    );
    const ticket = { ...group.tickets[0]!, id: row.id, code, price: 20, serviceCharge: 1 };
    return {
      line: (seat) => cartSeat(show!, seat, ticket),
      extra: () => ({ ticketCodes: [code] }),
      sold: () => liveOn(show!, seats),
    };
  },
};

const voucher: Thing = {
  name: 'gift-voucher balance',
  refusal: 'VOUCHER_NO_BALANCE',
  unguarded: UnguardedVoucherSalesRepository,
  shows: 'any',
  ways: ['normal', 'box office'],
  async prepare(show, seats) {
    const order = cartSeat(show!, seats[0]!);
    const orderAgorot = Math.round((order.amount + order.serviceCharge) * 100);
    const reference = `GV-${tag()}`;
    // Enough for three orders and half of a fourth.
    const [row] = await q(
      `INSERT INTO system_voucher (reference, name, name_en, initial_agorot, balance_agorot)
       VALUES ($1, 'מרוץ', 'Race', $2, $2) RETURNING id::int AS id`,
      [reference, orderAgorot * LEFT + Math.floor(orderAgorot / 2)],
    );
    return {
      line: (seat) => cartSeat(show!, seat),
      extra: () => ({ voucherPayments: [{ id: row.id, code: reference, amount: shekels(orderAgorot) }] }),
      left: async () =>
        Math.floor(
          (await count(sql, 'SELECT balance_agorot FROM system_voucher WHERE id = $1', [row.id])) / orderAgorot,
        ),
      sold: () =>
        count(sql, `SELECT count(*) FROM system_voucher_event WHERE system_voucher_id = $1 AND kind = 'redemption'`, [
          row.id,
        ]),
    };
  },
  // Without the participant the balance CHECKs would still refuse an overdraft; the control lifts them too, and puts
  // them back NOT VALID: they guard every later write again, the overdrawn control voucher excepted.
  backstop: {
    async lift() {
      await sql.query(`ALTER TABLE system_voucher DROP CONSTRAINT system_voucher_balance_agorot_check;
        ALTER TABLE system_voucher_event DROP CONSTRAINT system_voucher_event_balance_after_agorot_check`);
    },
    async restore() {
      await sql.query(`ALTER TABLE system_voucher ADD CONSTRAINT system_voucher_balance_agorot_check
          CHECK (balance_agorot >= 0) NOT VALID;
        ALTER TABLE system_voucher_event ADD CONSTRAINT system_voucher_event_balance_after_agorot_check
          CHECK (balance_after_agorot >= 0) NOT VALID`);
    },
  },
};

/** A control's lift and restore of the CHECKs behind a participant's unconditional draw (test/support). */
function backstopOf(sqlOf: { lift: string; restore: string }): NonNullable<Thing['backstop']> {
  return {
    lift: async () => void (await sql.query(sqlOf.lift)),
    restore: async () => void (await sql.query(sqlOf.restore)),
  };
}

const miniSiteBalance: Thing = {
  name: 'mini-site balance',
  refusal: 'MINI_SITE_BALANCE_USED_UP',
  unguarded: uncheckedMiniSiteSales(LEFT + 1),
  // The draw is unconditional: without the check, the balance's CHECK still refuses; the control lifts it too.
  backstop: backstopOf(MINI_SITE_BACKSTOP),
  shows: 'mini-site',
  ways: ['normal', 'hold', 'box office'],
  async prepare(show, seats) {
    const group = show!.groupOfZone.get(seats[0]!.TicketGroupId)!;
    const [employee] = await q(
      `SELECT t.id, t.price, t.service_charge FROM mini_site_ticket m JOIN ticket t ON t.id = m.ticket_id
        WHERE t.ticket_group_id = $1`,
      [group.id],
    );
    await q('UPDATE mini_site_ticket SET balance = $2 WHERE ticket_id = $1', [employee.id, LEFT]);
    return {
      line: (seat) => ({
        ...cartSeat(show!, seat),
        ticketId: employee.id,
        amount: shekels(employee.price),
        serviceCharge: shekels(employee.service_charge),
      }),
      extra: () => ({ miniSiteUrl: DEMO_MINI_SITE_URL }),
      sold: () => liveOn(show!, seats),
      left: () => count(sql, 'SELECT balance FROM mini_site_ticket WHERE ticket_id = $1', [employee.id]),
    };
  },
};

const reference: Thing = {
  name: 'reference quantity',
  refusal: 'REFERENCE_NOT_ELIGIBLE',
  unguarded: UnguardedReferenceSalesRepository,
  shows: 'any',
  ways: ['normal', 'hold', 'box office'],
  async prepare(show, seats) {
    const group = show!.groupOfZone.get(seats[0]!.TicketGroupId)!;
    const [{ business_id: businessId }] = await q('SELECT business_id FROM presentation WHERE id = $1', [
      show!.presentationId,
    ]);
    const [ticket] = await q(
      `INSERT INTO ticket (ticket_group_id, name, name_en, price, service_charge, price_policy_id, sort_order,
                           ref1_prompt, ref1_prompt_en)
       VALUES ($1, 'חבר מועדון', 'Club member', 3000, 0, 7, 99, 'מספר חבר', 'Member number') RETURNING id`,
      [group.id],
    );
    const [agent] = await q(
      `INSERT INTO ticket_reference_agent (business_id, name) VALUES ($1, 'מועדון') RETURNING id`,
      [businessId],
    );
    const ref1 = `CLUB-${tag()}`;
    await q(
      `INSERT INTO ticket_reference_option (business_id, agent_id, price_type, price_id, reference1, quantity)
       VALUES ($1, $2, 1, $3, $4, $5)`,
      [businessId, agent.id, ticket.id, ref1, LEFT],
    );
    const priced = { ...group.tickets[0]!, id: ticket.id, price: 30, serviceCharge: 0 };
    return {
      line: (seat) => ({ ...cartSeat(show!, seat, priced), ref1 }),
      extra: () => ({}),
      sold: () => liveOn(show!, seats),
    };
  },
};

const memberBalance: Thing = {
  name: 'member balance',
  refusal: 'BALANCE_INSUFFICIENT',
  unguarded: uncheckedMembershipSales(LEFT + 1),
  backstop: backstopOf(MEMBERSHIP_BACKSTOPS),
  shows: 'cinema',
  ways: ['normal', 'hold', 'box office'],
  async prepare(show, seats) {
    const group = show!.groupOfZone.get(seats[0]!.TicketGroupId)!;
    const [ticket] = await q(
      `SELECT t.id, t.price, t.service_charge, t.code FROM ticket t JOIN member_ticket m ON m.ticket_id = t.id
        WHERE t.ticket_group_id = $1 AND m.units = 1`,
      [group.id],
    );
    if (!ticket) throw new Error(`no member ticket in group ${group.id}`);
    const memberNumber = `M-${tag()}`;
    // A member with 10 units of which 7 are used: 3 left.
    await q(
      `INSERT INTO customer_membership (membership_id, member_number, holder_name, balance, used_balance, starts_at, ends_at)
       SELECT id, $1, 'Race', 10, 10 - $2, now() - interval '1 day', now() + interval '30 days'
         FROM membership WHERE code = 'CINEMA-CARD'`,
      [memberNumber, LEFT],
    );
    return {
      line: (seat) => ({
        ...cartSeat(show!, seat),
        ticketId: ticket.id,
        amount: shekels(ticket.price),
        serviceCharge: shekels(ticket.service_charge),
        memberNumber,
      }),
      extra: () => (ticket.code ? { ticketCodes: [ticket.code] } : {}),
      sold: () => liveOn(show!, seats),
      left: () =>
        count(sql, 'SELECT balance - used_balance FROM customer_membership WHERE member_number = $1', [memberNumber]),
      grant: memberNumber,
    };
  },
};

async function discountCode(membership: ApiMembership, percent: number): Promise<string> {
  const code = `RACE-${tag()}`;
  await q(
    `INSERT INTO membership_discount_code (code, name, kind, value, membership_ids, max_uses)
     VALUES ($1, 'Race', 'percent', $2, ARRAY[$3::int], $4)`,
    [code, percent, membership.MembershipId, LEFT],
  );
  return code;
}
const leftOf = (code: string) =>
  count(sql, 'SELECT max_uses - used_count FROM membership_discount_code WHERE code = $1', [code]);
const usesOf = (code: string) => count(sql, 'SELECT count(*) FROM membership_discount_use WHERE code = $1', [code]);
/** Half off, rounded half up to the agora (shared membershipDiscountAgorot). */
const halfOff = (shekelPrice: number) => {
  const agorot = Math.round(shekelPrice * 100);
  return shekels(agorot - Math.round(agorot / 2));
};

const discountOnMembership: Thing = {
  name: 'membership discount code',
  refusal: 'MEMBERSHIP_DISCOUNT_USED_UP',
  unguarded: uncheckedMembershipSales(LEFT + 1),
  backstop: backstopOf(MEMBERSHIP_BACKSTOPS),
  shows: 'none',
  ways: ['membership'],
  async prepare() {
    const card = await membershipByCode(t.url, 'CINEMA-CARD');
    const price = card.prices.find((p) => !p.isTopup)!;
    const code = await discountCode(card, 50);
    return {
      extra: () => ({
        memberships: [{ membershipId: card.MembershipId, membershipPriceId: price.MembershipPriceId }],
        membershipDiscountCodes: [code],
        customerInfo: MEMBER_CUSTOMER,
        total: halfOff(price.Price),
      }),
      sold: () => usesOf(code),
      left: () => leftOf(code),
    };
  },
};

const discountOnEnrolment: Thing = {
  name: 'membership discount code',
  refusal: 'MEMBERSHIP_DISCOUNT_USED_UP',
  unguarded: uncheckedMembershipSales(LEFT + 1),
  backstop: backstopOf(MEMBERSHIP_BACKSTOPS),
  shows: 'none',
  ways: ['enrolment'],
  async prepare() {
    // SEASON-FLEX enrols without a seat (IsSkipMemberSeat), 165 over its events; one enrolment per holder ID.
    const flex = await membershipByCode(t.url, 'SEASON-FLEX');
    const code = await discountCode(flex, 50);
    return {
      extra: () => ({
        memberships: [
          {
            membershipId: flex.MembershipId,
            ticketId: flex.prices[0]!.MembershipPriceId,
            seasonId: flex.SeasonId!,
            totalAmount: 165,
            seat: null,
            selections: flex.Presentations.map((p) => ({ prsntId: p.PresentationId })),
          },
        ],
        membershipDiscountCodes: [code],
        customerInfo: { ...MEMBER_CUSTOMER, ssn: israeliId(holders++) },
        total: halfOff(165),
      }),
      sold: () => usesOf(code),
      left: () => leftOf(code),
    };
  },
};

const THINGS = [coupon, voucher, miniSiteBalance, reference, memberBalance, discountOnMembership, discountOnEnrolment];

// ---------------------------------------------------------------------------------------------------------------
// One race
// ---------------------------------------------------------------------------------------------------------------

interface Outcome {
  statuses: Record<string, number>;
  won: number;
  refused: number;
  sold: number;
  left: number | null;
  charges: number;
  refunds: number;
  cash: number;
  claimsLeft: number;
}

/** Registers `participant` in place of its namesake for the duration of `run` (the registry: last one wins). */
async function withParticipant<T>(participant: SaleParticipant, run: () => Promise<T>): Promise<T> {
  const original = registry.all().find((p) => p.name === participant.name)!;
  registry.register(participant);
  try {
    return await run();
  } finally {
    registry.register(original);
  }
}

async function race(thing: Thing, way: Way, control: boolean): Promise<Outcome> {
  const { show, seats } = await showFor(thing.shows);
  const sellers = await sellersFor(way);
  const prepared = await thing.prepare(show, seats);
  const grant = prepared.grant;
  if (grant)
    await q(
      `INSERT INTO member_grant (visitor_id, customer_membership_id, expires_at)
       SELECT v, m.id, now() + interval '1 hour' FROM unnest($1::varchar[]) AS v, customer_membership m
        WHERE m.member_number = $2 ON CONFLICT DO NOTHING`,
      [sellers.map((s) => s.visitor), grant],
    );
  if (show) await lockSeats(way, sellers, show, seats);
  const paysByCard = way === 'normal' || way === 'membership' || way === 'enrolment';
  const carts = await Promise.all(
    sellers.map(async (s, i) => {
      const lines = show && prepared.line ? [prepared.line(seats[i]!)] : [];
      const base = cartOf(lines, { cartIdentifier: randomUUID() });
      const cart: Cart = { ...base, ...prepared.extra() };
      if (paysByCard && (cart.total ?? 0) > 0 && !cart.voucherPayments)
        cart.paymentIdentifier = await authoriseCard(t.url, { id: s.visitor, token: s.token }, TEST_CARDS.approve);
      return cart;
    }),
  );
  const before = {
    charges: await count(sql, 'SELECT count(*) FROM sandbox_charge'),
    refunds: await count(
      sql,
      "SELECT count(*) FROM money_attempt WHERE kind = 'charge' AND state IN ('refunded', 'refund_pending')",
    ),
    cash: await count(sql, "SELECT count(*) FROM payment WHERE provider = 'box_office'"),
  };
  const go = () => Promise.all(sellers.map((s, i) => s.post(carts[i]!)));
  let replies: Answer[];
  if (control) {
    await thing.backstop?.lift();
    try {
      replies = await withParticipant(new thing.unguarded(registry), go);
    } finally {
      await thing.backstop?.restore();
    }
  } else replies = await go();
  const statuses: Record<string, number> = {};
  for (const r of replies) {
    const key = r.status === 201 ? 'sold' : `${r.status} ${String(r.body?.error)}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  return {
    statuses,
    won: replies.filter((r) => r.status === 201).length,
    refused: replies.filter((r) => r.status === 409 && r.body?.error === thing.refusal).length,
    sold: await prepared.sold(),
    left: prepared.left ? await prepared.left() : null,
    charges: (await count(sql, 'SELECT count(*) FROM sandbox_charge')) - before.charges,
    refunds:
      (await count(
        sql,
        "SELECT count(*) FROM money_attempt WHERE kind = 'charge' AND state IN ('refunded', 'refund_pending')",
      )) - before.refunds,
    cash: (await count(sql, "SELECT count(*) FROM payment WHERE provider = 'box_office'")) - before.cash,
    claimsLeft: await count(sql, 'SELECT count(*) FROM limit_claim WHERE expires_at > now()'),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The world: one server for the file
// ---------------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  const env = await startBooking({ ...LOGIN_LIMITS, RECOVERY_INTERVAL_MS: '0', HOLD_RELEASE_INTERVAL_MS: '0' });
  ({ t, sql, close } = env);
  registry = t.app.get(SaleParticipants);
  const [site] = await q('SELECT id FROM mini_site WHERE url = $1', [DEMO_MINI_SITE_URL]);
  const siteShows: number[] = (
    await q('SELECT presentation_id AS id FROM mini_site_presentation WHERE mini_site_id = $1 ORDER BY 1', [site.id])
  ).map((r) => r.id);
  // Buyers side by side on one row would trip the single-seat rules, which are not what these races are about; set
  // before any layout is read (the seat engine caches it). Every seat of the mini-site's shows is set aside for it.
  await q('UPDATE presentation SET no_single_seat_gap = false, seating_policy_id = 1');
  await q(
    `INSERT INTO seat_allocation (presentation_id, section_id, x, y, allocation_id)
     SELECT p.id, s.section_id, s.x, s.y, 1 FROM presentation p JOIN seat s ON s.seatplan_id = p.seatplan_id
      WHERE p.id = ANY($1::int[]) ON CONFLICT DO NOTHING`,
    [siteShows],
  );
  // Shows at least a day away (a hold is refused close to the event), reserved seating, not the mini-site's, and no
  // waiver to sign (a different refusal, not this file's subject).
  const shows = await q(
    `SELECT p.id, v.name_en ILIKE '%cinema%' OR EXISTS (
              SELECT 1 FROM ticket_group g JOIN ticket tk ON tk.ticket_group_id = g.id
                JOIN member_ticket m ON m.ticket_id = tk.id WHERE g.presentation_id = p.id) AS cinema
       FROM presentation p JOIN venue v ON v.id = p.venue_id
      WHERE p.is_reserved AND NOT p.soldout AND p.date_time > now() + interval '1 day'
        AND p.id <> ALL($1::int[]) AND NOT EXISTS (SELECT 1 FROM presentation_waiver w WHERE w.presentation_id = p.id)
      ORDER BY p.date_time, p.id`,
    [siteShows],
  );
  pool.cinema = shows.filter((s) => s.cinema).map((s) => s.id);
  // Any show will do for the other things: the shows without member tickets first, so the cinema's last longest.
  pool.any = [...shows.filter((s) => !s.cinema), ...shows.filter((s) => s.cinema)].map((s) => s.id);
  miniSite.shows = await Promise.all(siteShows.map((id) => loadShow(t.url, id)));
  // The hold's buyers: logged-in members (a hold is a member's), reused by every hold race.
  // Each login waits for its own code by SMS, so one member's logins go one after another; the two members' side by side.
  const loginsOf = async (who: typeof MEMBER, n: number) => {
    const out: Shopper[] = [];
    for (let i = 0; i < n; i++) out.push(await shopper(t.url, sql, who));
    return out;
  };
  members = (await Promise.all([loginsOf(MEMBER, 13), loginsOf(SECOND_MEMBER, BUYERS - 13)])).flat();
  // The box office's: one signed-in staff session (all businesses), shared by 25 counter browsers.
  const admin = await signedIn(t.url, sql, 'admin');
  staff = Array.from({ length: BUYERS }, () => {
    const b = new StaffBrowser(t.url);
    b.sessionCookie = admin.sessionCookie;
    return b;
  });
  staffToken = new Map(
    await Promise.all(staff.map(async (s) => [s.visitorId, await solveAltcha(t.url, s.visitorId)] as const)),
  );
});

afterAll(async () => {
  await close?.();
});

const CELLS = THINGS.flatMap((thing) => thing.ways.map((way) => [thing.name, way, thing] as const));

describe.each(CELLS)(`%s through %s: ${BUYERS} buyers on the last ${LEFT}`, (_name, way, thing) => {
  test(`exactly ${LEFT} sold, the rest refused ${thing.refusal}, no refused buyer charged`, async () => {
    const o = await race(thing, way, false);
    console.log(`${thing.name} / ${way} (guarded)`, o);
    expect({ won: o.won, refused: o.refused, sold: o.sold }).toEqual({
      won: LEFT,
      refused: BUYERS - LEFT,
      sold: LEFT,
    });
    // A card is charged only for a sale: the losers are refused before any charge, so nothing is refunded.
    const byCard = (way === 'normal' || way === 'membership' || way === 'enrolment') && thing !== voucher;
    expect(o.charges).toBe(byCard ? LEFT : 0);
    expect(o.refunds).toBe(0);
    expect(o.cash).toBe(way === 'box office' && thing !== voucher ? LEFT : 0);
    expect(o.claimsLeft).toBe(0);
    // The thing's own counter agrees: nothing left, and never below nothing.
    if (o.left !== null) expect(o.left).toBe(0);
  });

  test('control: with the unguarded participant the same race oversells', async () => {
    const o = await race(thing, way, true);
    console.log(`${thing.name} / ${way} (control)`, o);
    expect(o.sold).toBeGreaterThan(LEFT);
  });
});
