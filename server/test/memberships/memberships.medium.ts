import type { Client } from 'pg';
import {
  authoriseCard,
  call,
  cartSeat,
  commit,
  lockAll,
  loadShow,
  TEST_CARDS,
  type Buyer,
} from '../booking/support/booking-kit';
import { startBooking } from '../booking/support/booking-kit';
import type { TestApp } from '../support/test-env';
import {
  enrolLock,
  MEMBER_CUSTOMER,
  memberRow,
  membershipByCode,
  newBuyer,
  seatFreeEverywhere,
  seatStatus,
} from './support/membership-kit';

/**
 * Memberships and season enrolment through the real server: the list, the enrol lock (one script,
 * all or nothing), buying a membership, enrolling, member tickets at the member price and the lookups' errors.
 */
let t: TestApp;
let sql: Client;
let close: () => Promise<void>;

beforeAll(async () => {
  const env = await startBooking();
  t = env.t;
  sql = env.sql;
  close = env.close;
});
afterAll(() => close());

async function grantMember(b: Buyer, memberNumber: string) {
  await sql.query(
    `INSERT INTO member_grant (visitor_id, customer_membership_id, expires_at)
     SELECT $1, id, now() + interval '1 hour' FROM customer_membership WHERE member_number = $2`,
    [b.id, memberNumber],
  );
}

describe('the membership list', () => {
  test('lists the demo memberships with the spec fields; the season has a required event and the flexible one skips seats', async () => {
    const r = await call(t.url, 'GET', '/api/memberships?lang=en', crypto.randomUUID());
    expect(r.status).toBe(200);
    expect(r.body.maxMembershipsPerOrder).toBe(1);
    const codes = r.body.memberships.map((m: { Code: string }) => m.Code);
    expect(codes).toEqual(expect.arrayContaining(['CINEMA-CARD', 'THEATRE-SERIES', 'SEASON', 'SEASON-FLEX']));
    const season = await membershipByCode(t.url, 'SEASON');
    expect(season.Presentations.length).toBeGreaterThanOrEqual(3);
    expect(season.Presentations.filter((p) => p.IsRequired)).toHaveLength(1);
    expect(season.prices[0]).toMatchObject({ PriceCode: 'ADULT', Price: 300, currency: { code: 'ILS' } });
    const series = await membershipByCode(t.url, 'THEATRE-SERIES');
    expect(series.MembershipTypeId).toBe(2);
    expect((await membershipByCode(t.url, 'SEASON-FLEX')).IsSkipMemberSeat).toBe(true);
    const missing = await call(t.url, 'GET', '/api/memberships/NOPE?lang=en', crypto.randomUUID());
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('MEMBERSHIP_NOT_FOUND');
  });
});

