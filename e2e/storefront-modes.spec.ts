import { axeFor } from './axe.support';
import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Client } from 'pg';
import {
  decodeSeatStatusBinary,
  type MiniSiteResponse,
  type PresentationsResponse,
  type SeatsStatusResponse,
  type TicketGroupsResponse,
} from '@hotline/shared';
import { solveAltcha } from '../server/test/support/altcha';
import { holdPlainReservedSeats, payWithCard, saveHeldCart, visitorIdOf } from './booking-flow.support';

/**
 * The demo mini-site (/mini-site/demo-company) offers only its presentations and tickets and the server
 * refuses anything outside it; the live mode (/PRES-live, /PRES-live-v1) lists presentations with seats set aside;
 * a partner link with a valid key carries its integrationId into the reservation, a forged or stale key is refused.
 */
const SITE = 'demo-company';
/** The demo partner's development secret (server/src/channels/integration-config.ts), public on purpose. */
const PARTNER_SECRET = 'development-only-partner-secret-change-me';
const base = () => process.env.E2E_BASE_URL ?? 'http://localhost:3000';

function partnerLink(path: string, ts: number, ret: string, secret = PARTNER_SECRET): string {
  const key = createHmac('sha256', secret).update(`${ts}.${ret}`).digest('hex');
  return `${path}?TS=${ts}&ret=${encodeURIComponent(ret)}&key=${key}`;
}

