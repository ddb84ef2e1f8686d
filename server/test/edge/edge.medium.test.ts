import type { Client } from 'pg';
import { io } from 'socket.io-client';
import { SeatErrorEvent, SeatEvents } from '@hotline/shared';
import { startTestApp, type TestApp } from '../support/test-env';
import {
  buyer,
  call,
  count,
  loadShow,
  newVisitor,
  plainSeats,
  startBooking,
  type Reply,
  type ShowInfo,
} from '../booking/support/booking-kit';

/**
 * The edge: bad text and out-of-range ids are a 400 on every
 * route, security headers on every answer, rate limits with Retry-After, the per-address
 * seat hold cap, and the socket's snapshot budget and allowed origins.
 */
let env: Awaited<ReturnType<typeof startBooking>>;
let t: TestApp;
let sql: Client;

beforeAll(async () => {
  env = await startBooking();
  ({ t, sql } = env);
  await loadShow(t.url, 1); // warms the seat plan so the first fuzzed seat calls do not pay for it
});
afterAll(() => env.close());

function expectErrorShape(reply: Reply, status: number, code?: string): void {
  expect(reply.status).toBe(status);
  expect(reply.body).toEqual({
    error: code ?? expect.any(String),
    message: expect.any(String),
    requestId: expect.any(String),
  });
}

async function stateOf(): Promise<number[]> {
  const tables = ['cart', 'reservation', 'sandbox_payment_form', 'sandbox_card_authorisation', 'sandbox_charge'];
  const counts: number[] = [];
  for (const table of tables) counts.push(await count(sql, `SELECT count(*) FROM ${table}`));
  return counts;
}

describe('ids above 2^31-1 are a 400 on every route that takes one', () => {
  const big = '2147483648';
  const seat = (field: string) => ({
    recaptchaToken: 'x',
    seat: {
      PresentationId: 1,
      VenueId: 1,
      VenueSeatplanId: 1,
      VenueSectionId: 1,
      XCoordinate: 1,
      YCoordinate: 1,
      [field]: 2 ** 31,
    },
  });
  test.each([
    ['GET', `/api/presentations/${big}`],
    ['GET', `/api/presentations/${big}/ticketGroups`],
    ['GET', `/api/presentations/${big}/ticket?ticketCode=A&recaptchaToken=x`],
    ['GET', `/api/presentations/timer/${big}`],
    ['GET', `/api/presentations?featureIds=${big}`],
    ['GET', `/api/presentations?locationId=${big}`],
    ['GET', `/api/features/${big}/placeholderImage`],
    ['GET', `/api/features?featureIds=1,${big}`],
    ['GET', `/api/products/${big}/image`],
    ['GET', `/api/seats/seats-status?presentationId=${big}`],
    ['GET', `/api/seats/seats-status?presentationId=1&sectionId=${big}`],
    ['GET', `/api/seats/seatplan?venueId=${big}&seatplanId=1`],
    ['GET', `/api/seats/seatplan?venueId=1&seatplanId=${big}`],
    ['GET', `/api/seats/best-available?presentationId=${big}&quantity=1&recaptchaToken=x`],
    ['GET', `/api/seats/best-available?featureId=${big}&quantity=1&recaptchaToken=x`],
    ['PUT', '/api/seats/lock-seat', seat('PresentationId')],
    ['PUT', '/api/seats/lock-seat', seat('VenueSectionId')],
    ['PUT', '/api/seats/unlock-seat', seat('VenueId')],
    ['PUT', '/api/seats/lock-seat', seat('TicketGroupId')],
  ])('%s %s', async (method, path, ...rest: unknown[]) => {
    // A rest parameter: a third declared parameter would make jest wait for a `done` callback.
    const body = rest[0];
    expectErrorShape(await call(t.url, method, path, newVisitor(), body), 400);
  });
});

