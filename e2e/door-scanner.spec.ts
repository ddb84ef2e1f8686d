import { useAdminSession } from './admin-session.support';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { expectAxeClean } from './back-office.support';
import { buyOneSeat } from './customer-area.support';
import { withSql } from './sql.support';

/**
 * The door scanner (/scan, docs/door-checkin.md), its typed path: a ticket bought through the storefront's API is let
 * in once, scanned again it is refused with the gate that let it in, in English and Hebrew; the page is axe clean
 * and fits a 390 px phone; and the camera path, Chromium's fake camera playing a video of the ticket's QR code made
 * with the `qrcode` package the server renders e-tickets with. The show is moved to start in half an hour for the doors to be open (and
 * so into the scanner's list of shows, yesterday to two weeks ahead), and moved back.
 */
function cinemaShow(): Promise<{ id: number; dateTime: Date }> {
  return withSql(async (sql) => {
    const r = await sql.query(
      `SELECT p.id, p.date_time AS "dateTime" FROM presentation p
        WHERE p.seatplan_id = (SELECT seatplan_id FROM presentation WHERE id = 1) AND p.seating_policy_id = 1
          AND p.date_time > now() + interval '2 days' AND NOT EXISTS (SELECT 1 FROM on_sale o WHERE o.presentation_id = p.id)
        ORDER BY p.id OFFSET 8 LIMIT 1`,
    );
    return r.rows[0];
  });
}

test('a typed ticket is admitted once, then refused with the gate that let it in', async ({ page }) => {
  const show = await cinemaShow();
  const order = await buyOneSeat(page.request, show.id, { mobile: '0509990093' });
  const eTicket = (await (await page.request.get(`/api/edocument/${order.documentKey}?lang=en`)).json()) as {
    reservation: { tickets: { ticketIdentifier: string; qrText: string }[] };
  };
  const { qrText, ticketIdentifier } = eTicket.reservation.tickets[0]!;
  expect(qrText).toMatch(/^HLT2\./);
  await withSql((sql) =>
    sql.query(`UPDATE presentation SET date_time = now() + interval '30 minutes' WHERE id = $1`, [show.id]),
  );
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await useAdminSession(page);
    // Staff choose the show by its name and time, not its number: in Hebrew the option reads the feature's name.
    const feature = await withSql(
      async (sql) =>
        (
          await sql.query(`SELECT f.name FROM presentation p JOIN feature f ON f.id = p.feature_id WHERE p.id = $1`, [
            show.id,
          ])
        ).rows[0].name as string,
    );
    await page.goto('/scan?lang=he');
    await expect(page.locator(`#scan-presentation option[value="${show.id}"]`)).toContainText(feature);
    await expectAxeClean(page, 'scanner setup, the list of shows (he)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.goto('/scan?lang=en');
    await page.locator('#scan-presentation').selectOption(String(show.id));
    await page.locator('#scan-gate').fill('North 1');
    await page.getByRole('button', { name: 'Start scanning' }).click();
    const answer = page.locator('.scan-answer');
    await expect(answer).toHaveAttribute('data-outcome', 'waiting');
    // The door's heading names the show as it was chosen (its name, not its number) and the gate.
    await expect(page.locator('.scan-station')).toContainText(/, gate North 1/);
    await expect(page.locator('.scan-station')).not.toContainText(`Show ${show.id},`);

    await page.locator('#scan-code').fill(qrText);
    await page.getByRole('button', { name: 'Check ticket' }).click();
    await expect(answer).toHaveAttribute('data-outcome', 'admitted');
    await expect(answer).toContainText('Admitted');
    await expect(answer).toContainText(ticketIdentifier);
    await expectAxeClean(page, 'scanner, admitted (en)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await page.goto('/scan?lang=he');
    await page.locator('#scan-code').fill(ticketIdentifier);
    await page.getByRole('button', { name: 'בדיקת כרטיס' }).click();
    await expect(answer).toHaveAttribute('data-outcome', 'already-admitted');
    await expect(answer).toContainText('North 1');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectAxeClean(page, 'scanner, already admitted (he)');

    await page.locator('#scan-code').fill('HLT2.forged.code');
    await page.getByRole('button', { name: 'בדיקת כרטיס' }).click();
    await expect(answer).toHaveAttribute('data-outcome', 'not-valid');
  } finally {
    await withSql((sql) => sql.query(`UPDATE presentation SET date_time = $2 WHERE id = $1`, [show.id, show.dateTime]));
  }
});

/**
 * A QR code as Chromium's fake camera plays it: a y4m video (4:2:0), the code black on white, a few identical
 * frames (Chromium loops the file).
 */
function qrVideo(text: string, file: string): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  const [width, height, scale] = [640, 480, 8];
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++)
      if (data[row * size + col])
        for (let dy = 0; dy < scale; dy++)
          luma.fill(
            0,
            (top + row * scale + dy) * width + left + col * scale,
            (top + row * scale + dy) * width + left + (col + 1) * scale,
          );
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

