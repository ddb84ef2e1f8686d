import { axeFor } from './axe.support';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { buyOneSeat, signInCustomer } from './customer-area.support';
import { clickSeat, openSeatMap } from './seatmap-support';
import { withSql } from './sql.support';

/**
 * Changing seats (the choice is made on the seat map): a buyer changes a seat of a paid order from the customer area; a second browser watching the live
 * seat map sees both seats change (the old one free, the new one taken) without reloading. The page is axe clean
 * in every language, right to left in Hebrew and Arabic, and fits 390 px and 2560 px.
 */
const ISRAEL = { ssn: '000000018', mobile: '0501234567' };

/** A presentation more than two days away on the cinema plan (not the one the cancellation spec uses). */
/**
 * A cinema show two days out or more with the ordinary seating policy. Picked by start time AND policy: by the
 * hour alone, an evening run landed on the late show (single-seat blocking, policy 3), where a freed seat next to a
 * taken one is shown as unavailable, and the watcher test failed every evening.
 */
function laterCinemaShow(offset: number): Promise<number> {
  return withSql(async (sql) => {
    const r = await sql.query(
      `SELECT id FROM presentation WHERE seatplan_id = (SELECT seatplan_id FROM presentation WHERE id = 1)
         AND seating_policy_id = 1 AND date_time > now() + interval '2 days' ORDER BY id ASC OFFSET $1 LIMIT 1`,
      [offset],
    );
    return r.rows[0].id as number;
  });
}

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test.describe('changing seats of a paid order', () => {
  test.setTimeout(90_000);

  test('a buyer swaps a seat from the customer area and a second browser sees both seats change', async ({
    page,
    browser,
  }) => {
    const presentationId = await laterCinemaShow(0);
    const order = await buyOneSeat(page.request, presentationId, ISRAEL);
    const old = { sectionId: order.held.sectionId, x: order.held.x, y: order.held.y };

    const watcherContext = await browser.newContext();
    const watcher = await watcherContext.newPage();
    await openSeatMap(watcher, presentationId);
    expect(await watcher.evaluate((s) => window.__seatmap!.seatStatus(s.sectionId, s.x, s.y), old)).not.toBe(1);

    await signInCustomer(page, 'en', ISRAEL);
    const card = page.locator(`[data-reservation="${order.reservationIdentifier}"]`);
    await card.getByRole('link', { name: 'Change seats' }).click();
    await expect(page.getByRole('heading', { name: 'Change seats in your order' })).toBeVisible();
    const ticket = page.locator('[data-ticket]');
    await expect(ticket).toHaveAttribute('data-seat', `${old.sectionId}:${old.x}:${old.y}`);
    // The seat map with its test hook (the link has no ?test): choose the nearest seat the rule allows.
    await page.goto(`${page.url()}?lang=en&test`);
    await page.waitForFunction(() => window.__seatmap?.ready() === true, null, { timeout: 20_000 });
    await page.evaluate(() => window.__seatmap!.firstFrame());
    const near = await page.evaluate((s) => window.__seatmap!.freeSeatsNear(s.sectionId, s.x, s.y, 200), old);
    const next = near.find((s) => s.choosable)!;
    expect(next).toBeDefined();
    const { sectionId, x, y } = next;
    const value = `${sectionId}:${x}:${y}`;
    expect(await watcher.evaluate((s) => window.__seatmap!.seatStatus(s.sectionId, s.x, s.y), next)).toBe(1);
    await clickSeat(page, next);
    await expect(page.getByTestId('order-change-choice')).toContainText('New seat:');

    await page.getByRole('button', { name: 'Swap seat', exact: true }).filter({ visible: true }).first().click();
    await expect(page.getByTestId('order-change-done')).toContainText('Seat changed');
    await expect(page.getByTestId('order-change-done')).toContainText(order.reservationIdentifier);
    await expect(page.locator('[data-ticket]')).toHaveAttribute('data-seat', value);

    // The watcher's live map: the old seat is free again and the new one taken, without a reload.
    await watcher.waitForFunction(
      ([o, n]) =>
        window.__seatmap!.seatStatus(o.sectionId, o.x, o.y) === 1 &&
        window.__seatmap!.seatStatus(n.sectionId, n.x, n.y) !== 1,
      [old, next] as const,
      { timeout: 5_000 },
    );
    await watcherContext.close();

    // The order kept its number; PostgreSQL has the ticket on the new seat and the change in the history.
    const rows = await withSql((sql) =>
      sql.query(
        `SELECT rt.section_id, rt.x, rt.y, r.last_transaction_id, (SELECT count(*)::int FROM reservation_change c WHERE c.reservation_id = r.id) AS changes
           FROM reservation r JOIN reservation_ticket rt ON rt.reservation_id = r.id AND rt.status = 'live'
          WHERE r.identifier = $1`,
        [order.reservationIdentifier],
      ),
    );
    expect(rows.rows).toEqual([{ section_id: sectionId, x, y, last_transaction_id: expect.any(String), changes: 1 }]);
  });

  for (const [lang, dir] of [
    ['he', 'rtl'],
    ['en', 'ltr'],
    ['ru', 'ltr'],
    ['ar', 'rtl'],
  ] as const) {
    test(`${lang}: the change page is laid out ${dir}, axe clean with the seat map open, and fits 390 and 2560 px`, async ({
      page,
    }) => {
      const presentationId = await laterCinemaShow(1);
      const order = await buyOneSeat(page.request, presentationId, { mobile: '0509990001' });
      // This browser is the one that bought it (the order's visitor), the other proof the server accepts.
      const uuid = randomUUID();
      await withSql((sql) =>
        sql.query(`UPDATE reservation SET visitor_id = $2 WHERE identifier = $1`, [order.reservationIdentifier, uuid]),
      );
      await page.addInitScript((id) => window.localStorage.setItem('uuid', id), uuid);
      await page.goto(`/booking/customer-portal/orders/${order.reservationIdentifier}/change?lang=${lang}`);
      await expect(page.locator('[data-ticket]')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      // The seat map in order-change mode, drawn and ready to choose on.
      await expect(page.locator('.seatmap[data-phase="ready"]')).toBeVisible({ timeout: 20_000 });
      const r = await axeFor(page).withTags(WCAG).analyze();
      expect(r.violations).toEqual([]);
      for (const width of [390, 2560]) {
        await page.setViewportSize({ width, height: 900 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
    });
  }
});
