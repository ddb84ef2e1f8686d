import type { Client } from 'pg';
import { type AdminPresentation, type ApiSeat } from '@hotline/shared';
import { SaleParticipants } from '../../src/reservations/sale-participant';
import { ChannelQuotaSaleParticipant } from '../../src/tickets/channel-quota-sale.participant';
import type { LimitClaim } from '../../src/reservations/sale-participant';
import type { TestApp } from '../support/test-env';
import { StaffBrowser } from '../backoffice/support/staff-kit';
import { publishedDates, useCatalogueApp } from './support/catalogue-app';
import {
  TEST_CARDS,
  authoriseCard,
  buyer,
  cartOf,
  cartSeat,
  commit,
  loadShow,
  lockAll,
  newVisitor,
  plainSeats,
  type ShowInfo,
} from '../booking/support/booking-kit';
import { buySeats, cancellableShow, customerClient, logIn } from '../customers/support/customer-kit';

/**
 * A date's channel allocations as counted quotas (docs/decisions/020): set from the back office (audited, a stale
 * revision and bad input refused, nothing changed), claimed before the card is charged like every other limit (two
 * buyers on the last seat of the storefront's quota: one is charged and sold it, the other refused before any
 * charge; without the claim both are sold, past the quota), not limiting other channels, and counting what the date
 * had already sold through the channel when a quota is first set, and a cancelled order gives its seats back.
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let dates: AdminPresentation[];
const seatsUsed = new Map<number, number>();

const url = (p: AdminPresentation) => `/api/admin/presentations/${p.id}/channel-allocations`;
const charges = async () => (await sql.query('SELECT count(*)::int AS n FROM sandbox_charge')).rows[0].n as number;
const current = async (p: AdminPresentation) =>
  (await admin.call<AdminPresentation>('GET', `/api/admin/presentations/${p.id}`)).body;
const allocate = async (p: AdminPresentation, allocations: { channel: string; seats: number }[]) => {
  const r = await admin.call<AdminPresentation>('PUT', url(p), { revision: (await current(p)).revision, allocations });
  expect(r.status).toBe(200);
  return r.body;
};

/** The storefront's quota with no claim before the charge (the control run): the sale then checks nothing either. */
class UnclaimedChannelQuotaSaleParticipant extends ChannelQuotaSaleParticipant {
  override claimsOf(): LimitClaim[] {
    return [];
  }
}

const app = useCatalogueApp();
beforeAll(async () => {
  ({ t, sql, admin } = app);
  ({ dates } = await publishedDates(admin, {
    code: 'quotas',
    stage: { he: 'במת המכסות', en: 'Quota Stage' },
    event: { he: 'המכסה', en: 'The Quota' },
    today: new Date(),
    daysAhead: 120,
    count: 4,
  }));
});

/** A storefront buyer with the next free seat of `show` locked and a card authorised; the commit is the caller's. */
async function readyToPay(show: ShowInfo, lang = 'en') {
  const b = await buyer(t.url);
  const n = seatsUsed.get(show.presentationId) ?? 0;
  seatsUsed.set(show.presentationId, n + 1);
  const seat: ApiSeat = plainSeats(show)[n]!;
  await lockAll(t.url, b, show, [seat]);
  const cart = cartOf([cartSeat(show, seat)]);
  const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve, { total: cart.total!.toFixed(2) });
  return () => commit(t.url, b, { ...cart, paymentIdentifier }, `?lang=${lang}`);
}

test('every date starts without allocations; bad ones and a stale revision are refused, nothing changes', async () => {
  const d = dates[0]!;
  expect(d.channelAllocations).toEqual([]);
  const cases: [unknown, string][] = [
    [[{ channel: 'web', seats: -1 }], 'seats'],
    [[{ channel: 'web', seats: 1.5 }], 'seats'],
    [[{ channel: 'web', seats: 100_001 }], 'seats'],
    [[{ channel: 'fax', seats: 1 }], 'channel'],
    [
      [
        { channel: 'web', seats: 1 },
        { channel: 'web', seats: 2 },
      ],
      'each channel at most once',
    ],
  ];
  for (const [allocations, named] of cases) {
    const r = await admin.call('PUT', url(d), { revision: d.revision, allocations });
    expect([r.status, r.body.error]).toEqual([400, 'INVALID_BODY']);
    expect(JSON.stringify(r.body)).toContain(named);
  }
  const stale = await admin.call('PUT', url(d), {
    revision: d.revision - 1,
    allocations: [{ channel: 'web', seats: 1 }],
  });
  expect([stale.status, stale.body.error, stale.body.current?.revision]).toEqual([409, 'STALE_REVISION', d.revision]);
  const rows = await sql.query('SELECT count(*)::int AS n FROM presentation_channel_quota WHERE presentation_id = $1', [
    d.id,
  ]);
  expect(rows.rows[0].n).toBe(0);
  expect((await current(d)).revision).toBe(d.revision);
});