test('the camera reads the e-ticket’s QR code and admits it (Chromium’s fake camera)', async ({
  page,
  baseURL,
}, testInfo) => {
  const show = await cinemaShow();
  const order = await buyOneSeat(page.request, show.id, { mobile: '0509990094' });
  const eTicket = (await (await page.request.get(`/api/edocument/${order.documentKey}?lang=en`)).json()) as {
    reservation: { tickets: { ticketIdentifier: string; qrText: string }[] };
  };
  const { qrText, ticketIdentifier } = eTicket.reservation.tickets[0]!;
  const video = testInfo.outputPath('ticket-qr.y4m');
  mkdirSync(path.dirname(video), { recursive: true });
  qrVideo(qrText, video);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  await withSql((sql) =>
    sql.query(`UPDATE presentation SET date_time = now() + interval '30 minutes' WHERE id = $1`, [show.id]),
  );
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'] });
    const door = await context.newPage();
    await useAdminSession(door);
    await door.goto('/scan?lang=en');
    await door.locator('#scan-presentation').selectOption(String(show.id));
    await door.locator('#scan-gate').fill('Camera gate');
    await door.getByRole('button', { name: 'Start scanning' }).click();
    await door.getByRole('button', { name: 'Scan with the camera' }).click();
    const answer = door.locator('.scan-answer');
    await expect(answer).toHaveAttribute('data-outcome', 'admitted', { timeout: 15_000 });
    await expect(answer).toContainText(ticketIdentifier);
    // The same code still in front of the camera is not scanned again at once; typed again it is already in.
    await door.getByRole('button', { name: 'Stop the camera' }).click();
    await door.locator('#scan-code').fill(ticketIdentifier);
    await door.getByRole('button', { name: 'Check ticket' }).click();
    await expect(answer).toHaveAttribute('data-outcome', 'already-admitted');
    await expect(answer).toContainText('Camera gate');
  } finally {
    await browser.close();
    await withSql((sql) => sql.query(`UPDATE presentation SET date_time = $2 WHERE id = $1`, [show.id, show.dateTime]));
  }
});

