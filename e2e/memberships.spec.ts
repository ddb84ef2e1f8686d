import { axeFor } from './axe.support';
import { expect, test, type Page } from '@playwright/test';
import { payWithCard } from './booking-flow.support';
import { freshIsraeliId } from './helpers';
import { availableSeat, clickSeat, openSeatMap, serverStatus, visitorId } from './seatmap-support';
import { signInCustomer } from './customer-area.support';

/**
 * Memberships end to end: the list at 390 px and 2560 px, buying a membership with a seat (the canvas map
 * in membership mode), and enrolling in a season with a fixed seat on three events, one of them required.
 */

async function expectNoA11yViolations(page: Page) {
  await page.mouse.move(0, 0);
  // Once the move has been drawn (two frames: the hover's transitions have started) and no CSS transition runs any
  // more (the colours have settled), not after a guessed 300 ms.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  const results = await axeFor(page)
    .include('#main')
    // The canvas map has its own accessibility suite (seatmap specs); here the membership screens around it.
    .exclude('.seatmap')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

async function fillDetails(
  page: Page,
  who: { first: string; last: string; ssn: string; email: string; mobile: string },
) {
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill(who.first);
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(who.last);
  await page.getByRole('textbox', { name: 'ID number', exact: true }).fill(who.ssn);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(who.email);
  await page.getByRole('textbox', { name: 'Mobile phone', exact: true }).fill(who.mobile);
  await page.getByRole('textbox', { name: 'Confirm mobile phone', exact: true }).fill(who.mobile);
  await page.getByRole('checkbox', { name: /^I have read and accept the terms of use/ }).check();
}

async function waitForMap(page: Page) {
  await page.waitForFunction(() => window.__seatmap?.ready() === true, null, { timeout: 20_000 });
  await page.evaluate(() => window.__seatmap!.firstFrame());
}

async function pay(page: Page) {
  const due = (await page.getByTestId('pay-total').innerText()).trim();
  await page.getByRole('button', { name: `Pay ${due}` }).click();
  await expect(page.getByRole('dialog', { name: 'Secure card payment' })).toBeVisible({ timeout: 15_000 });
  await payWithCard(page, '4580000000000000');
  await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 30_000 });
}

