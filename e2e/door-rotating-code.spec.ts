import { useAdminSession } from './admin-session.support';
import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { fromBase64Url } from '../shared/src/rules/checkin/base64url';
import { digitsOfMac, formatRotatingCode, rotationStep, stepMessage } from '../shared/src/rules/checkin/rotating-code';
import { expectAxeClean } from './back-office.support';
import { buyOneSeat } from './customer-area.support';
import { withSql } from './sql.support';

/**
 * The rotating door code (docs/door-checkin.md, "The rotating code") for a show that asks for it: the e-ticket page
 * draws a QR code that changes every 15 s (the page's clock is Playwright's, moved by hand), and the scanner admits
 * a fresh code online and offline (with the manifest's secret), and refuses the static code and a code two minutes
 * old. The test makes codes as the phone does, at the server's real clock (the e2e server runs on the real clock).
 */
function rotatingShow(): Promise<{ id: number; dateTime: Date }> {
  return withSql(async (sql) => {
    const r = await sql.query(
      `SELECT p.id, p.date_time AS "dateTime" FROM presentation p
        WHERE p.seatplan_id = (SELECT seatplan_id FROM presentation WHERE id = 1) AND p.seating_policy_id = 1
          AND p.date_time > now() + interval '2 days' AND NOT EXISTS (SELECT 1 FROM on_sale o WHERE o.presentation_id = p.id)
        ORDER BY p.id DESC OFFSET 2 LIMIT 1`,
    );
    return r.rows[0];
  });
}

function codeAt(ticketIdentifier: string, secret: string, atMs: number): string {
  const mac = createHmac('sha256', fromBase64Url(secret)!)
    .update(stepMessage(rotationStep(atMs)))
    .digest();
  return formatRotatingCode(ticketIdentifier, digitsOfMac(mac));
}

async function eTicket(page: Page, documentKey: string) {
  const body = (await (await page.request.get(`/api/edocument/${documentKey}?lang=en`)).json()) as {
    reservation: { tickets: { ticketIdentifier: string; qrText: string; rotatingSecret: string | null }[] };
  };
  return body.reservation.tickets[0]!;
}

test('a rotating show: the e-ticket’s code changes every 15 s; the door takes it fresh, online and offline, and refuses the static one', async ({
  page,
  context,
}) => {
  const show = await rotatingShow();
  await withSql((sql) =>
    sql.query(`UPDATE presentation SET rotating_code = true, date_time = now() + interval '30 minutes' WHERE id = $1`, [
      show.id,
    ]),
  );
  try {
    const first = await buyOneSeat(page.request, show.id, { mobile: '0509990097' });
    const second = await buyOneSeat(page.request, show.id, { mobile: '0509990098' });
    const one = await eTicket(page, first.documentKey);
    const two = await eTicket(page, second.documentKey);
    expect(one.rotatingSecret).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // The e-ticket page, in Hebrew on a phone: the live code and its note; 15 s later another code.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.clock.install();
    await page.goto(`/edocument/${first.documentKey}?lang=he`);
    const qr = page.locator('[data-rotating-code] img');
    await expect(qr).toBeVisible();
    await expect(page.locator('[data-rotating-code]')).toContainText('קוד חי');
    await expect(page.getByText('הדפסה או צילום מסך לא יפתחו את הדלת', { exact: false })).toBeVisible();
    const before = await qr.getAttribute('src');
    await page.clock.runFor(15_000);
    await expect(qr).not.toHaveAttribute('src', before!);
    await expectAxeClean(page, 'e-ticket with a rotating code (he)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const door = await context.newPage();
    await useAdminSession(door);
    await door.goto('/scan?lang=en');
    await door.locator('#scan-presentation').selectOption(String(show.id));
    await door.locator('#scan-gate').fill('Live gate');
    await door.getByRole('button', { name: 'Start scanning' }).click();
    await expect(door.locator('[data-offline-ready]')).toHaveAttribute('data-offline-ready', /^[1-9]/);
    const answer = door.locator('.scan-answer');
    const check = async (code: string) => {
      await door.locator('#scan-code').fill(code);
      await door.getByRole('button', { name: 'Check ticket' }).click();
    };

    await check(one.qrText);
    await expect(answer).toHaveAttribute('data-outcome', 'rotating-code-required');
    await expect(answer).toContainText('This show needs the live code from the app or wallet');
    await check(codeAt(one.ticketIdentifier, one.rotatingSecret!, Date.now()));
    await expect(answer).toHaveAttribute('data-outcome', 'admitted');
    await expect(answer).toContainText(one.ticketIdentifier);

    await context.setOffline(true);
    await check(codeAt(two.ticketIdentifier, two.rotatingSecret!, Date.now() - 120_000));
    await expect(answer).toHaveAttribute('data-outcome', 'not-valid');
    await expect(answer).toContainText('No connection: checked on this device');
    await check(codeAt(two.ticketIdentifier, two.rotatingSecret!, Date.now()));
    await expect(answer).toHaveAttribute('data-outcome', 'admitted');
    await expect(answer).toContainText(two.ticketIdentifier);
    await expect(door.locator('[data-queued]')).toHaveAttribute('data-queued', '2');

    await context.setOffline(false);
    await expect(door.locator('[data-queued]')).toHaveCount(0, { timeout: 15_000 });
    const admitted = await withSql(
      async (sql) =>
        (
          await sql.query(
            `SELECT t.identifier, a.gate FROM checkin_admission a JOIN reservation_ticket t ON t.id = a.ticket_id
              WHERE t.presentation_id = $1 ORDER BY t.identifier`,
            [show.id],
          )
        ).rows,
    );
    expect(admitted).toEqual(
      [one.ticketIdentifier, two.ticketIdentifier].sort().map((identifier) => ({ identifier, gate: 'Live gate' })),
    );
  } finally {
    await context.setOffline(false);
    await withSql((sql) =>
      sql.query(`UPDATE presentation SET rotating_code = false, date_time = $2 WHERE id = $1`, [
        show.id,
        show.dateTime,
      ]),
    );
  }
});
