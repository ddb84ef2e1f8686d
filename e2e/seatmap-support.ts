import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ApiSeatplan } from '@hotline/shared';
import type { SeatMapDebugHook } from '../client/src/seatmap/debug-hook';
import { solveAltcha } from '../server/test/support/altcha';

/** Shared steps for the seat-map specs (e2e/seatmap*.spec.ts). */

declare global {
  interface Window {
    /** The seat map's test hook (client/src/seatmap/debug-hook.ts), present with ?test. */
    __seatmap?: SeatMapDebugHook;
  }
}

export interface SeatRef {
  sectionId: number;
  x: number;
  y: number;
}

/**
 * Resolves once the page has drawn `count` more frames: what a check that something did NOT happen after an input
 * waits for (the input's handlers, React's commit and the paint are all behind it), instead of a fixed number of
 * milliseconds that a loaded machine may not fit its work into.
 */
export async function framesDrawn(page: Page, count = 2): Promise<void> {
  await page.evaluate(async (n) => {
    for (let k = 0; k < n; k++) await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  }, count);
}

/**
 * The page at rest: every transition and finite animation running now has finished, then two frames are drawn (a
 * layout change that starts another shows by then). Infinite animations (a spinner) are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  await framesDrawn(page);
}

/** The first upcoming presentation of a seeded feature (by English name), optionally of a given venue. */
export async function findPresentation(
  request: APIRequestContext,
  featureEn: string,
  venueName?: RegExp,
): Promise<{ id: number; venueId: number; seatingPolicyId: number }> {
  const features = (await (await request.get('/api/features/')).json()) as {
    features: { id: number; nameEn: string }[];
  };
  const feature = features.features.find((f) => f.nameEn === featureEn);
  if (!feature) throw new Error(`feature ${featureEn} is not seeded`);
  const list = (await (await request.get(`/api/presentations/?featureIds=${feature.id}`)).json()) as {
    presentations: { id: number; venueId: number; venueNameEn: string; seatingPolicyId: number; soldout: boolean }[];
  };
  const p = list.presentations.find(
    (x) => !x.soldout && x.seatingPolicyId !== 3 && (!venueName || venueName.test(x.venueNameEn)),
  );
  if (!p) throw new Error(`no presentation on sale for ${featureEn}`);
  return p;
}

/** Opens the order page with the test hook and waits until the map has drawn its first frame. */
export async function openSeatMap(page: Page, presentationId: number, query = ''): Promise<void> {
  await page.goto(`/order/${presentationId}?test${query ? `&${query}` : ''}`);
  await page.waitForFunction(() => window.__seatmap?.ready() === true, null, { timeout: 20_000 });
  await page.evaluate(() => window.__seatmap!.firstFrame());
}

/** An available seat on screen, near the middle of the view. */
export async function availableSeat(page: Page): Promise<SeatRef> {
  const seat = await page.evaluate(() => window.__seatmap!.findSeat(1));
  expect(seat, 'an available seat on screen').not.toBeNull();
  return seat!;
}

export async function seatPoint(page: Page, seat: SeatRef): Promise<{ x: number; y: number }> {
  const p = await page.evaluate((s) => window.__seatmap!.seatScreenPosition(s.sectionId, s.x, s.y), seat);
  expect(p).not.toBeNull();
  return p!;
}

export async function clickSeat(page: Page, seat: SeatRef): Promise<void> {
  const p = await seatPoint(page, seat);
  await page.mouse.click(p.x, p.y);
}

export async function visitorId(page: Page): Promise<string> {
  const uuid = await page.evaluate(() => localStorage.getItem('uuid'));
  expect(uuid).toBeTruthy();
  return uuid!;
}

