import { expect, test } from '@playwright/test';
import { openAsAdmin } from './admin-session.support';
import { expectAxeClean, signInAdmin } from './back-office.support';

/**
 * The audit log (permission 292): the administrator's own sign-in is there, a filter by action shows only that
 * action, and an entry's details open to the state recorded with it. axe finds nothing on the screen (an entry's
 * details open) in Hebrew and Arabic, at 390 px and 2560 px, and nothing but the table's own scroller is wider than
 * a phone.
 */
test('the administrator reads the audit log, filters it by action and opens an entry', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page, 'audit', 'en');
  await expect(page.locator('nav.bo-menu a.active')).toHaveText('Audit log');
  await expect(page.getByRole('heading', { level: 2, name: 'Audit log' })).toBeVisible();
  const rows = page.getByTestId('bo-audit-row');
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Audit log entries, newest first' })).toBeVisible();

  await page.getByLabel('Action', { exact: true }).fill('sign-in');
  await page.getByRole('button', { name: 'Show matching entries' }).click();
  await expect(page.getByTestId('bo-audit-notice')).toContainText('Showing');
  await expect(rows.first()).toBeVisible();
  const actions = await page.getByTestId('bo-audit-action').allTextContents();
  expect(actions.length).toBeGreaterThan(0);
  expect(new Set(actions)).toEqual(new Set(['sign-in']));
  // The newest sign-in is the administrator's own, a moment ago.
  await expect(rows.first()).toContainText('admin');

  const first = rows.first();
  const detail = first.getByTestId('bo-audit-detail');
  await expect(detail).toBeHidden();
  await first.locator('summary').click();
  await expect(detail).toBeVisible();
  await expect(detail).toHaveAttribute('dir', 'ltr');
  const json = (await detail.textContent()) ?? '';
  expect(() => JSON.parse(json) as unknown).not.toThrow();

  // A bad filter is refused in the reader's language; the refusal takes the focus.
  await page.getByLabel('Action', { exact: true }).fill('Not An Action!');
  await page.getByRole('button', { name: 'Show matching entries' }).click();
  await expect(page.getByTestId('bo-audit-refusal')).toBeFocused();
});

test('axe-clean in Hebrew and Arabic, at 390 px and 2560 px', async ({ page }) => {
  test.setTimeout(120_000);
  for (const [lang, title] of [
    ['he', 'יומן פעולות'],
    ['ar', 'سجل العمليات'],
  ] as const) {
    await page.setViewportSize({ width: 390, height: 844 });
    // The worker's session: the sign-in form is the first test's subject, not this one's.
    await openAsAdmin(page, 'audit', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    const first = page.getByTestId('bo-audit-row').first();
    await expect(first).toBeVisible({ timeout: 15_000 });
    await first.locator('summary').click();
    await expect(first.getByTestId('bo-audit-detail')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `audit (${lang}, 390 px)`);
    await page.setViewportSize({ width: 2560, height: 1200 });
    await expectAxeClean(page, `audit (${lang}, 2560 px)`);
  }
});
