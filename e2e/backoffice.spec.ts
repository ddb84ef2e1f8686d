import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { Client } from 'pg';
import { base32Decode, hotp, totpStep } from '../server/src/backoffice/totp';

/**
 * The back office (issue 14, first slice): staff sign in with a password and an
 * authenticator code, see only the menu items their permissions allow, read the capacity
 * report and export it to CSV (UTF-8 with BOM, Hebrew intact), in every language.
 * Demo accounts: README "Back office".
 */
const STAFF = {
  admin: { password: 'demo-admin-password', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' },
  producer: { password: 'demo-producer-password', secret: 'KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF' },
} as const;

/** A code works once per account; tests sign the same demo account in often, so its last step is reset first. */
async function resetTotp(username: string) {
  const sql = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await sql.connect();
  try {
    await sql.query(
      `UPDATE staff_user SET last_totp_step = 0, failed_attempts = 0, locked_until = NULL WHERE username = $1`,
      [username],
    );
  } finally {
    await sql.end();
  }
}

async function signIn(page: Page, lang: string, username: keyof typeof STAFF) {
  await resetTotp(username);
  await page.goto(`/backoffice?lang=${lang}`);
  await page.locator('#bo-username').fill(username);
  await page.locator('#bo-password').fill(STAFF[username].password);
  await page.locator('#bo-code').fill(hotp(base32Decode(STAFF[username].secret), totpStep(Date.now())));
  await page.locator('form button[type=submit]').click();
  await expect(page.getByRole('navigation', { name: /./ }).locator('a').first()).toBeVisible();
}

const axe = (page: Page) => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();

test.describe('back office', () => {
  test('a producer sees only the presentations report; the administrator sees all three items', async ({ page }) => {
    await signIn(page, 'en', 'producer');
    const menu = page.locator('nav.bo-menu a');
    await expect(menu).toHaveText(['Presentations report']);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.locator('#bo-username')).toBeVisible();
    // The session is gone on the server too.
    expect((await page.request.get('/api/backoffice/me')).status()).toBe(401);
    await signIn(page, 'en', 'admin');
    await expect(menu).toHaveText(['Presentations report', 'Producer ticket sale', 'Producer reservations']);
  });

  test('a wrong code is refused with a message in the chosen language', async ({ page }) => {
    await resetTotp('producer');
    await page.goto('/backoffice?lang=ru');
    await page.locator('#bo-username').fill('producer');
    await page.locator('#bo-password').fill(STAFF.producer.password);
    await page.locator('#bo-code').fill('000000');
    await page.locator('form button[type=submit]').click();
    await expect(page.getByRole('alert')).toContainText('Неверное имя пользователя');
  });

  test('capacity by cinema exports to CSV with a BOM, Hebrew names and the total row', async ({ page }) => {
    await signIn(page, 'he', 'admin');
    const table = page.locator('#bo-by-location');
    await expect(table).toBeVisible({ timeout: 15_000 });
    await expect(table.locator('tr.bo-total th')).toHaveText('כל בתי הקולנוע');
    const download = page.waitForEvent('download');
    await page.locator('section', { has: table }).getByRole('button').click();
    const file = await (await download).path();
    const csv = await readFile(file, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('שם,קיבולת,נמכרו,פנויים');
    expect(lines.at(-1)).toMatch(/^כל בתי הקולנוע,\d+,\d+,\d+$/);
    expect(lines.length).toBe((await table.locator('tbody tr').count()) + 1);
  });

  test('producer reservations: the list, send again, axe clean', async ({ page }) => {
    const sql = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await sql.connect();
    const id = `E2E${Date.now().toString(36).toUpperCase()}`;
    try {
      const { rows } = await sql.query(
        `SELECT p.id, s.section_id, s.x, s.y, t.id AS ticket_id FROM presentation p
           JOIN seat s ON s.seatplan_id = p.seatplan_id
           JOIN ticket_group tg ON tg.presentation_id = p.id AND tg.zone_id = s.zone_id
           JOIN ticket t ON t.ticket_group_id = tg.id
          WHERE p.business_id = 1 AND p.date_time > now() + interval '2 days'
            AND NOT EXISTS (SELECT 1 FROM reservation_ticket rt WHERE rt.presentation_id = p.id AND rt.section_id = s.section_id
                              AND rt.x = s.x AND rt.y = s.y AND rt.status = 'live')
          ORDER BY p.date_time DESC, s.id LIMIT 1`,
      );
      const r = rows[0];
      const res = await sql.query(
        `INSERT INTO reservation (identifier, document_key, visitor_id, state, customer, total_agorot)
         VALUES ($1, $2, gen_random_uuid(), 'paid', $3::jsonb, 4500) RETURNING id`,
        [
          id,
          `doc-${id}`,
          JSON.stringify({ firstName: 'Noa', lastName: 'Cohen', email: 'noa@example.com', mobileNumber: '0521234567' }),
        ],
      );
      await sql.query(
        `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 4500)`,
        [res.rows[0].id, `T-${id}`, r.id, r.section_id, r.x, r.y, r.ticket_id],
      );
    } finally {
      await sql.end();
    }
    await signIn(page, 'en', 'admin');
    await page.locator('nav.bo-menu a', { hasText: 'Producer reservations' }).click();
    const row = page.locator('#bo-reservations tr', { hasText: id });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('Noa Cohen');
    await expect(row).not.toContainText('0521234567');
    await row.getByRole('button', { name: `Send again, order ${id}` }).click();
    await expect(page.locator('.bo-notice')).toHaveText(`The confirmation of order ${id} was sent again.`);
    expect((await axe(page)).violations).toEqual([]);
  });

  for (const [lang, dir] of [
    ['he', 'rtl'],
    ['ar', 'rtl'],
    ['en', 'ltr'],
    ['ru', 'ltr'],
  ] as const) {
    test(`${lang}: sign-in and report are laid out ${dir} with no axe violations`, async ({ page }) => {
      await page.goto(`/backoffice?lang=${lang}`);
      await expect(page.locator('#bo-username')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      expect((await axe(page)).violations).toEqual([]);
      await signIn(page, lang, 'admin');
      await expect(page.locator('#bo-by-location')).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('#bo-sales-title')).toBeVisible();
      expect((await axe(page)).violations).toEqual([]);
    });
  }

  for (const width of [390, 2560]) {
    test(`at ${width} px the report fits the screen without sideways page scrolling`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1440 });
      await signIn(page, 'he', 'admin');
      await expect(page.locator('#bo-by-location')).toBeVisible({ timeout: 15_000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
