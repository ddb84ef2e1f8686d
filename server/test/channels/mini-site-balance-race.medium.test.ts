import { ChannelSaleParticipant } from '../../src/orders/channel-sale.participant';
import type { Client } from 'pg';
import type { ApiSeat } from '@hotline/shared';
import { DEMO_MINI_SITE_URL } from '../../src/seed/demo-mini-site';
import { ChannelErrors } from '../../src/channels/channels.errors';
import { MINI_SITE_BACKSTOP, uncheckedMiniSiteSales } from '../support/unchecked-mini-site-sales';
import type { ProviderOverride, TestApp } from '../support/test-env';
import {
  buyer,
  call,
  cartOf,
  cartSeat,
  commit,
  count,
  lockAll,
  loadShow,
  newVisitor,
  startBooking,
  type Buyer,
} from '../booking/support/booking-kit';

/**
 * A mini-site ticket's Balance under 50 concurrent buyers: every buyer holds a seat of their own set
 * aside for the mini-site and buys the employee ticket, whose balance is 10. The guard is the channel participant's
 * one check (`remaining`: the balance rows locked, what is left less other carts' claims), before the charge and again
 * in the sale's transaction; the draw after it is unconditional, backed by the CHECK balance >= 0, which is refused
 * the same way. Exactly 10 sell and the balance ends at 0, never below, with the check (guarded) and with the
 * backstop alone (check switched off, test-only provider override). The control switches the check off and lifts the
 * CHECK, and must oversell, or this test proves nothing.
 */
const BUYERS = 50;
const BALANCE = 10;

interface Race {
  results: { buyer: Buyer; status: number; body: any }[];
  ticketId: number;
}

async function race(t: TestApp, sql: Client): Promise<Race> {
  const site = (await call(t.url, 'GET', `/api/mini-site/${DEMO_MINI_SITE_URL}`, newVisitor())).body.miniSite;
  const presentationId: number = site.PresentationList[0];
  // Every seat of the plan set aside (before any layout is cached), the employee tickets free and limited to BALANCE.
  await sql.query(
    `INSERT INTO seat_allocation (presentation_id, section_id, x, y, allocation_id)
     SELECT p.id, s.section_id, s.x, s.y, 1 FROM presentation p JOIN seat s ON s.seatplan_id = p.seatplan_id
      WHERE p.id = $1 ON CONFLICT DO NOTHING`,
    [presentationId],
  );
  await sql.query(
    `UPDATE ticket SET price = 0, service_charge = 0 WHERE id IN (SELECT ticket_id FROM mini_site_ticket)`,
  );
  await sql.query('UPDATE mini_site_ticket SET balance = $1', [BALANCE]);
  // Neighbouring buyers would otherwise trip the single-seat rules, which are not what this race is about.
  await sql.query('UPDATE presentation SET no_single_seat_gap = false, seating_policy_id = 1 WHERE id = $1', [
    presentationId,
  ]);
  const show = await loadShow(t.url, presentationId);
  const groups = (
    await call(
      t.url,
      'GET',
      `/api/presentations/${presentationId}/ticketGroups?miniSiteUrl=${DEMO_MINI_SITE_URL}`,
      newVisitor(),
    )
  ).body.ticketGroups as {
    id: number;
    zoneId: number;
    tickets: { id: number; price: number; serviceCharge: number }[];
  }[];
  // The zone with the most plain seats, and its employee ticket.
  const seatsOfZone = (zoneId: number): ApiSeat[] =>
    show.seats.filter((s) => s.features.length === 0 && s.TicketGroupId === zoneId);
  const group = [...groups]
    .filter((g) => g.tickets.length > 0)
    .sort((a, b) => seatsOfZone(b.zoneId).length - seatsOfZone(a.zoneId).length)[0]!;
  const ticket = group.tickets[0]!;
  const seats = seatsOfZone(group.zoneId);
  if (seats.length < BUYERS) throw new Error(`only ${seats.length} seats in the largest zone`);
  const buyers = await Promise.all(Array.from({ length: BUYERS }, () => buyer(t.url)));
  const carts = await Promise.all(
    buyers.map(async (b, i) => {
      await lockAll(t.url, b, show, [seats[i]!]);
      const seat = { ...cartSeat(show, seats[i]!), ticketId: ticket.id, amount: 0, serviceCharge: 0 };
      return cartOf([seat], { cartIdentifier: crypto.randomUUID(), miniSiteUrl: DEMO_MINI_SITE_URL });
    }),
  );
  const results = await Promise.all(buyers.map(async (b, i) => ({ buyer: b, ...(await commit(t.url, b, carts[i]!)) })));
  return { results, ticketId: ticket.id };
}

