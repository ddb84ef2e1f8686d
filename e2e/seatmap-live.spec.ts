import { expect, test } from '@playwright/test';
import { findPresentation, openSeatMap } from './seatmap-support';

/**
 * The "Live" badge tells the truth. The live room's WebSocket is routed through the test so it can go silent
 * without closing (what a dead Wi-Fi or a dropping proxy does): socket.io's own ping would notice only after ~45 s.
 * The heartbeat must say so within a few seconds, and the badge must recover by itself when traffic flows again.
 */
test('the Live badge says "Reconnecting…" within seconds of a silent connection loss and recovers by itself', async ({
  page,
  request,
}) => {
  const cinema = await findPresentation(request, 'Desert Light');
  let silent = false;
  await page.routeWebSocket(/socket\.io/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      if (!silent) server.send(m);
    });
    server.onMessage((m) => {
      if (!silent) ws.send(m);
    });
  });
  await page.goto(`/order/${cinema.id}?test&lang=en`);
  await page.waitForFunction(() => window.__seatmap?.ready() === true, null, { timeout: 20_000 });
  const badge = page.getByTestId('seatmap-live');
  await expect(badge).toHaveText('Live', { timeout: 10_000 });

  silent = true;
  const lostAt = Date.now();
  await expect(badge).toHaveText('Reconnecting…', { timeout: 8000 });
  expect(Date.now() - lostAt).toBeLessThan(8000);

  silent = false;
  await expect(badge).toHaveText('Live', { timeout: 15_000 });
});

test('going offline is shown at once, and coming back online recovers', async ({ page, context, request }) => {
  const cinema = await findPresentation(request, 'Desert Light');
  await openSeatMap(page, cinema.id, 'lang=en');
  const badge = page.getByTestId('seatmap-live');
  await expect(badge).toHaveText('Live', { timeout: 10_000 });
  await context.setOffline(true);
  await expect(badge).toHaveText('Reconnecting…', { timeout: 3000 });
  await context.setOffline(false);
  await expect(badge).toHaveText('Live', { timeout: 15_000 });
});