test.describe('memberships', () => {
  test.setTimeout(180_000);

  test('the list, in every width and language direction, with buy and enrol buttons', async ({ page }) => {
    for (const width of [390, 2560]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/memberships');
      await expect(page.getByRole('heading', { level: 1, name: 'מנויים' })).toBeVisible();
      await expect(page.getByTestId('membership-SEASON').getByRole('link', { name: 'הרשמה למנוי' })).toBeVisible();
      await expect(page.getByTestId('membership-CINEMA-CARD').getByRole('link', { name: 'לרכישה' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
    }
    await page.goto('/memberships?lang=ar');
    await expect(page.getByRole('heading', { level: 1, name: 'الاشتراكات' })).toBeVisible();
    await page.goto('/memberships?lang=ru');
    await expect(page.getByRole('heading', { level: 1, name: 'Абонементы' })).toBeVisible();
  });

  test('the order and enrol steps at 390 px and 2560 px: no sideways scroll, no axe violations, placeholders per member', async ({
    page,
  }) => {
    for (const width of [390, 2560]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/membership/CINEMA-CARD?lang=en');
      await expect(page.getByRole('radio', { name: /Cinema card · 10 entries/ })).toBeChecked();
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
      // A flexible season (IsSkipMemberSeat) starts at the rates: there is no seat to choose.
      await page.goto('/memberships/enrol/SEASON-FLEX?lang=en');
      await expect(page.getByRole('heading', { level: 2, name: 'Choose a rate' })).toBeVisible();
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Choose the events' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      const seats = page.getByTestId('enrol-event-seats');
      await expect(seats.getByText('Seat to be assigned at the box office')).toHaveCount(3);
      await page.getByRole('button', { name: 'Add a member' }).click();
      await expect(seats.getByText('Seat to be assigned at the box office')).toHaveCount(6);
      await expect(page.getByTestId('enrol-total')).toHaveText('₪165.00');
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
    }
  });

  test('buy a membership with a seat: the seat is chosen on the map in membership mode and sold with it', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/memberships?lang=en');
    await page.getByTestId('membership-CINEMA-SEAT').getByRole('link', { name: 'Buy' }).click();
    await expect(page).toHaveURL(/\/membership\/CINEMA-SEAT/);
    // The map's test hook needs ?test.
    await page.goto('/membership/CINEMA-SEAT?lang=en&test');
    await expect(page.getByRole('radio', { name: /Cinema membership with a seat/ })).toBeChecked();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await waitForMap(page);
    const seat = await availableSeat(page);
    await clickSeat(page, seat);
    await expect(page.getByTestId('membership-held')).toContainText('Your seat is held', { timeout: 15_000 });
    await page.getByTestId('membership-seats-next').click();
    await fillDetails(page, {
      first: 'Dana',
      last: 'Levi',
      ssn: '000000026',
      email: 'dana@example.com',
      mobile: '0527654321',
    });
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await pay(page);
    await expectNoA11yViolations(page);
    const plan = await (
      await request.get('/api/membership/seatplan?membershipId=' + (await membershipId(page, 'CINEMA-SEAT')))
    ).json();
    const uuid = await visitorId(page);
    for (const pid of plan.seatplan.presentationIds as number[]) {
      expect(await serverStatus(request, pid, uuid, seat)).toBe(4);
    }
  });

  test('buy a membership with a discount code: one code only, the lower total charged (390 px and 2560 px)', async ({
    page,
  }) => {
    for (const width of [2560, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/membership/CINEMA-CARD?lang=en');
      await expect(page.getByRole('radio', { name: /Cinema card · 10 entries/ })).toBeChecked();
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await fillDetails(page, {
        first: 'Dana',
        last: 'Levi',
        ssn: '000000026',
        email: 'dana@example.com',
        mobile: '0527654321',
      });
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page.getByTestId('pay-total')).toHaveText('₪250.00');
      const field = page.getByRole('textbox', { name: /Discount code/ });
      // Unknown and expired codes are refused by the server, in the visitor's language.
      await field.fill('NO-SUCH-CODE');
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText('The discount code was not found.');
      await field.fill('SUMMER25');
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText('The discount code has expired.');
      await expectNoA11yViolations(page);
      await field.fill('card50');
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      // Once applied, the field is replaced by the code and a Remove button: a second code cannot be entered.
      const applied = page.getByTestId('membership-discount-applied');
      await expect(applied).toContainText('Discount code CARD50 applied: ₪50.00 off');
      await expect(page.getByRole('textbox', { name: /Discount code/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Remove discount code CARD50' })).toBeFocused();
      await expect(page.getByTestId('pay-total')).toHaveText('₪200.00');
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
      if (width === 2560) {
        // Removing gives the field back and the full price.
        await page.getByRole('button', { name: 'Remove discount code CARD50' }).click();
        await expect(page.getByRole('textbox', { name: /Discount code/ })).toBeFocused();
        await expect(page.getByTestId('pay-total')).toHaveText('₪250.00');
        continue;
      }
      await pay(page);
      await expect(page.getByTestId('confirmation')).toContainText('₪200.00');
      await expectNoA11yViolations(page);
    }
  });

  test('enrol in a season with a fixed seat on three events, one required', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const season = (await (await request.get('/api/memberships/SEASON?lang=en')).json()).membership as {
      Presentations: { PresentationId: number; IsRequired: boolean }[];
    };
    const required = season.Presentations.find((p) => p.IsRequired)!.PresentationId;
    const dropped = season.Presentations.filter((p) => !p.IsRequired).at(-1)!.PresentationId;
    await page.goto('/memberships/enrol/SEASON?lang=en&test');
    await waitForMap(page);
    const seat = await availableSeat(page);
    await clickSeat(page, seat);
    await expect(page.getByTestId('membership-held')).toContainText(`on ${season.Presentations.length} events`, {
      timeout: 15_000,
    });
    await page.getByTestId('membership-seats-next').click();
    // Rates: the first is chosen.
    await expect(page.getByRole('radio', { name: /Adult/ })).toBeChecked();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    // Events: the required one is pre-selected and cannot be removed; one optional event is left out.
    await expect(page.getByTestId(`enrol-event-${required}`)).toBeChecked();
    await expect(page.getByTestId(`enrol-event-${required}`)).toBeDisabled();
    await page.getByTestId(`enrol-event-${dropped}`).uncheck();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByTestId('enrol-event-seats').locator('li')).toHaveCount(3);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    // A holder of this run's own: one live enrolment per season and holder, so a repeat would be refused.
    await fillDetails(page, {
      first: 'Oleg',
      last: 'Petrov',
      ssn: freshIsraeliId(),
      email: 'oleg@example.com',
      mobile: '0541112233',
    });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    // The season's discount code: MEMBER10 takes 10 % off the rate.
    await expect(page.getByTestId('pay-total')).toHaveText('₪300.00');
    await page.getByRole('textbox', { name: /Discount code/ }).fill('MEMBER10');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByTestId('membership-discount-applied')).toContainText(
      'Discount code MEMBER10 applied: ₪30.00 off',
    );
    await expect(page.getByTestId('pay-total')).toHaveText('₪270.00');
    await expectNoA11yViolations(page);
    await pay(page);
    await expect(page.getByTestId('confirmation')).toContainText('₪270.00');
    const uuid = await visitorId(page);
    for (const p of season.Presentations) {
      expect(await serverStatus(request, p.PresentationId, uuid, seat)).toBe(p.PresentationId === dropped ? 1 : 4);
    }
  });
});

const ISRAEL = { ssn: '000000018', mobile: '0501234567', memberNumber: 'M-100001' };

async function memberBalance(page: Page): Promise<number> {
  const r = await page.request.get('/api/membership/mine');
  const { members } = (await r.json()) as { members: { memberNumber: string; balance: number }[] };
  return members.find((m) => m.memberNumber === ISRAEL.memberNumber)!.balance;
}

test.describe('member prices', () => {
  test.setTimeout(180_000);

  test('log in as a member and buy a ticket at the member price; the balance goes down by one', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInCustomer(page, 'en', ISRAEL);
    const before = await memberBalance(page);
    const season = (await (await request.get('/api/memberships/SEASON')).json()).membership as {
      Presentations: { PresentationId: number }[];
    };
    const pid = season.Presentations.at(-1)!.PresentationId;
    await openSeatMap(page, pid, 'lang=en');
    const seat = await availableSeat(page);
    await clickSeat(page, seat);
    await expect(page.getByTestId('order-timer')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Continue' }).first().click();
    await expect(page.getByTestId(`tickets-step-${pid}`)).toBeVisible();
    const panel = page.getByTestId('member-price');
    await expect(panel).toContainText(`Balance: ${before} tickets`);
    await panel.getByRole('button', { name: `Member-price ticket (${ISRAEL.memberNumber})` }).click();
    await expect(page.getByTestId('seat-line')).toContainText('Member price');
    await page.getByRole('button', { name: 'Continue' }).first().click();
    await expect(page).toHaveURL(/step=products/);
    await page.getByRole('button', { name: 'Continue' }).first().click();
    await expect(page).toHaveURL(/\/booking\/checkout$/);
    const first = page.getByRole('textbox', { name: 'First name', exact: true });
    if (!(await first.inputValue())) await first.fill('Israel');
    const last = page.getByRole('textbox', { name: 'Last name', exact: true });
    if (!(await last.inputValue())) await last.fill('Israeli');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('israel@example.com');
    await page.getByRole('textbox', { name: 'Mobile phone', exact: true }).fill(ISRAEL.mobile);
    await page.getByRole('textbox', { name: 'Confirm mobile phone', exact: true }).fill(ISRAEL.mobile);
    await page.getByRole('checkbox', { name: /^I have read and accept the terms of use/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/booking\/checkout\/payment/);
    await pay(page);
    expect(await memberBalance(page)).toBe(before - 1);
    expect(await serverStatus(request, pid, await visitorId(page), seat)).toBe(4);
  });
});

async function membershipId(page: Page, code: string): Promise<number> {
  const r = await page.request.get(`/api/memberships/${code}`);
  return ((await r.json()) as { membership: { MembershipId: number } }).membership.MembershipId;
}
