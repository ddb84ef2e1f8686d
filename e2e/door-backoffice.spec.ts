import { openAsAdmin } from './admin-session.support';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean } from './back-office.support';
import { buyOneSeat } from './customer-area.support';
import { withSql } from './sql.support';

/**
 * The doors in the back office (docs/door-checkin.md, "Back office"): a ticket let in at one gate, refused at
 * another, and let in again by an offline scanner (a conflict); the door screen shows the entry by gate, the refusal
 * by reason, the conflict with both gates, and marks it reviewed; the administrator rotates the signing key after a
 * confirmation. Axe finds nothing in English at 2560 px and in Hebrew and Arabic at 390 px, and nothing scrolls
 * sideways. The show is moved to start in half an hour (doors open) and moved back.
 */
function show(): Promise<{ id: number; dateTime: Date }> {
  return withSql(async (sql) => {
    const r = await sql.query(
      `SELECT p.id, p.date_time AS "dateTime" FROM presentation p
        WHERE p.seatplan_id = (SELECT seatplan_id FROM presentation WHERE id = 1) AND p.seating_policy_id = 1
          AND p.date_time > now() + interval '2 days' AND NOT EXISTS (SELECT 1 FROM on_sale o WHERE o.presentation_id = p.id)
        ORDER BY p.id DESC LIMIT 1`,
    );
    return r.rows[0];
  });
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test('the door screen: entries by gate, refusals by reason, an offline conflict reviewed, the key rotated', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const s = await show();
  const order = await buyOneSeat(page.request, s.id, { mobile: '0509990095' });
  const eTicket = (await (await page.request.get(`/api/edocument/${order.documentKey}?lang=en`)).json()) as {
    reservation: { tickets: { ticketIdentifier: string; qrText: string }[] };
  };
  const { qrText, ticketIdentifier } = eTicket.reservation.tickets[0]!;
  await withSql((sql) =>
    sql.query(`UPDATE presentation SET date_time = now() + interval '30 minutes' WHERE id = $1`, [s.id]),
  );
  try {
    await page.setViewportSize({ width: 2560, height: 1440 });
    await openAsAdmin(page, 'doors', 'en');
    const headers = { uuid: randomUUID() };
    const scanAt = (gate: string) =>
      page.request.post('/api/checkin/redeem?lang=en', {
        headers,
        data: {
          code: qrText,
          presentationId: s.id,
          gate,
          device: 'e2e-phone',
          scannedAt: new Date().toISOString(),
          nonce: randomUUID(),
        },
      });
    expect((await (await scanAt('Gate A')).json()).outcome).toBe('admitted');
    expect((await (await scanAt('Gate B')).json()).outcome).toBe('already-admitted');
    const upload = await page.request.post('/api/checkin/uploads', {
      headers,
      data: {
        presentationId: s.id,
        device: 'e2e-tablet',
        scans: [
          {
            code: qrText,
            gate: 'Gate C',
            scannedAt: new Date().toISOString(),
            nonce: randomUUID(),
            deviceOutcome: 'admitted',
          },
        ],
      },
    });
    expect((await upload.json()).results[0].conflict).toBe(true);

    await page.reload();
    await page.getByTestId('bo-doors-date').selectOption(String(s.id));
    await expect(page.getByTestId('bo-doors-gates')).toContainText('Gate A');
    await expect(page.getByTestId('bo-doors-reasons')).toContainText('Already admitted');
    await expect(page.getByTestId('bo-doors-recent')).toContainText('Gate B');
    const conflict = page.getByTestId('bo-doors-conflicts').locator('tr', { hasText: ticketIdentifier });
    await expect(conflict).toContainText('Gate C (e2e-tablet)');
    await expect(conflict).toContainText('Gate A');
    await expectAxeClean(page, 'door screen (en, 2560 px)');
    await noSidewaysScroll(page);

    await conflict.getByRole('button', { name: /Mark reviewed/ }).click();
    await expect(page.getByTestId('bo-doors-notice')).toHaveText('The conflict is marked reviewed.');
    await expect(conflict).toContainText('Reviewed by admin');

    const keysBefore = await page.getByTestId('bo-doors-keys').locator('li').count();
    await page.getByTestId('bo-doors-rotate').click();
    await expect(page.getByTestId('bo-doors-rotate-confirm')).toBeFocused();
    await expectAxeClean(page, 'door screen, key rotation asked (en)');
    await page.getByRole('button', { name: 'Rotate the key', exact: true }).click();
    await expect(page.getByTestId('bo-doors-notice')).toHaveText('A new key signs tickets from now on.');
    await expect(page.getByTestId('bo-doors-keys').locator('li')).toHaveCount(keysBefore + 1);
    await expect(page.getByTestId('bo-doors-keys').locator('li').nth(1)).toContainText('retired');

    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of ['he', 'ar'] as const) {
      await page.goto(`/backoffice/doors?lang=${lang}`);
      await page.getByTestId('bo-doors-date').selectOption(String(s.id));
      await expect(page.getByTestId('bo-doors-gates')).toContainText('Gate A');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectAxeClean(page, `door screen (${lang}, 390 px)`);
      await noSidewaysScroll(page);
    }
  } finally {
    await withSql((sql) => sql.query(`UPDATE presentation SET date_time = $2 WHERE id = $1`, [s.id, s.dateTime]));
  }
});
