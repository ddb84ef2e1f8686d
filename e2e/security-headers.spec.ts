import { expect, test } from '@playwright/test';
import { availableSeat, clickSeat, findPresentation, openSeatMap, serverStatus, visitorId } from './seatmap-support';

/**
 * The built storefront works under our Content-Security-Policy (docs/threat-model.md, "Edge"):
 * the seat map loads its workers, the bot check solves in its worker, the socket connects and a
 * seat locks, with no CSP violation reported by the browser.
 */
test('the storefront runs under the CSP: seat map, bot-check worker, socket and lock, no violations', async ({
  page,
  request,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { __cspViolation(text: string): void }).__cspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });

  const home = await page.goto('/');
  const headers = home!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');

  const cinema = await findPresentation(request, 'Desert Light');
  await openSeatMap(page, cinema.id);
  const seat = await availableSeat(page);
  await clickSeat(page, seat);
  const uuid = await visitorId(page);
  await expect.poll(() => serverStatus(request, cinema.id, uuid, seat), { timeout: 30_000 }).not.toBe(1);
  expect(violations).toEqual([]);
});