test("two buyers on the last seat of the storefront's quota: one is charged and sold it, the other refused uncharged", async () => {
  const d = dates[0]!;
  // Set before the seat engine first loads the date (a node's layout learns a change within 5 s otherwise).
  const saved = await allocate(d, [
    { channel: 'web', seats: 2 },
    { channel: 'box-office', seats: 0 },
  ]);
  expect(saved.channelAllocations).toEqual([
    { channel: 'box-office', seats: 0, sold: 0 },
    { channel: 'web', seats: 2, sold: 0 },
  ]);
  const [audit] = (
    await sql.query(`SELECT detail FROM audit_log WHERE action = 'presentation-channel-allocations' AND subject = $1`, [
      `presentation:${d.id}`,
    ])
  ).rows;
  expect(audit.detail).toEqual({
    before: [],
    after: [
      { channel: 'box-office', seats: 0 },
      { channel: 'web', seats: 2 },
    ],
  });

  const show = await loadShow(t.url, d.id);
  // A box-office quota of none does not limit the storefront: the first web seat is sold.
  expect((await (await readyToPay(show))()).status).toBe(201);
  const payA = await readyToPay(show);
  const payB = await readyToPay(show);
  const before = await charges();
  const answers = await Promise.all([payA(), payB()]);
  expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  const loser = answers.find((a) => a.status === 409)!;
  expect([loser.body.error, loser.body.message]).toEqual([
    'CHANNEL_QUOTA_EXHAUSTED',
    'The seats set aside for this sales channel on this date are sold out. You were not charged.',
  ]);
  // The loser's card was never charged (claimed before money moves), not charged and refunded.
  expect(await charges()).toBe(before + 1);
  expect((await current(d)).channelAllocations.find((a) => a.channel === 'web')).toEqual({
    channel: 'web',
    seats: 2,
    sold: 2,
  });
  // In the buyer's language, uncharged.
  const late = await (await readyToPay(show, 'he'))();
  expect([late.status, late.body.error, late.body.message]).toEqual([
    409,
    'CHANNEL_QUOTA_EXHAUSTED',
    'המקומות שהוקצו לערוץ מכירה זה במועד הזה אזלו. לא חויבתם.',
  ]);
  expect(await charges()).toBe(before + 1);
  const { rows } = await sql.query(`SELECT count(*)::int AS n FROM limit_claim WHERE resource LIKE $1`, [
    `quota:${d.id}:%`,
  ]);
  expect(rows[0].n).toBe(0);
});

test('control: without the claim (and so without the re-check) the same race sells past the quota', async () => {
  const d = dates[1]!;
  await allocate(d, [{ channel: 'web', seats: 1 }]);
  const show = await loadShow(t.url, d.id);
  const registry = t.app.get(SaleParticipants);
  const guarded = registry.all().find((p) => p.name === 'channel-quotas')!;
  const payA = await readyToPay(show);
  const payB = await readyToPay(show);
  registry.register(new UnclaimedChannelQuotaSaleParticipant(registry));
  try {
    const answers = await Promise.all([payA(), payB()]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
  } finally {
    registry.register(guarded);
  }
  expect((await current(d)).channelAllocations).toEqual([{ channel: 'web', seats: 1, sold: 2 }]);
});

test('a quota set after sales counts what the date already sold through the channel', async () => {
  const d = dates[2]!;
  const show = await loadShow(t.url, d.id);
  expect((await (await readyToPay(show))()).status).toBe(201);
  const saved = await allocate(d, [
    { channel: 'web', seats: 5 },
    { channel: 'mini-site', seats: 3 },
  ]);
  expect(saved.channelAllocations).toEqual([
    { channel: 'mini-site', seats: 3, sold: 0 },
    { channel: 'web', seats: 5, sold: 1 },
  ]);
  // All at once: a channel left out is no longer limited.
  const cleared = await allocate(d, []);
  expect(cleared.channelAllocations).toEqual([]);
});

test("a customer's cancelled order gives its seats back to the channel's quota", async () => {
  // A demo date the customer may cancel (the customers' kit sets its policy); its quota set before it is loaded.
  const id = await cancellableShow(sql);
  await allocate({ id } as AdminPresentation, [{ channel: 'web', seats: 1 }]);
  const show = await loadShow(t.url, id);
  const mobile = '0501234567';
  const order = await buySeats(t.url, show, [plainSeats(show)[0]!], mobile);
  seatsUsed.set(id, 1);
  const refused = await (await readyToPay(show))();
  expect([refused.status, refused.body.error]).toEqual([409, 'CHANNEL_QUOTA_EXHAUSTED']);

  const customer = customerClient(t.url, newVisitor());
  await logIn(customer, sql, { ssn: '000000018', mobile });
  const cancelled = await customer.call('POST', `/api/reservations/${order.reservationIdentifier}/cancel`, {});
  expect([cancelled.status, cancelled.body.ReservationState]).toEqual([200, 'cancelled']);
  expect((await current({ id } as AdminPresentation)).channelAllocations).toEqual([
    { channel: 'web', seats: 1, sold: 0 },
  ]);
  expect((await (await readyToPay(show))()).status).toBe(201);
});

test('a cancelled date refuses allocations', async () => {
  const d = await current(dates[3]!);
  const cancelled = await admin.call<AdminPresentation>('POST', `/api/admin/presentations/${d.id}/cancel`, {
    revision: d.revision,
    reason: '',
  });
  expect(cancelled.status).toBe(202);
  const refused = await admin.call('PUT', url(d), { revision: cancelled.body.revision, allocations: [] });
  expect([refused.status, refused.body.error]).toEqual([409, 'PRESENTATION_CANCELLED']);
});
