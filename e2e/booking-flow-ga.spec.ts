import { expect, test } from '@playwright/test';
import { expectDocumentLocale } from './helpers';
import { findPresentation, holdGaPlaces, payWithCard, saveHeldCart, presetVisitorId } from './booking-flow.support';
import { freshGiftVoucher } from './sql.support';

/**
 * A full purchase in English on a presentation with general-admission (floor)
 * sections: two places the server picked, a different ticket on one, a gift
 * voucher paying part, three instalments, the card accepted, e-tickets.
 * The GA quantity step itself belongs to the seat map (see booking-flow.spec.ts
 * for why the places are taken through the API here).
 */
test.describe('booking flow in English (general admission)', () => {
  test.setTimeout(150_000);

  test('floor places → a student ticket → details → gift voucher + card in 3 payments → e-ticket', async ({
    page,
    request,
  }) => {
    const uuid = await presetVisitorId(page);
    const presentation = await findPresentation(request, (p) => p.hasGASection);
    const held = await holdGaPlaces(request, uuid, presentation, 2);
    const resId = await saveHeldCart(request, uuid, held);

    await page.goto(`/cart/${resId}?lang=en`);
    await expectDocumentLocale(page, 'en', 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: 'Your order' })).toBeVisible();
    const lines = page.getByTestId('seat-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toContainText('General admission');
    await expect(page.getByRole('timer')).toHaveText(/^1[0-4]:\d{2}$/);

    // Second place on the student ticket: cheaper, and the saving against the first ticket is shown.
    const total = page.getByTestId('summary-total');
    const before = await total.innerText();
    const select = lines.nth(1).getByRole('combobox');
    await select.selectOption(
      (await select.locator('option', { hasText: 'Student / Soldier' }).getAttribute('value'))!,
    );
    await expect(lines.nth(1)).toContainText('You save');
    await expect(total).not.toHaveText(before);

    await page.getByRole('button', { name: 'Continue to your details' }).click();
    await expect(page).toHaveURL(/\/booking\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Noa');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Levi');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'Mobile phone', exact: true }).fill('052-7654321');
    await page.getByRole('textbox', { name: 'Confirm mobile phone', exact: true }).fill('0527654321');
    await page.getByRole('checkbox', { name: /I have read and accept the terms/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    // The spec's English form messages.
    const summary = page
      .getByRole('alert')
      .filter({ hasText: 'Please make sure all fields have been entered correctly' });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('must be an email address!');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('noa@example.com');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/booking\/checkout\/payment$/);

    // A used-up voucher is refused with the spec's message; a ₪30 voucher of our own pays ₪30.00 of the order.
    const gift30 = await freshGiftVoucher(3_000);
    const voucher = page.getByRole('textbox', { name: 'Voucher number' });
    await voucher.fill('GIFT-EMPTY');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'No balance left to redeem this benefit' })).toBeVisible({
      timeout: 15_000,
    });
    await voucher.fill(gift30);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Voucher ${gift30} pays ₪30.00.` })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId('order-summary')).toContainText(`Voucher ${gift30}`);
    await expect(page.getByTestId('summary-balance-due')).toBeVisible();

    await page.getByRole('combobox', { name: 'Number of payments' }).selectOption('3');
    const due = (await page.getByTestId('pay-total').innerText()).trim();
    await expect(page.getByTestId('summary-balance-due')).toHaveText(due);
    await page.getByRole('button', { name: `Pay ${due}` }).click();
    await expect(page.getByRole('dialog', { name: 'Secure card payment' })).toBeVisible({ timeout: 15_000 });
    await payWithCard(page, '4580000000000000');

    const confirmation = page.getByTestId('confirmation');
    await expect(confirmation).toBeVisible({ timeout: 30_000 });
    await expect(confirmation).toContainText('Thank you! Your order is confirmed.');
    await expect(confirmation).toContainText('Your 2 tickets are ready.');
    await expect(confirmation).toContainText('Charged to card');

    await page.getByRole('link', { name: 'View your e-tickets' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your tickets' })).toBeVisible();
    const tickets = page.getByTestId('eticket');
    await expect(tickets).toHaveCount(2);
    await expect(tickets.first()).toContainText('General admission, no fixed seat');
    await expect(tickets.nth(1).getByRole('img', { name: /^QR code for ticket / })).toBeVisible();
  });

  test('vouchers that cover the whole order complete it without a card', async ({ page, request }) => {
    const uuid = await presetVisitorId(page);
    const presentation = await findPresentation(request, (p) => p.hasGASection);
    const resId = await saveHeldCart(request, uuid, await holdGaPlaces(request, uuid, presentation, 1));
    await page.goto(`/cart/${resId}?lang=en`);
    await page.getByRole('button', { name: 'Continue to your details' }).click();
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Amir');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Haddad');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('amir@example.com');
    await page.getByRole('textbox', { name: 'Mobile phone', exact: true }).fill('0541234567');
    await page.getByRole('textbox', { name: 'Confirm mobile phone', exact: true }).fill('0541234567');
    await page.getByRole('checkbox', { name: /I have read and accept the terms/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    const voucher = page.getByRole('textbox', { name: 'Voucher number' });
    // Two vouchers of our own, ₪250 and ₪100, cover the whole order.
    for (const code of [await freshGiftVoucher(25_000), await freshGiftVoucher(10_000)]) {
      await voucher.fill(code);
      await page.getByRole('button', { name: 'Redeem' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Voucher ${code} pays` })).toBeVisible({
        timeout: 15_000,
      });
    }
    await expect(page.getByTestId('pay-total')).toHaveText('₪0.00');
    await expect(page.getByRole('combobox', { name: 'Number of payments' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Complete order' }).click();
    await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('confirmation')).not.toContainText('Charged to card');
    await expect(page.getByTestId('confirmation')).toContainText('Paid with vouchers');
    await expect(page.getByTestId('reservation-identifier')).not.toBeEmpty();
  });
});
