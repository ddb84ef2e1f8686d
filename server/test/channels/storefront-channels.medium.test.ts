import type { Client } from 'pg';
import { DataSource } from 'typeorm';
import { CancellationRepository } from '../../src/cancellations/cancellation.repository';
import { DEVELOPMENT_PARTNER_SECRET } from '../../src/channels/integration-config';
import { integrationKey } from '../../src/channels/integration-key';
import { DEMO_MINI_SITE_URL } from '../../src/seed/demo-mini-site';
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
  plainSeats,
  startBooking,
} from '../booking/support/booking-kit';
import type { TestApp } from '../support/test-env';

/**
 * Mini-sites and partner links through the API: what a mini-site offers, that everything outside it is
 * refused (not just hidden), and that a partner link's integrationId is issued only for a fresh, correctly signed
 * link and ends up on the reservation.
 */
describe('mini-sites and partner links', () => {
  let env: { t: TestApp; sql: Client; close(): Promise<void> };
  let site: { PresentationList: number[]; ticket: { TicketId: number; Balance: number | null }[] };
  const get = (path: string) => call(env.t.url, 'GET', path, newVisitor());
  const link = (ts: number | string, ret: string, secret = DEVELOPMENT_PARTNER_SECRET) =>
    `/api/integration?TS=${ts}&ret=${encodeURIComponent(ret)}&key=${integrationKey(secret, String(ts), ret)}`;

  beforeAll(async () => {
    env = await startBooking();
    // One-seat orders in the theatre would trip its no-single-seat-gap rule, which is not what these tests are about.
    await env.sql.query(
      'UPDATE presentation SET no_single_seat_gap = false WHERE id IN (SELECT presentation_id FROM mini_site_presentation)',
    );
    site = (await get(`/api/mini-site/${DEMO_MINI_SITE_URL}`)).body.miniSite;
  });
  afterAll(() => env.close());

  test('GET /mini-site/:url answers its presentations and tickets with Balance; an unknown one is 404', async () => {
    expect(site.PresentationList).toHaveLength(2);
    expect(site.ticket.length).toBeGreaterThan(0);
    expect(site.ticket[0]).toEqual(expect.objectContaining({ Balance: 40, reference1: null, reference2: null }));
    const missing = await get('/api/mini-site/no-such-site');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('MINI_SITE_NOT_FOUND');
  });

  test('validate: its own tickets are valid, another ticket is not', async () => {
    const own = site.ticket[0]!.TicketId;
    const ok = await get(`/api/mini-site/validate/${DEMO_MINI_SITE_URL}?ticketIds=${own}&mode=seats`);
    expect(ok.body).toEqual(expect.objectContaining({ valid: true, mode: 'seats' }));
    const bad = await get(`/api/mini-site/validate/${DEMO_MINI_SITE_URL}?ticketIds=${own},1`);
    expect(bad.body.valid).toBe(false);
    expect(bad.body.tickets[1]).toEqual(
      expect.objectContaining({ TicketId: 1, valid: false, reason: 'NOT_IN_MINI_SITE' }),
    );
  });

  test('the catalogue in mini-site mode lists only its presentations and refuses any other', async () => {
    const listed = (await get(`/api/presentations/?miniSiteUrl=${DEMO_MINI_SITE_URL}`)).body.presentations;
    expect(listed.map((p: { id: number }) => p.id).sort()).toEqual([...site.PresentationList].sort());
    const all = (await get('/api/presentations/')).body.presentations as { id: number }[];
    const other = all.find((p) => !site.PresentationList.includes(p.id))!.id;
    for (const path of [
      `/api/presentations/${other}?miniSiteUrl=${DEMO_MINI_SITE_URL}`,
      `/api/presentations/${other}/ticketGroups?miniSiteUrl=${DEMO_MINI_SITE_URL}`,
      `/api/seats/seats-status?presentationId=${other}&miniSiteUrl=${DEMO_MINI_SITE_URL}`,
    ]) {
      const r = await get(path);
      expect([path, r.status, r.body.error]).toEqual([path, 403, 'MINI_SITE_PRESENTATION_NOT_ALLOWED']);
    }
    const features = (await get(`/api/features/?miniSiteUrl=${DEMO_MINI_SITE_URL}`)).body.features;
    expect(features).toHaveLength(1);
  });

  test('ticket groups: the mini-site sees only its tickets with balance; the public never sees them', async () => {
    const pid = site.PresentationList[0]!;
    const own = new Set(site.ticket.map((t) => t.TicketId));
    const mini = (await get(`/api/presentations/${pid}/ticketGroups?miniSiteUrl=${DEMO_MINI_SITE_URL}`)).body;
    const miniTickets = mini.ticketGroups.flatMap((g: { tickets: { id: number }[] }) => g.tickets);
    expect(miniTickets.length).toBeGreaterThan(0);
    expect(miniTickets.every((t: { id: number; balance: number }) => own.has(t.id) && t.balance === 40)).toBe(true);
    const pub = (await get(`/api/presentations/${pid}/ticketGroups`)).body;
    const pubTickets = pub.ticketGroups.flatMap((g: { tickets: { id: number }[] }) => g.tickets);
    expect(pubTickets.length).toBeGreaterThan(0);
    expect(pubTickets.some((t: { id: number }) => own.has(t.id))).toBe(false);
  });

  test('seats carry AllocationId; in mini-site mode only allocated seats are available', async () => {
    const pid = site.PresentationList[0]!;
    const pub = (await get(`/api/seats/seats-status?presentationId=${pid}`)).body;
    const allocated = pub.seats.filter((r: number[]) => r[4] !== -1);
    expect(allocated.length).toBeGreaterThan(0);
    expect(pub.seats.some((r: number[]) => r[4] === -1 && r[6] === 1)).toBe(true);
    const mini = (await get(`/api/seats/seats-status?presentationId=${pid}&miniSiteUrl=${DEMO_MINI_SITE_URL}`)).body;
    expect(mini.seats.filter((r: number[]) => r[6] === 1).every((r: number[]) => r[4] !== -1)).toBe(true);
    expect(mini.soldout).toBe(false);
  });

  test('the commit refuses a ticket outside the mini-site, a non-allocated seat, and a mini-site ticket sold publicly', async () => {
    const pid = site.PresentationList[1]!;
    const show = await loadShow(env.t.url, pid);
    const allocated = new Set(
      (await env.sql.query('SELECT section_id, x, y FROM seat_allocation WHERE presentation_id = $1', [pid])).rows.map(
        (r) => `${r.section_id}:${r.x}:${r.y}`,
      ),
    );
    const isAllocated = (s: { VenueSectionId: number; XCoordinate: number | null; YCoordinate: number | null }) =>
      allocated.has(`${s.VenueSectionId}:${s.XCoordinate}:${s.YCoordinate}`);
    const seats = plainSeats(show);
    const inside = seats.find(isAllocated)!;
    const outside = seats.find((s) => !isAllocated(s))!;
    const b = await buyer(env.t.url);
    await lockAll(env.t.url, b, show, [inside, outside]);
    const employee = site.ticket.map((t) => t.TicketId);
    const groups = (
      await call(env.t.url, 'GET', `/api/presentations/${pid}/ticketGroups?miniSiteUrl=${DEMO_MINI_SITE_URL}`, b.id)
    ).body.ticketGroups as { zoneId: number; tickets: { id: number; price: number; serviceCharge: number }[] }[];
    const employeeFor = (s: typeof inside) => groups.find((g) => g.zoneId === s.TicketGroupId)!.tickets[0]!;
    const publicSeat = cartSeat(show, inside);
    expect(employee).not.toContain(publicSeat.ticketId);

    const outsideTicket = await commit(env.t.url, b, cartOf([publicSeat], { miniSiteUrl: DEMO_MINI_SITE_URL }));
    expect([outsideTicket.status, outsideTicket.body.error]).toEqual([403, 'MINI_SITE_TICKET_NOT_ALLOWED']);

    const t2 = employeeFor(outside);
    const notAllocated = await commit(
      env.t.url,
      b,
      cartOf([{ ...cartSeat(show, outside), ticketId: t2.id, amount: t2.price, serviceCharge: t2.serviceCharge }], {
        miniSiteUrl: DEMO_MINI_SITE_URL,
      }),
    );
    expect([notAllocated.status, notAllocated.body.error]).toEqual([409, 'MINI_SITE_SEAT_NOT_ALLOCATED']);

    const t1 = employeeFor(inside);
    const employeeSeat = {
      ...cartSeat(show, inside),
      ticketId: t1.id,
      amount: t1.price,
      serviceCharge: t1.serviceCharge,
    };
    const publicEmployee = await commit(env.t.url, b, cartOf([employeeSeat]));
    expect([publicEmployee.status, publicEmployee.body.error]).toEqual([403, 'MINI_SITE_TICKET_NOT_ALLOWED']);
    expect(await count(env.sql, 'SELECT count(*) FROM reservation')).toBe(0);
  });

  test('in mini-site mode a lock refuses a seat that is not set aside and a presentation outside it', async () => {
    const pid = site.PresentationList[0]!;
    const show = await loadShow(env.t.url, pid);
    const allocated = new Set(
      (await env.sql.query('SELECT section_id, x, y FROM seat_allocation WHERE presentation_id = $1', [pid])).rows.map(
        (r) => `${r.section_id}:${r.x}:${r.y}`,
      ),
    );
    const outside = plainSeats(show)
      .filter((s) => !allocated.has(`${s.VenueSectionId}:${s.XCoordinate}:${s.YCoordinate}`))
      .at(-1)!;
    const b = await buyer(env.t.url);
    const lock = (path: string, p: typeof show, seat: typeof outside) =>
      call(env.t.url, 'PUT', path, b.id, {
        recaptchaToken: b.token,
        seat: {
          PresentationId: p.presentationId,
          VenueId: p.venueId,
          VenueSeatplanId: p.seatplanId,
          VenueSectionId: seat.VenueSectionId,
          TicketGroupId: 0,
          XCoordinate: seat.XCoordinate,
          YCoordinate: seat.YCoordinate,
        },
      });
    const refused = await lock(`/api/seats/lock-seat?miniSiteUrl=${DEMO_MINI_SITE_URL}`, show, outside);
    expect([refused.status, refused.body.error]).toEqual([409, 'MINI_SITE_SEAT_NOT_ALLOCATED']);
    const all = (await get('/api/presentations/')).body.presentations as { id: number; isReserved: boolean }[];
    const other = await loadShow(env.t.url, all.find((p) => !site.PresentationList.includes(p.id) && p.isReserved)!.id);
    const elsewhere = await lock(
      `/api/seats/lock-seat?miniSiteUrl=${DEMO_MINI_SITE_URL}`,
      other,
      plainSeats(other)[0]!,
    );
    expect([elsewhere.status, elsewhere.body.error]).toEqual([403, 'MINI_SITE_PRESENTATION_NOT_ALLOWED']);
    // The same seat publicly: locked as usual.
    expect((await lock('/api/seats/lock-seat', show, outside)).status).toBe(200);
  });

  test('a partner link: all three parameters needed, a good key answers one integrationId, a forged or stale one is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const good = await get(link(now, 'order-77'));
    expect(good.status).toBe(200);
    expect(good.body.integrationId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get(link(now, 'order-77'))).body.integrationId).toBe(good.body.integrationId);

    const forged = await get(link(now, 'order-77', 'not-the-partner-secret-0123456789abcdef'));
    expect([forged.status, forged.body.error]).toEqual([403, 'INTEGRATION_KEY_INVALID']);
    const tampered = await get(link(now, 'order-77').replace('order-77', 'order-78'));
    expect([tampered.status, tampered.body.error]).toEqual([403, 'INTEGRATION_KEY_INVALID']);
    const stale = await get(link(now - 3600, 'order-77'));
    expect([stale.status, stale.body.error]).toEqual([403, 'INTEGRATION_EXPIRED']);
    const missing = await get(`/api/integration?TS=${now}&ret=x`);
    expect([missing.status, missing.body.error]).toEqual([400, 'INTEGRATION_PARAMS_MISSING']);
  });

  test('the integrationId flows into the commit and is recorded on the reservation; an unknown one is not', async () => {
    const { integrationId } = (await get(link(Math.floor(Date.now() / 1000), 'basket-9'))).body;
    const all = (await get('/api/presentations/')).body.presentations as { id: number; isReserved: boolean }[];
    const pid = all.find((p) => !site.PresentationList.includes(p.id) && p.isReserved)!.id;
    const show = await loadShow(env.t.url, pid);
    const seat = plainSeats(show).at(-1)!;
    const b = await buyer(env.t.url);
    await lockAll(env.t.url, b, show, [seat]);
    const free = { ...cartSeat(show, seat) };
    // Free ticket: no card needed for this check.
    await env.sql.query('UPDATE ticket SET price = 0, service_charge = 0 WHERE id = $1', [free.ticketId]);
    free.amount = 0;
    free.serviceCharge = 0;
    const done = await commit(env.t.url, b, cartOf([free], { integrationId }));
    expect(done.status).toBe(201);
    const row = await env.sql.query(
      `SELECT c.integration_id::text AS id, c.partner FROM reservation_channel c JOIN reservation r ON r.id = c.reservation_id
        WHERE r.identifier = $1`,
      [done.body.reservationIdentifier],
    );
    expect(row.rows[0]).toEqual({ id: integrationId, partner: 'demo-partner' });

    // An id we never issued is not recorded, and does not stop the sale.
    const seat2 = plainSeats(show).at(-2)!;
    await lockAll(env.t.url, b, show, [seat2]);
    const forged = { ...cartSeat(show, seat2), amount: 0, serviceCharge: 0 };
    await env.sql.query('UPDATE ticket SET price = 0, service_charge = 0 WHERE id = $1', [forged.ticketId]);
    const sold = await commit(
      env.t.url,
      b,
      cartOf([forged], { integrationId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(sold.status).toBe(201);
    expect(
      await count(
        env.sql,
        'SELECT count(*) FROM reservation_channel c JOIN reservation r ON r.id = c.reservation_id WHERE r.identifier = $1',
        [sold.body.reservationIdentifier],
      ),
    ).toBe(0);
  });

  test('a mini-site sale draws its ticket balance down and a cancellation gives it back (once)', async () => {
    const pid = site.PresentationList[0]!;
    const show = await loadShow(env.t.url, pid);
    const allocated = new Set(
      (await env.sql.query('SELECT section_id, x, y FROM seat_allocation WHERE presentation_id = $1', [pid])).rows.map(
        (r) => `${r.section_id}:${r.x}:${r.y}`,
      ),
    );
    // The middle seat of an allocated row: both neighbours stay free with free seats beyond (no single-seat gap).
    const inRow = plainSeats(show).filter((s) =>
      allocated.has(`${s.VenueSectionId}:${s.XCoordinate}:${s.YCoordinate}`),
    );
    const row = inRow.filter((s) => s.RowName === inRow[0]!.RowName && s.VenueSectionId === inRow[0]!.VenueSectionId);
    const seat = row[Math.floor(row.length / 2)]!;
    const b = await buyer(env.t.url);
    await lockAll(env.t.url, b, show, [seat]);
    const groups = (
      await call(env.t.url, 'GET', `/api/presentations/${pid}/ticketGroups?miniSiteUrl=${DEMO_MINI_SITE_URL}`, b.id)
    ).body.ticketGroups as { zoneId: number; tickets: { id: number }[] }[];
    const ticketId = groups.find((g) => g.zoneId === seat.TicketGroupId)!.tickets[0]!.id;
    await env.sql.query('UPDATE ticket SET price = 0, service_charge = 0 WHERE id = $1', [ticketId]);
    const balance = () => count(env.sql, 'SELECT balance FROM mini_site_ticket WHERE ticket_id = $1', [ticketId]);
    const before = await balance();
    const sold = await commit(
      env.t.url,
      b,
      cartOf([{ ...cartSeat(show, seat), ticketId, amount: 0, serviceCharge: 0 }], { miniSiteUrl: DEMO_MINI_SITE_URL }),
    );
    expect([sold.status, sold.body.error]).toEqual([201, undefined]);
    expect(await balance()).toBe(before - 1);

    const { rows } = await env.sql.query(
      `SELECT rt.id::text AS id, r.id::text AS reservation FROM reservation_ticket rt JOIN reservation r ON r.id = rt.reservation_id
        WHERE r.identifier = $1`,
      [sold.body.reservationIdentifier],
    );
    const repo = env.t.app.get(CancellationRepository);
    const db = env.t.app.get(DataSource);
    for (let i = 0; i < 2; i++)
      await db.transaction((tx) => repo.cancelTickets(tx, [rows[0].id], rows[0].reservation, true));
    expect(await balance()).toBe(before);
  });
});
