import { openAsAdmin } from './admin-session.support';
import { axeFor } from './axe.support';
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { holdReservedSeatsIn, saveHeldCart, visitorIdOf } from './booking-flow.support';
import { withSql } from './sql.support';

/**
 * Ticket-reference administration: staff change a reference's quantity in the back
 * office and see its history; a storefront buyer whose ticket asks for that reference is told
 * it is valid, and refused with the spec's "reference value not eligible" once it is used up.
 * Demo data: server/src/seed/demo-ticket-references.ts (EMP-1002 on the last show of business 1).
 */

/** The demo reference, reset to its seeded state (quantity 2, nothing sold with it). */
async function demoReference(reference: string) {
  return withSql(async (sql) => {
    const { rows } = await sql.query(
      `SELECT o.id, o.price_id AS "ticketId", tg.presentation_id AS "presentationId"
         FROM ticket_reference_option o JOIN ticket tk ON tk.id = o.price_id
         JOIN ticket_group tg ON tg.id = tk.ticket_group_id WHERE o.reference1 = $1`,
      [reference],
    );
    const row = rows[0] as { id: number; ticketId: number; presentationId: number };
    await sql.query(
      `UPDATE reservation_ticket SET status = 'cancelled' WHERE id IN
         (SELECT reservation_ticket_id FROM reservation_ticket_reference WHERE option_id = $1)`,
      [row.id],
    );
    await sql.query('UPDATE ticket_reference_option SET quantity = 2 WHERE id = $1', [row.id]);
    return row;
  });
}

/** A ticket sold with the reference, written straight into the tables (the sale path itself is the jest suite's). */
async function sellWithReference(optionId: number, presentationId: number, ticketId: number, reference: string) {
  await withSql(async (sql) => {
    const seat = (
      await sql.query(
        `SELECT s.section_id, s.x, s.y FROM presentation p JOIN seat s ON s.seatplan_id = p.seatplan_id
          WHERE p.id = $1 AND NOT EXISTS (SELECT 1 FROM reservation_ticket rt WHERE rt.presentation_id = p.id
            AND rt.section_id = s.section_id AND rt.x = s.x AND rt.y = s.y AND rt.status = 'live')
          ORDER BY s.id DESC LIMIT 1`,
        [presentationId],
      )
    ).rows[0];
    const res = await sql.query(
      `INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot)
       VALUES ($1, $2, $3, 'paid', 0) RETURNING id`,
      [`R${randomUUID().slice(0, 8)}`, randomUUID(), randomUUID()],
    );
    const rt = await sql.query(
      `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 0) RETURNING id`,
      [res.rows[0].id, `T${randomUUID().slice(0, 12)}`, presentationId, seat.section_id, seat.x, seat.y, ticketId],
    );
    await sql.query(
      `INSERT INTO reservation_ticket_reference (reservation_ticket_id, option_id, reference1) VALUES ($1, $2, $3)`,
      [rt.rows[0].id, optionId, reference],
    );
  });
}

const axe = (page: Page) => axeFor(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();

test.describe('ticket references', () => {
  test('staff set a quantity and see its history; a buyer with that reference is refused once it is used up', async ({
    page,
    browser,
    request,
  }) => {
    const ref = await demoReference('EMP-1002');
    await page.setViewportSize({ width: 2560, height: 1440 });
    await openAsAdmin(page, 'ticket-references', 'en');
    await expect(page.locator('nav.bo-menu a.active')).toHaveText('Ticket references');
    const row = page.getByTestId('bo-ref-EMP-1002');
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.getByLabel('Quantity for EMP-1002').fill('1');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.bo-notice')).toHaveText('The quantity of EMP-1002 changed from 2 to 1.');
    await row.getByRole('button', { name: 'History: EMP-1002' }).click();
    await expect(page.locator('#bo-refs-history li').first()).toContainText('2 → 1');
    // Who changed it: the demo administrator (a person's name, no longer a role in Hebrew).
    await expect(page.locator('#bo-refs-history li').first()).toContainText('Michal');
    expect((await axe(page)).violations).toEqual([]);

    // A buyer in another browser: a seat of the show, the "Municipal staff" ticket, the reference typed in.
    const buyer = await (await browser.newContext()).newPage();
    await buyer.goto('/booking');
    const uuid = await visitorIdOf(buyer);
    const held = await holdReservedSeatsIn(request, uuid, (p) => p.id === ref.presentationId, 1);
    const resId = await saveHeldCart(request, uuid, held);
    await buyer.goto(`/cart/${resId}`);
    const line = buyer.getByTestId('seat-line').first();
    await line.getByRole('combobox').selectOption(String(ref.ticketId));
    const field = line.getByRole('textbox', { name: /מספר עובד/ });
    await field.fill('emp-1002');
    await field.blur();
    await expect(line.getByRole('status')).toHaveText('האסמכתא תקפה לכרטיס זה.', { timeout: 15_000 });
    expect((await axeFor(buyer).include('#main').withTags(['wcag2a', 'wcag2aa']).analyze()).violations).toEqual([]);

    // Somebody buys the one ticket left with EMP-1002: it is used up.
    await sellWithReference(ref.id, ref.presentationId, ref.ticketId, 'EMP-1002');
    await field.fill('EMP-1002');
    await field.blur();
    await expect(line.getByRole('status')).toHaveText('ערך האסמכתא אינו זכאי לכרטיס זה.', { timeout: 15_000 });

    // The back office shows it used up, and will not set the quantity below what was sold.
    await page.reload();
    await expect(row.locator('td').nth(4)).toHaveText('0', { timeout: 15_000 });
    await row.getByLabel('Quantity for EMP-1002').fill('0');
    await row.getByRole('button', { name: 'Save' }).click();
    // The browser refuses a value below the field's minimum (the tickets sold) before the server would.
    const underflow = await row
      .getByLabel('Quantity for EMP-1002')
      .evaluate((el) => (el as HTMLInputElement).validity.rangeUnderflow);
    expect(underflow).toBe(true);
  });

  for (const [lang, dir] of [
    ['he', 'rtl'],
    ['ar', 'rtl'],
    ['en', 'ltr'],
    ['ru', 'ltr'],
  ] as const) {
    test(`${lang}: the screen is laid out ${dir} with no axe violations`, async ({ page }) => {
      await openAsAdmin(page, 'ticket-references', lang);
      await expect(page.locator('#bo-refs')).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      expect((await axe(page)).violations).toEqual([]);
    });
  }

  for (const width of [390, 2560]) {
    test(`at ${width} px the screen fits without sideways page scrolling`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1440 });
      await openAsAdmin(page, 'ticket-references', 'he');
      await expect(page.locator('#bo-refs')).toBeVisible({ timeout: 15_000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
