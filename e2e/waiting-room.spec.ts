import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { solveAltchaChallenge } from '../server/test/support/altcha';
import type { AltchaChallenge } from '../server/src/botcheck/altcha-lib';
import { availableSeat, clickSeat, openSeatMap } from './seatmap-support';

/**
 * Issue 16: the demo on-sale behind the waiting room (seed/demo-on-sale.ts). A visitor waits, sees
 * the place go down, is admitted, moves to the seat map by itself and locks a seat; a visitor who
 * skips the queue is refused with the message; axe finds nothing on the page in any language.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

async function expectAxeClean(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = results.violations.map(
    (v) => `${what}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect.soft(found, what).toEqual([]);
}

async function withSql<T>(work: (sql: Client) => Promise<T>): Promise<T> {
  const sql = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await sql.connect();
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

let pid: number;

test.beforeAll(async () => {
  pid = await withSql(
    async (sql) => (await sql.query('SELECT presentation_id FROM on_sale LIMIT 1')).rows[0].presentation_id,
  );
});

/** Sets the demo on-sale and waits until the server has re-read it (every 2 s). */
async function configure(request: APIRequestContext, rate: number, startsInMs: number) {
  await withSql((sql) =>
    sql.query(
      `UPDATE on_sale SET admit_per_minute = $1, sale_starts_at = now() + ($2 || ' milliseconds')::interval WHERE presentation_id = $3`,
      [rate, String(startsInMs), pid],
    ),
  );
  await expect
    .poll(async () => {
      const s = await (await request.get(`/api/queue/${pid}`, { headers: { uuid: randomUUID() } })).json();
      return s.admitPerMinute === rate && startsInMs > 0 === Date.parse(s.saleStartsAt) > s.serverTime;
    })
    .toBe(true);
}

/** Another visitor joins through the API (the harder proof of work solved in Node). */
async function joinAhead(request: APIRequestContext): Promise<void> {
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

test.describe.serial('waiting room', () => {
  test.afterAll(async ({ request }) => {
    await configure(request, 60, -60_000);
  });

  test('a visitor waits, sees the place go down, is admitted and locks a seat', async ({ page, request }) => {
    test.setTimeout(120_000);
    // The gate nearly shut (one a minute) while the others and this visitor take their places...
    await configure(request, 1, -60_000);
    for (let i = 0; i < 4; i++) await joinAhead(request);

    await page.goto(`/queue/${pid}`);
    const placeText = page.getByTestId('queue-place');
    await expect(placeText).toHaveText(/^\d+$/, { timeout: 30_000 });
    const first = Number(await placeText.textContent());
    expect(first).toBeGreaterThan(1);
    await expect(page.getByTestId('queue-ahead')).toHaveText(String(first - 1));
    await expect(page.locator('progress#queue-progress')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectAxeClean(page, 'waiting room, waiting (he)');

    // ...then open to 30 a minute: one every two seconds.
    await configure(request, 30, -60_000);

    // The place goes down with the live broadcasts, then the page moves on by itself.
    await expect.poll(async () => Number(await placeText.textContent()), { timeout: 30_000 }).toBeLessThan(first);
    await page.waitForURL(new RegExp(`/order/${pid}$`), { timeout: 60_000 });

    // Admitted: the pass (an httpOnly cookie) rides along with the seat map's calls.
    await openSeatMap(page, pid);
    await expect(page.getByTestId('queue-notice')).toHaveCount(0);
    const seat = await availableSeat(page);
    const locked = page.waitForResponse(
      (r) => r.url().includes('/api/seats/lock-seat') && r.request().method() === 'PUT',
    );
    await clickSeat(page, seat);
    expect((await locked).status()).toBe(200);
  });

  test('a visitor who skips the queue is refused with the message', async ({ browser }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await openSeatMap(page, pid);
      // The map stays visible; the page says why seats cannot be chosen and links to the queue.
      const notice = page.getByTestId('queue-notice');
      await expect(notice).toBeVisible();
      await expect(notice.getByRole('link')).toHaveAttribute('href', `/queue/${pid}`);
      const seat = await availableSeat(page);
      const refused = page.waitForResponse((r) => r.url().includes('/api/seats/lock-seat'));
      await clickSeat(page, seat);
      const response = await refused;
      expect(response.status()).toBe(403);
      const body = (await response.json()) as { error: string; message: string; queueUrl: string };
      expect(body).toEqual({
        error: 'QUEUE_REQUIRED',
        message: 'המכירה להופעה זו עוברת דרך תור המתנה. היכנסו לתור כדי לבחור מקומות.',
        queueUrl: `/queue/${pid}`,
      });
      await expect(page.getByTestId('seatmap-toast')).toHaveText(body.message);
    } finally {
      await context.close();
    }
  });

  test('before the sale: the pre-queue with its countdown, axe-clean in every language', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await configure(request, 60, 3_600_000);
    for (const [lang, dir, title] of [
      ['he', 'rtl', 'חדר המתנה'],
      ['en', 'ltr', 'Waiting room'],
      ['ru', 'ltr', 'Зал ожидания'],
      ['ar', 'rtl', 'غرفة الانتظار'],
    ] as const) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`/queue/${pid}?lang=${lang}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page.getByTestId('queue-pre-queue')).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('queue-countdown')).toHaveText(/^(\d+:)?\d\d:\d\d$/);
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        await expect(page.getByTestId('queue-announcement')).not.toBeEmpty();
        await expectAxeClean(page, `waiting room, pre-queue (${lang})`);
      } finally {
        await context.close();
      }
    }
  });
});
