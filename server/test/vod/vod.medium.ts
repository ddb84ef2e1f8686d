import type { CartSeat } from '@hotline/shared';
import {
  authoriseCard,
  buyer,
  call,
  cartOf,
  commit,
  CUSTOMER,
  loadShow,
  lockSeat,
  newVisitor,
  startBooking,
  TEST_CARDS,
  type Buyer,
} from '../booking/support/booking-kit';
import { customerClient, logIn } from '../customers/support/customer-kit';

/**
 * Video-on-demand: the demo VOD events (venue types 101 and 103, seed demo-vod.ts), the ownership check
 * behind the stream, and the signed, short-lived stream URL that carries no personal data.
 */
describe('video-on-demand access', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  let vod101: number;
  let vod103: number;
  const url = () => env.t.url;

  beforeAll(async () => {
    env = await startBooking();
    const rows = await env.sql.query(
      'SELECT id, venue_type_id AS "type" FROM presentation WHERE venue_type_id BETWEEN 101 AND 104 ORDER BY venue_type_id',
    );
    vod101 = rows.rows.find((r) => r.type === 101).id;
    vod103 = rows.rows.find((r) => r.type === 103).id;
  });
  afterAll(() => env.close());

  /** Buys one general-admission place of a VOD event by card, as the storefront does. */
  async function buyVod(b: Buyer, vodId: number): Promise<string> {
    const show = await loadShow(url(), vodId);
    const plan = await call(
      url(),
      'GET',
      `/api/seats/seatplan?venueId=${show.venueId}&seatplanId=${show.seatplanId}`,
      b.id,
    );
    const section = plan.body.seatplan.sections[0];
    const locked = await lockSeat(url(), b, show, {
      VenueSectionId: section.VenueSectionId,
      XCoordinate: null,
      YCoordinate: null,
    });
    expect(locked.status).toBe(200);
    const group = show.groups[0]!;
    const ticket = group.tickets[0]!;
    const seat: CartSeat = {
      prsntId: vodId,
      ticketGroupId: group.id,
      venueId: show.venueId,
      seatplanId: show.seatplanId,
      sectionId: section.VenueSectionId,
      ticketId: ticket.id,
      amount: ticket.price,
      serviceCharge: ticket.serviceCharge,
      XCoordinate: locked.body.lockedSeat.x,
      YCoordinate: locked.body.lockedSeat.y,
      RowName: null,
      SeatName: String(locked.body.lockedSeat.x),
    };
    const paid = await commit(
      url(),
      b,
      cartOf([seat], {
        cartIdentifier: crypto.randomUUID(),
        paymentIdentifier: await authoriseCard(url(), b, TEST_CARDS.approve),
      }),
    );
    expect(paid.status).toBe(201);
    return paid.body.reservationIdentifier;
  }

  const access = (visitor: string, vodId: number, body: unknown, query = '') =>
    call(url(), 'POST', `/api/vod/${vodId}/access${query}`, visitor, body);

  test('GET /api/vod/:id answers VOD events only', async () => {
    const v = newVisitor();
    const info = await call(url(), 'GET', `/api/vod/${vod101}?lang=en`, v);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      vodId: vod101,
      venueTypeId: 101,
      simulated: true,
      featureName: expect.stringContaining('Online'),
    });
    const cinema = await call(url(), 'GET', '/api/vod/1?lang=en', v);
    expect(cinema.status).toBe(404);
    expect(cinema.body).toEqual({
      error: 'VOD_NOT_FOUND',
      message: 'This video was not found.',
      requestId: expect.any(String),
    });
  });

  test("refused without ownership: no details, wrong details, someone else's order, another event, another e-mail", async () => {
    const owner = await buyer(url());
    const reservation = await buyVod(owner, vod101);
    const stranger = newVisitor();
    const refusals = [
      [vod101, {}],
      [vod101, { reservationIdentifier: reservation }],
      [vod101, { reservationIdentifier: reservation, email: 'someone.else@example.com' }],
      [vod101, { reservationIdentifier: reservation, mobileNumber: '052-0000000' }],
      [vod101, { reservationIdentifier: 'HL00000000', email: CUSTOMER.email }],
      // The right order and details, but for the other VOD event (not bought).
      [vod103, { reservationIdentifier: reservation, email: CUSTOMER.email }],
    ] as const;
    for (const [vodId, body] of refusals) {
      const r = await access(stranger, vodId, body, '?lang=en');
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status: 403, error: 'VOD_NOT_OWNED' });
      expect(r.body.streamUrl).toBeUndefined();
    }
    // Not a VOD event at all.
    expect((await access(stranger, 1, { reservationIdentifier: reservation, email: CUSTOMER.email })).status).toBe(404);
    // A made-up stream link is refused.
    const forged = await fetch(`${url()}/api/vod/stream/${vod101}.9999999999.abc.AAAAAAAAAAAAAAAAAAAAAA`);
    expect(forged.status).toBe(404);
  });

  test('the buyer proves the purchase (order + e-mail, or order + mobile in any format) and gets a signed stream', async () => {
    const owner = await buyer(url());
    const reservation = await buyVod(owner, vod101);
    // From another device (another visitor): the proof is the order and the buyer's details, not the browser.
    const byEmail = await access(newVisitor(), vod101, {
      reservationIdentifier: reservation.toLowerCase(),
      email: CUSTOMER.email.toUpperCase(),
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({ streamUrl: expect.stringMatching(/^\/api\/vod\/stream\//), simulated: true });
    // No personal data in the URL: not the order, not the e-mail, not the phone.
    for (const secret of [reservation, CUSTOMER.email, '1234567', 'israel']) {
      expect(byEmail.body.streamUrl.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    const expires = new Date(byEmail.body.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(60_000);
    expect(expires).toBeLessThanOrEqual(15 * 60_000 + 5_000);

    const byMobile = await access(newVisitor(), vod101, {
      reservationIdentifier: reservation,
      mobileNumber: '+972 50 123 4567',
    });
    expect(byMobile.status).toBe(200);

    // The stream: a real WebM, with byte ranges for the player.
    const whole = await fetch(`${url()}${byEmail.body.streamUrl}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // EBML magic
    const part = await fetch(`${url()}${byEmail.body.streamUrl}`, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${bytes.length}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    // A token signed for one event does not open another (the signature covers the id).
    const [, exp, nonce, sig] = byEmail.body.streamUrl.split('/').pop()!.split('.');
    const swapped = await fetch(`${url()}/api/vod/stream/${vod103}.${exp}.${nonce}.${sig}`);
    expect(swapped.status).toBe(404);
  });

  test('a logged-in customer watches what they bought with "use my account"; another customer is refused', async () => {
    const owner = await buyer(url());
    // Bought with CUSTOMER's mobile (demo customer 000000018): logging in claims the order.
    await buyVod(owner, vod103);
    const israel = customerClient(url(), newVisitor());
    await logIn(israel, env.sql, { ssn: '000000018', mobile: '0501234567' });
    const mine = await israel.call('POST', `/api/vod/${vod103}/access`, {});
    expect(mine.status).toBe(200);
    expect(mine.body.streamUrl).toMatch(/^\/api\/vod\/stream\//);

    const dana = customerClient(url(), newVisitor());
    await logIn(dana, env.sql, { ssn: '000000026', mobile: '0527654321' });
    const theirs = await dana.call('POST', `/api/vod/${vod103}/access?lang=en`, {});
    expect(theirs.status).toBe(403);
    expect(theirs.body.error).toBe('VOD_NOT_OWNED');
  });

  test('the viewing window: the owner is refused once it has ended, told only after ownership', async () => {
    const owner = await buyer(url());
    const reservation = await buyVod(owner, vod101);
    const proof = { reservationIdentifier: reservation, email: CUSTOMER.email };
    const info = await call(url(), 'GET', `/api/vod/${vod101}?lang=en`, newVisitor());
    expect(Date.parse(info.body.watchUntil) - Date.parse(info.body.dateTime)).toBe(7 * 86_400_000);
    const [{ date_time: was }] = (await env.sql.query('SELECT date_time FROM presentation WHERE id = $1', [vod101]))
      .rows;
    try {
      // The show's date eight days ago: its seven-day window has ended.
      await env.sql.query(`UPDATE presentation SET date_time = now() - interval '8 days' WHERE id = $1`, [vod101]);
      const ended = await access(newVisitor(), vod101, proof, '?lang=en');
      expect(ended.status).toBe(403);
      expect(ended.body).toEqual({
        error: 'VOD_WINDOW_ENDED',
        message: 'The viewing window for this online show has ended.',
        requestId: expect.any(String),
      });
      // Someone without the purchase learns nothing about the window.
      const stranger = await access(newVisitor(), vod101, {
        reservationIdentifier: 'HL00000000',
        email: 'x@example.com',
      });
      expect(stranger.body.error).toBe('VOD_NOT_OWNED');
      // Six days ago: still inside the window.
      await env.sql.query(`UPDATE presentation SET date_time = now() - interval '6 days' WHERE id = $1`, [vod101]);
      expect((await access(newVisitor(), vod101, proof)).status).toBe(200);
    } finally {
      await env.sql.query('UPDATE presentation SET date_time = $2 WHERE id = $1', [vod101, was]);
    }
  });
});