describe('NUL characters and lone surrogates are a 400 on every route and change nothing', () => {
  const cartWith = (value: string) => ({
    cart: { seats: [], customerInfo: { firstName: value, email: 'a@b.c' } },
    recaptchaToken: 'x',
  });
  test.each([
    ['POST', '/api/cart', cartWith('\u0000')],
    ['POST', '/api/cart', cartWith('Dana\ud800')],
    ['POST', '/api/cart', cartWith('\udc00')],
    ['POST', '/api/payment/commit', { cart: { seats: [], ticketCodes: ['\u0000'] }, recaptchaToken: 'x' }],
    ['POST', '/api/payment/commit', { cart: { seats: [] }, recaptchaToken: 'x', miniSiteUrl: 'a\ud83d' }],
    ['POST', '/api/payment/commit', { cart: { seats: [], '\u0000': 1 }, recaptchaToken: 'x' }],
    ['GET', '/api/payment/voucher?reference=%00&recaptchaToken=x'],
    ['GET', '/api/payment/voucher?reference=GIFT-100&recaptchaToken=%00'],
    ['GET', '/api/presentations/1/ticket?ticketCode=A%00&recaptchaToken=x'],
    ['GET', '/api/presentations/1?miniSiteUrl=%00'],
    ['GET', '/api/reservations/abcdefgh%00'],
    ['GET', '/api/edocument/%00'],
    ['GET', '/api/payment/form/he%00?recaptchaToken=x'],
    ['PUT', '/api/seats/lock-seat', { recaptchaToken: '\u0000', seat: {} }],
  ])('%s %s', async (method, path, ...rest: unknown[]) => {
    // A rest parameter: a third declared parameter would make jest wait for a `done` callback.
    const body = rest[0];
    const before = await stateOf();
    const reply = await call(t.url, method, path, newVisitor(), body);
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body).toEqual({
      error: expect.any(String),
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(await stateOf()).toEqual(before);
  });

  test('a body nested deeper than any stack is a 400, not a crash', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const reply = await call(t.url, 'POST', '/api/cart', newVisitor(), `{"cart":${deep}}`);
    expect(reply.status).toBe(400);
  });
});

describe('security headers on every answer', () => {
  test.each(['/api/health', '/api/features', '/api/presentations/999999', '/api/edocument/x', '/no-such-page'])(
    '%s',
    async (path) => {
      const response = await fetch(`${t.url}${path}`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      // Plain http on a developer machine: no HSTS (it would pin a host to https it does not serve).
      expect(response.headers.get('strict-transport-security')).toBeNull();
    },
  );

  test('e-ticket, saved cart and payment answers are never cached', async () => {
    for (const path of ['/api/edocument/x', '/api/reservations/abcdefghij', '/api/payment/customer-form']) {
      expect((await fetch(`${t.url}${path}`)).headers.get('cache-control')).toBe('no-store');
    }
    // Public data says so itself.
    expect((await fetch(`${t.url}/api/features/1/placeholderImage`)).headers.get('cache-control')).toContain('public');
  });

  test('the visitor cookie is Secure outside localhost, and health reveals no versions', async () => {
    // fetch cannot set Host; the trusted proxy's X-Forwarded-Host stands in for it.
    const local = await fetch(`${t.url}/api/features`, { headers: { 'x-forwarded-host': 'localhost' } });
    expect(local.headers.get('set-cookie')).not.toContain('Secure');
    const remote = await fetch(`${t.url}/api/features`, { headers: { 'x-forwarded-host': 'tickets.example.org' } });
    expect(remote.headers.get('set-cookie')).toContain('; Secure');
    const health = await (await fetch(`${t.url}/api/health`)).json();
    expect(JSON.stringify(health)).not.toMatch(/version|node|v\d+\.\d+/i);
  });

  test('behind https: HSTS; in production: no OpenAPI UI and no development message store', async () => {
    const prod = await startTestApp(
      {
        PUBLIC_BASE_URL: 'https://tickets.example.org',
        API_DOCS_ENABLED: 'false',
        DEV_MESSAGES_ENABLED: 'false',
      },
      t.db,
    );
    try {
      const response = await fetch(`${prod.url}/api/features`);
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
      expect((await fetch(`${prod.url}/api/docs/json`)).status).toBe(404);
      expect((await fetch(`${t.url}/api/docs/json`)).status).toBe(200);
      const dev = await call(prod.url, 'GET', '/api/notifications/dev/sent-messages', newVisitor());
      expectErrorShape(dev, 404, 'NOT_FOUND');
    } finally {
      await prod.close();
    }
  });
});

describe('writes that cost us and not the caller', () => {
  test('GET /api/payment/form reuses the live card page instead of writing a row per call', async () => {
    const b = await buyer(t.url);
    const before = await count(sql, 'SELECT count(*) FROM sandbox_payment_form');
    const urls: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await call(
        t.url,
        'GET',
        `/api/payment/form/he?total=45&recaptchaToken=${encodeURIComponent(b.token)}`,
        b.id,
      );
      expect(r.status).toBe(200);
      urls.push(r.body.paymentFormURL);
    }
    expect(new Set(urls).size).toBe(1);
    expect(await count(sql, 'SELECT count(*) FROM sandbox_payment_form')).toBe(before + 1);
    // Another total is another page.
    const other = await call(
      t.url,
      'GET',
      `/api/payment/form/he?total=46&recaptchaToken=${encodeURIComponent(b.token)}`,
      b.id,
    );
    expect(other.body.paymentFormURL).not.toBe(urls[0]);
  });

  test('POST /api/cart needs the bot check, and a body over the size limit is a 413', async () => {
    const before = await count(sql, 'SELECT count(*) FROM cart');
    expectErrorShape(
      await call(t.url, 'POST', '/api/cart', newVisitor(), { cart: { seats: [] } }),
      403,
      'INVALID_CAPTCHA',
    );
    const huge = await call(t.url, 'POST', '/api/cart', newVisitor(), {
      cart: { seats: [] },
      pad: 'x'.repeat(300_000),
    });
    expectErrorShape(huge, 413, 'PAYLOAD_TOO_LARGE');
    expect(await count(sql, 'SELECT count(*) FROM cart')).toBe(before);
  });
});

