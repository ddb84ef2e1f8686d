import { axeFor } from './axe.support';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CartSeat } from '@hotline/shared';
import { base32Decode, hotp, totpStep } from '../server/src/backoffice/totp';
import { solveAltcha } from '../server/test/support/altcha';
import { holdReservedSeatsIn, saveHeldCart, ticketGroupsOf, visitorIdOf, type HeldSeat } from './booking-flow.support';
import { withSql } from './sql.support';
import { signInCustomer } from './customer-area.support';

/**
 * Hold orders (docs/hold-orders.md): a member reserves without paying on the payment step, sees the hold
 * with its deadline in the customer area, and - with the hold clock moved past the deadline - sees it released and
 * its seats back on sale; the box office takes payment for another hold in cash. axe: zero violations on the new
 * screens.
 */
const MEMBER = { ssn: '000000018', mobile: '0501234567' };
const STAFF = { username: 'admin', password: 'demo-admin-password', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const base = () => process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

async function expectAxeClean(page: Page, what: string) {
  const results = await axeFor(page).withTags(TAGS).analyze();
  expect
    .soft(
      results.violations.map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
      what,
    )
    .toEqual([]);
}

async function statusOf(request: APIRequestContext, seat: HeldSeat, isHold: boolean): Promise<number | undefined> {
  const p = seat.presentation;
  const r = await request.get(
    `/api/seats/seats-status?presentationId=${p.id}&venueTypeId=${p.venueTypeId}&isReserved=1${isHold ? '&isHold=1' : ''}`,
    { headers: { uuid: '00000000-0000-4000-8000-00000000e2e1' } },
  );
  const { seats } = (await r.json()) as { seats: number[][] };
  return seats.find((row) => row[0] === seat.sectionId && row[2] === seat.x && row[3] === seat.y)?.[6];
}

/**
 * A reserved-seating show starting three hours or more from now: a hold is refused from 30 minutes before the event,
 * so the show is picked by its start time, never by the hour the suite runs at.
 */
const reservedShow = (p: { seatingMode: string; seatingPolicyId: number; dateTime: string }) =>
  p.seatingMode === 'reserved' && p.seatingPolicyId !== 3 && Date.parse(p.dateTime) >= Date.now() + 3 * 3_600_000;

test.describe('hold orders', () => {
  test.setTimeout(120_000);
  test.afterEach(async ({ request }) => {
    await request.post('/api/holds/test/clock', { data: { offsetMs: 0 } });
  });

  test('a member reserves without paying, sees the deadline, and the hold is released when it passes', async ({
    page,
  }) => {
    await signInCustomer(page, 'en', MEMBER);
    const uuid = await visitorIdOf(page);
    const held = await holdReservedSeatsIn(page.request, uuid, reservedShow, 2);
    const resId = await saveHeldCart(page.request, uuid, held);
    await page.goto(`/cart/${resId}?lang=en`);
    await expect(page.getByTestId('seat-line')).toHaveCount(2, { timeout: 15_000 });
    await page.goto('/booking/checkout?lang=en');
    const firstName = page.locator('input[name="firstName"]');
    await expect(firstName).toBeVisible({ timeout: 15_000 });
    await firstName.fill('Israel');
    await page.locator('input[name="lastName"]').fill('Israeli');
    await page.locator('input[name="email"]').fill('israel@example.com');
    await page.locator('input[name="mobileNumber"]').fill('050-1234567');
    await page.locator('input[name="verifyMobileNumber"]').fill('0501234567');
    const terms = page.getByRole('checkbox', { name: /^I have read/ });
    if (!(await terms.isChecked())) await terms.check();
    await page.locator('.step-actions button[type="submit"]').click();
    await expect(page).toHaveURL(/\/booking\/checkout\/payment/);

    const placeHold = page.getByTestId('place-hold');
    await expect(placeHold).toBeEnabled({ timeout: 15_000 });
    await expectAxeClean(page, 'payment with the hold option');
    await placeHold.click();

    await expect(page).toHaveURL(/\/booking\/customer-portal/, { timeout: 20_000 });
    await expect(page.getByTestId('hold-placed')).toContainText('Pay and collect at the box office by');
    // This hold's own card: the member's earlier holds (other specs', or a repeat's) are listed too.
    const reservation = await page.getByTestId('hold-placed').getAttribute('data-reservation');
    const ownCard = () => page.locator(`[data-testid="hold-card"][data-reservation="${reservation}"]`);
    const card = ownCard();
    await expect(card).toHaveAttribute('data-state', 'held');
    await expect(card).toContainText('Awaiting payment');
    await expectAxeClean(page, 'customer area: holds');

    // On the live map the seats are taken; in hold mode they show as 3 (on hold).
    expect(await statusOf(page.request, held[0]!, true)).toBe(3);
    expect(await statusOf(page.request, held[0]!, false)).toBe(4);

    // The deadline: 30 minutes before the event. Move the hold clock just past it; the sweep runs.
    const deadline = await withSql(async (sql) => {
      const r = await sql.query(
        `SELECT h.release_at FROM hold_order h JOIN reservation r ON r.id = h.reservation_id
          WHERE r.visitor_id = $1 ORDER BY h.reservation_id DESC LIMIT 1`,
        [uuid],
      );
      return new Date(r.rows[0].release_at).getTime();
    });
    const early = await page.request.post('/api/holds/test/clock', {
      data: { offsetMs: deadline - Date.now() - 60_000 },
    });
    expect(((await early.json()) as { released: number }).released).toBe(0);
    expect(await statusOf(page.request, held[0]!, false)).toBe(4);
    const moved = await page.request.post('/api/holds/test/clock', {
      data: { offsetMs: deadline - Date.now() + 1_000 },
    });
    expect(moved.status()).toBe(200);
    expect(((await moved.json()) as { released: number }).released).toBeGreaterThanOrEqual(1);

    await expect.poll(() => statusOf(page.request, held[0]!, false)).toBe(1);
    expect(await statusOf(page.request, held[1]!, false)).toBe(1);
    await page.goto('/booking/customer-portal?lang=en');
    await page.getByRole('tab', { name: 'Hold orders' }).click();
    await expect(ownCard()).toHaveAttribute('data-state', 'released');
    await expect(ownCard()).toContainText('Released: the deadline passed');
  });

  test('the box office takes payment for a hold in cash; the customer sees it paid', async ({ page, browser }) => {
    await signInCustomer(page, 'he', MEMBER);
    const uuid = await visitorIdOf(page);
    const [seat] = await holdReservedSeatsIn(page.request, uuid, reservedShow, 1);
    const p = seat!.presentation;
    const { ticketGroups } = await ticketGroupsOf(page.request, p.id);
    const group = ticketGroups.find((g) => g.id === seat!.ticketGroupId) ?? ticketGroups[0]!;
    const ticket = group.tickets.find((t) => !t.code && t.multiplyFactor <= 1)!;
    const cartSeat: CartSeat = {
      prsntId: p.id,
      ticketGroupId: group.id,
      venueId: p.venueId,
      seatplanId: p.seatplanId,
      sectionId: seat!.sectionId,
      ticketId: ticket.id,
      amount: ticket.price,
      serviceCharge: ticket.serviceCharge,
      XCoordinate: seat!.x,
      YCoordinate: seat!.y,
      RowName: seat!.rowName,
      SeatName: seat!.seatName,
    };
    // The hold through the API, as the page would send it (the customer session cookie is the page's).
    const placed = await page.request.post('/api/payment/commit', {
      headers: { uuid },
      data: {
        cart: {
          seats: [cartSeat],
          isHold: true,
          customerInfo: {
            firstName: 'ישראל',
            lastName: 'ישראלי',
            email: 'israel@example.com',
            mobileNumber: '0501234567',
            verifyMobileNumber: '0501234567',
            termsAccepted: true,
          },
        },
        recaptchaToken: await solveAltcha(base(), uuid),
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { reservationIdentifier } = (await placed.json()) as { reservationIdentifier: string };

    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await withSql((sql) =>
      sql.query(
        `UPDATE staff_user SET last_totp_step = 0, failed_attempts = 0, locked_until = NULL WHERE username = $1`,
        [STAFF.username],
      ),
    );
    await staff.goto('/backoffice?lang=en');
    await staff.locator('#bo-username').fill(STAFF.username);
    await staff.locator('#bo-password').fill(STAFF.password);
    await staff.locator('#bo-code').fill(hotp(base32Decode(STAFF.secret), totpStep(Date.now())));
    await staff.locator('form button[type=submit]').click();
    await expect(staff.locator('nav.bo-menu a').first()).toBeVisible({ timeout: 15_000 });
    await staff.goto('/backoffice/producer-ticket-sale?lang=en');
    const row = staff.getByTestId('bo-hold-row').filter({ hasText: reservationIdentifier });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expectAxeClean(staff, 'box office: holds');
    await row.getByRole('button', { name: `Cash: ${reservationIdentifier}` }).click();
    await expect(
      staff.getByRole('status').filter({ hasText: `Reservation ${reservationIdentifier} paid` }),
    ).toBeVisible();
    await expect(row).toHaveCount(0);
    await staffContext.close();

    expect(
      await withSql(async (sql) => {
        const r = await sql.query(
          `SELECT r.state, p.method FROM reservation r JOIN payment p ON p.reservation_id = r.id WHERE r.identifier = $1`,
          [reservationIdentifier],
        );
        return r.rows[0];
      }),
    ).toEqual({ state: 'paid', method: 'cash' });
    await page.goto('/booking/customer-portal?lang=he');
    await page.getByRole('tab', { name: 'הזמנות בהמתנה' }).click();
    const card = page.getByTestId('hold-card').filter({ hasText: reservationIdentifier });
    await expect(card).toHaveAttribute('data-state', 'paid');
    await expectAxeClean(page, 'customer area: holds (he)');
  });
});
