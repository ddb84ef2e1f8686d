import { axeFor } from './axe.support';
import { expect, test } from '@playwright/test';
import { buyOneSeat, signInCustomer } from './customer-area.support';
import { withSql } from './sql.support';
import { reviewShot } from './review-shot.support';

/**
 * The cancellation dialog states the exact fee, the exact refund and where it goes, from the
 * server's own quote, before the buyer confirms; the confirmed cancellation then answers the same numbers.
 */
/** A presentation more than two days away on the cinema plan, cancellable with a 5 percent fee. */
function presentationWithFee(): Promise<number> {
  return withSql(async (sql) => {
    const r = await sql.query(
      `SELECT id FROM presentation WHERE seatplan_id = (SELECT seatplan_id FROM presentation WHERE id = 1)
         AND date_time > now() + interval '2 days'
         AND NOT EXISTS (SELECT 1 FROM on_sale o WHERE o.enabled
                           AND (o.presentation_id = presentation.id OR o.feature_id = presentation.feature_id))
       ORDER BY id DESC OFFSET 1 LIMIT 1`,
    );
    const id: number = r.rows[0].id;
    await sql.query(
      `INSERT INTO presentation_cancellation_policy (presentation_id, customer_may_cancel, min_minutes_before_event,
          provider_refund_allowed, charge_type, charge_value)
       VALUES ($1, true, 60, true, 'percent', 5)
       ON CONFLICT (presentation_id) DO UPDATE SET customer_may_cancel = true, provider_refund_allowed = true,
          changes_locked = false, charge_type = 'percent', charge_value = 5`,
      [id],
    );
    return id;
  });
}

/** The amount as the page writes it: Russian uses a decimal comma. */
const shekels = (agorot: number, lang: string) => {
  const text = (agorot / 100).toFixed(2);
  return lang === 'ru' ? text.replace('.', ',') : text;
};

test.describe('cancellation quote in the dialog', () => {
  test.setTimeout(90_000);

  for (const [lang, dir, who, width, open, fee, card, credit, done] of [
    [
      'he',
      'rtl',
      { ssn: '000000018', mobile: '0501234567' },
      390,
      'ביטול הזמנה',
      'דמי ביטול:',
      'לכרטיס האשראי ששילמת בו',
      'כזיכוי לרכישה הבאה',
      'הביטול בוצע.',
    ],
    [
      'ru',
      'ltr',
      { ssn: '000000042', mobile: '0533334444' },
      1280,
      'Отменить заказ',
      'Сбор за отмену:',
      'на карту, которой вы платили',
      'кредитом на следующую покупку',
      'Отменено.',
    ],
  ] as const) {
    test(`${lang} at ${width} px: the exact fee, refund and destination before confirming, ${dir}, axe clean`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const order = await buyOneSeat(page.request, await presentationWithFee(), { mobile: who.mobile });
      await signInCustomer(page, lang, who);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      const reservation = page.locator(`[data-reservation="${order.reservationIdentifier}"]`);
      await reservation.getByRole('button', { name: open }).click();

      // The numbers the dialog must show are the server's own quote.
      const quote = (await (
        await page.request.get(`/api/reservations/${order.reservationIdentifier}/cancellation-quote`)
      ).json()) as { ChargeAgorot: number; RefundAgorot: number };
      expect(quote.ChargeAgorot).toBeGreaterThan(0);
      const summary = reservation.getByTestId('cancel-quote');
      await expect(summary).toContainText(fee);
      await expect(summary).toContainText(shekels(quote.ChargeAgorot, lang));
      await expect(summary).toContainText(shekels(quote.RefundAgorot, lang));
      await expect(summary).toContainText(card);
      await reviewShot(reservation, `.tmp/shots/cancel-quote-${lang}-${width}.png`);
      const a11y = await axeFor(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(a11y.violations).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // Choosing store credit re-quotes: the same refund, now as credit.
      await reservation.locator('.ca-check input[type=checkbox]').last().check();
      await expect(summary).toContainText(credit);
      await expect(summary).not.toContainText(card);
      await reservation.locator('.ca-check input[type=checkbox]').last().uncheck();
      await expect(summary).toContainText(card);

      const confirm = reservation.locator('.ca-cancel .button--primary');
      await expect(confirm).toBeEnabled();
      await confirm.click();
      const status = reservation.getByRole('status');
      await expect(status).toContainText(done);
      await expect(status).toContainText(shekels(quote.RefundAgorot, lang));
      await expect(status).toContainText(shekels(quote.ChargeAgorot, lang));
    });
  }
});