test('offline: the scanner admits from its manifest, queues the scans and uploads them when the network is back', async ({
  page,
  context,
}) => {
  const show = await cinemaShow();
  const order = await buyOneSeat(page.request, show.id, { mobile: '0509990095' });
  const eTicket = (await (await page.request.get(`/api/edocument/${order.documentKey}?lang=en`)).json()) as {
    reservation: { tickets: { ticketIdentifier: string; qrText: string }[] };
  };
  const { qrText, ticketIdentifier } = eTicket.reservation.tickets[0]!;
  await withSql((sql) =>
    sql.query(`UPDATE presentation SET date_time = now() + interval '30 minutes' WHERE id = $1`, [show.id]),
  );
  try {
    await useAdminSession(page);
    await page.goto('/scan?lang=en');
    await page.locator('#scan-presentation').selectOption(String(show.id));
    await page.locator('#scan-gate').fill('Offline gate');
    const manifest = page.waitForResponse((r) => r.url().includes(`/api/checkin/presentations/${show.id}/manifest`));
    await page.getByRole('button', { name: 'Start scanning' }).click();
    expect((await manifest).status()).toBe(200);
    // The manifest is in the page (and being stored in IndexedDB) before the network goes.
    await expect(page.locator('[data-offline-ready]')).toHaveAttribute('data-offline-ready', /^[1-9]/);

    await context.setOffline(true);
    const answer = page.locator('.scan-answer');
    await page.locator('#scan-code').fill(qrText);
    await page.getByRole('button', { name: 'Check ticket' }).click();
    await expect(answer).toHaveAttribute('data-outcome', 'admitted');
    await expect(answer).toContainText('No connection: checked on this device');
    await page.locator('#scan-code').fill(ticketIdentifier);
    await page.getByRole('button', { name: 'Check ticket' }).click();
    await expect(answer).toHaveAttribute('data-outcome', 'already-admitted');
    await expect(page.locator('[data-queued]')).toHaveAttribute('data-queued', '2');
    await expectAxeClean(page, 'scanner offline (en)');

    await context.setOffline(false);
    await expect(page.locator('[data-queued]')).toHaveCount(0, { timeout: 15_000 });
    const recorded = await withSql(async (sql) => ({
      scans: (
        await sql.query(
          `SELECT s.outcome, s.offline, s.conflict FROM checkin_scan s JOIN reservation_ticket t ON t.id = s.ticket_id
            WHERE t.identifier = $1 ORDER BY s.id`,
          [ticketIdentifier],
        )
      ).rows,
      admission: (
        await sql.query(
          `SELECT a.gate FROM checkin_admission a JOIN reservation_ticket t ON t.id = a.ticket_id WHERE t.identifier = $1`,
          [ticketIdentifier],
        )
      ).rows,
    }));
    expect(recorded.scans).toEqual([
      { outcome: 'admitted', offline: true, conflict: false },
      { outcome: 'already-admitted', offline: true, conflict: false },
    ]);
    expect(recorded.admission).toEqual([{ gate: 'Offline gate' }]);
  } finally {
    await context.setOffline(false);
    await withSql((sql) => sql.query(`UPDATE presentation SET date_time = $2 WHERE id = $1`, [show.id, show.dateTime]));
  }
});

/**
 * The scanner opens without the network once it has been opened online (its service worker, docs/door-checkin.md
 * "Opening offline"): the page reloaded offline comes from the worker's cache, opens the door from the manifest kept
 * in IndexedDB, admits a ticket on the device; in Arabic at 390 px it is axe clean; back online the scan is
 * uploaded. The storefront is outside the worker's scope: offline it does not open (nothing serves it stale).
 */