describe('the enrol lock', () => {
  test('is all or nothing: a seat taken on one event locks it on none; a free seat is held on every event at once', async () => {
    const season = await membershipByCode(t.url, 'SEASON');
    const pids = season.Presentations.map((p) => p.PresentationId);
    const { show, seat } = await seatFreeEverywhere(t.url, pids);
    // Someone else holds the seat on the third event only.
    const other = await newBuyer(t.url);
    await lockAll(t.url, other, await loadShow(t.url, pids[2]!), [seat]);

    const b = await newBuyer(t.url);
    const refused = await enrolLock(t.url, b, season, show, seat, pids);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('SEAT_NOT_AVAILABLE');
    for (const [i, pid] of pids.entries()) expect(await seatStatus(t.url, pid, seat)).toBe(i === 2 ? 5 : 1);

    const next = show.seats.find(
      (s) =>
        s.VenueSectionId === seat.VenueSectionId &&
        s.YCoordinate === seat.YCoordinate &&
        s.XCoordinate === seat.XCoordinate! + 2,
    )!;
    const versions = await Promise.all(
      pids.map(
        async (pid) => (await call(t.url, 'GET', `/api/seats/seats-status?presentationId=${pid}`, b.id)).body.version,
      ),
    );
    const ok = await enrolLock(t.url, b, season, show, next, pids);
    expect(ok.status).toBe(200);
    expect(ok.body.selections.map((s: { prsntId: number }) => s.prsntId)).toEqual(pids);
    for (const [i, pid] of pids.entries()) {
      expect(await seatStatus(t.url, pid, next)).toBe(5);
      const v = (await call(t.url, 'GET', `/api/seats/seats-status?presentationId=${pid}`, b.id)).body.version;
      expect(v).toBeGreaterThan(versions[i]);
    }
    // Unlock gives it back everywhere.
    const un = await call(t.url, 'PUT', `/api/enroll/${season.MembershipId}/unlock-seat`, b.id, {
      venueId: show.venueId,
      seatplanId: show.seatplanId,
      sectionId: next.VenueSectionId,
      x: next.XCoordinate,
      y: next.YCoordinate,
      selections: [],
    });
    expect(un.status).toBe(200);
    for (const pid of pids) expect(await seatStatus(t.url, pid, next)).toBe(1);
  });

  test('PostgreSQL wins: a seat sold there but not in Redis refuses the whole enrol lock and is repaired', async () => {
    const season = await membershipByCode(t.url, 'SEASON');
    const pids = season.Presentations.map((p) => p.PresentationId);
    const { show, seat } = await seatFreeEverywhere(t.url, pids, 24);
    // A sale Redis never heard of (it was down), on the second event only.
    await sql.query(
      `WITH r AS (
         INSERT INTO reservation (identifier, cart_identifier, document_key, visitor_id, state, customer, locale, total_agorot)
         VALUES ('RES-FORGOT', 'cart-forgot', 'doc-forgot', gen_random_uuid(), 'paid', '{}', 'he', 0) RETURNING id)
       INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot)
       SELECT r.id, 'T-FORGOT', $1, $2, $3, $4, (SELECT id FROM ticket LIMIT 1), 0 FROM r`,
      [pids[1], seat.VenueSectionId, seat.XCoordinate, seat.YCoordinate],
    );
    const b = await newBuyer(t.url);
    const r = await enrolLock(t.url, b, season, show, seat, pids);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('SEAT_NOT_AVAILABLE');
    for (const [i, pid] of pids.entries()) expect(await seatStatus(t.url, pid, seat)).toBe(i === 1 ? 4 : 1);
  });

  test('a required event is always included; an event of another season is refused', async () => {
    const season = await membershipByCode(t.url, 'SEASON');
    const pids = season.Presentations.map((p) => p.PresentationId);
    const required = season.Presentations.find((p) => p.IsRequired)!.PresentationId;
    const optional = pids.filter((id) => id !== required);
    const { show, seat } = await seatFreeEverywhere(t.url, pids, 4);
    const b = await newBuyer(t.url);
    const ok = await enrolLock(t.url, b, season, show, seat, optional.slice(0, 1));
    expect(ok.status).toBe(200);
    expect(ok.body.selections.map((s: { prsntId: number }) => s.prsntId).sort()).toEqual(
      [required, optional[0]].sort(),
    );
    const bad = await enrolLock(t.url, b, season, show, seat, [999_999]);
    expect(bad.status).toBe(400);
  });
});

