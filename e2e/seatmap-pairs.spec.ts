import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { clickSeat, openSeatMap, type SeatRef } from './seatmap-support';

/**
 * Correctness first: on a single-seat-rule show (seating policy 3) a visitor picks pairs in every order, at
 * both row ends and around a one-seat gap (7, 9, then 8). Their own seats must never be the reason the next adjacent
 * seat is refused. Each pick waits for the live room's echo of the previous lock (the room reports our own lock as
 * "locked by someone" and, before the fix, the seat beside it as a blocked single), then clicks the next seat.
 */
test.describe.configure({ mode: 'serial' });

async function singleSeatRuleShow(request: APIRequestContext): Promise<number> {
  const features = (await (await request.get('/api/features/')).json()) as { features: { id: number }[] };
  for (const f of features.features) {
    const list = (await (await request.get(`/api/presentations/?featureIds=${f.id}`)).json()) as {
      presentations: { id: number; seatingPolicyId: number; soldout: boolean }[];
    };
    const p = list.presentations.find((x) => x.seatingPolicyId === 3 && !x.soldout);
    if (p) return p.id;
  }
  throw new Error('no single-seat-rule presentation on sale in the demo data');
}

const statusOf = (page: Page, s: SeatRef) =>
  page.evaluate((seat) => window.__seatmap!.seatStatus(seat.sectionId, seat.x, seat.y), s);

/** Picks one seat: the lock succeeds, and the room's echo of it has arrived before we go on. */
async function pick(page: Page, seat: SeatRef): Promise<void> {
  expect(await statusOf(page, seat), `seat ${seat.x} is offered to us before we click it`).toBe(1);
  const locked = page.waitForResponse(
    (r) => r.url().includes('/api/seats/lock-seat') && r.request().method() === 'PUT',
    { timeout: 5000 },
  );
  await clickSeat(page, seat);
  expect((await locked).status(), `seat ${seat.x} locks`).toBe(200);
  expect(await page.evaluate((s) => window.__seatmap!.isSelected(s.sectionId, s.x, s.y), seat)).toBe(true);
  // The room tells everyone (us too) that the seat is locked: from here on its neighbours are judged by the room.
  await page.waitForFunction((s) => window.__seatmap!.seatStatus(s.sectionId, s.x, s.y) === 5, seat, {
    timeout: 5000,
    polling: 20,
  });
}

let show: number;
test.beforeAll(async ({ request }) => {
  show = await singleSeatRuleShow(request);
});

// [what, positions in the row picked in this order; negative counts from the row end (-1 = last seat)]
const ORDERS: [string, number[]][] = [
  ['second-to-last then last (13, 14)', [-2, -1]],
  ['last then second-to-last (14, 13)', [-1, -2]],
  ['second then first', [1, 0]],
  ['first then second', [0, 1]],
  ['7, 9, then 8', [6, 8, 7]],
  ['9, 7, then 8', [8, 6, 7]],
  ['two in the middle, right to left', [5, 4]],
];

ORDERS.forEach(([what, positions]) => {
  test(`single-seat rule: a pair picked ${what} is never refused because of our own seats`, async ({ browser }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await openSeatMap(page, show);
      const row = await page.evaluate((skip) => window.__seatmap!.freeRow(10, skip), 0);
      expect(row, 'a free row of at least 10 seats').not.toBeNull();
      const seats = positions.map((p) => row![p < 0 ? row!.length + p : p]!);
      // Zoom so seats are about 30 px apart, centred on the row.
      const a = await page.evaluate((s) => window.__seatmap!.seatPlanPosition(s.sectionId, s.x, s.y), row![0]!);
      const b = await page.evaluate((s) => window.__seatmap!.seatPlanPosition(s.sectionId, s.x, s.y), row![1]!);
      const mid = await page.evaluate(
        (s) => window.__seatmap!.seatPlanPosition(s.sectionId, s.x, s.y),
        row![Math.floor(row!.length / 2)]!,
      );
      const pitch = Math.hypot(b!.x - a!.x, b!.y - a!.y);
      await page.evaluate(
        ({ rel, cx, cy }) => {
          window.__seatmap!.setView(rel, cx, cy);
          window.__seatmap!.flush();
        },
        { rel: 30 / (pitch * (await page.evaluate(() => window.__seatmap!.fitScale()))), cx: mid!.x, cy: mid!.y },
      );
      for (const seat of seats) await pick(page, seat);
      // Every seat of the pair (or the three) ends up ours on the server too.
      for (const seat of seats)
        expect(await page.evaluate((s) => window.__seatmap!.isSelected(s.sectionId, s.x, s.y), seat)).toBe(true);
      // Given back: the next order (or a repeat of this spec) finds the row free again.
      await page.evaluate(() => window.__seatmap!.releaseAll());
    } finally {
      await context.close();
    }
  });
});
