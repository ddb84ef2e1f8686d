import { axeFor } from './axe.support';
import { expect, test, type Page } from '@playwright/test';
import { Client } from 'pg';
import { reviewShot } from './review-shot.support';
import { openAsAdmin } from './admin-session.support';

/**
 * The back office on a 2560x1440 box-office monitor, a 1280x800 laptop and a 390x844 phone. The
 * page is centred with margins (the site header lines up with it), and the sales chart has a bar for every day of
 * the report's range, tickets and revenue, with day labels that never run together, mirrored in Hebrew. With
 * E2E_SHOTS=1, screenshots go to .tmp/shots/ for a person to look at.
 */
const SHOTS = '.tmp/shots';
const MARK = `BOL${Date.now().toString(36).toUpperCase()}`;
/** Tickets sold this many days ago (Jerusalem days, not today: other specs sell today). */
const SALES = [
  { daysAgo: 3, tickets: 2 },
  { daysAgo: 7, tickets: 3 },
];

const sql = () => new Client({ connectionString: process.env.E2E_DATABASE_URL });
const dayKey = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date(Date.now() - daysAgo * 86_400_000));

test.beforeAll(async () => {
  // Paid tickets of a business-1 show, backdated: the sales aggregate's triggers count them on those days.
  const db = sql();
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT DISTINCT ON (s.id) p.id, s.section_id, s.x, s.y, t.id AS ticket_id FROM presentation p
         JOIN seat s ON s.seatplan_id = p.seatplan_id
         JOIN ticket_group tg ON tg.presentation_id = p.id AND tg.zone_id = s.zone_id
         JOIN ticket t ON t.ticket_group_id = tg.id
        WHERE p.business_id = 1 AND p.date_time > now() + interval '3 days'
          -- on sale: not a date the back-office specs left as a draft or cancelled
          AND p.published_at IS NOT NULL AND p.cancelled_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM reservation_ticket rt WHERE rt.presentation_id = p.id AND rt.section_id = s.section_id
                            AND rt.x = s.x AND rt.y = s.y AND rt.status = 'live')
        ORDER BY s.id, p.date_time DESC LIMIT 5`,
    );
    let k = 0;
    for (const { daysAgo, tickets } of SALES)
      for (let n = 0; n < tickets; n++, k++) {
        const r = rows[k];
        const id = `${MARK}${k}`;
        const res = await db.query(
          `INSERT INTO reservation (identifier, document_key, visitor_id, state, customer, total_agorot, created_at)
           VALUES ($1, $2, gen_random_uuid(), 'paid', $3::jsonb, 5000, now() - ($4 || ' days')::interval) RETURNING id`,
          [
            id,
            `doc-${id}`,
            JSON.stringify({ firstName: 'Dana', lastName: 'Levi', mobileNumber: '0521234567' }),
            daysAgo,
          ],
        );
        await db.query(
          `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id,
                                           amount_agorot, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 5000, now() - ($8 || ' days')::interval)`,
          [res.rows[0].id, `T-${id}`, r.id, r.section_id, r.x, r.y, r.ticket_id, daysAgo],
        );
      }
  } finally {
    await db.end();
  }
});

test.afterAll(async () => {
  // The seats go back on sale for the specs that follow.
  const db = sql();
  await db.connect();
  try {
    await db.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE identifier LIKE $1`, [`T-${MARK}%`]);
    await db.query(`UPDATE reservation SET state = 'cancelled' WHERE identifier LIKE $1`, [`${MARK}%`]);
  } finally {
    await db.end();
  }
});

const axe = (page: Page) => axeFor(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();

for (const [width, height, lang] of [
  [2560, 1440, 'he'],
  [1280, 800, 'en'],
  [390, 844, 'ar'],
] as const) {
  test(`${width}x${height} (${lang}): centred with margins, a bar per day with day labels, axe clean`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    // The worker's administrator session (no test here is about signing in: backoffice.spec.ts tests the form).
    await openAsAdmin(page, '', lang);
    const chart = page.locator('.bo-chart__svg');
    await expect(chart).toBeVisible({ timeout: 15_000 });

    // Centred, with margins, and using the width a wide monitor gives it.
    const [bo, header] = await Promise.all([
      page.locator('.backoffice').boundingBox(),
      page.locator('.site-header__inner').boundingBox(),
    ]);
    const left = bo!.x;
    const right = width - (bo!.x + bo!.width);
    expect(Math.abs(left - right), 'as much margin on both sides').toBeLessThanOrEqual(2);
    expect(Math.abs(header!.x - bo!.x), 'the site header lines up with the page').toBeLessThanOrEqual(2);
    if (width === 2560) {
      expect(bo!.width).toBeGreaterThanOrEqual(2000);
      expect(left).toBeGreaterThanOrEqual(100);
      // The two capacity tables side by side.
      const [a, b] = await Promise.all([
        page.locator('section[aria-labelledby="bo-by-location-title"]').boundingBox(),
        page.locator('section[aria-labelledby="bo-by-feature-title"]').boundingBox(),
      ]);
      expect(Math.abs(a!.y - b!.y)).toBeLessThanOrEqual(1);
    }
    const content = await page.locator('.bo-reports').boundingBox();
    expect(content!.x, 'content inside a gutter').toBeGreaterThanOrEqual(8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // A bar per day of the range (30 days back to the report's day): tickets and revenue, the backdated sales on
    // their days.
    const tickets = chart.locator('rect.bo-chart__bar--tickets');
    await expect(tickets).toHaveCount(31);
    await expect(chart.locator('rect.bo-chart__bar--revenue')).toHaveCount(31);
    for (const { daysAgo, tickets: n } of SALES) {
      const bar = chart.locator(`rect.bo-chart__bar--tickets[data-day="${dayKey(daysAgo)}"]`);
      expect(Number(await bar.getAttribute('data-value'))).toBeGreaterThanOrEqual(n);
      expect(Number(await bar.getAttribute('height'))).toBeGreaterThan(0);
    }
    // Day labels: every day where there is room, never running together, the newest day always labelled.
    const labels = await chart.locator('text.bo-chart__day').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { text: e.textContent ?? '', left: r.left, right: r.right };
      }),
    );
    expect(labels.length).toBeGreaterThanOrEqual(width === 2560 ? 31 : 3);
    const sorted = [...labels].sort((p, q) => p.left - q.left);
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i]!.left, `"${sorted[i - 1]!.text}" and "${sorted[i]!.text}"`).toBeGreaterThan(
        sorted[i - 1]!.right,
      );
    const svg = (await chart.boundingBox())!;
    for (const l of labels) {
      expect(l.left).toBeGreaterThanOrEqual(svg.x - 1);
      expect(l.right).toBeLessThanOrEqual(svg.x + svg.width + 1);
    }
    // Time runs with the reading direction: in Hebrew and Arabic the first day is at the right.
    const first = (await tickets.first().boundingBox())!;
    const last = (await tickets.last().boundingBox())!;
    if (lang === 'en') expect(first.x).toBeLessThan(last.x);
    else expect(first.x).toBeGreaterThan(last.x);
    // Axis titles, and a name for the picture.
    await expect(chart.locator('text.bo-chart__axis-title')).toHaveCount(2);
    await expect(page.getByRole('img', { name: /\d/ }).first()).toBeVisible();

    // The same numbers as a table.
    await page.locator('.bo-chart__data summary').click();
    await expect(page.getByTestId('bo-chart-table').locator('tbody tr')).toHaveCount(31);

    await reviewShot(page, `${SHOTS}/backoffice-${width}-${lang}.png`, { fullPage: true });
    expect((await axe(page)).violations).toEqual([]);
  });
}
