import { openAsAdmin } from './admin-session.support';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { base32Decode, hotp, totpStep } from '../server/src/backoffice/totp';
import { expectAxeClean } from './back-office.support';
import { withSql } from './sql.support';

/**
 * Staff and permissions (permission 292) and the one-time setup link: the administrator creates an account with
 * the catalogue permission only, its owner opens the link in a browser of their own (no session), sets a password
 * and an authenticator, signs in and sees only the catalogue's menu items; the spent link is refused. The
 * administrator edits, disables (the owner's next page load is signed out) and resets the account (a new link).
 * axe finds nothing on the staff screen (the new-account form and a shown link) and on the setup page, in Hebrew and
 * Arabic, at 390 px and 2560 px. The accounts it makes have usernames of their own; no other spec reads them.
 */
const uniqueUsername = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const SETUP_LINK = /\/backoffice\/setup#[A-Za-z0-9_-]{43}$/;
const PASSWORD = 'Seven Quiet Lanterns Drift';

/** The setup link as shown on the staff screen (a read-only field). */
async function shownLink(page: Page): Promise<URL> {
  const box = page.getByTestId('bo-staff-link');
  await expect(box).toBeVisible();
  await expect(box.getByRole('heading', { level: 3 })).toBeFocused();
  const value = await box.locator('#bo-staff-link-url').inputValue();
  expect(value).toMatch(SETUP_LINK);
  return new URL(value);
}

