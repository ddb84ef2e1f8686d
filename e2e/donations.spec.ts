import { axeFor } from './axe.support';
import { expect, test, type Page } from '@playwright/test';
import { expectDocumentLocale } from './helpers';
import { payWithCard } from './booking-flow.support';

/** Donations: choose -> details and payment -> confirmation, a custom amount, the receipt by message. */
async function expectNoSeriousA11yIssues(page: Page) {
  const results = await axeFor(page).include('#main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('donations', () => {
  test.setTimeout(120_000);

  test('donate a custom amount in English; a receipt arrives by message; Arabic is right to left and axe clean', async ({
    page,
  }) => {
    await page.goto('/donations?lang=ar');
    await expectDocumentLocale(page, 'ar', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'التبرعات' })).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    await page.goto('/donations?lang=en');
    await expectDocumentLocale(page, 'en', 'ltr');
    // Nothing chosen: at least one donation is required.
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByTestId('choose-one')).toHaveText('Choose at least one donation.');
    const amount = page.getByRole('textbox', { name: 'Your amount (₪) for Tickets for young people' });
    // Out of bounds is explained and cannot continue.
    await amount.fill('5');
    await expect(page.getByText('Type an amount between ₪10.00 and ₪10,000.00.')).toBeVisible();
    await amount.fill('77.50');
    await expect(page.getByTestId('gift-total')).toHaveText('₪77.50');
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    for (const [label, value] of [
      ['First name', 'Noa'],
      ['Last name', 'Katz'],
      ['ID number', '000000026'],
      ['Email', 'noa@example.com'],
      ['Mobile phone', '0527654321'],
      ['Confirm mobile phone', '0527654321'],
    ] as const) {
      await page.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    await page.getByRole('checkbox', { name: /^I have read and accept the terms of use/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Pay ₪77.50' }).click();
    await expect(page.getByRole('dialog', { name: 'Secure card payment' })).toBeVisible({ timeout: 15_000 });
    await payWithCard(page, '4580000000000000');
    await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Thank you for your donation' })).toBeFocused();
    await expectNoSeriousA11yIssues(page);
    const reservationIdentifier = (await page.getByTestId('reservation-identifier').innerText()).trim();

    // The receipt is in the confirmation message (development store).
    await expect
      .poll(
        async () => {
          const r = await page.request.get(
            `/api/notifications/dev/sent-messages?reservationIdentifier=${reservationIdentifier}`,
          );
          const { messages } = (await r.json()) as { messages: { channel: string; body: string }[] };
          return messages.find((m) => m.channel === 'email')?.body ?? '';
        },
        { timeout: 15_000 },
      )
      .toMatch(/Donation receipt\nReceipt DR[0-9A-Z]{10}: Tickets for young people x1 = ₪77\.50/);
  });
});
