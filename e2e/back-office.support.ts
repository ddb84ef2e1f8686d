import { expect, type Page } from '@playwright/test';
import { base32Decode, hotp, totpStep } from '../server/src/backoffice/totp';
import { axeFor } from './axe.support';
import { withSql } from './sql.support';

/** The demo administrator (server/src/seed/demo-staff.ts): every permission, businesses 1 and 2. */
const ADMIN = { password: 'demo-admin-password', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Signs the demo administrator in on a back-office section. A TOTP step is accepted once per account and specs sign
 * in many times a minute, so the account's last used step is reset first.
 */
export async function signInAdmin(page: Page, section: string, lang: string): Promise<void> {
  await withSql((sql) =>
    sql.query(
      `UPDATE staff_user SET last_totp_step = 0, failed_attempts = 0, locked_until = NULL WHERE username = 'admin'`,
    ),
  );
  await page.goto(`/backoffice/${section}?lang=${lang}`);
  await page.locator('#bo-username').fill('admin');
  await page.locator('#bo-password').fill(ADMIN.password);
  await page.locator('#bo-code').fill(hotp(base32Decode(ADMIN.secret), totpStep(Date.now())));
  await page.locator('form button[type=submit]').click();
  await expect(page.locator('nav.bo-menu a').first()).toBeVisible({ timeout: 15_000 });
}

/** axe at WCAG 2.2 AA and best practice: every violation listed (soft, so one run names them all). */
export async function expectAxeClean(page: Page, what: string): Promise<void> {
  const results = await axeFor(page).withTags(AXE_TAGS).analyze();
  const found = results.violations.map(
    (v) => `${what}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect.soft(found, what).toEqual([]);
}
