import { axeFor } from './axe.support';
import { expect, test, type Page } from '@playwright/test';
import { Client } from 'pg';
import type { ApiPresentation } from '@hotline/shared';
import { expectDocumentLocale } from './helpers';
import { holdReservedSeats, payWithCard, saveHeldCart, visitorIdOf } from './booking-flow.support';

/**
 * The waiver on a phone-sized touch screen, in Hebrew: an adult and a
 * child ticket for the demo event that needs a waiver; the child's age is checked
 * against the child ticket; the signature is drawn with touch (real touch events
 * through the DevTools protocol), cleared and drawn again; after payment the
 * e-ticket shows the signed waiver with its participants and the signature image.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function expectNoSeriousA11yIssues(page: Page) {
  const results = await axeFor(page).include('#main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A stroke drawn with one finger across the pad. */
async function drawWithFinger(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const at = (fx: number, fy: number) => [{ x: box.x + box.width * fx, y: box.y + box.height * fy }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.15, 0.6) });
  for (let i = 1; i <= 12; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(0.15 + i * 0.055, 0.6 + Math.sin(i / 2) * 0.2),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('waiver', () => {
  test.setTimeout(120_000);

  test('sign a waiver with a child on a phone-sized screen, drawn with touch; it is on the e-ticket', async ({
    page,
    request,
  }) => {
    const sql = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await sql.connect();
    const presentationId: number = (await sql.query('SELECT presentation_id AS id FROM presentation_waiver LIMIT 1'))
      .rows[0].id;
    await sql.end();
    const presentation = (
      (await (await request.get(`/api/presentations/${presentationId}`)).json()) as {
        presentation: ApiPresentation;
      }
    ).presentation;

    await page.goto('/booking');
    const uuid = await visitorIdOf(page);
    const held = await holdReservedSeats(request, uuid, presentation, 2);
    const resId = await saveHeldCart(request, uuid, held);

    await page.goto(`/cart/${resId}`);
    await expectDocumentLocale(page, 'he', 'rtl');
    const lines = page.getByTestId('seat-line');
    await expect(lines).toHaveCount(2);
    const select = lines.nth(1).getByRole('combobox');
    await select.selectOption((await select.locator('option', { hasText: 'ילד' }).getAttribute('value'))!);
    await page.getByRole('button', { name: 'המשך לפרטים האישיים' }).click();
    for (const [label, value] of [
      ['שם פרטי', 'מיכל'],
      ['שם משפחה', 'ברק'],
      ['דוא"ל', 'michal@example.com'],
      ['טלפון נייד', '0521112233'],
      ['אימות טלפון נייד', '0521112233'],
    ] as const) {
      await page.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    await page.getByRole('checkbox', { name: /^קראתי ואני מסכים\/ה לתנאי השימוש/ }).check();
    await page.getByRole('button', { name: 'המשך לתשלום' }).click();

    // The waiver screen, before payment.
    const waiver = page.getByTestId('waiver');
    await expect(waiver.getByRole('heading', { name: 'כתב ויתור' })).toBeVisible({ timeout: 15_000 });
    await expect(waiver.getByRole('region', { name: 'תנאי כתב הוויתור' })).toContainText('אזור העמידה');
    // Paying before signing is refused on the page.
    const due = (await page.getByTestId('pay-total').innerText()).trim();
    await page.getByRole('button', { name: `תשלום ${due}` }).click();
    await expect(page.getByTestId('payment-failure')).toContainText('יש לחתום על כתב הוויתור לפני התשלום.');

    await waiver.getByRole('textbox', { name: 'השם המלא שלך (החותם/ת)' }).fill('מיכל ברק');
    await waiver.getByLabel('תאריך לידה').first().fill('1988-02-14');
    await waiver.getByRole('button', { name: 'הוספת ילד/ה' }).click();
    await waiver.getByRole('textbox', { name: 'ילד/ה 1: שם מלא' }).fill('נועם ברק');
    // Too young for the child ticket (6-12): a sentence that names the child, the age and the ticket's band.
    await waiver.getByLabel('תאריך לידה').nth(1).fill('2023-01-01');
    await expect(waiver.getByRole('alert')).toContainText(/ביום האירוע הגיל של נועם ברק יהיה [34],/);
    await expect(waiver.getByRole('alert')).toContainText('הכרטיס הזה מיועד לגילאי 6 עד 12');
    await waiver.getByLabel('תאריך לידה').nth(1).fill('2017-05-20');
    await expect(waiver.getByRole('alert')).toHaveCount(0);
    await waiver.getByRole('checkbox', { name: /קראתי את כתב הוויתור/ }).check();
    const status = page.getByTestId('waiver-status');
    await expect(status).toHaveText('יש למלא ולחתום על כתב הוויתור כדי לשלם.');
    await drawWithFinger(page);
    await expect(status).toHaveText('כתב הוויתור חתום.');
    await waiver.getByRole('button', { name: 'ניקוי החתימה' }).click();
    await expect(status).toHaveText('יש למלא ולחתום על כתב הוויתור כדי לשלם.');
    await drawWithFinger(page);
    await expect(status).toHaveText('כתב הוויתור חתום.');
    await expectNoSeriousA11yIssues(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);

    await page.getByRole('button', { name: `תשלום ${due}` }).click();
    await expect(page.getByRole('dialog', { name: 'תשלום מאובטח בכרטיס אשראי' })).toBeVisible({ timeout: 15_000 });
    await payWithCard(page, '4580000000000000');
    await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 30_000 });
    // The confirmation has its own address: the order's public reference, and a reload keeps it.
    const reservation = (await page.getByTestId('reservation-identifier').innerText()).trim();
    await expect(page).toHaveURL(new RegExp(`/booking/confirmation/${reservation}(\\?.*)?$`));
    await page.reload();
    await expect(page.getByTestId('reservation-identifier')).toHaveText(reservation, { timeout: 15_000 });

    // The e-ticket shows the signed waiver: participants, time and address, the signature image.
    await page.getByTestId('edocument-link').click();
    const record = page.getByTestId('waiver-record');
    await expect(record).toBeVisible({ timeout: 15_000 });
    await expect(record).toContainText('מיכל ברק');
    await expect(record).toContainText('נועם ברק');
    await expect(record).toContainText('2017-05-20');
    const image = record.getByRole('img', { name: 'חתימה' });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expectNoSeriousA11yIssues(page);
  });
});
