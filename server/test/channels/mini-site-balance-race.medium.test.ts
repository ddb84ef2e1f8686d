import { ChannelSaleParticipant } from '../../src/orders/channel-sale.participant';
import type { Client } from 'pg';
import type { ApiSeat } from '@hotline/shared';
import { DEMO_MINI_SITE_URL } from '../../src/seed/demo-mini-site';
import { UnguardedMiniSiteSalesRepository } from '../support/unguarded-mini-site-sales.repository';
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
 * aside for the mini-site and buys the employee ticket, whose balance is 10. The sale draws the balance down with a
 * conditional UPDATE in the commit transaction: exactly 10 sell and the balance ends at 0, never below. The control
 * run swaps in the naive read-then-write draw-down (test-only provider override) and must oversell, or this test
 * proves nothing.
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

describe('a mini-site ticket balance under 50 concurrent buyers', () => {
  test('exactly the balance is sold, the balance ends at 0 (never below), every other buyer is told why', async () => {
    const env = await startBooking();
    try {
      const { results, ticketId } = await race(env.t, env.sql);
      const won = results.filter((r) => r.status === 201);
      const lost = results.filter((r) => r.status === 409 && r.body.error === 'MINI_SITE_BALANCE_USED_UP');
      const others = results.filter((r) => !won.includes(r) && !lost.includes(r)).map((r) => [r.status, r.body]);
      expect({ won: won.length, lost: lost.length, others }).toEqual({
        won: BALANCE,
        lost: BUYERS - BALANCE,
        others: [],
      });
      expect(await count(env.sql, 'SELECT balance FROM mini_site_ticket WHERE ticket_id = $1', [ticketId])).toBe(0);
      expect(
        await count(env.sql, "SELECT count(*) FROM reservation_ticket WHERE ticket_id = $1 AND status = 'live'", [
          ticketId,
        ]),
      ).toBe(BALANCE);
      // Each sale is recorded as the mini-site's.
      expect(
        await count(
          env.sql,
          'SELECT count(*) FROM reservation_channel c JOIN mini_site m ON m.id = c.mini_site_id WHERE m.url = $1',
          [DEMO_MINI_SITE_URL],
        ),
      ).toBe(BALANCE);
      expect(lost[0]!.body.message).toMatch(/לא נותרו/);
    } finally {
      await env.close();
    }
  });

  test('control: the naive read-then-write draw-down (test-only override) sells more than the balance', async () => {
    const UNGUARDED: ProviderOverride[] = [
      { provide: ChannelSaleParticipant, useClass: UnguardedMiniSiteSalesRepository },
    ];
    const env = await startBooking({}, UNGUARDED);
    try {
      const { results, ticketId } = await race(env.t, env.sql);
      const sold = await count(
        env.sql,
        "SELECT count(*) FROM reservation_ticket WHERE ticket_id = $1 AND status = 'live'",
        [ticketId],
      );
      expect(results.filter((r) => r.status === 201).length).toBe(sold);
      expect(sold).toBeGreaterThan(BALANCE);
    } finally {
      await env.close();
    }
  });
});
