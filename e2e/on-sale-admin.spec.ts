import { openAsAdmin } from './admin-session.support';
import { expectAxeClean } from './back-office.support';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { AltchaChallenge } from '../server/src/botcheck/altcha-lib';
import { solveAltchaChallenge } from '../server/test/support/altcha';
import { withSql } from './sql.support';

/**
 * The back-office screen for on-sales (permission 290): the admin turns a presentation's
 * waiting room on with a sale start in the past, and a visitor's lock-seat is refused with
 * QUEUE_REQUIRED; turned off again, the lock succeeds. The form checks what the server checks and
 * shows the server's own refusal; axe finds nothing in Hebrew and Arabic, at 390 px and 2560 px.
 */

/** The date and time fields' values for an instant, on the Jerusalem wall clock (as the form reads them). */
function jerusalemWallClock(at: Date): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jerusalem',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

interface Target {
  id: number;
  seats: { section_id: number; x: number; y: number; venue_id: number; seatplan_id: number }[];
}

/** The admin's latest seated presentation with no on-sale of its own or of its show (none of the other specs use it). */
async function pickPresentation(): Promise<Target> {
  return withSql(async (sql) => {
    const { rows } = await sql.query(
      `SELECT p.id FROM presentation p
        WHERE p.business_id IN (1, 2) AND p.date_time > now() + interval '1 day'
          -- on sale: not a date the back-office specs left as a draft or cancelled
          AND p.published_at IS NOT NULL AND p.cancelled_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM on_sale o WHERE o.presentation_id = p.id OR o.feature_id = p.feature_id)
          AND EXISTS (SELECT 1 FROM section sec JOIN seat s ON s.section_id = sec.id WHERE sec.seatplan_id = p.seatplan_id)
        ORDER BY p.date_time DESC, p.id DESC LIMIT 1`,
    );
    const id = rows[0].id as number;
    const seats = await sql.query(
      `SELECT s.section_id, s.x, s.y, p.venue_id, p.seatplan_id FROM presentation p
         JOIN section sec ON sec.seatplan_id = p.seatplan_id JOIN seat s ON s.section_id = sec.id
        WHERE p.id = $1 ORDER BY s.section_id, s.y, s.x LIMIT 8 OFFSET 20`,
      [id],
    );
    return { id, seats: seats.rows };
  });
}

const seatBody = (id: number, s: Target['seats'][number]) => ({
  PresentationId: id,
  VenueId: s.venue_id,
  VenueSeatplanId: s.seatplan_id,
  VenueSectionId: s.section_id,
  TicketGroupId: 0,
  XCoordinate: s.x,
  YCoordinate: s.y,
});

