import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { MembershipSaleParticipant } from '../../src/memberships/membership-sale.participant';
import { REDIS } from '../../src/redis/redis.module';
import type { ClaimableSale, LimitClaim } from '../../src/reservations';
import { SeatStore } from '../../src/seats/seat-store.port';
import { RedisSeatStore } from '../../src/seats/redis-seat-store';
import type { ProviderOverride } from '../support/test-env';
import { MEMBER, payExisting, placeHold, shopper } from '../holds/support/hold-kit';
import {
  enrolLock,
  enrolmentCart,
  MEMBER_CUSTOMER,
  membershipByCode,
  seatFreeEverywhere,
} from '../memberships/support/membership-kit';
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
  upcomingShowId,
} from './support/booking-kit';

/**
 * One charge per thing: one hold paid from several devices, one visitor's seats committed
 * from several tabs, one holder enrolled from several carts, all at once, each attempt with its own key and card.
 * Exactly one reaches the card; the others are refused before it, with the truth (in progress / being paid /
 * already enrolled), and nothing is refunded because nothing was wrongly charged. Each race has a control run with
 * the guard taken out, which shows the double charge.
 */
jest.setTimeout(180_000);

const DEVICES = 6;
// The provider takes a while to approve, as real ones do: the window in which a second attempt could slip through.
const SLOW_PROVIDER = {
  SANDBOX_APPROVAL_DELAY_MS: '400',
  RECOVERY_INTERVAL_MS: '0',
  HOLD_RELEASE_INTERVAL_MS: '0',
  CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR: '1000',
  CUSTOMER_OTP_GUESSES_PER_MOBILE_HOUR: '1000',
};

type Env = Awaited<ReturnType<typeof startBooking>>;
const charges = (e: Env) => count(e.sql, 'SELECT count(*) FROM sandbox_charge');
const refunds = (e: Env) =>
  count(
    e.sql,
    // Every charge of a cart or a hold is a money attempt; one that paid for nothing is refunded or owed back.
    `SELECT count(*) FROM money_attempt WHERE kind = 'charge' AND state IN ('refunded', 'refund_pending')`,
  );

/** A member's unpaid hold on one seat, then DEVICES devices of the same member pay it at once. */
async function holdPaidFromDevices(e: Env): Promise<{ statuses: number[]; errors: string[] }> {
  const show = await loadShow(e.t.url, await upcomingShowId(e.t.url, { hoursAhead: 4 }));
  const seat = plainSeats(show)[3]!;
  const owner = await shopper(e.t.url, e.sql, MEMBER);
  const hold = await placeHold(owner, show, [seat]);
  if (hold.status !== 201) throw new Error(`hold ${hold.status} ${JSON.stringify(hold.body)}`);
  const resId = hold.body.reservationIdentifier as string;
  const devices = [];
  for (let i = 0; i < DEVICES; i++) {
    const device = await shopper(e.t.url, e.sql, MEMBER);
    const card = await authoriseCard(e.t.url, { id: device.client.visitor, token: device.token }, TEST_CARDS.approve);
    devices.push({ device, cart: cartOf([cartSeat(show, seat)], { paymentIdentifier: card }) });
  }
  const replies = await Promise.all(
    devices.map(({ device, cart }) => payExisting(device, resId, cart, randomUUID(), '?lang=en')),
  );
  console.log('hold paid from devices', replies.map((r) => `${r.status}:${r.body.error ?? ''}`).join(' '));
  return { statuses: replies.map((r) => r.status), errors: replies.map((r) => r.body.error ?? 'paid') };
}

/** One visitor locks one seat, then commits it from DEVICES tabs at once, each tab its own cart and card. */
async function cartFromTabs(e: Env): Promise<{ statuses: number[]; errors: string[] }> {
  const show = await loadShow(e.t.url, await upcomingShowId(e.t.url, { hoursAhead: 4 }));
  const seat = plainSeats(show)[5]!;
  const b = await buyer(e.t.url);
  await lockAll(e.t.url, b, show, [seat]);
  const cards = [];
  for (let i = 0; i < DEVICES; i++) cards.push(await authoriseCard(e.t.url, b, TEST_CARDS.approve));
  const replies = await Promise.all(
    cards.map((card) =>
      commit(
        e.t.url,
        b,
        cartOf([cartSeat(show, seat)], { cartIdentifier: randomUUID(), paymentIdentifier: card }),
        '?lang=en',
      ),
    ),
  );
  console.log('cart from tabs', replies.map((r) => `${r.status}:${r.body.error ?? ''}`).join(' '));
  return { statuses: replies.map((r) => r.status), errors: replies.map((r) => r.body.error ?? 'sold') };
}

/** DEVICES carts enrol the same holder in the season at once, each on a seat of its own. */
async function enrolmentsOfOneHolder(e: Env): Promise<{ statuses: number[]; errors: string[] }> {
  const season = await membershipByCode(e.t.url, 'SEASON');
  const pids = season.Presentations.map((p) => p.PresentationId).slice(0, 2);
  const carts = [];
  for (let i = 0; i < DEVICES; i++) {
    const { show, seat } = await seatFreeEverywhere(e.t.url, pids, 2 * i);
    const b = await buyer(e.t.url);
    const locked = await enrolLock(e.t.url, b, season, show, seat, pids);
    if (locked.status !== 200) throw new Error(`enrol lock ${locked.status} ${JSON.stringify(locked.body)}`);
    const card = await authoriseCard(e.t.url, b, TEST_CARDS.approve);
    const cart = enrolmentCart(season, seat, pids, MEMBER_CUSTOMER, card, { cartIdentifier: randomUUID() });
    carts.push({ b, cart });
  }
  const replies = await Promise.all(carts.map(({ b, cart }) => commit(e.t.url, b, cart as never, '?lang=en')));
  console.log('enrolments of one holder', replies.map((r) => `${r.status}:${r.body.error ?? ''}`).join(' '));
  return { statuses: replies.map((r) => r.status), errors: replies.map((r) => r.body.error ?? 'sold') };
}

