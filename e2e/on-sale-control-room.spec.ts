import { openAsAdmin } from './admin-session.support';
import { expectAxeClean } from './back-office.support';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { AltchaChallenge } from '../server/src/botcheck/altcha-lib';
import { solveAltchaChallenge } from '../server/test/support/altcha';
import { withSql } from './sql.support';

/**
 * The on-sale control room (permission 290): the admin opens the demo on-sale's control room from the on-sales
 * screen, sees the line, and a visitor joining through the API moves the number within a poll or two. The sale
 * start is put an hour ahead for the test, so nobody is admitted meanwhile and the line grows by exactly one.
 * Axe finds nothing in Hebrew and Arabic, at 390 px and 2560 px.
 */

let pid: number;

test.beforeAll(async () => {
  pid = await withSql(
    async (sql) =>
      (await sql.query('SELECT presentation_id FROM on_sale WHERE demo_line_ahead = 0 LIMIT 1')).rows[0]
        .presentation_id,
  );
});

/** Sets the demo on-sale's sale start and waits until the server has re-read it. */
async function startsIn(request: APIRequestContext, ms: number) {
  await withSql((sql) =>
    sql.query(
      `UPDATE on_sale SET admit_per_minute = 60, sale_starts_at = now() + ($1 || ' milliseconds')::interval
        WHERE presentation_id = $2`,
      [String(ms), pid],
    ),
  );
  await expect
    .poll(async () => {
      const s = await (await request.get(`/api/queue/${pid}`, { headers: { uuid: randomUUID() } })).json();
      return ms > 0 === Date.parse(s.saleStartsAt) > s.serverTime;
    })
    .toBe(true);
}

async function join(request: APIRequestContext): Promise<void> {
  const uuid = randomUUID();
  const challenge = (await (
    await request.get(`/api/queue/${pid}/challenge`, { headers: { uuid } })
  ).json()) as AltchaChallenge;
  const r = await request.post(`/api/queue/${pid}/join`, {
    headers: { uuid },
    data: { recaptchaToken: await solveAltchaChallenge(challenge) },
  });
  expect(r.status()).toBe(201);
}

async function openControlRoom(page: Page, lang: 'he' | 'ar', name: RegExp) {
  await openAsAdmin(page, 'on-sales', lang);
  const row = page.getByTestId(`bo-onsale-${pid}`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.getByRole('button', { name }).click();
  await expect(page.locator('#bo-cr-title')).toBeFocused();
  await expect(page.getByTestId('bo-cr-in-line-value')).toHaveText(/\S/, { timeout: 15_000 });
}

const lineCount = async (page: Page) =>
  Number((await page.getByTestId('bo-cr-in-line-value').textContent())!.replace(/\D/g, ''));

test.describe.serial('on-sale control room', () => {
  test.afterAll(async ({ request }) => {
    await startsIn(request, -60_000);
  });

  test('the admin sees the line; a visitor joins and the line count goes up by one', async ({ page, request }) => {
    test.setTimeout(120_000);
    await startsIn(request, 3_600_000);
    await page.setViewportSize({ width: 2560, height: 1440 });
    await openControlRoom(page, 'he', /^חדר בקרה ?:/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('bo-cr-in-line')).toContainText('בתור');
    const before = await lineCount(page);
    await join(request);
    await expect.poll(() => lineCount(page), { timeout: 15_000 }).toBe(before + 1);
    // The figures that matter when they move are announced politely; the others are not live regions.
    await expect(page.getByTestId('bo-cr-in-line').locator('[aria-live=polite]')).toHaveCount(1);
    await expect(page.getByTestId('bo-cr-sold').locator('[aria-live]')).toHaveCount(0);
    await expectAxeClean(page, 'control room (he, 2560)');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAxeClean(page, 'control room (he, 390)');
  });

  test('in Arabic, right to left, axe-clean at 390 and 2560', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await openControlRoom(page, 'ar', /^غرفة المراقبة ?:/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('bo-cr-left')).toContainText('مقاعد متبقية');
    // Seats by zone: one row per zone of the plan.
    const zones = await withSql(
      async (sql) =>
        (
          await sql.query(
            `SELECT count(DISTINCT coalesce(sec.zone_id, -1))::int AS n
               FROM presentation p JOIN section sec ON sec.seatplan_id = p.seatplan_id WHERE p.id = $1`,
            [pid],
          )
        ).rows[0].n as number,
    );
    await expect(page.getByTestId('bo-cr-zones').locator('tbody tr')).toHaveCount(zones);
    // The stack's one server node beats; the refusals table is there (a row, or the "none" row).
    await expect(page.getByTestId('bo-cr-nodes').locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('bo-cr-nodes')).toContainText('تعمل');
    await expect(page.getByTestId('bo-cr-refusals').locator('tbody tr').first()).toBeVisible();
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAxeClean(page, 'control room (ar, 390)');
    await page.setViewportSize({ width: 2560, height: 1440 });
    await expectAxeClean(page, 'control room (ar, 2560)');
  });
});