/** The seat's status as GET /api/seats/seats-status tells this visitor. */
export async function serverStatus(
  request: APIRequestContext,
  presentationId: number,
  uuid: string,
  seat: SeatRef,
): Promise<number | null> {
  const res = await request.get(`/api/seats/seats-status?presentationId=${presentationId}`, { headers: { uuid } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { seats: number[][] };
  const row = body.seats.find((r) => r[0] === seat.sectionId && r[2] === seat.x && r[3] === seat.y);
  return row ? row[6]! : null;
}

/** RGBA of the static seat layer's canvas at a page point (device pixel ratio 1). */
export async function seatPixel(page: Page, seat: SeatRef): Promise<number[]> {
  return page.evaluate((s) => {
    const hook = window.__seatmap!;
    hook.flush();
    const p = hook.seatScreenPosition(s.sectionId, s.x, s.y)!;
    const canvas = document.querySelector<HTMLCanvasElement>('.seatmap__canvas canvas')!;
    const r = canvas.getBoundingClientRect();
    const ratio = canvas.width / r.width;
    const ctx = canvas.getContext('2d')!;
    return Array.from(
      ctx.getImageData(Math.round((p.x - r.left) * ratio), Math.round((p.y - r.top) * ratio), 1, 1).data,
    );
  }, seat);
}

const base = () => process.env.E2E_BASE_URL ?? 'http://localhost:3000';

export interface Show {
  id: number;
  venueId: number;
  seatplanId: number;
}

export async function theatreShow(request: APIRequestContext): Promise<Show> {
  const p = (await findPresentation(request, 'The Dybbuk')) as unknown as Show;
  return p;
}

/** The API lock body of a seat of the plan (its ticket group from the plan). */
export async function lockBodies(request: APIRequestContext, show: Show, seats: SeatRef[]) {
  const { seatplan } = (await (
    await request.get(`/api/seats/seatplan?venueId=${show.venueId}&seatplanId=${show.seatplanId}`)
  ).json()) as { seatplan: ApiSeatplan };
  return seats.map((s) => {
    const section = seatplan.sections.find((x) => x.VenueSectionId === s.sectionId)!;
    const seat = section.groups
      .flatMap((g) => g.rows.flatMap((r) => r.seats))
      .find((x) => x.XCoordinate === s.x && x.YCoordinate === s.y)!;
    return {
      PresentationId: show.id,
      VenueId: show.venueId,
      VenueSeatplanId: show.seatplanId,
      VenueSectionId: s.sectionId,
      TicketGroupId: seat.TicketGroupId,
      XCoordinate: s.x,
      YCoordinate: s.y,
    };
  });
}

/** Locks seats for a visitor through the API; returns the undo. */
export async function lockAs(request: APIRequestContext, uuid: string, bodies: object[]): Promise<() => Promise<void>> {
  const token = await solveAltcha(base(), uuid);
  for (const seat of bodies) {
    const r = await request.put('/api/seats/lock-seat', { headers: { uuid }, data: { recaptchaToken: token, seat } });
    expect(r.status(), `lock ${JSON.stringify(seat)}: ${await r.text()}`).toBe(200);
  }
  return async () => {
    for (const seat of bodies) await request.put('/api/seats/unlock-seat', { headers: { uuid }, data: { seat } });
  };
}

export const statusOf = (page: Page, s: SeatRef) =>
  page.evaluate((seat) => window.__seatmap!.seatStatus(seat.sectionId, seat.x, seat.y), s);

/** Zoom so seats of the row are about 30 px apart, centred on it (as the pairs spec does). */
export async function zoomToRow(page: Page, row: SeatRef[]) {
  const pos = (s: SeatRef) => page.evaluate((q) => window.__seatmap!.seatPlanPosition(q.sectionId, q.x, q.y), s);
  const [a, b, mid] = [await pos(row[0]!), await pos(row[1]!), await pos(row[Math.floor(row.length / 2)]!)];
  const pitch = Math.hypot(b!.x - a!.x, b!.y - a!.y);
  const fit = await page.evaluate(() => window.__seatmap!.fitScale());
  await page.evaluate(
    ({ rel, cx, cy }) => {
      window.__seatmap!.setView(rel, cx, cy);
      window.__seatmap!.flush();
    },
    { rel: 30 / (pitch * fit), cx: mid!.x, cy: mid!.y },
  );
}

/** A free row of the show with at least 8 seats, and the seats 4-5 of it taken by another visitor (room echoed). */
export async function rowWithTakenPair(page: Page, request: APIRequestContext, show: Show) {
  const row = await page.evaluate(() => window.__seatmap!.freeRow(8));
  expect(row, 'a free row of at least 8 seats').not.toBeNull();
  const taken = [row![3]!, row![4]!];
  const release = await lockAs(request, randomUUID(), await lockBodies(request, show, taken));
  for (const s of taken)
    await page.waitForFunction((q) => window.__seatmap!.seatStatus(q.sectionId, q.x, q.y) === 5, s, { polling: 50 });
  return { row: row!, release };
}
