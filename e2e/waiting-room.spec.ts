import { axeFor } from './axe.support';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { solveAltchaChallenge } from '../server/test/support/altcha';
import type { AltchaChallenge } from '../server/src/botcheck/altcha-lib';
import { availableSeat, clickSeat, openSeatMap } from './seatmap-support';
import { withSql } from './sql.support';
import { reviewShot } from './review-shot.support';

/**
 * The demo on-sale behind the waiting room (seed/demo-on-sale.ts). A visitor waits, sees
 * the place go down, is admitted, moves to the seat map by itself and locks a seat; a visitor who
 * skips the queue is refused with the message; axe finds nothing on the page in any language.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

async function expectAxeClean(page: Page, what: string) {
  const results = await axeFor(page).withTags(TAGS).analyze();
  const found = results.violations.map(
    (v) => `${what}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect.soft(found, what).toEqual([]);
}

let pid: number;

test.beforeAll(async () => {
  pid = await withSql(
    async (sql) =>
      (await sql.query('SELECT presentation_id FROM on_sale WHERE demo_line_ahead = 0 LIMIT 1')).rows[0]
        .presentation_id,
  );
});

/** Sets the demo on-sale and waits until the server has re-read it (every 500 ms on the e2e stacks). */
async function configure(request: APIRequestContext, rate: number, startsInMs: number, on = pid) {
  await test.step('configure the on-sale', () => changeOnSale(request, rate, startsInMs, on));
}