async function expectNoA11yViolations(page: Page) {
  const results = await axeFor(page).include('#main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function miniSite(request: APIRequestContext) {
  const response = await request.get(`/api/mini-site/${SITE}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as MiniSiteResponse).miniSite;
}

test.describe('mini-site', () => {
  test.setTimeout(120_000);

  test('a visitor sees only its presentations and tickets, and the server refuses a ticket outside it', async ({
    page,
    request,
  }) => {
    const site = await miniSite(request);
    await page.goto(`/mini-site/${SITE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'הטבת עובדים - אקמה בע״מ' })).toBeVisible();
    const shows = page.getByTestId('channel-show');
    await expect(shows).toHaveCount(site.PresentationList.length);
    const listed = await shows.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-presentation-id'))));
    expect(listed.sort()).toEqual([...site.PresentationList].sort());
    // Its tickets only: the employee ticket (with what is left), none of the public ones.
    await expect(page.getByTestId('mini-site-ticket').first()).toContainText('עובד/ת אקמה');
    await expect(page.getByTestId('mini-site-ticket').filter({ hasText: 'כרטיס רגיל' })).toHaveCount(0);
    await expectNoA11yViolations(page);

    // Choosing a show: the order page's calls carry the mini-site (the channel travels with the tab).
    const scoped = page.waitForResponse((r) => /\/api\/presentations\/\d+.*miniSiteUrl=demo-company/.test(r.url()));
    await shows.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/order/${site.PresentationList[0]}`));
    expect((await scoped).status()).toBe(200);

    // The server refuses what the mini-site does not sell, whatever the page shows.
    const uuid = await visitorIdOf(page);
    const all = ((await (await request.get('/api/presentations/')).json()) as PresentationsResponse).presentations;
    const outside = all.find((p) => !site.PresentationList.includes(p.id))!;
    const refused = await request.get(`/api/presentations/${outside.id}/ticketGroups?miniSiteUrl=${SITE}`);
    expect([refused.status(), (await refused.json()).error]).toEqual([403, 'MINI_SITE_PRESENTATION_NOT_ALLOWED']);

    const pid = site.PresentationList[1]!;
    const p = all.find((x) => x.id === pid)!;
    const status = (await (
      await request.get(`/api/seats/seats-status?presentationId=${pid}&miniSiteUrl=${SITE}`, { headers: { uuid } })
    ).json()) as SeatsStatusResponse;
    const free = status.seats.find((r) => r[6] === 1 && r[4] !== -1)!;
    expect(free).toBeDefined();
    const token = await solveAltcha(base(), uuid);
    const lock = await request.put('/api/seats/lock-seat', {
      headers: { uuid },
      data: {
        recaptchaToken: token,
        seat: {
          PresentationId: pid,
          VenueId: p.venueId,
          VenueSeatplanId: p.seatplanId,
          VenueSectionId: free[0],
          TicketGroupId: 0,
          XCoordinate: free[2],
          YCoordinate: free[3],
        },
      },
    });
    expect(lock.status(), await lock.text()).toBe(200);
    // A public ticket of that seat's group: on sale to everyone, but not on this mini-site.
    const publicGroups = (
      (await (await request.get(`/api/presentations/${pid}/ticketGroups`)).json()) as TicketGroupsResponse
    ).ticketGroups;
    const group = publicGroups.find((g) => g.id === free[5])!;
    const ticket = group.tickets.find((t) => !t.code)!;
    const cart = {
      seats: [
        {
          prsntId: pid,
          ticketGroupId: group.id,
          sectionId: free[0],
          ticketId: ticket.id,
          amount: ticket.price,
          serviceCharge: ticket.serviceCharge,
          XCoordinate: free[2],
          YCoordinate: free[3],
        },
      ],
      customerInfo: {
        firstName: 'דנה',
        lastName: 'כהן',
        email: 'dana@example.com',
        mobileNumber: '0501234567',
        verifyMobileNumber: '0501234567',
        termsAccepted: true,
      },
      miniSiteUrl: SITE,
      cartIdentifier: crypto.randomUUID(),
    };
    const commit = await request.post('/api/payment/commit', {
      headers: { uuid },
      data: { cart, miniSiteUrl: SITE, recaptchaToken: token },
    });
    expect([commit.status(), (await commit.json()).error]).toEqual([403, 'MINI_SITE_TICKET_NOT_ALLOWED']);
  });

  test('in four languages, at 390 px and 2560 px, with no accessibility violations', async ({ page }) => {
    const expected = {
      he: 'הכרטיסים בהטבה',
      en: 'Tickets of this offer',
      ru: 'Билеты предложения',
      ar: 'تذاكر هذا العرض',
    } as const;
    for (const [lang, heading] of Object.entries(expected)) {
      await page.addInitScript((l) => localStorage.setItem('locale', l), lang);
      await page.goto(`/mini-site/${SITE}`);
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expectNoA11yViolations(page);
    }
    for (const width of [390, 2560]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1440 });
      await page.goto(`/mini-site/${SITE}`);
      await expect(page.getByTestId('channel-show').first()).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
    }
  });

  test('an unknown mini-site says so', async ({ page }) => {
    await page.goto('/mini-site/no-such-site');
    await expect(page.getByRole('heading', { level: 1, name: 'האתר לא נמצא או שאינו פעיל עוד.' })).toBeVisible();
  });
});

test.describe('live mode', () => {
  test('/PRES-live and /PRES-live-v1 list the presentations with seats set aside, sold by allocation', async ({
    page,
  }) => {
    for (const path of ['/PRES-live', '/PRES-live-v1']) {
      const listed = page.waitForResponse((r) => /\/api\/presentations\/\?.*domain=PRES-live/.test(r.url()));
      await page.goto(path);
      expect((await listed).status()).toBe(200);
      await expect(page.getByTestId('live-page')).toBeVisible();
      await expect(page.getByTestId('coming-soon')).toHaveCount(0);
      await expect(page.getByTestId('channel-show').first()).toBeVisible();
      await expectNoA11yViolations(page);
    }
    // The seat map's status call carries the domain: only seats set aside are offered.
    const status = page.waitForResponse((r) => /\/api\/seats\/seats-status\?.*domain=PRES-live-v1/.test(r.url()));
    await page.getByTestId('channel-show').first().getByRole('link').click();
    // The map asks for the binary form (shared/src/seats/seat-status-binary.ts): 7 numbers a row.
    const { rows } = decodeSeatStatusBinary(new Uint8Array(await (await status).body()));
    expect(rows.length).toBeGreaterThan(0);
    for (let k = 0; k < rows.length; k += 7) if (rows[k + 6] === 1) expect(rows[k + 4]).not.toBe(-1);
    for (const width of [390, 2560]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1440 });
      await page.goto('/PRES-live');
      await expect(page.getByTestId('channel-show').first()).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
  });
});

test.describe('partner link', () => {
  test.setTimeout(150_000);

  test('a forged or stale key is refused and leaves a normal storefront', async ({ page }) => {
    const now = Math.floor(Date.now() / 1000);
    for (const link of [
      partnerLink('/booking', now, 'basket-1', 'someone-elses-secret-0123456789abcdef'),
      partnerLink('/booking', now - 3600, 'basket-1'),
    ]) {
      const answer = page.waitForResponse((r) => r.url().includes('/api/integration'));
      await page.goto(link);
      expect((await answer).status()).toBe(403);
      await expect(page).not.toHaveURL(/key=/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => sessionStorage.getItem('storefront-channel'))).toBeNull();
    }
  });

  test('a valid key carries its integrationId into the reservation', async ({ page, request }) => {
    const answer = page.waitForResponse((r) => r.url().includes('/api/integration'));
    await page.goto(partnerLink('/booking', Math.floor(Date.now() / 1000), 'partner-basket-42'));
    expect((await answer).status()).toBe(200);
    await expect(page).not.toHaveURL(/key=/);
    const integrationId = await page.evaluate(
      () =>
        (JSON.parse(sessionStorage.getItem('storefront-channel') ?? '{}') as { integrationId?: string }).integrationId,
    );
    expect(integrationId).toMatch(/^[0-9a-f-]{36}$/);

    const uuid = await visitorIdOf(page);
    const held = await holdPlainReservedSeats(request, uuid, 1);
    const resId = await saveHeldCart(request, uuid, held);
    // The ticket groups call carries the partner link too.
    const groups = page.waitForResponse((r) => /ticketGroups\?.*integrationId=/.test(r.url()));
    await page.goto(`/cart/${resId}`);
    expect((await groups).status()).toBe(200);
    await page.getByRole('button', { name: 'המשך לפרטים האישיים' }).click();
    await page.getByRole('textbox', { name: 'שם פרטי', exact: true }).fill('דנה');
    await page.getByRole('textbox', { name: 'שם משפחה', exact: true }).fill('כהן');
    await page.getByRole('textbox', { name: 'דוא"ל', exact: true }).fill('dana@example.com');
    await page.getByRole('textbox', { name: 'טלפון נייד', exact: true }).fill('0501234567');
    await page.getByRole('textbox', { name: 'אימות טלפון נייד', exact: true }).fill('0501234567');
    await page
      .getByRole('checkbox', {
        name: 'קראתי ואני מסכים/ה לתנאי השימוש (נפתח בלשונית חדשה) ולמדיניות הביטולים (נפתח בלשונית חדשה)',
      })
      .check();
    await page.getByRole('button', { name: 'המשך לתשלום' }).click();
    await expect(page).toHaveURL(/\/booking\/checkout\/payment$/);
    const due = (await page.getByTestId('pay-total').innerText()).trim();
    await page.getByRole('button', { name: `תשלום ${due}` }).click();
    await payWithCard(page, '4580000000000000');
    await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 30_000 });
    const reservation = (await page.getByTestId('reservation-identifier').innerText()).trim();

    const sql = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await sql.connect();
    try {
      const row = await sql.query(
        `SELECT c.integration_id::text AS id, c.partner FROM reservation_channel c
           JOIN reservation r ON r.id = c.reservation_id WHERE r.identifier = $1`,
        [reservation],
      );
      expect(row.rows[0]).toEqual({ id: integrationId, partner: 'demo-partner' });
    } finally {
      await sql.end();
    }
  });
});