/** A visitor's lock-seat through the API (the proof of work solved in Node). */
async function lockSeat(request: APIRequestContext, target: Target, seat: Target['seats'][number], uuid: string) {
  const challenge = (await (
    await request.get('/api/altcha/challenge', { headers: { uuid } })
  ).json()) as AltchaChallenge;
  const response = await request.put('/api/seats/lock-seat?lang=he', {
    headers: { uuid },
    data: { recaptchaToken: await solveAltchaChallenge(challenge), seat: seatBody(target.id, seat) },
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

let target: Target;

test.beforeAll(async () => {
  target = await pickPresentation();
});

test.afterAll(async () => {
  // Leave the demo data as found: the waiting-room spec reads the one seeded on-sale row.
  await withSql((sql) => sql.query('DELETE FROM on_sale WHERE presentation_id = $1', [target.id]));
});

test.describe.serial('on-sales in the back office', () => {
  test('the admin turns the queue on (sale already open): lock-seat is refused; off again, it succeeds', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 2560, height: 1440 });
    await openAsAdmin(page, 'on-sales', 'he');
    await expect(page.locator('nav.bo-menu a.active')).toHaveText('מכירות ותור המתנה');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    const row = page.getByTestId(`bo-onsale-${target.id}`);
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row.getByTestId('bo-onsale-state')).toHaveText('לא הוגדר');
    await expect(row.getByRole('link', { name: /^דף ההמתנה ?:/ })).toHaveAttribute(
      'href',
      `/queue/${target.id}?lang=he`,
    );

    // Set up: keyboard to the form (focus moves to its heading).
    const setUp = row.getByRole('button', { name: /^הגדרה ?:/ });
    await setUp.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#bo-onsale-form-title')).toBeFocused();
    await expect(page.getByLabel('ההופעה הזו בלבד')).toBeChecked();

    // The form refuses what the server would, field by field, before sending anything.
    const past = jerusalemWallClock(new Date(Date.now() - 3_600_000));
    await page.locator('#bo-onsale-saleDate').fill(past.date);
    await page.locator('#bo-onsale-saleTime').fill(past.time);
    await page.locator('#bo-onsale-shoppingMinutes').fill('241');
    await page.locator('#bo-onsale-maxActive').fill('');
    let puts = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/admin/on-sales')) puts++;
    });
    await page.getByRole('button', { name: 'שמירה' }).click();
    await expect(page.locator('#bo-onsale-maxActive')).toBeFocused();
    await expect(page.locator('#bo-onsale-maxActive')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#bo-onsale-maxActive-error')).toHaveText('שדה חובה.');
    await expect(page.locator('#bo-onsale-shoppingMinutes-error')).toHaveText('יש להזין מספר בין 1 ל-240.');
    await expectAxeClean(page, 'on-sale form with errors (he, 2560 px)');
    expect(puts).toBe(0);

    // The server's own refusal is shown in the user's language (the body altered on its way out).
    await page.locator('#bo-onsale-maxActive').fill('50');
    await page.locator('#bo-onsale-shoppingMinutes').fill('10');
    await page.locator('#bo-onsale-admitPerMinute').fill('30');
    await page.route('**/api/admin/on-sales?*', (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), shoppingMinutes: 999 }) }),
    );
    await page.getByRole('button', { name: 'שמירה' }).click();
    await expect(page.getByTestId('bo-onsale-refusal')).not.toBeEmpty();
    const refusal = (await page.getByTestId('bo-onsale-refusal').textContent()) ?? '';
    expect(refusal).toMatch(/[\u0590-\u05FF]/);
    await page.unroute('**/api/admin/on-sales?*');
    expect(
      await withSql(
        async (sql) => (await sql.query('SELECT 1 FROM on_sale WHERE presentation_id = $1', [target.id])).rowCount,
      ),
    ).toBe(0);

    // Queue on, the sale opened an hour ago: saved, listed, and the seat path is gated at once.
    await expect(page.locator('#bo-onsale-enabled')).toBeChecked();
    await page.getByRole('button', { name: 'שמירה' }).click();
    await expect(page.getByTestId('bo-onsale-notice')).toContainText('נשמרו');
    await expect(row.getByTestId('bo-onsale-state')).toHaveText('פעיל');
    // Focus returns to the row's button, now named for editing.
    await expect(row.getByRole('button', { name: /^עריכה ?:/ })).toBeFocused();

    const seat = target.seats[0]!;
    const refused = await lockSeat(request, target, seat, randomUUID());
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'QUEUE_REQUIRED',
      message: 'המכירה להופעה זו עוברת דרך תור המתנה. היכנסו לתור כדי לבחור מקומות.',
      queueUrl: `/queue/${target.id}`,
      requestId: expect.any(String),
    });

    // Off again: the lock succeeds.
    await row.getByRole('button', { name: /^עריכה ?:/ }).click();
    await page.locator('#bo-onsale-enabled').uncheck();
    await page.getByRole('button', { name: 'שמירה' }).click();
    await expect(row.getByTestId('bo-onsale-state')).toHaveText('כבוי');
    const visitor = randomUUID();
    let locked: { status: number; body: Record<string, unknown> } | undefined;
    for (const s of target.seats) {
      locked = await lockSeat(request, target, s, visitor);
      expect(locked.body.error).not.toBe('QUEUE_REQUIRED');
      if (locked.status === 200) {
        await request.put('/api/seats/unlock-seat', {
          headers: { uuid: visitor },
          data: { seat: seatBody(target.id, s) },
        });
        break;
      }
    }
    expect(locked?.status).toBe(200);

    const audit = await withSql(
      async (sql) =>
        (
          await sql.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'on-sale' AND subject = $1`, [
            `presentation:${target.id}`,
          ])
        ).rows[0].n as number,
    );
    expect(audit).toBeGreaterThanOrEqual(2);
  });

  test('axe-clean in Hebrew and Arabic, at 390 px and 2560 px', async ({ page }) => {
    test.setTimeout(120_000);
    for (const [lang, title, setUpName] of [
      ['he', 'מכירות ותור המתנה', /^עריכה ?:/],
      ['ar', 'بدء المبيعات / غرفة الانتظار', /^تعديل ?:/],
    ] as const) {
      await page.setViewportSize({ width: 390, height: 844 });
      await openAsAdmin(page, 'on-sales', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      const row = page.getByTestId(`bo-onsale-${target.id}`);
      await expect(row).toBeVisible({ timeout: 15_000 });
      await expectAxeClean(page, `on-sales list (${lang}, 390 px)`);
      await row.getByRole('button', { name: setUpName }).click();
      await expect(page.locator('#bo-onsale-form-title')).toBeFocused();
      // Nothing wider than the phone's screen but the table's own scroller.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAxeClean(page, `on-sale form (${lang}, 390 px)`);
      await page.setViewportSize({ width: 2560, height: 1440 });
      await expectAxeClean(page, `on-sale form (${lang}, 2560 px)`);
      await page.getByRole('button', { name: lang === 'he' ? 'ביטול' : 'إلغاء' }).click();
    }
  });
});
