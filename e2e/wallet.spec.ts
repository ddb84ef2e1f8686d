import { expect, test } from '@playwright/test';
import { holdPlainReservedSeats, saveHeldCart, visitorIdOf } from './booking-flow.support';
import { answerWallet, expectAxeClean, expectNoHorizontalOverflow, fillDetailsInEnglish } from './vod-wallet.support';

/**
 * The second way to pay: the digital wallet on the payment page, a SANDBOX like the card page.
 * One cart goes through cancel -> a declined wallet -> approve, as a buyer would after changing their mind.
 */
test.describe('wallet payment on the payment page', () => {
  test.setTimeout(150_000);

  test('cancel says nothing was charged, a declined wallet is refused, an approved one completes the order', async ({
    page,
    request,
  }) => {
    await page.goto('/booking?lang=en');
    const uuid = await visitorIdOf(page);
    const held = await holdPlainReservedSeats(request, uuid, 2);
    const resId = await saveHeldCart(request, uuid, held);
    await page.goto(`/cart/${resId}?lang=en`);
    await fillDetailsInEnglish(page, { first: 'Dana', last: 'Cohen', email: 'dana@example.com', mobile: '0521112233' });

    const method = page.getByRole('group', { name: 'How would you like to pay?' });
    await expect(method).toBeVisible({ timeout: 15_000 });
    await expect(method.getByRole('radio', { name: /Credit card/ })).toBeChecked();
    await method.getByRole('radio', { name: /Digital wallet/ }).check();
    // Instalments are the card's; the wallet pays in one.
    await expect(page.getByRole('combobox', { name: 'Number of payments' })).toHaveCount(0);
    await expectAxeClean(page, 'payment page, wallet chosen');
    const due = (await page.getByTestId('pay-total').innerText()).trim();

    // 1. Cancel on the wallet page: the dialog closes, nothing charged, the page says so.
    await page.getByRole('button', { name: `Pay ${due}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Digital wallet payment' });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(page.frameLocator('iframe.payment-dialog__frame').locator('.banner')).toContainText('SANDBOX');
    await expectAxeClean(page, 'wallet dialog');
    await answerWallet(page, 'cancel');
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(page.getByTestId('payment-cancelled')).toHaveText('The payment was cancelled. Nothing was charged.');
    await expect(page.getByTestId('confirmation')).toHaveCount(0);

    // 2. A declined wallet account: refused with the provider's reason, the cart still payable.
    await page.getByRole('button', { name: `Pay ${due}` }).click();
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await answerWallet(page, 'decline');
    const failure = page.getByTestId('payment-failure');
    await expect(failure).toBeVisible({ timeout: 30_000 });
    await expect(failure).toBeFocused();
    await expect(page.getByTestId('confirmation')).toHaveCount(0);

    // 3. Approve: the order completes.
    await page.getByRole('button', { name: new RegExp(due.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await answerWallet(page, 'approve');
    const confirmation = page.getByTestId('confirmation');
    await expect(confirmation).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('reservation-identifier')).toHaveText(/^HL/);
    await expectAxeClean(page, 'confirmation after a wallet payment');
  });

  for (const width of [390, 2560]) {
    test(`the method choice fits at ${width} px, in all four languages`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1440 });
      await page.goto('/booking?lang=en');
      const uuid = await visitorIdOf(page);
      const held = await holdPlainReservedSeats(request, uuid, 1);
      const resId = await saveHeldCart(request, uuid, held);
      await page.goto(`/cart/${resId}?lang=en`);
      await fillDetailsInEnglish(page, {
        first: 'Sara',
        last: 'Haddad',
        email: 'sara@example.com',
        mobile: '0531234567',
      });
      for (const [lang, legend, wallet] of [
        ['en', 'How would you like to pay?', 'Digital wallet'],
        ['he', 'איך תרצו לשלם?', 'ארנק דיגיטלי'],
        ['ru', 'Как вы хотите оплатить?', 'Электронный кошелёк'],
        ['ar', 'كيف تريد أن تدفع؟', 'محفظة رقمية'],
      ] as const) {
        await page.goto(`/booking/checkout/payment?lang=${lang}`);
        const method = page.getByRole('group', { name: legend });
        await expect(method).toBeVisible({ timeout: 15_000 });
        await method.getByRole('radio', { name: new RegExp(wallet) }).check();
        await expectNoHorizontalOverflow(page, `payment page, ${lang}, ${width}px`);
        const box = await method.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      await expectAxeClean(page, `payment page in Arabic at ${width}px`);
    });
  }
});
