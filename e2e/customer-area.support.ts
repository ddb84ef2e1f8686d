import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { ApiPresentation, CartSeat, SaveCartResponse } from '@hotline/shared';
import { solveAltcha } from '../server/test/support/altcha';
import { holdReservedSeats, ticketGroupsOf, type HeldSeat } from './booking-flow.support';

/** Customer-area e2e helpers: a paid order bought "earlier" through the real API (lock, card page, commit). */
const base = () => process.env.E2E_BASE_URL ?? 'http://localhost:3000';

export async function buyOneSeat(
  request: APIRequestContext,
  presentationId: number,
  customer: { mobile: string },
  /** The buying visitor (a browser's own uuid, to see the order's confirmation there); a new one by default. */
  uuid: string = randomUUID(),
): Promise<{ reservationIdentifier: string; documentKey: string; held: HeldSeat }> {
  const { seats, ...order } = await buySeats(request, presentationId, customer, 1, uuid);
  return { ...order, held: seats[0]! };
}

/** As buyOneSeat, with `count` seats held together (one order of several tickets, e.g. to choose which to change). */
export async function buySeats(
  request: APIRequestContext,
  presentationId: number,
  customer: { mobile: string },
  count: number,
  uuid: string = randomUUID(),
): Promise<{ reservationIdentifier: string; documentKey: string; seats: HeldSeat[] }> {
  const { presentation } = (await (await request.get(`/api/presentations/${presentationId}`)).json()) as {
    presentation: ApiPresentation;
  };
  const helds = await holdReservedSeats(request, uuid, presentation, count);
  const { ticketGroups } = await ticketGroupsOf(request, presentationId);
  const seats: CartSeat[] = helds.map((held) => {
    const group = ticketGroups.find((g) => g.id === held.ticketGroupId) ?? ticketGroups[0]!;
    const ticket = group.tickets.find((t) => !t.code && t.multiplyFactor <= 1)!;
    return {
      prsntId: presentationId,
      ticketGroupId: group.id,
      venueId: presentation.venueId,
      seatplanId: presentation.seatplanId,
      sectionId: held.sectionId,
      ticketId: ticket.id,
      amount: ticket.price,
      serviceCharge: ticket.serviceCharge,
      XCoordinate: held.x,
      YCoordinate: held.y,
      RowName: held.rowName,
      SeatName: held.seatName,
    };
  });
  const customerInfo = {
    firstName: 'Oleg',
    lastName: 'Petrov',
    email: `oleg.e2e.${Date.now()}@example.com`,
    mobileNumber: customer.mobile,
    verifyMobileNumber: customer.mobile,
    termsAccepted: true,
  };
  const total = Math.round(seats.reduce((sum, x) => sum + x.amount + x.serviceCharge, 0) * 100) / 100;
  const token = await solveAltcha(base(), uuid);
  const saved = await request.post('/api/cart', {
    headers: { uuid },
    data: { cart: { seats, customerInfo }, uuid, recaptchaToken: token },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const { cartIdentifier } = (await saved.json()) as SaveCartResponse;
  const form = await request.get(
    `/api/payment/form/he?recaptchaToken=${encodeURIComponent(token)}&total=${total.toFixed(2)}`,
    { headers: { uuid } },
  );
  expect(form.status()).toBe(200);
  const { paymentFormURL } = (await form.json()) as { paymentFormURL: string };
  const page = await request.post(paymentFormURL, {
    headers: { uuid },
    form: { cardNumber: '4580 0000 0000 0000', expiry: '12/39', cvv: '123', holderId: '000000018', instalments: '1' },
  });
  const paymentIdentifier = /"paymentIdentifier":"([^"]+)"/.exec(await page.text())![1]!;
  const commit = await request.post('/api/payment/commit', {
    headers: { uuid },
    data: {
      cart: { seats, customerInfo, cartIdentifier, paymentIdentifier, numberOfPayments: 1, total },
      recaptchaToken: token,
    },
  });
  expect(commit.status(), await commit.text()).toBe(201);
  const { reservationIdentifier, documentKey } = (await commit.json()) as {
    reservationIdentifier: string;
    documentKey: string;
  };
  return { reservationIdentifier, documentKey, seats: helds };
}

interface SentMessage {
  id: string;
  recipient: string;
  body: string;
}

/**
 * The newest 6-digit code message texted to `mobile` (development message store) sent after message `notBefore`.
 * Newer, not merely another: while the new code is still in the outbox, "other than the last one" found an older
 * code (another sign-in's) and typed it (a fresh-clone failure under load, 2026-11-30).
 */
async function newestCodeMessage(page: Page, mobile: string, notBefore: string | null): Promise<SentMessage | null> {
  const r = await page.request.get('/api/notifications/dev/sent-messages?limit=50');
  const { messages } = (await r.json()) as { messages: SentMessage[] };
  const after = notBefore === null ? null : BigInt(notBefore);
  return (
    messages.find((x) => x.recipient === mobile && /\d{6}/.test(x.body) && (after === null || BigInt(x.id) > after)) ??
    null
  );
}

/** The newest 6-digit code texted to `mobile` after message `notBefore` (waits up to 10 s for it). */
export async function codeFor(page: Page, mobile: string, notBefore: string | null): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const m = await newestCodeMessage(page, mobile, notBefore);
        code = m ? /(\d{6})/.exec(m.body)![1]! : null;
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return code!;
}

/**
 * Signs a customer in to the customer area with the code texted to them, the page in `lang`. `onForm`: the page
 * already shows the login form in `lang` (a test that has just checked it), so it is filled where it is.
 */
export async function signInCustomer(
  page: Page,
  lang: string,
  who: { ssn: string; mobile: string },
  { onForm = false } = {},
): Promise<void> {
  if (onForm) await expect(page.locator('#ca-ssn')).toBeVisible();
  else await page.goto(`/booking/customer-portal?lang=${lang}`);
  await page.locator('#ca-ssn').fill(who.ssn);
  await page.locator('#ca-mobile').fill(who.mobile);
  // The code sent before this sign-in (another spec's), so an old one is never typed.
  const before = (await newestCodeMessage(page, who.mobile, null))?.id ?? null;
  await page.locator('form button[type=submit]').click();
  await expect(page.locator('#ca-code')).toBeVisible({ timeout: 20_000 });
  await page.locator('#ca-code').fill(await codeFor(page, who.mobile, before));
  await page.locator('form button[type=submit]').click();
  await expect(page.getByRole('tablist')).toBeVisible({ timeout: 15_000 });
}