/** Opens a setup link in a browser of its own (no session), in a language; the token leaves the address bar. */
async function openLink(browser: Browser, link: URL, lang: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${link.pathname}?lang=${lang}${link.hash}`);
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('');
  expect(page.url()).not.toContain(link.hash.slice(1));
  return { context, page };
}

/** Fills the new-account form: the catalogue permission (291) only, and business 1. */
async function createAccount(page: Page, username: string, first: string, last: string) {
  const form = page.getByTestId('bo-staff-new');
  await form.locator('#bo-staff-new-username').fill(username);
  await form.locator('#bo-staff-new-firstName').fill(first);
  await form.locator('#bo-staff-new-lastName').fill(last);
  await form.locator('#bo-staff-new-perm-291').check();
  await form.locator('#bo-staff-new-biz-1').check();
  await form.locator('button[type=submit]').click();
}

test('the administrator creates an account; its owner sets it up through the link, signs in, and is signed out once disabled', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAsAdmin(page, 'staff', 'en');
  await expect(page.locator('nav.bo-menu a.active')).toHaveText('Staff and permissions');
  await expect(page.getByRole('heading', { level: 2, name: 'Staff and permissions' })).toBeVisible();
  await expect(page.getByTestId('bo-staff-user-admin')).toContainText('(you)');

  // Required fields left empty are named, and the first is focused.
  const form = page.getByTestId('bo-staff-new');
  await form.getByRole('button', { name: 'Create the account' }).click();
  await expect(form.locator('#bo-staff-new-username')).toBeFocused();
  await expect(form.locator('#bo-staff-new-username')).toHaveAttribute('aria-invalid', 'true');
  // Only the permissions the administrator holds are offered, by name.
  await expect(form.getByRole('checkbox', { name: 'Venues, seat plans, events and dates', exact: true })).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'Staff and permissions', exact: true })).toBeVisible();

  const username = uniqueUsername('cat');
  await createAccount(page, username, 'Carmel', 'Tal');
  await expect(page.getByTestId('bo-staff-notice')).toHaveText(
    `The account ${username} was created. Give its setup link to the person.`,
  );
  const link = await shownLink(page);
  await expect(page.getByTestId('bo-staff-link')).toContainText('This link is shown only now.');
  await expect(page.getByRole('button', { name: 'Copy the link' })).toBeVisible();
  const row = page.getByTestId(`bo-staff-user-${username}`);
  await expect(row).toContainText('Carmel Tal');
  await expect(row.locator('td').nth(1)).toHaveText('Venues, seat plans, events and dates');
  await expect(row.locator('td').nth(2)).toHaveText('Business 1');
  await expect(row).toContainText('Waiting for setup');

  // The owner, in a browser of their own: the account's name, the key, a password and a code.
  const owner = await openLink(browser, link, 'en');
  try {
    const setup = owner.page;
    await expect(setup.getByRole('heading', { level: 2 })).toHaveText(`Setting up the account ${username}`);
    await expect(setup.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
    const secret = (await setup.getByTestId('bo-setup-secret').textContent())!.trim();
    await setup.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await setup.getByLabel('New password again').fill(`${PASSWORD}!`);
    await setup.getByLabel('Code from the authenticator app').fill(hotp(base32Decode(secret), totpStep(Date.now())));
    await setup.getByRole('button', { name: 'Finish the setup' }).click();
    // Checked in the browser: the two passwords differ.
    await expect(setup.getByLabel('New password again')).toBeFocused();
    await expect(setup.getByText('The two passwords are not the same.')).toBeVisible();
    await setup.getByLabel('New password again').fill(PASSWORD);
    await setup.getByLabel('Code from the authenticator app').fill(hotp(base32Decode(secret), totpStep(Date.now())));
    await setup.getByRole('button', { name: 'Finish the setup' }).click();
    await expect(setup.getByRole('heading', { name: 'Your account is ready' })).toBeFocused();

    // The code used for the setup is spent for this account's step: sign in with the next one allowed.
    await withSql((sql) => sql.query(`UPDATE staff_user SET last_totp_step = 0 WHERE username = $1`, [username]));
    await setup.getByRole('link', { name: 'Go to the back-office sign-in' }).click();
    await setup.locator('#bo-username').fill(username);
    await setup.locator('#bo-password').fill(PASSWORD);
    await setup.locator('#bo-code').fill(hotp(base32Decode(secret), totpStep(Date.now())));
    await setup.locator('form button[type=submit]').click();
    await expect(setup.locator('nav.bo-menu a')).toHaveText(['Venues and seat plans', 'Events and dates']);
    expect((await setup.request.get('/api/backoffice/me')).status()).toBe(200);

    // The same link again: spent.
    const again = await openLink(browser, link, 'en');
    await expect(again.page.getByTestId('bo-setup-invalid')).toHaveText(
      'This setup link is no longer valid. Ask your administrator for a new one.',
    );
    await again.context.close();

    // The administrator sees the account set up, edits its name, and disables it.
    await page.goto('/backoffice/staff?lang=en');
    await expect(row).not.toContainText('Waiting for setup');
    await row.getByRole('button', { name: /^Edit/ }).click();
    const editor = page.locator('.bo-staff-editor-row form');
    await expect(editor.getByLabel('First name')).toBeFocused();
    await editor.getByLabel('Last name').fill('Tal-Levi');
    await editor.getByRole('button', { name: 'Save the changes' }).click();
    await expect(page.getByTestId('bo-staff-notice')).toHaveText(`The changes to ${username} were saved.`);
    await expect(row).toContainText('Carmel Tal-Levi');
    await expect(row.getByRole('button', { name: /^Edit/ })).toBeFocused();

    await row.getByRole('button', { name: /^Disable/ }).click();
    await expect(page.getByTestId('bo-staff-notice')).toHaveText(
      `${username} is disabled: signed out everywhere, and cannot sign in.`,
    );
    await expect(row).toContainText('Disabled');
    await expect(row.getByRole('button', { name: /^Enable/ })).toBeFocused();

    // The owner's next page load is signed out.
    await setup.reload();
    await expect(setup.locator('#bo-username')).toBeVisible({ timeout: 15_000 });
    expect((await setup.request.get('/api/backoffice/me')).status()).toBe(401);

    // Reset: asked again in plain words, then a new link (the account waits for its setup again).
    await row.getByRole('button', { name: /^Reset/ }).click();
    const confirm = page.getByRole('group', { name: `Reset the account ${username}` });
    await expect(confirm).toBeFocused();
    await expect(confirm).toContainText(
      'signs them out everywhere and asks them to set a new password and authenticator through a new link',
    );
    await confirm.getByRole('button', { name: 'Reset and make a new link' }).click();
    const fresh = await shownLink(page);
    expect(fresh.hash).not.toBe(link.hash);
    await expect(page.getByTestId('bo-staff-link').getByRole('heading')).toHaveText(`New setup link for ${username}`);
    await expect(row).toContainText('Waiting for setup');
  } finally {
    await owner.context.close();
  }
});

test('axe-clean in Hebrew and Arabic, at 390 px and 2560 px: the staff screen with a new link, and the setup page', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  for (const [lang, title, first, last] of [
    ['he', 'צוות והרשאות', 'נועה', 'כהן'],
    ['ar', 'الموظفون والصلاحيات', 'ليلى', 'حداد'],
  ] as const) {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAsAdmin(page, 'staff', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page.locator('.bo-staff-table')).toBeVisible({ timeout: 15_000 });
    await createAccount(page, uniqueUsername(`axe-${lang}`), first, last);
    const link = await shownLink(page);
    // Nothing wider than the phone's screen but the table's own scroller.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `staff (${lang}, 390 px)`);
    await page.setViewportSize({ width: 2560, height: 1200 });
    await expectAxeClean(page, `staff (${lang}, 2560 px)`);

    const owner = await openLink(browser, link, lang, 390);
    try {
      const setup = owner.page;
      await expect(setup.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(setup.getByTestId('bo-setup-secret')).toBeVisible();
      const setupOverflow = await setup.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(setupOverflow).toBeLessThanOrEqual(0);
      await expectAxeClean(setup, `setup (${lang}, 390 px)`);
      await setup.setViewportSize({ width: 2560, height: 1200 });
      await expectAxeClean(setup, `setup (${lang}, 2560 px)`);
    } finally {
      await owner.context.close();
    }
  }
});