describe('buying and enrolling through the one commit', () => {
  test('enrol with a fixed seat on three events (one required), paid by card; a second enrolment is ALREADY_ENROLLED', async () => {
    const season = await membershipByCode(t.url, 'SEASON');
    const pids = season.Presentations.map((p) => p.PresentationId).slice(0, 3);
    const { show, seat } = await seatFreeEverywhere(t.url, pids, 8);
    const b = await newBuyer(t.url);
    expect((await enrolLock(t.url, b, season, show, seat, pids)).status).toBe(200);
    const rate = season.prices[0]!;
    const cart = {
      seats: [],
      memberships: [
        {
          membershipId: season.MembershipId,
          ticketId: rate.MembershipPriceId,
          seasonId: season.SeasonId!,
          totalAmount: rate.Price,
          seat: { sectionId: seat.VenueSectionId, x: seat.XCoordinate!, y: seat.YCoordinate! },
          ticketGroupId: seat.TicketGroupId,
          selections: pids.map((prsntId) => ({ prsntId })),
        },
      ],
      customerInfo: MEMBER_CUSTOMER,
      total: rate.Price,
      paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve),
    };
    const sold = await commit(t.url, b, cart as never);
    expect(sold.status).toBe(201);
    expect(sold.body.total).toBe(rate.Price);
    const tickets = await sql.query(
      `SELECT rt.presentation_id FROM reservation_ticket rt JOIN reservation r ON r.id = rt.reservation_id
        WHERE r.identifier = $1 ORDER BY rt.presentation_id`,
      [sold.body.reservationIdentifier],
    );
    expect(tickets.rows.map((r) => r.presentation_id)).toEqual([...pids].sort((a, c) => a - c));
    for (const pid of pids) expect(await seatStatus(t.url, pid, seat)).toBe(4);
    const enrol = (await sql.query('SELECT * FROM enrolment WHERE holder_ssn = $1', [MEMBER_CUSTOMER.ssn])).rows;
    expect(enrol).toHaveLength(1);

    const again = await newBuyer(t.url);
    const { seat: seat2 } = await seatFreeEverywhere(t.url, pids, 12);
    expect((await enrolLock(t.url, again, season, show, seat2, pids)).status).toBe(200);
    const second = await commit(t.url, again, {
      ...cart,
      memberships: [
        {
          ...cart.memberships[0]!,
          seat: { sectionId: seat2.VenueSectionId, x: seat2.XCoordinate!, y: seat2.YCoordinate! },
        },
      ],
      paymentIdentifier: await authoriseCard(t.url, again, TEST_CARDS.approve),
    } as never);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('ALREADY_ENROLLED');
  });

  test('IsSkipMemberSeat: enrolled without a seat (placeholder), priced per event with the PresentationDetail override', async () => {
    const flex = await membershipByCode(t.url, 'SEASON-FLEX');
    expect(flex.IsSkipMemberSeat).toBe(true);
    const pids = flex.Presentations.map((p) => p.PresentationId);
    const overridden = Object.keys(flex.PresentationDetail).map(Number);
    expect(overridden).toHaveLength(1);
    // 60 + 60 per event, 45 on the overridden one.
    const total = flex.Presentations.reduce(
      (sum, p) => sum + (overridden.includes(p.PresentationId) ? 45 : p.MembershipPayableAmount),
      0,
    );
    expect(total).toBe(165);
    const b = await newBuyer(t.url);
    const item = {
      membershipId: flex.MembershipId,
      ticketId: flex.prices[0]!.MembershipPriceId,
      seasonId: flex.SeasonId!,
      totalAmount: total,
      seat: null,
      selections: pids.map((prsntId) => ({ prsntId })),
    };
    const holder = { ...MEMBER_CUSTOMER, ssn: '000000059' };
    const wrong = await commit(t.url, b, {
      seats: [],
      memberships: [{ ...item, totalAmount: 100 }],
      customerInfo: holder,
    } as never);
    expect(wrong.status).toBe(409);
    expect(wrong.body.error).toBe('PRICE_MISMATCH');
    const r = await commit(t.url, b, {
      seats: [],
      memberships: [item],
      customerInfo: holder,
      total,
      paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve),
    } as never);
    expect(r.status).toBe(201);
    const row = (await sql.query('SELECT * FROM enrolment WHERE holder_ssn = $1', [holder.ssn])).rows[0];
    expect(row.section_id).toBeNull();
    expect(row.presentation_ids).toEqual(pids);
  });

  test('a top-up adds its units to the member named by number', async () => {
    const card = await membershipByCode(t.url, 'CINEMA-CARD');
    const topup = card.prices.find((p) => p.isTopup)!;
    const before = await memberRow(sql, 'M-100001');
    const b = await newBuyer(t.url);
    const r = await commit(t.url, b, {
      seats: [],
      memberships: [
        {
          membershipId: card.MembershipId,
          membershipPriceId: topup.MembershipPriceId,
          memberNumber: 'M-100001',
          isTopup: true,
        },
      ],
      customerInfo: MEMBER_CUSTOMER,
      total: topup.Price,
      paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve),
    } as never);
    expect(r.status).toBe(201);
    expect((await memberRow(sql, 'M-100001')).balance).toBe(before.balance + 5);
  });

  test('a season without its required event is refused before any charge', async () => {
    const season = await membershipByCode(t.url, 'SEASON');
    const optional = season.Presentations.filter((p) => !p.IsRequired).map((p) => p.PresentationId);
    const b = await newBuyer(t.url);
    const r = await commit(t.url, b, {
      seats: [],
      memberships: [
        {
          membershipId: season.MembershipId,
          ticketId: season.prices[0]!.MembershipPriceId,
          seasonId: season.SeasonId!,
          totalAmount: season.prices[0]!.Price,
          seat: { sectionId: 1, x: 1, y: 1 },
          selections: optional.map((prsntId) => ({ prsntId })),
        },
      ],
      customerInfo: { ...MEMBER_CUSTOMER, ssn: '000000034' },
    } as never);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('REQUIRED_EVENT_MISSING');
  });

  test('buying a membership makes a member with a member number and the balance; more than one per order is refused', async () => {
    const card = await membershipByCode(t.url, 'CINEMA-CARD');
    const price = card.prices.find((p) => !p.isTopup)!;
    const b = await newBuyer(t.url);
    const item = {
      membershipId: card.MembershipId,
      membershipPriceId: price.MembershipPriceId,
      currencyId: 1,
      price: price.Price,
    };
    const two = await commit(t.url, b, {
      seats: [],
      memberships: [item, item],
      customerInfo: MEMBER_CUSTOMER,
    } as never);
    expect(two.status).toBe(409);
    expect(two.body.error).toBe('MEMBERSHIPS_MAX_PER_ORDER');
    const r = await commit(t.url, b, {
      seats: [],
      memberships: [item],
      customerInfo: MEMBER_CUSTOMER,
      total: price.Price,
      paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve),
    } as never);
    expect(r.status).toBe(201);
    const member = (
      await sql.query(
        `SELECT cm.* FROM customer_membership cm JOIN reservation r ON r.id = cm.reservation_id WHERE r.identifier = $1`,
        [r.body.reservationIdentifier],
      )
    ).rows[0];
    expect(member.member_number).toMatch(/^M-\d+$/);
    expect(member.balance).toBe(card.Balance);
    expect(member.customer_id).not.toBeNull();
  });

  test('buying a membership with a seat holds the seat through /membership/lock-seat and sells it', async () => {
    const m = await membershipByCode(t.url, 'CINEMA-SEAT');
    const plan = await call(
      t.url,
      'GET',
      `/api/membership/seatplan?membershipId=${m.MembershipId}`,
      crypto.randomUUID(),
    );
    expect(plan.status).toBe(200);
    const pids: number[] = plan.body.seatplan.presentationIds;
    const { show, seat } = await seatFreeEverywhere(t.url, pids, 16);
    const b = await newBuyer(t.url);
    const lock = await call(t.url, 'PUT', '/api/membership/lock-seat', b.id, {
      recaptchaToken: b.token,
      seat: {
        MembershipId: m.MembershipId,
        VenueId: show.venueId,
        VenueSeatplanId: show.seatplanId,
        VenueSectionId: seat.VenueSectionId,
        TicketGroupId: seat.TicketGroupId,
        XCoordinate: seat.XCoordinate,
        YCoordinate: seat.YCoordinate,
      },
    });
    expect(lock.status).toBe(200);
    expect(lock.body.selections).toHaveLength(pids.length);
    const price = m.prices[0]!;
    const r = await commit(t.url, b, {
      seats: [],
      memberships: [
        {
          membershipId: m.MembershipId,
          membershipPriceId: price.MembershipPriceId,
          seat: { sectionId: seat.VenueSectionId, x: seat.XCoordinate!, y: seat.YCoordinate! },
        },
      ],
      customerInfo: { ...MEMBER_CUSTOMER, ssn: '000000042' },
      total: price.Price,
      paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve),
    } as never);
    expect(r.status).toBe(201);
    for (const pid of pids) expect(await seatStatus(t.url, pid, seat)).toBe(4);
  });
});

