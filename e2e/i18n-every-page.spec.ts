import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { base32Decode, hotp, totpStep } from '../server/src/backoffice/totp';
import { expectOwnLanguage } from './own-language.support';

/**
 * No word of another language on any back-office page, in Russian and in Arabic (own-language.support.ts says what
 * is read and what may stay Latin). The storefront's pages are read the same way in the one walk per language that
 * also runs axe on them (a11y-storefront.spec.ts): two walks over the same pages cost a quarter of the e2e run.
 */
async function sql<T>(run: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    return await run(db);
  } finally {
    await db.end();
  }
}

const ADMIN = { password: 'demo-admin-password', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
for (const lang of ['ru', 'ar'] as const) {
  test.describe(`${lang}: every back-office page in ${lang} only`, () => {
    test.setTimeout(240_000);
    const q = `lang=${lang}`;

    test('the back office', async ({ page }, info) => {
      const check = (what: string) => expectOwnLanguage(page, lang, what, info);
      await sql((db) =>
        db.query(
          `UPDATE staff_user SET last_totp_step = 0, failed_attempts = 0, locked_until = NULL WHERE username = 'admin'`,
        ),
      );
      await page.goto(`/backoffice?${q}`);
      await expect(page.locator('#bo-username')).toBeVisible({ timeout: 15_000 });
      await check('back-office sign-in');
      await page.locator('#bo-username').fill('admin');
      await page.locator('#bo-password').fill(ADMIN.password);
      await page.locator('#bo-code').fill(hotp(base32Decode(ADMIN.secret), totpStep(Date.now())));
      await page.locator('form button[type=submit]').click();
      await expect(page.locator('nav.bo-menu a').first()).toBeVisible({ timeout: 15_000 });

      // The report on a day with shows (in the evening the demo week starts tomorrow).
      const day = await sql(async (db) => {
        const { rows } = await db.query(
          `SELECT to_char(min(date_time) AT TIME ZONE 'Asia/Jerusalem', 'YYYY-MM-DD') AS day
             FROM presentation WHERE date_time > now()`,
        );
        return rows[0].day as string;
      });
      const input = page.locator('#bo-date');
      if ((await input.inputValue()) !== day) await input.fill(day);
      await expect(page.locator('#bo-by-location')).toBeVisible({ timeout: 15_000 });
      await check('presentations report');

      const sections = await page
        .locator('nav.bo-menu a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      for (const href of sections.slice(1)) {
        await page.goto(href);
        await expect(page.locator('.bo-content')).toBeVisible({ timeout: 15_000 });
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await check(`back office ${href}`);
      }
      await page.goto(`/backoffice/security?${q}`);
      await expect(page.locator('.bo-content')).toBeVisible({ timeout: 15_000 });
      await check('back office security');
    });
  });
}
