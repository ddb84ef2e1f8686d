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
