import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { ApiSeat, ApiSeatplan, ApiTicketGroup, Cart, CartSeat } from '@hotline/shared';
import { agorotToShekels } from '@hotline/shared';
import { solveAltcha } from '../../support/altcha';
import { startTestApp, type ProviderOverride, type TestApp } from '../../support/test-env';

/** HTTP + SQL helpers shared by the booking flow's medium tests (real server, PostgreSQL, Redis, ALTCHA). */

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  visitor: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { uuid: visitor, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export const newVisitor = (): string => randomUUID();

export const TEST_CARDS = {
  approve: '4580 0000 0000 0000',
  decline: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  timeout: '4000 0000 0000 0119',
} as const;

/** A visitor with a solved ALTCHA token (reusable by that visitor during the binding window). */
export interface Buyer {
  id: string;
  token: string;
}

export async function buyer(base: string): Promise<Buyer> {
  const id = newVisitor();
  return { id, token: await solveAltcha(base, id) };
}

export interface ShowInfo {
  presentationId: number;
  venueId: number;
  seatplanId: number;
  locationId: number;
  seats: ApiSeat[];
  groups: ApiTicketGroup[];
  /** plan zone id -> the presentation's ticket group */
  groupOfZone: Map<number, ApiTicketGroup>;
}

/**
 * The soonest presentation at the same venue and seating policy as `like` (default: the cinema's presentation 1)
 * that starts at least `hoursAhead` hours after `now`. Tests that need a show in the future pick it by its start
 * time, never by the hour they happen to run at (a hold is refused from 30 minutes before the event).
 */
export async function upcomingShowId(
  base: string,
  { hoursAhead = 3, like = 1, now = Date.now() }: { hoursAhead?: number; like?: number; now?: number } = {},
): Promise<number> {
  const v = newVisitor();
  const model = (await call(base, 'GET', `/api/presentations/${like}`, v)).body.presentation;
  const list: { id: number; venueId: number; seatingPolicyId: number; dateTime: string }[] = (
    await call(base, 'GET', '/api/presentations/', v)
  ).body.presentations;
  const earliest = now + hoursAhead * 3_600_000;
  const found = list
    .filter(
      (p) =>
        p.venueId === model.venueId &&
        p.seatingPolicyId === model.seatingPolicyId &&
        Date.parse(p.dateTime) >= earliest,
    )
    .sort((a, b) => Date.parse(a.dateTime) - Date.parse(b.dateTime) || a.id - b.id)[0];
  if (!found) throw new Error(`no presentation like ${like} starts ${hoursAhead} h or more from now`);
  return found.id;
}

export async function loadShow(base: string, presentationId: number): Promise<ShowInfo> {
  const v = newVisitor();
  const p = (await call(base, 'GET', `/api/presentations/${presentationId}`, v)).body.presentation;
  const plan: ApiSeatplan = (
    await call(base, 'GET', `/api/seats/seatplan?venueId=${p.venueId}&seatplanId=${p.seatplanId}`, v)
  ).body.seatplan;
  const groups: ApiTicketGroup[] = (await call(base, 'GET', `/api/presentations/${presentationId}/ticketGroups`, v))
    .body.ticketGroups;
  const seats = plan.sections.flatMap((s) => s.groups.flatMap((g) => g.rows.flatMap((r) => r.seats)));
  return {
    presentationId,
    venueId: p.venueId,
    seatplanId: p.seatplanId,
    locationId: p.locationId,
    seats,
    groups,
    groupOfZone: new Map(groups.map((g) => [g.zoneId, g])),
  };
}

/** Ordinary seats (no couch/bed) of the standard zone, in plan order. */
export function plainSeats(show: ShowInfo): ApiSeat[] {
  return show.seats.filter((s) => s.features.length === 0 && show.groupOfZone.get(s.TicketGroupId)?.tickets.length);
}

export async function lockSeat(
  base: string,
  b: Buyer,
  show: ShowInfo,
  seat: { VenueSectionId: number; XCoordinate: number | null; YCoordinate: number | null },
) {
  return call(base, 'PUT', '/api/seats/lock-seat', b.id, {
    recaptchaToken: b.token,
    seat: {
      PresentationId: show.presentationId,
      VenueId: show.venueId,
      VenueSeatplanId: show.seatplanId,
      VenueSectionId: seat.VenueSectionId,
      TicketGroupId: 0,
      XCoordinate: seat.XCoordinate,
      YCoordinate: seat.YCoordinate,
    },
  });
}

export async function lockAll(base: string, b: Buyer, show: ShowInfo, seats: ApiSeat[]): Promise<void> {
  for (const s of seats) {
    const r = await lockSeat(base, b, show, s);
    if (r.status !== 200)
      throw new Error(
        `lock ${s.VenueSectionId}:${s.XCoordinate}:${s.YCoordinate} -> ${r.status} ${JSON.stringify(r.body)}`,
      );
  }
}

/** A cart seat with the ticket priced as the storefront would show it (shekels). */
export function cartSeat(
  show: ShowInfo,
  seat: ApiSeat,
  ticket = show.groupOfZone.get(seat.TicketGroupId)!.tickets[0]!,
): CartSeat {
  const group = show.groupOfZone.get(seat.TicketGroupId)!;
  return {
    prsntId: show.presentationId,
    ticketGroupId: group.id,
    venueId: show.venueId,
    seatplanId: show.seatplanId,
    sectionId: seat.VenueSectionId,
    ticketId: ticket.id,
    amount: ticket.price,
    serviceCharge: ticket.serviceCharge,
    XCoordinate: seat.XCoordinate,
    YCoordinate: seat.YCoordinate,
    RowName: seat.RowName,
    SeatName: seat.SeatName,
  };
}

export const CUSTOMER = {
  firstName: 'ישראל',
  lastName: 'ישראלי',
  email: 'israel@example.com',
  mobileNumber: '+972-50-1234567',
  verifyMobileNumber: '050-1234567',
  termsAccepted: true,
};

export function cartOf(seats: CartSeat[], extra: Partial<Cart> = {}): Cart {
  const total = seats.reduce((sum, s) => sum + Math.round(s.amount * 100) + Math.round(s.serviceCharge * 100), 0);
  return { seats, customerInfo: CUSTOMER, numberOfPayments: 1, total: agorotToShekels(total), ...extra };
}

/**
 * The hosted card page end to end: ask for the form, fill it in, read the authorisation the page posts to its parent.
 * The form's total is what the card holder authorises (the most the commit may charge): generous by default.
 */
export async function authoriseCard(
  base: string,
  b: Buyer,
  card: string,
  opts: { total?: string; instalments?: number; locale?: string } = {},
): Promise<string> {
  const form = await call(
    base,
    'GET',
    `/api/payment/form/${opts.locale ?? 'he'}?recaptchaToken=${encodeURIComponent(b.token)}&total=${opts.total ?? '5000.00'}`,
    b.id,
  );
  if (form.status !== 200) throw new Error(`payment form ${form.status} ${JSON.stringify(form.body)}`);
  const submitted = await fetch(`${base}${form.body.paymentFormURL}`, {
    method: 'POST',
    headers: { uuid: b.id, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      cardNumber: card,
      expiry: '12/39',
      cvv: '123',
      holderId: '000000018',
      instalments: String(opts.instalments ?? 1),
    }).toString(),
  });
  const html = await submitted.text();
  const m = /"paymentIdentifier":"([^"]+)"/.exec(html);
  if (submitted.status !== 200 || !m) throw new Error(`card page answered ${submitted.status}: ${html.slice(0, 400)}`);
  return m[1]!;
}

export function commit(base: string, b: Buyer, cart: Cart, query = '') {
  return call(base, 'POST', `/api/payment/commit${query}`, b.id, { cart, recaptchaToken: b.token });
}

/** Starts the app and opens a SQL client on its database. */
export async function startBooking(
  overrides: Parameters<typeof startTestApp>[0] = {},
  providers: ProviderOverride[] = [],
): Promise<{ t: TestApp; sql: Client; close(): Promise<void> }> {
  const t = await startTestApp({ OUTBOX_POLL_MS: '50', SANDBOX_TIMEOUT_MS: '200', ...overrides }, undefined, providers);
  const sql = new Client({ connectionString: t.db.url });
  await sql.connect();
  return {
    t,
    sql,
    async close() {
      await sql.end();
      await t.close();
    },
  };
}

export async function count(sql: Client, query: string, params: unknown[] = []): Promise<number> {
  const r = await sql.query(query, params);
  return Number(Object.values(r.rows[0] ?? { n: 0 })[0]);
}

export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