describe('the visitor id is a credential', () => {
  test('?uuid= never overrides the header', async () => {
    const owner = await buyer(t.url);
    const saved = await call(t.url, 'POST', '/api/cart', owner.id, {
      cart: { seats: [], customerInfo: { firstName: 'Dana', email: 'dana@example.org' } },
      recaptchaToken: owner.token,
    });
    expect(saved.status).toBe(201);
    const attacker = newVisitor();
    const stolen = await call(t.url, 'GET', `/api/reservations/${saved.body.resId}?uuid=${owner.id}`, attacker);
    expectErrorShape(stolen, 404, 'CART_NOT_FOUND');
    expect(JSON.stringify(stolen.body)).not.toContain('dana@example.org');
  });
});

describe('rate limits: 429 with Retry-After and the error shape, per visitor and per address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // One tenth of production: the same policies, reached in a few calls.
    limited = await startTestApp({ RATE_LIMIT_SCALE: '0.1' }, t.db);
  });
  afterAll(() => limited?.close());

  const lockBody = {
    recaptchaToken: 'forged',
    seat: { PresentationId: 1, VenueId: 1, VenueSeatplanId: 1, VenueSectionId: 1 },
  };
  const cartBody = { cart: { seats: [] }, recaptchaToken: 'forged' };
  // [route, method, path, body, calls a visitor may make (production limit x 0.1)]
  test.each([
    ['bot-check challenges', 'GET', '/api/altcha/challenge', undefined, 3],
    ['lock-seat', 'PUT', '/api/seats/lock-seat', lockBody, 6],
    ['unlock-seat', 'PUT', '/api/seats/unlock-seat', lockBody, 6],
    [
      'best-available',
      'GET',
      '/api/seats/best-available?presentationId=1&quantity=1&recaptchaToken=forged',
      undefined,
      3,
    ],
    ['commits', 'POST', '/api/payment/commit', cartBody, 1],
    ['card forms', 'GET', '/api/payment/form/he?recaptchaToken=forged', undefined, 1],
    ['carts', 'POST', '/api/cart', cartBody, 2],
    ['voucher lookups', 'GET', '/api/payment/voucher?reference=GIFT-100&recaptchaToken=forged', undefined, 1],
    ['coupon lookups', 'GET', '/api/presentations/1/ticket?ticketCode=HOTLINE10&recaptchaToken=forged', undefined, 1],
  ])('%s', async (_name, method, path, body, allowed) => {
    const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const visitor = newVisitor();
    const headers = { 'x-forwarded-for': address };
    for (let i = 0; i < allowed; i++) {
      expect((await call(limited.url, method, path, visitor, body, headers)).status).not.toBe(429);
    }
    const refused = await call(limited.url, method, path, visitor, body, headers);
    expectErrorShape(refused, 429, 'TOO_MANY_REQUESTS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another visitor from another address is not affected.
    const other = await call(limited.url, method, path, newVisitor(), body, { 'x-forwarded-for': `${address}1` });
    expect(other.status).not.toBe(429);
  });

  test('per address: many visitor ids from one address share its limit', async () => {
    const headers = { 'x-forwarded-for': '10.8.0.1' };
    const statuses: number[] = [];
    // seat-lock: 6 per visitor, 24 per address at scale 0.1. Fresh visitor ids do not reset the address.
    for (let i = 0; i < 25; i++) {
      statuses.push((await call(limited.url, 'PUT', '/api/seats/lock-seat', newVisitor(), lockBody, headers)).status);
    }
    expect(statuses.slice(0, 24).every((s) => s !== 429)).toBe(true);
    expect(statuses[24]).toBe(429);
  });

  test('best-available?isLock=1 spends the lock allowance too', async () => {
    const headers = { 'x-forwarded-for': '10.8.0.2' };
    const visitor = newVisitor();
    for (let i = 0; i < 6; i++) await call(limited.url, 'PUT', '/api/seats/lock-seat', visitor, lockBody, headers);
    const path = '/api/seats/best-available?presentationId=1&quantity=1&isLock=1&recaptchaToken=forged';
    expectErrorShape(await call(limited.url, 'GET', path, visitor, undefined, headers), 429, 'TOO_MANY_REQUESTS');
    // Without isLock it is a search, with its own allowance.
    expect(
      (await call(limited.url, 'GET', path.replace('&isLock=1', ''), visitor, undefined, headers)).status,
    ).not.toBe(429);
  });
});