test('offline: the scanner page itself opens without the network and admits a ticket, then uploads', async ({
  page,
  context,
}) => {
  const show = await cinemaShow();
  const order = await buyOneSeat(page.request, show.id, { mobile: '0509990096' });
  const eTicket = (await (await page.request.get(`/api/edocument/${order.documentKey}?lang=en`)).json()) as {
    reservation: { tickets: { ticketIdentifier: string; qrText: string }[] };
  };
  const { qrText, ticketIdentifier } = eTicket.reservation.tickets[0]!;
  await withSql((sql) =>
    sql.query(`UPDATE presentation SET date_time = now() + interval '30 minutes' WHERE id = $1`, [show.id]),
  );
  try {
    await useAdminSession(page);
    await page.goto('/scan?lang=en');
    await page.locator('#scan-presentation').selectOption(String(show.id));
    await page.locator('#scan-gate').fill('Shell gate');
    await page.getByRole('button', { name: 'Start scanning' }).click();
    await expect(page.locator('[data-offline-ready]')).toHaveAttribute('data-offline-ready', /^[1-9]/);
    // The worker is active once every file of its list is cached (install waits for them).
    // `ready` resolves with the worker already active but possibly still 'activating': wait for its own event.
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const active = registration.active;
      if (active && active.state === 'activating')
        await new Promise((done) => active.addEventListener('statechange', done, { once: true }));
      return { scope: new URL(registration.scope).pathname, state: active?.state };
    });
    expect(worker).toEqual({ scope: '/scan', state: 'activated' });

    const storefront = await context.newPage();
    await storefront.goto('/booking?lang=en');
    // The page settled first (its route's code loaded): going offline mid-load failed that chunk, and the app then
    // reloaded for a "stale" chunk under the evaluate below (fresh clone with a burner, 2026-12-01). The product no
    // longer reloads offline (lib/lazy.ts); the control is about a settled page that cannot reach the network.
    await expect(storefront.locator('a.time-chip').first()).toBeVisible();
    expect(await storefront.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

    await context.setOffline(true);
    // Control: without the network a page outside the scanner reaches nothing and does not open. Chromium names the
    // failed navigation ERR_INTERNET_DISCONNECTED, or ERR_ABORTED when it lands while the page is still settling (a
    // fresh-clone run saw the latter): the claim is that it does not open, so any network error of the navigation.
    expect(
      await storefront.evaluate(() =>
        fetch('/api/health', { cache: 'no-store' }).then(
          () => 'reached',
          () => 'unreachable',
        ),
      ),
    ).toBe('unreachable');
    await expect(storefront.goto('/booking?lang=en&offline')).rejects.toThrow(/net::ERR_/);
    await storefront.close();

    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page.locator('[data-opened-offline]')).toBeVisible();
    await expect(page.locator('[data-offline-ready]')).toHaveAttribute('data-offline-ready', /^[1-9]/);
    const answer = page.locator('.scan-answer');
    await page.locator('#scan-code').fill(qrText);
    await page.getByRole('button', { name: 'Check ticket' }).click();
    await expect(answer).toHaveAttribute('data-outcome', 'admitted');
    await expect(answer).toContainText('No connection: checked on this device');
    await expect(page.locator('[data-queued]')).toHaveAttribute('data-queued', '1');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/scan?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('[data-opened-offline]')).toContainText('لا يوجد اتصال');
    await expect(page.locator('[data-queued]')).toHaveAttribute('data-queued', '1');
    await expectAxeClean(page, 'scanner opened offline (ar)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Changing the station offline: the list of shows cannot be read, so the show is typed by number, saying why.
    await page.locator('.scan-station button').click();
    await expect(page.locator('[data-show-list="failed"]')).toBeVisible();
    await expect(page.locator('input#scan-presentation')).toHaveValue(String(show.id));
    await expectAxeClean(page, 'scanner setup offline, the show by number (ar)');
    await page
      .locator('form')
      .filter({ has: page.locator('#scan-gate') })
      .locator('button[type=submit]')
      .click();
    await expect(page.locator('[data-queued]')).toHaveAttribute('data-queued', '1');

    await context.setOffline(false);
    await expect(page.locator('[data-queued]')).toHaveCount(0, { timeout: 15_000 });
    const recorded = await withSql(
      async (sql) =>
        (
          await sql.query(
            `SELECT s.outcome, s.offline, a.gate FROM checkin_scan s JOIN reservation_ticket t ON t.id = s.ticket_id
               JOIN checkin_admission a ON a.ticket_id = t.id WHERE t.identifier = $1`,
            [ticketIdentifier],
          )
        ).rows,
    );
    expect(recorded).toEqual([{ outcome: 'admitted', offline: true, gate: 'Shell gate' }]);
  } finally {
    await context.setOffline(false);
    await withSql((sql) => sql.query(`UPDATE presentation SET date_time = $2 WHERE id = $1`, [show.id, show.dateTime]));
  }
});
