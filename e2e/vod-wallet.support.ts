import { axeFor } from './axe.support';
import { expect, type Page } from '@playwright/test';

/** Shared by vod.spec.ts and wallet.spec.ts. */

/** axe: zero violations of any impact (WCAG 2.x A/AA and best practices), as a11y-storefront.spec.ts asks. */
export async function expectAxeClean(page: Page, what: string) {
  const results = await axeFor(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const found = results.violations.map(
    (v) => `${what}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect(found, what).toEqual([]);
}

/** Nothing wider than the window at this width (no sideways scrolling). */
export async function expectNoHorizontalOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: horizontal overflow in px`).toBeLessThanOrEqual(0);
}

/** The customer-details step in English, then on to payment. */
export async function fillDetailsInEnglish(
  page: Page,
  person: { first: string; last: string; email: string; mobile: string },
) {
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await expect(page).toHaveURL(/\/booking\/checkout(\?.*)?$/);
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill(person.first);
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(person.last);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await page.getByRole('textbox', { name: 'Mobile phone', exact: true }).fill(person.mobile);
  await page.getByRole('textbox', { name: 'Confirm mobile phone', exact: true }).fill(person.mobile);
  await page.getByRole('checkbox', { name: /I have read and accept the terms/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/booking\/checkout\/payment(\?.*)?$/);
}

/** On the SANDBOX wallet page inside the payment dialog: pick an account and approve, or cancel. */
export async function answerWallet(page: Page, choice: 'approve' | 'decline' | 'insufficient_funds' | 'cancel') {
  const frame = page.frameLocator('iframe.payment-dialog__frame');
  if (choice === 'cancel') {
    await frame.locator('button[value=cancel]').click();
    return;
  }
  await frame.locator('#account').selectOption(choice);
  await frame.locator('button[value=approve]').click();
}