describe('seats held at once per address, across visitor ids', () => {
  let capped: TestApp;
  let capShow: ShowInfo;
  beforeAll(async () => {
    capped = await startTestApp({ SEAT_HOLD_CAP_PER_IP: '3' }, t.db);
    capShow = await loadShow(capped.url, 2);
  });
  afterAll(() => capped?.close());

  test('the fourth seat from one address is refused whatever the uuid; unlocking makes room; other addresses unaffected', async () => {
    const seats = plainSeats(capShow).slice(0, 6);
    const headers = { 'x-forwarded-for': '10.7.0.1' };
    const buyers = await Promise.all([buyer(capped.url), buyer(capped.url), buyer(capped.url), buyer(capped.url)]);
    const lock = (i: number, seatIndex: number, h = headers) =>
      call(
        capped.url,
        'PUT',
        '/api/seats/lock-seat',
        buyers[i]!.id,
        lockSeatBody(capShow, seats[seatIndex]!, buyers[i]!.token),
        h,
      );
    // Three identities, in parallel, one seat each: all fit.
    const first = await Promise.all([lock(0, 0), lock(1, 1), lock(2, 2)]);
    expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
    const refused = await lock(3, 3);
    expectErrorShape(refused, 429, 'SEAT_HOLD_CAP');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The refused seat stays free.
    expect((await lock(3, 3, { 'x-forwarded-for': '10.7.0.2' })).status).toBe(200);
    const unlocked = await call(
      capped.url,
      'PUT',
      '/api/seats/unlock-seat',
      buyers[0]!.id,
      lockSeatBody(capShow, seats[0]!, buyers[0]!.token),
      headers,
    );
    expect(unlocked.status).toBe(200);
    expect((await lock(0, 4)).status).toBe(200);
  });

  test('thirteen identities at once cannot hoard past the cap', async () => {
    const seats = plainSeats(capShow).slice(10, 23);
    const headers = { 'x-forwarded-for': '10.7.0.3' };
    const buyers = await Promise.all(seats.map(() => buyer(capped.url)));
    const replies = await Promise.all(
      seats.map((s, i) =>
        call(
          capped.url,
          'PUT',
          '/api/seats/lock-seat',
          buyers[i]!.id,
          lockSeatBody(capShow, s, buyers[i]!.token),
          headers,
        ),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(10);
  });

  test("a presentation's own seat_hold_cap_per_ip overrides the default (0 = no cap)", async () => {
    await sql.query('UPDATE presentation SET seat_hold_cap_per_ip = 0 WHERE id = 3');
    const open = await loadShow(capped.url, 3);
    const headers = { 'x-forwarded-for': '10.7.0.4' };
    const b = await buyer(capped.url);
    for (const s of plainSeats(open).slice(0, 5)) {
      expect(
        (await call(capped.url, 'PUT', '/api/seats/lock-seat', b.id, lockSeatBody(open, s, b.token), headers)).status,
      ).toBe(200);
    }
  });
});

function lockSeatBody(
  s: ShowInfo,
  seat: { VenueSectionId: number; XCoordinate: number | null; YCoordinate: number | null },
  token: string,
) {
  return {
    recaptchaToken: token,
    seat: {
      PresentationId: s.presentationId,
      VenueId: s.venueId,
      VenueSeatplanId: s.seatplanId,
      VenueSectionId: seat.VenueSectionId,
      TicketGroupId: 0,
      XCoordinate: seat.XCoordinate,
      YCoordinate: seat.YCoordinate,
    },
  };
}

describe('seat socket', () => {
  test('seats:subscribe floods get a few snapshots, then TOO_MANY_REQUESTS', async () => {
    const socket = io(t.url, { transports: ['websocket'], forceNew: true, reconnection: false });
    let snapshots = 0;
    const errors: { error: string }[] = [];
    socket.on(SeatEvents.Snapshot, () => snapshots++);
    socket.on(SeatErrorEvent, (e: { error: string }) => errors.push(e));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    for (let i = 0; i < 50; i++) socket.emit(i % 2 ? SeatEvents.Resync : SeatEvents.Subscribe, { presentationId: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    socket.close();
    expect(snapshots).toBeGreaterThan(0);
    expect(snapshots).toBeLessThanOrEqual(6);
    expect(errors.length).toBeGreaterThanOrEqual(44);
    expect(errors[0]!.error).toBe('TOO_MANY_REQUESTS');
  });

  test('a browser from another origin cannot open it; the page own origin can', async () => {
    const connect = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = io(t.url, {
          transports: ['websocket'],
          forceNew: true,
          reconnection: false,
          extraHeaders: { origin },
        });
        socket.on('connect', () => {
          socket.close();
          resolve('connected');
        });
        socket.on('connect_error', () => {
          socket.close();
          resolve('refused');
        });
      });
    expect(await connect('https://evil.example')).toBe('refused');
    expect(await connect(t.url)).toBe('connected');
  });

  test('configured origins (ALLOWED_ORIGINS): the listed one may poll, any other is refused and never echoed', async () => {
    const configured = await startTestApp({ ALLOWED_ORIGINS: 'https://shop.example' }, t.db);
    try {
      const poll = (origin: string) =>
        fetch(`${configured.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
      const listed = await poll('https://shop.example');
      expect(listed.status).toBe(200);
      expect(listed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
      const other = await poll('https://evil.example');
      expect(other.status).toBe(403);
      expect(other.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
      // The page's own host is not enough once origins are configured.
      expect((await poll(configured.url)).status).toBe(403);
    } finally {
      await configured.close();
    }
  });
});
