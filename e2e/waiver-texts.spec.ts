import { axeFor } from './axe.support';
import { expect, test, type Page } from '@playwright/test';
import { Client } from 'pg';
import type { ApiPresentation } from '@hotline/shared';
import { holdReservedSeats, saveHeldCart, visitorIdOf } from './booking-flow.support';
import { reviewShot } from './review-shot.support';

/**
 * On a phone-sized screen in Hebrew and Arabic: the waiver's age error is a sentence a person
 * would write (who, how old on the day, which ages the ticket is for, what to do), removing a child is a real
 * styled button named after the child, and the order summary does not call a child's ticket "your savings".
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function waiverPresentation(page: Page): Promise<ApiPresentation> {
  const sql = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await sql.connect();
  try {
    const id: number = (await sql.query('SELECT presentation_id AS id FROM presentation_waiver LIMIT 1')).rows[0].id;
    return ((await (await page.request.get(`/api/presentations/${id}`)).json()) as { presentation: ApiPresentation })
      .presentation;
  } finally {
    await sql.end();
  }
}

const TEXTS = {
  he: {
    dir: 'rtl',
    addChild: 'הוספת ילד/ה',
    child: 'נועם',
    tooYoung: /ביום האירוע הגיל של נועם יהיה [34], אבל הכרטיס הזה מיועד לגילאי 6 עד 12\. בדקו את תאריך הלידה/,
    band: '(גילאי 6 עד 12)',
    remove: 'הסרת נועם',
  },
  ar: {
    dir: 'rtl',
    addChild: 'إضافة طفل',
    child: 'نوعم',
    tooYoung: /سيكون عمر نوعم يوم الفعالية [34]، لكن هذه التذكرة لفئة الأعمار من 6 إلى 12\. تحقّق من تاريخ الميلاد/,
    band: '(الأعمار من 6 إلى 12)',
    remove: 'إزالة نوعم',
  },
} as const;

test.describe('waiver texts', () => {
  test.setTimeout(120_000);

  for (const lang of ['he', 'ar'] as const) {
    const x = TEXTS[lang];
    test(`${lang} at 390 px: the age error is a sentence, "remove" is a styled button, no "savings" for a child`, async ({
      page,
      request,
    }) => {
      const presentation = await waiverPresentation(page);
      await page.goto(`/booking?lang=${lang}`);
      const uuid = await visitorIdOf(page);
      const held = await holdReservedSeats(request, uuid, presentation, 2);
      const resId = await saveHeldCart(request, uuid, held);

      await page.goto(`/cart/${resId}?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('dir', x.dir);
      const lines = page.getByTestId('seat-line');
      await expect(lines).toHaveCount(2);
      const select = lines.nth(1).getByRole('combobox');
      const child = select.locator('option', { hasText: /ילד|Child|طفل/ });
      await select.selectOption((await child.getAttribute('value'))!);
      // The child's lower price is what a child's seat costs: no "your savings" line for it.
      await expect(page.getByTestId('order-summary').first()).toBeAttached();
      await expect(page.locator('.summary-totals__savings')).toHaveCount(0);

      await page.locator('.step-actions .button--primary').click();
      for (const [name, value] of [
        ['firstName', 'Michal'],
        ['lastName', 'Barak'],
        ['email', 'michal@example.com'],
        ['mobileNumber', '0521112233'],
        ['verifyMobileNumber', '0521112233'],
      ] as const) {
        await page.locator(`#customer-${name}`).fill(value);
      }
      await page.locator('#customer-termsAccepted').check();
      await page.locator('.step-actions .button--primary').click();

      const waiver = page.getByTestId('waiver');
      await expect(waiver).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('.summary-totals__savings')).toHaveCount(0);
      const people = waiver.getByTestId('waiver-participant');
      await people.nth(0).locator('input').first().fill('Michal Barak');
      await people.nth(0).locator('input[type=date]').fill('1988-02-14');
      await waiver.getByRole('button', { name: x.addChild }).click();
      await expect(people).toHaveCount(2);
      await expect(people.nth(1)).toContainText(x.band);
      await people.nth(1).locator('input').first().fill(x.child);
      await people.nth(1).locator('input[type=date]').fill('2023-01-01');
      await expect(waiver.getByRole('alert')).toHaveText(x.tooYoung);

      // "Remove" is one of our buttons (the design's shape and size), inside the child's own block.
      const remove = people.nth(1).getByRole('button', { name: x.remove });
      await expect(remove).toBeVisible();
      await expect(remove).toHaveClass(/\bbutton\b/);
      const style = await remove.evaluate((el) => {
        const s = getComputedStyle(el);
        return { radius: s.borderTopLeftRadius, height: el.getBoundingClientRect().height, font: s.fontFamily };
      });
      const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      expect(style.radius).not.toBe('0px');
      expect(style.height).toBeGreaterThanOrEqual(44);
      expect(style.font).toBe(bodyFont);

      await remove.scrollIntoViewIfNeeded();
      await reviewShot(page, `.tmp/shots/waiver-${lang}-390.png`, { fullPage: true });
      const a11y = await axeFor(page).include('#main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(a11y.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        1,
      );

      await people.nth(1).locator('input[type=date]').fill('2017-05-20');
      await expect(waiver.getByRole('alert')).toHaveCount(0);
      await remove.click();
      await expect(people).toHaveCount(1);
    });
  }
});
