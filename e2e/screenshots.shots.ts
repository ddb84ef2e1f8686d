import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openAsAdmin, useAdminSession } from './admin-session.support';
import { axeFor } from './axe.support';
import { buySeats } from './customer-area.support';
import { withSql } from './sql.support';
import { findPresentation } from './seatmap-support';

/**
 * The screens the lead looks at (`node scripts/screenshots.mjs`, docs/testing.md "Screenshots"): not a test of the
 * product, a repeatable camera. Every shot waits for a state of the page (an answer shown, a saved draft, a figure
 * filled in), never for a fixed time, runs axe on it as the specs do, and leaves
 * `<SCREENSHOTS_DIR>/<feature>/<lang>-<width>.png` with a `.json` beside it that the script's index.html lists.
 * The data are made here, through the API and SQL, on the script's own throw-away stack.
 */
const OUT = process.env.SCREENSHOTS_DIR ?? path.join(__dirname, '../.tmp/screenshots');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const LANGS = ['he', 'en'] as const;
type Lang = (typeof LANGS)[number];
const heightFor = (width: number) => (width <= 400 ? 844 : width > 2000 ? 1440 : 900);

/** The page as it is now: two frames drawn, axe run, the picture and what it shows written. */
async function shot(page: Page, feature: string, lang: string, title: string, fullPage = false): Promise<void> {
  const width = page.viewportSize()!.width;
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const results = await axeFor(page).withTags(AXE_TAGS).analyze();
  const violations = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  const dir = path.join(OUT, feature);
  mkdirSync(dir, { recursive: true });
  const file = `${lang}-${width}.png`;
  await page.screenshot({ path: path.join(dir, file), fullPage });
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  // For a page that scrolls sideways: every box whose content is wider than it (outermost first) with its overflow
  // style, and its width against the window's: where to look for the cause.
  const wide =
    sideways > 0
      ? await page.evaluate(() =>
          [document.documentElement, ...document.querySelectorAll('body, body *')]
            .filter((el) => el.scrollWidth > el.clientWidth + 1)
            .slice(0, 8)
            .map((el) => {
              const classes =
                typeof el.className === 'string' && el.className.trim()
                  ? `.${el.className.trim().split(/\s+/).join('.')}`
                  : '';
              const r = el.getBoundingClientRect();
              return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes} (overflow-x ${getComputedStyle(el).overflowX}): ${el.scrollWidth} px of content in ${el.clientWidth}, box ${Math.round(r.left)}..${Math.round(r.right)}`;
            }),
        )
      : [];
  writeFileSync(
    path.join(dir, `${lang}-${width}.json`),
    JSON.stringify({ feature, lang, width, title, file: `${feature}/${file}`, violations, sideways, wide }, null, 2),
  );
}

async function atWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: heightFor(width) });
}

// ---------------------------------------------------------------------------------------------------------------
// The seat-plan designer

const THEATRE = JSON.parse(readFileSync(path.join(__dirname, '../seatmaps/venues/theatre.json'), 'utf8')) as {
  zones: unknown[];
};
/** The demo theatre with a fourth category no seat is in: the problems panel has one problem to show. */
const THEATRE_WITH_A_PROBLEM = JSON.stringify({
  ...THEATRE,
  zones: [
    ...THEATRE.zones,
    { code: 'D', name: { he: 'אזור ד׳', en: 'Zone D', ru: 'Зона D', ar: 'المنطقة د' }, color: '#0E7490' },
  ],
});

/** The designer's test hook (`&test`, DesignerScreen): plan points to page points, the seats drawn. */
type DesignerHook = {
  toPage(x: number, y: number): { x: number; y: number };
  seats(): { x: number; y: number }[];
};

async function hallWithPlan(request: APIRequestContext): Promise<{ venueId: number; planId: number }> {
  const code = `shots-${Date.now().toString(36)}`;
  const venue = await request.post('/api/admin/venues?lang=en', {
    data: {
      businessId: 1,
      code,
      name: { he: `אולם ${code}`, en: `Hall ${code}`, ru: `Зал ${code}`, ar: `قاعة ${code}` },
      address: 'Herzl 1, Haifa',
      kind: 'hall',
    },
  });
  expect(venue.status(), await venue.text()).toBe(201);
  const venueId = ((await venue.json()) as { id: number }).id;
  const plan = await request.post(`/api/admin/venues/${venueId}/seat-plans?lang=en`, {
    headers: { 'content-type': 'application/vnd.hotline.seat-plan+json' },
    data: THEATRE_WITH_A_PROBLEM,
  });
  expect(plan.status(), await plan.text()).toBe(201);
  return { venueId, planId: ((await plan.json()) as { id: number }).id };
}

test('the seat-plan designer: a new plan, and a plan with seats, a selection and its problems', async ({ page }) => {
  await useAdminSession(page);
  const { planId } = await hallWithPlan(page.request);
  for (const lang of LANGS) {
    for (const width of [1280, 2560]) {
      await atWidth(page, width);
      await page.goto(`/backoffice/seat-plans/new?lang=${lang}`);
      await expect(page.getByTestId('designer-venue')).toBeVisible();
      await expect(page.getByTestId('designer-start')).toBeVisible();
      await shot(page, 'designer-new', lang, 'New seat plan: the start (venue, what to start from)');

      await page.goto(`/backoffice/seat-plans/${planId}?lang=${lang}&test`);
      await expect(page.getByTestId('designer-canvas')).toBeVisible();
      await expect(page.getByTestId('designer-save')).toHaveClass(/designer-save--saved/);
      await expect(page.getByTestId('designer-problems').locator('[data-problem]')).toHaveCount(1);
      await page.getByTestId('designer-fit').click();
      const properties = page.getByTestId('designer-properties');
      const before = await properties.innerText();
      // A seat in the middle of the stalls, clicked: the overlay rings it, the properties panel shows it.
      const seats = await page.evaluate(() => (window as unknown as { __designer: DesignerHook }).__designer.seats());
      const seat = seats[Math.floor(seats.length / 4)]!;
      const at = await page.evaluate(
        ([x, y]) => (window as unknown as { __designer: DesignerHook }).__designer.toPage(x!, y!),
        [seat.x, seat.y],
      );
      await page.mouse.click(at.x, at.y);
      await expect.poll(() => properties.innerText()).not.toBe(before);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'designer-plan', lang, 'The theatre: a seat selected, one problem (a category without seats)');
    }
  }
});

// ---------------------------------------------------------------------------------------------------------------
// The door scanner and the doors' back-office screen

/** A cinema show with no on-sale, its doors opened (it starts in half an hour) for the scans. */
async function openDoorsShow(): Promise<{ id: number; dateTime: Date }> {
  const show = await withSql(async (sql) => {
    const r = await sql.query(
      `SELECT p.id, p.date_time AS "dateTime" FROM presentation p
        WHERE p.seatplan_id = (SELECT seatplan_id FROM presentation WHERE id = 1) AND p.seating_policy_id = 1
          AND p.date_time > now() + interval '2 days' AND NOT EXISTS (SELECT 1 FROM on_sale o WHERE o.presentation_id = p.id)
        ORDER BY p.id OFFSET 3 LIMIT 1`,
    );
    return r.rows[0] as { id: number; dateTime: Date };
  });
  await withSql((sql) =>
    sql.query(`UPDATE presentation SET date_time = now() + interval '30 minutes' WHERE id = $1`, [show.id]),
  );
  return show;
}

type Ticket = { ticketIdentifier: string; qrText: string };

async function ticketsOf(request: APIRequestContext, showId: number, count: number): Promise<Ticket[]> {
  const order = await buySeats(request, showId, { mobile: '0509990071' }, count);
  const eTicket = (await (await request.get(`/api/edocument/${order.documentKey}?lang=en`)).json()) as {
    reservation: { tickets: Ticket[] };
  };
  return eTicket.reservation.tickets;
}

const CHECK = { he: 'בדיקת כרטיס', en: 'Check ticket' } as const;

async function scan(page: Page, lang: Lang, code: string, outcome: string): Promise<void> {
  await page.locator('#scan-code').fill(code);
  await page.getByRole('button', { name: CHECK[lang] }).click();
  await expect(page.locator('.scan-answer')).toHaveAttribute('data-outcome', outcome);
}

test('the door scanner at 390 px: admitted, refused, and offline', async ({ page, context }) => {
  const show = await openDoorsShow();
  try {
    const tickets = await ticketsOf(page.request, show.id, 4);
    await useAdminSession(page);
    await atWidth(page, 390);
    for (const [k, lang] of LANGS.entries()) {
      const [first, second] = [tickets[2 * k]!, tickets[2 * k + 1]!];
      await page.goto(`/scan?lang=${lang}`);
      // The device keeps its show and gate: the second language opens on them.
      if (k === 0) {
        await page.locator('#scan-presentation').selectOption(String(show.id));
        await page.locator('#scan-gate').fill('North 1');
        await shot(page, 'scanner-setup', lang, 'Setup: the show chosen from the list by name and time, and the gate');
        await page
          .locator('form')
          .filter({ has: page.locator('#scan-gate') })
          .locator('button[type=submit]')
          .click();
      }
      await expect(page.locator('.scan-answer')).toHaveAttribute('data-outcome', 'waiting');
      // The manifest is in before anything is scanned: the offline shot needs it.
      await expect(page.locator('[data-offline-ready]')).toHaveAttribute('data-offline-ready', /^[1-9]/);

      await scan(page, lang, first.qrText, 'admitted');
      await shot(page, 'scanner-admitted', lang, 'Admitted (green): a valid ticket, first scan');
      await scan(page, lang, first.ticketIdentifier, 'already-admitted');
      await shot(page, 'scanner-refused', lang, 'Refused (red): the same ticket again, already admitted');
      await scan(page, lang, 'HLT2.forged.code', 'not-valid');
      await shot(page, 'scanner-not-valid', lang, 'Refused (red): a forged code, not valid');

      await context.setOffline(true);
      await scan(page, lang, second.qrText, 'admitted');
      await expect(page.locator('[data-queued]')).toHaveAttribute('data-queued', '1');
      await expect(page.locator('[data-offline-now]')).toBeVisible();
      await shot(page, 'scanner-offline', lang, 'Offline: admitted from the manifest on the device, one scan queued');
      await context.setOffline(false);
      await expect(page.locator('[data-queued]')).toHaveCount(0, { timeout: 30_000 });
    }
  } finally {
    await context.setOffline(false);
    await withSql((sql) => sql.query(`UPDATE presentation SET date_time = $2 WHERE id = $1`, [show.id, show.dateTime]));
  }
});

test('the doors in the back office: entries per gate, refusals, a conflict', async ({ page }) => {
  const show = await openDoorsShow();
  try {
    const tickets = await ticketsOf(page.request, show.id, 3);
    await useAdminSession(page);
    const headers = { uuid: randomUUID() };
    const redeem = async (code: string, gate: string) =>
      page.request.post('/api/checkin/redeem?lang=en', {
        headers,
        data: {
          code,
          presentationId: show.id,
          gate,
          device: 'shots-phone',
          scannedAt: new Date().toISOString(),
          nonce: randomUUID(),
        },
      });
    expect((await (await redeem(tickets[0]!.qrText, 'Gate A')).json()).outcome).toBe('admitted');
    expect((await (await redeem(tickets[1]!.qrText, 'Gate A')).json()).outcome).toBe('admitted');
    expect((await (await redeem(tickets[2]!.qrText, 'Gate B')).json()).outcome).toBe('admitted');
    expect((await (await redeem(tickets[0]!.qrText, 'Gate B')).json()).outcome).toBe('already-admitted');
    const upload = await page.request.post('/api/checkin/uploads', {
      headers,
      data: {
        presentationId: show.id,
        device: 'shots-tablet',
        scans: [
          {
            code: tickets[1]!.qrText,
            gate: 'Gate C',
            scannedAt: new Date().toISOString(),
            nonce: randomUUID(),
            deviceOutcome: 'admitted',
          },
        ],
      },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    for (const lang of LANGS) {
      for (const width of [390, 1280, 2560]) {
        await atWidth(page, width);
        await page.goto(`/backoffice/doors?lang=${lang}`);
        await page.getByTestId('bo-doors-date').selectOption(String(show.id));
        await expect(page.getByTestId('bo-doors-gates')).toContainText('Gate B');
        await expect(page.getByTestId('bo-doors-conflicts')).toContainText('Gate C');
        // The whole page: at 390 px the menu alone fills the window.
        await shot(
          page,
          'doors',
          lang,
          'Back office, doors: entries per gate, refusals by reason, an offline conflict',
          true,
        );
      }
    }
  } finally {
    await withSql((sql) => sql.query(`UPDATE presentation SET date_time = $2 WHERE id = $1`, [show.id, show.dateTime]));
  }
});

// ---------------------------------------------------------------------------------------------------------------
// The on-sale control room

test('the on-sale control room', async ({ page }) => {
  const pid = await withSql(
    async (sql) =>
      (await sql.query('SELECT presentation_id FROM on_sale WHERE demo_line_ahead = 0 LIMIT 1')).rows[0]
        .presentation_id as number,
  );
  const open = { he: /^חדר בקרה ?:/, en: /^Control room ?:/ } as const;
  for (const lang of LANGS) {
    for (const width of [1280, 2560]) {
      await atWidth(page, width);
      await openAsAdmin(page, 'on-sales', lang);
      const row = page.getByTestId(`bo-onsale-${pid}`);
      await row.getByRole('button', { name: open[lang] }).click();
      await expect(page.locator('#bo-cr-title')).toBeFocused();
      await expect(page.getByTestId('bo-cr-in-line-value')).toHaveText(/\S/);
      await expect(page.getByTestId('bo-cr-nodes').locator('tbody tr')).toHaveCount(1);
      await expect(page.getByTestId('bo-cr-zones').locator('tbody tr').first()).toBeVisible();
      await shot(page, 'control-room', lang, 'On-sale control room (the demo on-sale)');
    }
  }
});

// ---------------------------------------------------------------------------------------------------------------
// The order page's seat map where on-sale crowds see it: a laptop (1280×800), a large monitor, a phone

test('the order page with its seat map on a laptop, a large monitor and a phone', async ({ page, request }) => {
  const arena = await findPresentation(request, 'The Summer Concert', /arena/i);
  for (const lang of LANGS) {
    for (const [width, height] of [
      [1280, 800],
      [2560, 1440],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/order/${arena.id}?test&lang=${lang}`);
      await page.waitForFunction(() => window.__seatmap?.ready() === true, null, { timeout: 20_000 });
      await page.evaluate(() => window.__seatmap!.firstFrame());
      const mapTop = await page
        .locator('.seatmap')
        .first()
        .evaluate((el) => Math.round(el.getBoundingClientRect().top));
      await shot(
        page,
        'order-seat-map',
        lang,
        `Order page, the arena's seat map (map starts at y=${mapTop} of ${height})`,
      );
    }
  }
});