/** TEST ONLY (control run): the payment start without the seat claim, as it was before seats were claimed per payment - extension only. */
class UnclaimedPaymentSeatStore extends RedisSeatStore {
  override async claimForPayment(
    pid: number,
    owner: string,
    _cart: string,
    _keys: string[],
    timing: { extensionMs: number; hardCapMs: number },
  ) {
    return { ok: true as const, ...(await this.extend(pid, owner, timing.extensionMs, timing.hardCapMs)) };
  }
}
const unclaimedSeats: ProviderOverride = {
  provide: SeatStore,
  inject: [REDIS, APP_CONFIG],
  useFactory: (redis: Redis, config: AppConfig) => new UnclaimedPaymentSeatStore(redis, config),
};

/** TEST ONLY (control run): enrolments not claimed before the charge, as they once were. */
class UnclaimedEnrolmentParticipant extends MembershipSaleParticipant {
  override claimsOf(sale: ClaimableSale): LimitClaim[] {
    return super.claimsOf(sale).filter((c) => !c.resource.startsWith('enrolment:'));
  }
}

/**
 * Two servers for six races (each boot costs seconds of the suite): the product as it is, and one with every guard
 * taken out - the seat claim and the enrolment claim by provider override, the one-charging-attempt index dropped in
 * its own database - for the control runs. Each race uses seats and holders of its own, so they do not meet.
 */
let guarded: Env;
let unguarded: Env;
beforeAll(async () => {
  [guarded, unguarded] = await Promise.all([
    startBooking(SLOW_PROVIDER),
    startBooking(SLOW_PROVIDER, [
      unclaimedSeats,
      { provide: MembershipSaleParticipant, useClass: UnclaimedEnrolmentParticipant },
    ]),
  ]);
  await unguarded.sql.query('DROP INDEX money_attempt_one_charging');
});
afterAll(async () => {
  await Promise.all([guarded?.close(), unguarded?.close()]);
});

describe('one hold paid from several devices at once', () => {
  test('one charge, one payment; the others are told it is in progress (or paid), never refunded', async () => {
    const e = guarded;
    const before = { charges: await charges(e), refunds: await refunds(e) };
    const { statuses, errors } = await holdPaidFromDevices(e);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const losers = errors.filter((x) => x !== 'paid');
    expect(losers.every((x) => x === 'HOLD_PAYMENT_IN_PROGRESS' || x === 'HOLD_ALREADY_PAID')).toBe(true);
    expect((await charges(e)) - before.charges).toBe(1);
    expect((await refunds(e)) - before.refunds).toBe(0);
  });

  test('control: without the one-charging-attempt index every device reaches the card', async () => {
    const e = unguarded;
    const before = await charges(e);
    const { statuses } = await holdPaidFromDevices(e);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect((await charges(e)) - before).toBeGreaterThan(1);
  });
});

describe("one visitor's seats committed from several tabs at once", () => {
  test('one charge, one sale; the other tabs are refused before their card (SEATS_BEING_PAID), nothing refunded', async () => {
    const e = guarded;
    const before = { charges: await charges(e), refunds: await refunds(e) };
    const { statuses, errors } = await cartFromTabs(e);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(errors).toContain('SEATS_BEING_PAID');
    expect((await charges(e)) - before.charges).toBe(1);
    expect((await refunds(e)) - before.refunds).toBe(0);
  });

  test('control: without the seat claim every tab is charged and all but one refunded', async () => {
    const e = unguarded;
    const before = await charges(e);
    const { statuses } = await cartFromTabs(e);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect((await charges(e)) - before).toBeGreaterThan(1);
  });
});

describe('one holder enrolled in a season from several carts at once', () => {
  test('one charge, one enrolment; the others are ALREADY_ENROLLED before their card, nothing refunded', async () => {
    const e = guarded;
    const before = { charges: await charges(e), refunds: await refunds(e) };
    const { statuses, errors } = await enrolmentsOfOneHolder(e);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(errors.filter((x) => x !== 'sold')).toEqual(Array(DEVICES - 1).fill('ALREADY_ENROLLED'));
    expect((await charges(e)) - before.charges).toBe(1);
    expect((await refunds(e)) - before.refunds).toBe(0);
    const live = "SELECT count(*) FROM enrolment WHERE holder_ssn = $1 AND status = 'live'";
    expect(await count(e.sql, live, [MEMBER_CUSTOMER.ssn])).toBe(1);
  });

  test('control: enrolments not claimed before the charge are charged and refunded', async () => {
    const e = unguarded;
    const before = await charges(e);
    const { statuses } = await enrolmentsOfOneHolder(e);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect((await charges(e)) - before).toBeGreaterThan(1);
  });
});
