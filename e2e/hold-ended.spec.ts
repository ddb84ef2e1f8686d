import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { availableSeat, clickSeat, findPresentation, openSeatMap } from './seatmap-support';

/**
 * When a visitor's hold ends on the server, the seat map says so at once (the hold-expired page), told
 * by the server on the visitor's own socket, not guessed from a later delta or the 15-minute timer. The e2e
 * server keeps the real lock TTL (900 s), so the test moves this lock's expiry to the past in Redis, as if the
 * time had passed; the sweeper (every 250 ms) then releases it like any expired lock.
 */

/** One Redis command over RESP (no client library for two commands in a test). */
function redis(url: string, args: string[]): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
    });
    socket.once('data', (data) => {
      socket.end();
      const reply = data.toString();
      if (reply.startsWith('-')) reject(new Error(reply));
      else resolve(reply);
    });
    socket.once('error', reject);
  });
}

test('the seat map goes to the hold-expired page the moment the server ends the visitor’s hold', async ({
  page,
  request,
}) => {
  const redisUrl = process.env.E2E_REDIS_URL;
  test.skip(!redisUrl, 'needs the e2e Redis (scripts/test.mjs sets E2E_REDIS_URL)');
  const cinema = await findPresentation(request, 'Desert Light');
  await openSeatMap(page, cinema.id, 'lang=en');
  const seat = await availableSeat(page);
  const locked = page.waitForResponse(
    (r) => r.url().includes('/api/seats/lock-seat') && r.request().method() === 'PUT',
  );
  await clickSeat(page, seat);
  expect((await locked).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/order/${cinema.id}`));

  // The lock's expiry is now in the past (the seat engine's keys, docs/seat-engine.md): the sweeper releases it.
  const key = `${seat.sectionId}:${seat.x}:${seat.y}`;
  await redis(redisUrl!, ['ZADD', `e2e:{s:${cinema.id}}:exp`, 'XX', '1', key]);
  const endedAt = Date.now();
  await redis(redisUrl!, ['ZADD', 'e2e:seats:due', '1', String(cinema.id)]);

  await expect(page.getByTestId('hold-expired')).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - endedAt).toBeLessThan(5_000);
  await expect(page).toHaveURL(new RegExp(`/booking/hold-expired\\?show=${cinema.id}`));
});
