import { axeFor } from './axe.support';
import { expect, test, type Page } from '@playwright/test';
import { expectDocumentLocale } from './helpers';
import { holdPlainReservedSeats, payWithCard, saveHeldCart, visitorIdOf } from './booking-flow.support';
import { codeFor } from './customer-area.support';

/**
 * Gift vouchers end to end: bought in Hebrew, the codes read from the
 * development message store, one pays part of a ticket order in English, its
 * history shows the draw-down; in the customer area another is cancelled (money
 * back) and a third turned into a replacement.
 */
const BUYER = { ssn: '000000042', mobile: '0533334444' };

async function expectNoSeriousA11yIssues(page: Page) {
  // The pointer rests where the last confirm button was: a button under it is mid hover transition, and axe would
  // judge the colours between two states rather than the page a person reads.
  await page.mouse.move(0, 0);
  // Once the move has been drawn (two frames: the hover's transitions have started) and no CSS transition runs any
  // more (the colours have settled), not after a guessed 300 ms.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  const results = await axeFor(page).include('#main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

/** The voucher codes the development sender "texted" for an order (GET /api/notifications/dev/sent-messages). */
async function codesSentFor(page: Page, reservationIdentifier: string): Promise<string[]> {
  let codes: string[] = [];
  await expect
    .poll(
      async () => {
        const r = await page.request.get(
          `/api/notifications/dev/sent-messages?reservationIdentifier=${reservationIdentifier}`,
        );
        const { messages } = (await r.json()) as { messages: { channel: string; body: string }[] };
        const sms = messages.find((m) => m.channel === 'sms');
        codes = sms ? [...sms.body.matchAll(/GV[0-9A-Z]{16}/g)].map((m) => m[0]) : [];
        return codes.length;
      },
      { timeout: 15_000 },
    )
    .toBe(3);
  return codes;
}

async function fillDetails(page: Page, labels: Record<string, string>, values: Record<string, string>) {
  for (const [field, label] of Object.entries(labels)) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(values[field]!);
  }
}

