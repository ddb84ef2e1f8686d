import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import type { ApiSeat } from '@hotline/shared';
import { jerusalemDateKey } from '@hotline/shared';
import { HoldClock } from '../../src/holds/hold-clock';
import { HoldReleaseJob } from '../../src/holds/hold-release.job';
import type { TestApp } from '../support/test-env';
import { count, loadShow, plainSeats, startBooking, type ShowInfo } from '../booking/support/booking-kit';
import { signedIn, type StaffBrowser } from '../backoffice/support/staff-kit';
import { MEMBER, placeHold, shopper } from './support/hold-kit';

/**
 * Reports count money taken: a member's unpaid hold shows in the back office's reports as held
 * seats with no revenue, never as sold; paid at the box office it becomes sold with its revenue on the day of the
 * payment; released, it disappears. The control is the count the reports used before (every live ticket), which
 * includes the hold: on a build where the reports read that count, the "held, not sold" assertions fail.
 */
describe('reports and hold orders', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  let t: TestApp;
  let sql: Client;
  let cinema: ShowInfo;
  let free: ApiSeat[];
  let admin: StaffBrowser;
  const take = (n: number) => free.splice(0, n);

  beforeAll(async () => {
    env = await startBooking({ HOLD_RELEASE_INTERVAL_MS: '0', RECOVERY_INTERVAL_MS: '0' });
    ({ t, sql } = env);
    cinema = await loadShow(t.url, 1);
    free = plainSeats(cinema);
    admin = await signedIn(t.url, sql, 'admin');
  });
  afterAll(() => env.close());
  afterEach(() => t.app.get(HoldClock).setOffset(0));

  /** What the back office shows for the show: its sales line, its sales per day, its seats by section, its cinema's capacity row. */
  async function report() {
    const data = await admin.call('GET', `/api/PRES-live/v2/presentationData?presentationId=${cinema.presentationId}`);
    expect(data.status).toBe(200);
    const line = data.body.presentations[0] as {
      Sold: number;
      Held: number;
      Availability: number;
      RevenueAgorot: number;
      Capacity: number;
    };
    const { rows } = await sql.query(
      `SELECT location_id AS "locationId", date_time AS "dateTime" FROM presentation WHERE id = $1`,
      [cinema.presentationId],
    );
    const capacity = await admin.call(
      'GET',
      `/api/PRES-live/locationTicketSales/data/${jerusalemDateKey(new Date(rows[0].dateTime))}/0`,
    );
    expect(capacity.status).toBe(200);
    const location = capacity.body.rows.find((r: { LocationId: number }) => r.LocationId === rows[0].locationId);
    return {
      sold: line.Sold,
      held: line.Held,
      revenue: line.RevenueAgorot,
      availability: line.Availability,
      capacity: line.Capacity,
      days: data.body.salesByDay as { Date: string; Sold: number; RevenueAgorot: number }[],
      sectionsSold: (data.body.sections as { Sold: number }[]).reduce((s, x) => s + x.Sold, 0),
      locationRow: location as { Sold: number; Held: number; Availability: number; Capacity: number },
    };
  }

  /** The reports' old count: every live ticket of the show, whatever its reservation's state. */
  const liveTickets = () =>
    count(sql, `SELECT count(*) FROM reservation_ticket WHERE presentation_id = $1 AND status = 'live'`, [
      cinema.presentationId,
    ]);

  /** The aggregate agrees with the tickets: sold = live paid tickets, held = live tickets of unpaid holds. */
  async function aggregateAgrees() {
    const { rows } = await sql.query(
      `SELECT (SELECT count(*)::int FROM reservation_ticket t JOIN reservation r ON r.id = t.reservation_id
                WHERE t.status = 'live' AND r.state <> 'hold') AS paid,
              (SELECT count(*)::int FROM reservation_ticket t JOIN reservation r ON r.id = t.reservation_id
                WHERE t.status = 'live' AND r.state = 'hold') AS holds,
              (SELECT COALESCE(sum(sold), 0)::int FROM sales_daily) AS sold,
              (SELECT COALESCE(sum(held), 0)::int FROM sales_daily) AS held`,
    );
    expect(rows[0].sold).toBe(rows[0].paid);
    expect(rows[0].held).toBe(rows[0].holds);
  }

  test('an unpaid hold is held with no revenue; paid at the box office it is sold, with revenue on the day of payment', async () => {
    const before = await report();
    const liveBefore = await liveTickets();
    const member = await shopper(t.url, sql, MEMBER);
    const hold = await placeHold(member, cinema, take(2));
    expect(hold.status).toBe(201);
    const resId = hold.body.reservationIdentifier as string;
    // Revenue is the tickets' price (the report's measure; the order total may add fees or products).
    const total = await count(
      sql,
      `SELECT sum(t.amount_agorot) FROM reservation_ticket t JOIN reservation r ON r.id = t.reservation_id WHERE r.identifier = $1`,
      [resId],
    );
    expect(total).toBeGreaterThan(0);

    // Control: the count the reports used to read includes the hold.
    expect(await liveTickets()).toBe(liveBefore + 2);
    const held = await report();
    expect(held).toMatchObject({ sold: before.sold, held: before.held + 2, revenue: before.revenue });
    expect(held.availability).toBe(before.availability - 2);
    expect(held.sectionsSold).toBe(before.sectionsSold);
    expect(held.days).toEqual(before.days);
    expect(held.locationRow.Held).toBe(before.locationRow.Held + 2);
    expect(held.locationRow.Sold).toBe(before.locationRow.Sold);
    expect(held.locationRow.Availability).toBe(before.locationRow.Availability - 2);
    // The sales monitor (by sale date, the last month) lists the show for its held seats, apart from the sold.
    const monitor = await admin.call('GET', '/api/PRES-live/monitors/PresentationSales/data');
    const line = monitor.body.presentations.find(
      (p: { PresentationId: number }) => p.PresentationId === cinema.presentationId,
    );
    expect(line).toMatchObject({ Held: held.held, Sold: held.sold });
    await aggregateAgrees();

    // Placed two days ago (as if): the sale still belongs to the day the money is taken.
    await sql.query(
      `UPDATE reservation_ticket SET created_at = now() - interval '2 days'
        WHERE reservation_id = (SELECT id FROM reservation WHERE identifier = $1)`,
      [resId],
    );
    const pay = await admin.call('POST', `/api/backoffice/holds/${resId}/pay`, {
      method: 'cash',
      paymentKey: randomUUID(),
    });
    expect(pay.status).toBe(200);

    const paid = await report();
    expect(paid).toMatchObject({ sold: before.sold + 2, held: before.held, revenue: before.revenue + total });
    expect(paid.availability).toBe(before.availability - 2);
    expect(paid.sectionsSold).toBe(before.sectionsSold + 2);
    expect(paid.locationRow).toMatchObject({ Sold: before.locationRow.Sold + 2, Held: before.locationRow.Held });
    const today = jerusalemDateKey(new Date());
    const dayOf = (days: typeof before.days, date: string) =>
      days.find((d) => d.Date === date) ?? { Sold: 0, RevenueAgorot: 0 };
    expect(dayOf(paid.days, today)).toMatchObject({
      Sold: dayOf(before.days, today).Sold + 2,
      RevenueAgorot: dayOf(before.days, today).RevenueAgorot + total,
    });
    expect(paid.days.filter((d) => d.Date !== today)).toEqual(before.days.filter((d) => d.Date !== today));
    await aggregateAgrees();
  });

  test('a released hold shows nothing: neither held nor sold', async () => {
    const before = await report();
    const member = await shopper(t.url, sql, MEMBER);
    const hold = await placeHold(member, cinema, take(3));
    expect(hold.status).toBe(201);
    expect(await report()).toMatchObject({ sold: before.sold, held: before.held + 3, revenue: before.revenue });

    t.app.get(HoldClock).setOffset(new Date(hold.body.holdDeadline).getTime() - Date.now() + 1_000);
    expect((await t.app.get(HoldReleaseJob).runOnce()).released).toBeGreaterThanOrEqual(1);
    const after = await report();
    expect(after).toMatchObject({
      sold: before.sold,
      held: before.held,
      revenue: before.revenue,
      availability: before.availability,
      days: before.days,
      sectionsSold: before.sectionsSold,
    });
    expect(after.locationRow).toEqual(before.locationRow);
    await aggregateAgrees();
  });
});