// One sale more than the balance waits in the sale until all have come: each passed the channel check, none drew.
const UNCHECKED: ProviderOverride[] = [
  { provide: ChannelSaleParticipant, useClass: uncheckedMiniSiteSales(BALANCE + 1) },
];

/** Exactly the balance sold, the balance at 0, each sale the mini-site's, every other buyer told why. */
async function expectExactlyTheBalance(env: Awaited<ReturnType<typeof startBooking>>, r: Race): Promise<void> {
  const { results, ticketId } = r;
  const won = results.filter((x) => x.status === 201);
  const lost = results.filter((x) => x.status === 409 && x.body.error === 'MINI_SITE_BALANCE_USED_UP');
  const others = results.filter((x) => !won.includes(x) && !lost.includes(x)).map((x) => [x.status, x.body]);
  expect({ won: won.length, lost: lost.length, others }).toEqual({ won: BALANCE, lost: BUYERS - BALANCE, others: [] });
  expect(await count(env.sql, 'SELECT balance FROM mini_site_ticket WHERE ticket_id = $1', [ticketId])).toBe(0);
  expect(
    await count(env.sql, "SELECT count(*) FROM reservation_ticket WHERE ticket_id = $1 AND status = 'live'", [
      ticketId,
    ]),
  ).toBe(BALANCE);
  expect(
    await count(
      env.sql,
      'SELECT count(*) FROM reservation_channel c JOIN mini_site m ON m.id = c.mini_site_id WHERE m.url = $1',
      [DEMO_MINI_SITE_URL],
    ),
  ).toBe(BALANCE);
  expect(new Set(lost.map((x) => x.body.message))).toEqual(
    new Set([ChannelErrors.MINI_SITE_BALANCE_USED_UP.message.he]),
  );
}

describe('a mini-site ticket balance under 50 concurrent buyers', () => {
  test('exactly the balance is sold, the balance ends at 0 (never below), every other buyer is told why', async () => {
    const env = await startBooking();
    try {
      await expectExactlyTheBalance(env, await race(env.t, env.sql));
    } finally {
      await env.close();
    }
  });

  test('the backstop alone (no check): the CHECK stops the draws at 0, the losers told the same', async () => {
    const env = await startBooking({}, UNCHECKED);
    try {
      await expectExactlyTheBalance(env, await race(env.t, env.sql));
    } finally {
      await env.close();
    }
  });

  test('control: with no check and no CHECK, the same race sells more than the balance', async () => {
    const env = await startBooking({}, UNCHECKED);
    try {
      await env.sql.query(MINI_SITE_BACKSTOP.lift);
      const { results, ticketId } = await race(env.t, env.sql);
      const sold = await count(
        env.sql,
        "SELECT count(*) FROM reservation_ticket WHERE ticket_id = $1 AND status = 'live'",
        [ticketId],
      );
      expect(results.filter((r) => r.status === 201).length).toBe(sold);
      expect(sold).toBeGreaterThan(BALANCE);
      // The counter agrees with what was sold (no lost update either way): the balance went below zero.
      expect(await count(env.sql, 'SELECT balance FROM mini_site_ticket WHERE ticket_id = $1', [ticketId])).toBe(
        BALANCE - sold,
      );
    } finally {
      await env.close();
    }
  });
});