describe('member tickets', () => {
  async function memberTicketCart(b: Buyer, memberNumber: string, count: number) {
    const season = await membershipByCode(t.url, 'SEASON');
    const pid = season.Presentations[3]!.PresentationId;
    const show = await loadShow(t.url, pid);
    // Each call takes its own seats from the free ones (every third, so no two calls touch).
    const seats = [];
    for (let k = 0; k < count; k++) seats.push((await seatFreeEverywhere(t.url, [pid], 20 + k * 3)).seat);
    await lockAll(t.url, b, show, seats);
    const tickets = (await call(t.url, 'GET', `/api/membership/member-tickets?presentationId=${pid}&lang=en`, b.id))
      .body.tickets;
    const lines = seats.map((s) => {
      const group = show.groupOfZone.get(s.TicketGroupId)!;
      const ticket = tickets.find((x: { ticketGroupId: number }) => x.ticketGroupId === group.id);
      return { ...cartSeat(show, s), ticketId: ticket.id, amount: ticket.price, serviceCharge: 0, memberNumber };
    });
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    return { seats: lines, ticketCodes: ['MEMBER'], customerInfo: MEMBER_CUSTOMER, total, numberOfPayments: 1 };
  }

  test('a logged-in member buys at the member price; the balance goes down by one', async () => {
    const b = await newBuyer(t.url);
    await grantMember(b, 'M-100001');
    const before = await memberRow(sql, 'M-100001');
    const cart = await memberTicketCart(b, 'M-100001', 1);
    const r = await commit(t.url, b, {
      ...cart,
      paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve),
    } as never);
    if (r.status !== 201) console.log('member ticket', r.body);
    expect(r.status).toBe(201);
    expect((await memberRow(sql, 'M-100001')).used_balance).toBe(before.used_balance + 1);
  });

  test('a member ticket beyond the balance is refused and nothing is drawn', async () => {
    await sql.query(
      `INSERT INTO customer_membership (membership_id, member_number, holder_name, balance, starts_at, ends_at)
       SELECT id, 'M-LOW', 'Low Balance', 1, now() - interval '1 day', now() + interval '1 day' FROM membership WHERE code = 'CINEMA-CARD'`,
    );
    const b = await newBuyer(t.url);
    await grantMember(b, 'M-LOW');
    const cart = await memberTicketCart(b, 'M-LOW', 2);
    const r = await commit(t.url, b, {
      ...cart,
      paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve),
    } as never);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('BALANCE_INSUFFICIENT');
    expect((await memberRow(sql, 'M-LOW')).used_balance).toBe(0);
  });

  test('without a confirmed member the member price is refused', async () => {
    const b = await newBuyer(t.url);
    const cart = await memberTicketCart(b, 'M-100001', 1);
    const r = await commit(t.url, b, {
      ...cart,
      paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve),
    } as never);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('MEMBER_NOT_VERIFIED');
    const none = await commit(t.url, b, {
      ...cart,
      seats: cart.seats.map((s) => ({ ...s, memberNumber: null })),
    } as never);
    expect(none.body.error).toBe('NO_VALID_MEMBER');
  });
});

