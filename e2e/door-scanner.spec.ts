import { expect, test } from '@playwright/test';
import { expectAxeClean, signInAdmin } from './back-office.support';
import { buyOneSeat } from './customer-area.support';
import { withSql } from './sql.support';

/**
 * The door scanner (/scan, docs/door-checkin.md), its typed path: a ticket bought through the storefront's API is let
 * in once, scanned again it is refused with the gate that let it in, in English and Hebrew; the page is axe clean
 * and fits a 390 px phone. The show is moved to start in half an hour for the doors to be open, and moved back.
 */
function cinemaShow(): Promise<{ id: number; dateTime: Date }> {
  return withSql(async (sql) => {
    const r = await sql.query(
      `SELECT p.id, p.date_time AS "dateTime" FROM presentation p
        WHERE p.seatplan_id = (SELECT seatplan_id FROM presentation WHERE id = 1) AND p.seating_policy_id = 1
          AND p.date_time > now() + interval '2 days' AND NOT EXISTS (SELECT 1 FROM on_sale o WHERE o.presentation_id = p.id)
        ORDER BY p.id OFFSET 8 LIMIT 1`,
    );
    return r.rows[0];
  });
}

test('a typed ticket is admitted once, then refused with the gate that let it in', async ({ page }) => {
  const show = await cinemaShow();
  const order = await buyOneSeat(page.request, show.id, { mobile: '0509990093' });
  const eTicket = (await (await page.request.get(`/api/edocument/${order.documentKey}?lang=en`)).json()) as {
    reservation: { tickets: { ticketIdentifier: string; qrText: string }[] };
  };
  const { qrText, ticketIdentifier } = eTicket.reservation.tickets[0]!;
  expect(qrText).toMatch(/^HLT2\./);
  await withSql((sql) =>
    sql.query(`UPDATE presentation SET date_time = now() + interval '30 minutes' WHERE id = $1`, [show.id]),
  );
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAdmin(page, 'presentations-report', 'en');
    await page.goto('/scan?lang=en');
    await page.locator('#scan-presentation').fill(String(show.id));
    await page.locator('#scan-gate').fill('North 1');
    await page.getByRole('button', { name: 'Start scanning' }).click();
    const answer = page.locator('.scan-answer');
    await expect(answer).toHaveAttribute('data-outcome', 'waiting');

    await page.locator('#scan-code').fill(qrText);
    await page.getByRole('button', { name: 'Check ticket' }).click();
    await expect(answer).toHaveAttribute('data-outcome', 'admitted');
    await expect(answer).toContainText('Admitted');
    await expect(answer).toContainText(ticketIdentifier);
    await expectAxeClean(page, 'scanner, admitted (en)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await page.goto('/scan?lang=he');
    await page.locator('#scan-code').fill(ticketIdentifier);
    await page.getByRole('button', { name: 'בדיקת כרטיס' }).click();
    await expect(answer).toHaveAttribute('data-outcome', 'already-admitted');
    await expect(answer).toContainText('North 1');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectAxeClean(page, 'scanner, already admitted (he)');

    await page.locator('#scan-code').fill('HLT2.forged.code');
    await page.getByRole('button', { name: 'בדיקת כרטיס' }).click();
    await expect(answer).toHaveAttribute('data-outcome', 'not-valid');
  } finally {
    await withSql((sql) => sql.query(`UPDATE presentation SET date_time = $2 WHERE id = $1`, [show.id, show.dateTime]));
  }
});