async function changeOnSale(request: APIRequestContext, rate: number, startsInMs: number, on: number) {
  await withSql((sql) =>
    sql.query(
      `UPDATE on_sale SET admit_per_minute = $1, sale_starts_at = now() + ($2 || ' milliseconds')::interval WHERE presentation_id = $3`,
      [rate, String(startsInMs), on],
    ),
  );
  await expect
    .poll(async () => {
      const s = await (await request.get(`/api/queue/${on}`, { headers: { uuid: randomUUID() } })).json();
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

    // ...then open to 60 a minute: one a second, each place shown for a tick (at 30 a minute the wait for the four
    // ahead was most of the test).
    await configure(request, 60, -60_000);

    // The place goes down with the live broadcasts, then the page moves on by itself.
    await test.step('admitted at the rate', async () => {
      await expect.poll(async () => Number(await placeText.textContent()), { timeout: 30_000 }).toBeLessThan(first);
      await page.waitForURL(new RegExp(`/order/${pid}$`), { timeout: 60_000 });
    });

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
        requestId: expect.any(String),
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

/**
 * The demo line (seed/demo-on-sale.ts, `demo_line_ahead`). A visitor finds simulated shoppers
 * ahead, labelled as such, and sees the place, the estimate and the countdown to the turn; the test watches the
 * place fall and checks the countdown against the admission rate: between the estimates of the place and the place
 * behind it (the rate's own arithmetic), never going up, and the place falling at about the rate. No time of day.
 */
test.describe.serial('waiting room with a line (demo)', () => {
  /** 30 a minute for the test (one every two seconds) instead of the seed's 12, so it watches enough admissions. */
  const RATE = 30;
  let demo: number;
  const shots = path.resolve(__dirname, '..', '.tmp', 'shots');

  test.beforeAll(async () => {
    demo = await withSql(
      async (sql) =>
        (await sql.query('SELECT presentation_id FROM on_sale WHERE demo_line_ahead > 0 LIMIT 1')).rows[0]
          .presentation_id,
    );
  });
  test.afterAll(async ({ request }) => {
    await configure(request, 12, -60_000, demo);
  });

  /** The rate's estimate for a place, in seconds (shared estimatedWaitSeconds, restated so the test checks it). */
  const estimate = (place: number) => (place <= 0 ? 0 : Math.ceil(((place - 1) * 60) / RATE) + 1);
  const seconds = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);

  test('the place falls at the rate and the countdown stays honest (he, phone)', async ({ page, request }) => {
    test.setTimeout(150_000);
    await configure(request, RATE, -60_000, demo);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/queue/${demo}`);
    const placeText = page.getByTestId('queue-place');
    await expect(placeText).toHaveText(/^\d+$/, { timeout: 30_000 });
    await expect(page.getByTestId('queue-demo-line')).toContainText('הדגמה');
    // The seed's 40 simulated shoppers at least (more when a line was already there), some gone meanwhile.
    expect(Number(await placeText.textContent())).toBeGreaterThan(30);
    await expect(page.getByTestId('queue-turn-countdown')).toHaveText(/^\d\d:\d\d$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectAxeClean(page, 'waiting room with a line (he, 390)');
    await reviewShot(page, `${shots}/waiting-line-he-390.png`, { fullPage: true });

    // While the live feed speaks, the page neither polls its standing nor reconnects: one socket for the whole
    // wait (the poll is the fallback for a silent feed; each answer renews the ticket, which used to restart it).
    let sockets = 0;
    let polls = 0;
    page.on('websocket', () => sockets++);
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === `/api/queue/${demo}`) polls++;
    });

    // Place and countdown read together (one evaluate, one render), each time they change, for 16 s.
    const samples: { t: number; place: number; turn: number; minutes: number | null }[] = [];
    const started = Date.now();
    while (Date.now() - started < 16_000) {
      const s = await page.evaluate(() => ({
        place: document.querySelector('[data-testid="queue-place"]')?.textContent ?? '',
        turn: document.querySelector('[data-testid="queue-turn-countdown"]')?.textContent ?? '',
        wait: document.querySelector('[data-testid="queue-wait"]')?.textContent ?? '',
      }));
      const minutes = /\d+/.exec(s.wait);
      samples.push({
        t: Date.now(),
        place: Number(s.place),
        turn: seconds(s.turn),
        minutes: minutes ? Number(minutes[0]) : null,
      });
      // The next sample when the page shows something new (the countdown moves every second).
      await page
        .waitForFunction(
          (before) =>
            `${document.querySelector('[data-testid="queue-place"]')?.textContent ?? ''}|${document.querySelector('[data-testid="queue-turn-countdown"]')?.textContent ?? ''}` !==
            before,
          `${s.place}|${s.turn}`,
          { timeout: 5_000 },
        )
        .catch(() => undefined);
    }
    expect({ sockets, polls }, 'no poll and no new socket in 16 s of a live feed').toEqual({ sockets: 0, polls: 0 });
    const first = samples[0]!;
    const last = samples.at(-1)!;
    const falls = samples.filter((s, i) => i > 0 && s.place < samples[i - 1]!.place).length;
    expect(falls, 'the place fell several times').toBeGreaterThanOrEqual(3);
    for (const [i, s] of samples.entries()) {
      // Honest: never less than the people still ahead take at the rate, never more than the place's estimate.
      expect(s.turn, `countdown at place ${s.place}`).toBeGreaterThanOrEqual(estimate(s.place - 1));
      expect(s.turn, `countdown at place ${s.place}`).toBeLessThanOrEqual(estimate(s.place));
      if (i === 0) continue;
      const before = samples[i - 1]!;
      expect(s.place).toBeLessThanOrEqual(before.place);
      expect(s.turn, 'the countdown never goes up').toBeLessThanOrEqual(before.turn);
      if (s.minutes !== null && before.minutes !== null) expect(s.minutes).toBeLessThanOrEqual(before.minutes);
    }
    // The place falls at about the rate the estimate assumes (ticks of a second, a loaded machine: +-50 %).
    const perMinute = ((first.place - last.place) * 60_000) / (last.t - first.t);
    expect(perMinute).toBeGreaterThan(RATE * 0.5);
    expect(perMinute).toBeLessThan(RATE * 1.5);
  });

  test('the demo line is labelled and axe-clean in English on a laptop', async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(`/queue/${demo}?lang=en`);
      await expect(page.getByTestId('queue-place')).toHaveText(/^\d+$/, { timeout: 30_000 });
      await expect(page.getByTestId('queue-demo-line')).toContainText('simulated');
      await expect(page.getByTestId('queue-turn-countdown')).toHaveText(/^\d\d:\d\d$/);
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expectAxeClean(page, 'waiting room with a line (en, 1280)');
      await reviewShot(page, `${shots}/waiting-line-en-1280.png`, { fullPage: true });
    } finally {
      await context.close();
    }
  });

  test('with the live feed silent, the page falls back to asking for its standing every 15 s', async ({ page }) => {
    // The page's clock is Playwright's (its timers advance when told), and its socket is answered by nothing: the
    // socket.io handshake never comes, so no progress ever arrives.
    await page.clock.install();
    await page.routeWebSocket(/\/socket\.io\//, () => undefined);
    let polls = 0;
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === `/api/queue/${demo}`) polls++;
    });
    await page.goto(`/queue/${demo}`);
    await expect(page.getByTestId('queue-place')).toHaveText(/^\d+$/, { timeout: 30_000 });
    const first = polls;
    await page.clock.runFor(15_000);
    await expect.poll(() => polls, { message: 'a poll after 15 s of silence' }).toBe(first + 1);
    await page.clock.runFor(15_000);
    await expect.poll(() => polls, { message: 'and again 15 s later' }).toBe(first + 2);
  });
});