describe('available member lookups', () => {
  async function lookup(body: Record<string, unknown>) {
    const b = await newBuyer(t.url);
    return call(t.url, 'POST', '/api/membership/available-member?lang=en', b.id, { ...body, recaptchaToken: b.token });
  }

  test('by member number, ID and mobile, with the spec errors', async () => {
    await sql.query(
      `INSERT INTO customer_membership (membership_id, member_number, holder_name, balance, starts_at, ends_at, mobile)
       SELECT id, 'M-OLD', 'Old Member', 5, now() - interval '2 years', now() - interval '1 year', NULL FROM membership WHERE code = 'CINEMA-CARD'
       UNION ALL
       SELECT id, 'M-NEW', 'New Member', 5, now() + interval '1 month', now() + interval '1 year', '0509999999' FROM membership WHERE code = 'CINEMA-CARD'`,
    );
    const byNumber = await lookup({ memberNumber: 'M-100001' });
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.members[0]).toMatchObject({ memberNumber: 'M-100001', isAvailable: true, isExpired: false });
    expect(byNumber.body.members[0].name).toBe('ישראל י.');
    expect((await lookup({ ssn: '000000018' })).status).toBe(200);
    expect((await lookup({ mobileNumber: '0501234567' })).status).toBe(200);
    expect((await lookup({ memberNumber: 'M-NONE' })).body.error).toBe('NO_VALID_MEMBER');
    const expired = await lookup({ memberNumber: 'M-OLD' });
    expect(expired.body).toEqual({
      error: 'MEMBER_EXPIRED',
      message: 'The membership has expired.',
      requestId: expect.any(String),
    });
    expect((await lookup({ memberNumber: 'M-NEW' })).body.error).toBe('MEMBER_NOT_STARTED');
  });

  test('a one-time code: CUSTOMER_NOT_FOUND, CUSTOMER_NO_MOBILE, then the code finds the member and confirms it', async () => {
    const send = async (memberNumber: string) => {
      const b = await newBuyer(t.url);
      return call(t.url, 'POST', '/api/membership/member-code?lang=en', b.id, {
        memberNumber,
        recaptchaToken: b.token,
      });
    };
    expect((await send('M-NOBODY')).body.error).toBe('CUSTOMER_NOT_FOUND');
    expect((await send('M-OLD')).body.error).toBe('CUSTOMER_NO_MOBILE');
    expect((await send('M-100001')).status).toBe(200);
    const body = (
      await sql.query(
        `SELECT body FROM sent_message WHERE outbox_id IN (SELECT id FROM notification_outbox WHERE template = 'member-code') ORDER BY id DESC LIMIT 1`,
      )
    ).rows[0].body as string;
    const code = /(\d{6})/.exec(body)![1]!;
    const found = await lookup({ code });
    if (found.status !== 200) console.log('code lookup', found.body, code);
    expect(found.status).toBe(200);
    expect(found.body.members[0].name).toBe('ישראל ישראלי');
    expect((await lookup({ code })).body.error).toBe('INVALID_CODE');
  });
});