test.describe('gift vouchers', () => {
  test.setTimeout(180_000);

  test('buy in Hebrew, code by message, pay part of a ticket order in English, history, cancel and replace in the customer area', async ({
    page,
    request,
  }) => {
    // 1. Buy three ₪100 vouchers in Hebrew (right to left), on a phone-sized screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/system-vouchers');
    await expectDocumentLocale(page, 'he', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'שוברי מתנה' })).toBeVisible();
    const stepper = page.getByRole('navigation', { name: 'שלבי ההזמנה' });
    await expect(stepper.locator('[aria-current="step"]')).toContainText('בחירת שוברים');
    // Nothing chosen: at least one voucher is required.
    await page.getByRole('button', { name: 'המשך', exact: true }).click();
    await expect(page.getByTestId('choose-one')).toHaveText('יש לבחור לפחות שובר אחד.');
    const more = page.getByRole('button', { name: /^אחד נוסף: .*100/ });
    for (let i = 0; i < 3; i++) await more.click();
    await expect(page.getByTestId('gift-total')).toContainText('300.00');
    await expectNoSeriousA11yIssues(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'המשך', exact: true }).click();

    await expect(stepper.locator('[aria-current="step"]')).toContainText('פרטים');
    await fillDetails(
      page,
      {
        first: 'שם פרטי',
        last: 'שם משפחה',
        ssn: 'תעודת זהות',
        email: 'דוא"ל',
        mobile: 'טלפון נייד',
        verify: 'אימות טלפון נייד',
      },
      {
        first: 'רונית',
        last: 'לוי',
        ssn: BUYER.ssn,
        email: 'ronit@example.com',
        mobile: BUYER.mobile,
        verify: BUYER.mobile,
      },
    );
    await page.getByRole('checkbox', { name: /^קראתי ואני מסכים\/ה לתנאי השימוש/ }).check();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: 'המשך לתשלום' }).click();

    await expect(stepper.locator('[aria-current="step"]')).toContainText('תשלום');
    const due = (await page.getByTestId('pay-total').innerText()).trim();
    await page.getByRole('button', { name: `תשלום ${due}` }).click();
    await expect(page.getByRole('dialog', { name: 'תשלום מאובטח בכרטיס אשראי' })).toBeVisible({ timeout: 15_000 });
    await payWithCard(page, '4580000000000000');
    await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('voucher-codes').locator('li')).toHaveCount(3);
    const reservationIdentifier = (await page.getByTestId('reservation-identifier').innerText()).trim();
    await expectNoSeriousA11yIssues(page);
    await expectNoHorizontalScroll(page);

    // 2. The codes arrive by message (development store); the same ones the page shows.
    const codes = await codesSentFor(page, reservationIdentifier);
    for (const code of codes) await expect(page.getByTestId('voucher-codes')).toContainText(code);
    const [payCode, cancelCode, replaceCode] = codes as [string, string, string];

    // 3. In English, one voucher pays part of a ticket order; the card pays the rest.
    await page.setViewportSize({ width: 1280, height: 900 });
    // The same visitor as the purchase above (its id is in this page's storage): the cart opens next.
    const uuid = await visitorIdOf(page);
    const held = await holdPlainReservedSeats(request, uuid, 3);
    const resId = await saveHeldCart(request, uuid, held);
    await page.goto(`/cart/${resId}?lang=en`);
    await expectDocumentLocale(page, 'en', 'ltr');
    await page.getByRole('button', { name: 'Continue to your details' }).click();
    await fillDetails(
      page,
      {
        first: 'First name',
        last: 'Last name',
        email: 'Email',
        mobile: 'Mobile phone',
        verify: 'Confirm mobile phone',
      },
      {
        first: 'Ronit',
        last: 'Levi',
        email: 'ronit@example.com',
        mobile: BUYER.mobile,
        verify: BUYER.mobile,
      },
    );
    await page.getByRole('checkbox', { name: /^I have read and accept the terms of use/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/booking\/checkout\/payment/);
    const before = (await page.getByTestId('pay-total').innerText()).trim();
    await page.getByRole('textbox', { name: 'Voucher number' }).fill(payCode);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByText(new RegExp(`^Voucher ${payCode} pays ₪\\d+\\.\\d{2}\\.$`))).toBeVisible({
      timeout: 15_000,
    });
    const rest = (await page.getByTestId('pay-total').innerText()).trim();
    expect(rest).not.toBe(before);
    if (rest === '₪0.00') {
      await page.getByRole('button', { name: 'Complete order' }).click();
    } else {
      await page.getByRole('button', { name: `Pay ${rest}` }).click();
      await expect(page.getByRole('dialog', { name: 'Secure card payment' })).toBeVisible({ timeout: 15_000 });
      await payWithCard(page, '4580000000000000');
    }
    await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 30_000 });
    const ticketOrder = (await page.getByTestId('reservation-identifier').innerText()).trim();

    // 4. Its history, in English: bought, then paid for the ticket order.
    await page.goto('/system-vouchers/history?lang=en');
    await page.getByRole('textbox', { name: 'Voucher number' }).fill(payCode);
    await page.getByRole('button', { name: 'Show' }).click();
    const history = page.getByTestId('voucher-history');
    await expect(history).toBeVisible();
    await expect(page.getByTestId('voucher-balance')).not.toHaveText('₪100.00');
    await expect(history.locator('tr[data-kind="purchase"]')).toContainText('₪100.00');
    await expect(history.locator('tr[data-kind="redemption"]')).toContainText(ticketOrder);
    await expectNoSeriousA11yIssues(page);

    // 5. Customer area: the vouchers bought with this mobile are the customer's. Cancel one, replace another.
    await page.goto('/booking/customer-portal?lang=en');
    await page.locator('#ca-ssn').fill(BUYER.ssn);
    await page.locator('#ca-mobile').fill(BUYER.mobile);
    const sentBefore = await page.request.get('/api/notifications/dev/sent-messages?limit=50');
    const lastId = ((await sentBefore.json()) as { messages: { id: string; recipient: string }[] }).messages.find(
      (m) => m.recipient === BUYER.mobile,
    )?.id;
    await page.locator('form button[type=submit]').click();
    await expect(page.locator('#ca-code')).toBeVisible({ timeout: 20_000 });
    const loginCode = await codeFor(page, BUYER.mobile, lastId ?? null);
    await page.locator('#ca-code').fill(loginCode);
    await page.locator('form button[type=submit]').click();
    await expect(page.getByRole('tablist')).toBeVisible();
    await page.locator('#ca-tab-vouchers').click();
    const toCancel = page.locator(`[data-voucher="${cancelCode}"]`);
    await toCancel.getByRole('button', { name: 'Cancel voucher' }).click();
    await toCancel.getByRole('button', { name: /^Yes/ }).click();
    await expect(page.getByRole('status').filter({ hasText: '₪100.00' })).toBeVisible({ timeout: 15_000 });
    await expect(toCancel).toHaveCount(0);
    const toReplace = page.locator(`[data-voucher="${replaceCode}"]`);
    await toReplace.getByRole('button', { name: 'Replacement voucher' }).click();
    await toReplace.getByRole('button', { name: /^Yes/ }).click();
    await expect(toReplace.getByRole('button', { name: 'Replacement voucher' })).toHaveCount(0);
    await expectNoSeriousA11yIssues(page);
  });
});
