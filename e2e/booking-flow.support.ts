import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type {
  ApiPresentation,
  ApiSeatplan,
  ApiTicketGroup,
  CartSeat,
  PresentationsResponse,
  SaveCartResponse,
  SeatsStatusResponse,
  TicketGroupsResponse,
} from '@hotline/shared';
import { solveAltcha } from '../server/test/support/altcha';

/**
 * Booking-flow helpers: drive the seat step through the API with the page's own
 * visitor uuid (so the page owns the holds), then continue in the browser.
 * Used until the seat map is wired into /order/:id (see docs/booking-client.md).
 */

const base = () => process.env.E2E_BASE_URL ?? 'http://localhost:3000';

/**
 * A visitor uuid given to this browser before its first page, in the `uuid` cookie the app adopts when it has none in
 * its storage (client/src/api/identity.ts): for a test that holds seats through the API and then opens the cart, the
 * catalogue no longer loads first only for the id the app would make there.
 */
export async function presetVisitorId(page: Page): Promise<string> {
  const uuid = randomUUID();
  await page.context().addCookies([{ name: 'uuid', value: uuid, url: base() }]);
  return uuid;
}

/** The visitor uuid the page settled on (its first API call fixes it). */
export async function visitorIdOf(page: Page): Promise<string> {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('uuid')), { timeout: 10_000 })
    .toMatch(/^[0-9a-f-]{36}$/);
  return (await page.evaluate(() => localStorage.getItem('uuid')))!;
}

async function getJson<T>(request: APIRequestContext, path: string, uuid?: string): Promise<T> {
  const response = await request.get(`/api${path}`, { headers: uuid ? { uuid } : {} });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** Upcoming presentations on sale matching `filter`, soonest first. */
export async function findPresentations(
  request: APIRequestContext,
  filter: (p: ApiPresentation) => boolean,
): Promise<ApiPresentation[]> {
  const { presentations } = await getJson<PresentationsResponse>(request, '/presentations/');
  const found = presentations.filter((p) => !p.soldout && p.priceFrom !== null && filter(p));
  if (found.length === 0) throw new Error('no presentation on sale matches');
  return found;
}

export async function findPresentation(
  request: APIRequestContext,
  filter: (p: ApiPresentation) => boolean,
): Promise<ApiPresentation> {
  return (await findPresentations(request, filter))[0]!;
}

/** Reserved seats in the first presentation matching `filter` that still has a free row for them. */
export async function holdReservedSeatsIn(
  request: APIRequestContext,
  uuid: string,
  filter: (p: ApiPresentation) => boolean,
  count: number,
): Promise<HeldSeat[]> {
  for (const p of await findPresentations(request, filter)) {
    const held = await holdReservedSeats(request, uuid, p, count).catch((error: Error) => {
      // Full, or the demo on-sale behind the waiting room: try the next presentation.
      if (/no free row|QUEUE_REQUIRED/.test(error.message)) return null;
      throw error;
    });
    if (held) return held;
  }
  throw new Error(`no presentation has a free row of ${count + 2} seats`);
}

/**
 * Seats held in the first reserved presentation with a free row that blocks no single seat (seating policy 3 refuses
 * some pairs): the plain case most booking specs start from.
 */
export function holdPlainReservedSeats(request: APIRequestContext, uuid: string, count: number): Promise<HeldSeat[]> {
  return holdReservedSeatsIn(request, uuid, (p) => p.seatingMode === 'reserved' && p.seatingPolicyId !== 3, count);
}

export async function ticketGroupsOf(
  request: APIRequestContext,
  presentationId: number,
): Promise<TicketGroupsResponse> {
  return getJson<TicketGroupsResponse>(request, `/presentations/${presentationId}/ticketGroups`);
}

export interface HeldSeat {
  presentation: ApiPresentation;
  sectionId: number;
  x: number;
  y: number;
  ticketGroupId: number;
  rowName: string | null;
  seatName: string;
  seatplanX: number | null;
  seatplanY: number | null;
}

async function lock(request: APIRequestContext, uuid: string, token: string, seat: Record<string, unknown>) {
  const response = await request.put('/api/seats/lock-seat', {
    headers: { uuid },
    data: { recaptchaToken: token, seat },
  });
  expect(response.status(), `lock ${JSON.stringify(seat)}: ${await response.text()}`).toBe(200);
  return (await response.json()) as { lockedSeat: { x: number; y: number } };
}

/**
 * Holds `count` adjacent reserved seats for the visitor, avoiding couches and beds (they lock as a pair): the first
 * seats of a run of free seats that starts at the row's edge or beside a taken seat and either ends with them or
 * leaves at least two free seats after them, so no single-seat gap rule can refuse them. Runs rather than whole free
 * rows, so the suite's many purchases share rows and whole free rows stay for the tests that need one.
 */
export async function holdReservedSeats(
  request: APIRequestContext,
  uuid: string,
  p: ApiPresentation,
  count: number,
): Promise<HeldSeat[]> {
  const [{ seatplan }, status] = await Promise.all([
    getJson<{ seatplan: ApiSeatplan }>(request, `/seats/seatplan?venueId=${p.venueId}&seatplanId=${p.seatplanId}`),
    getJson<SeatsStatusResponse>(
      request,
      `/seats/seats-status?presentationId=${p.id}&venueTypeId=${p.venueTypeId}&isReserved=1`,
      uuid,
    ),
  ]);
  const free = new Set(status.seats.filter((r) => r[6] === 1).map((r) => `${r[0]}:${r[2]}:${r[3]}`));
  type Seat = ApiSeatplan['sections'][number]['groups'][number]['rows'][number]['seats'][number];
  const isFree = (s: Seat) => free.has(`${s.VenueSectionId}:${s.XCoordinate}:${s.YCoordinate}`);
  // Wheelchair and companion seats stay free for the tests that look for them; couch parts lock as a pair.
  const special = new Set([1, 4, 10, 11, 31, 32, 33]);
  const plain = (s: Seat) => !s.togetherId && !s.features.some((f) => special.has(f));
  for (const section of seatplan.sections) {
    if (!section.IsReserved) continue;
    for (const group of section.groups ?? []) {
      for (const row of group.rows ?? []) {
        const seats = [...row.seats].sort((a, b) => a.XCoordinate - b.XCoordinate);
        // Every maximal run of free plain seats with contiguous coordinates, bounded by the row's edge or a taken
        // plain seat (a free couch beside it would be a neighbour the gap rules may count).
        let chosen: typeof seats | null = null;
        for (let start = 0; start < seats.length && !chosen; start++) {
          const before = seats[start - 1];
          if (!isFree(seats[start]!) || !plain(seats[start]!)) continue;
          if (before && (isFree(before) || before.togetherId)) continue;
          let end = start;
          while (
            end + 1 < seats.length &&
            isFree(seats[end + 1]!) &&
            plain(seats[end + 1]!) &&
            seats[end + 1]!.XCoordinate === seats[end]!.XCoordinate + 1
          )
            end++;
          const run = end - start + 1;
          const after = seats[end + 1];
          const closed = !after || (!isFree(after) && !after.togetherId);
          if (run === count ? closed : run >= count + 2) chosen = seats.slice(start, start + count);
        }
        if (!chosen) continue;
        const token = await solveAltcha(base(), uuid);
        for (const s of chosen) {
          await lock(request, uuid, token, {
            PresentationId: p.id,
            VenueId: p.venueId,
            VenueSeatplanId: p.seatplanId,
            VenueSectionId: s.VenueSectionId,
            TicketGroupId: s.TicketGroupId,
            XCoordinate: s.XCoordinate,
            YCoordinate: s.YCoordinate,
          });
        }
        return chosen.map((s) => ({
          presentation: p,
          sectionId: s.VenueSectionId,
          x: s.XCoordinate,
          y: s.YCoordinate,
          ticketGroupId: s.TicketGroupId,
          rowName: s.RowName,
          seatName: s.SeatName,
          seatplanX: s.SeatplanX,
          seatplanY: s.SeatplanY,
        }));
      }
    }
  }
  throw new Error(`no free row of ${count + 2} seats in presentation ${p.id}`);
}

/** Holds `count` general-admission places in the presentation's first GA section with places left. */
export async function holdGaPlaces(
  request: APIRequestContext,
  uuid: string,
  p: ApiPresentation,
  count: number,
): Promise<HeldSeat[]> {
  const { seatplan } = await getJson<{ seatplan: ApiSeatplan }>(
    request,
    `/seats/seatplan?venueId=${p.venueId}&seatplanId=${p.seatplanId}`,
  );
  const section = seatplan.sections.find((s) => !s.IsReserved);
  if (!section) throw new Error(`presentation ${p.id} has no general-admission section`);
  const token = await solveAltcha(base(), uuid);
  const held: HeldSeat[] = [];
  for (let i = 0; i < count; i++) {
    const r = await lock(request, uuid, token, {
      PresentationId: p.id,
      VenueId: p.venueId,
      VenueSeatplanId: p.seatplanId,
      VenueSectionId: section.VenueSectionId,
      TicketGroupId: section.ZoneId ?? 0,
      XCoordinate: null,
      YCoordinate: null,
    });
    held.push({
      presentation: p,
      sectionId: section.VenueSectionId,
      x: r.lockedSeat.x,
      y: 0,
      ticketGroupId: section.ZoneId ?? 0,
      rowName: null,
      seatName: String(r.lockedSeat.x),
      seatplanX: null,
      seatplanY: null,
    });
  }
  return held;
}

function groupOf(groups: ApiTicketGroup[], id: number): ApiTicketGroup {
  const g = groups.find((x) => x.id === id) ?? groups.find((x) => x.zoneId === id);
  if (!g) throw new Error(`no ticket group ${id}`);
  return g;
}

/** Saves the held seats as the visitor's cart (POST /api/cart), each on its group's first base ticket; returns the resId. */
export async function saveHeldCart(request: APIRequestContext, uuid: string, held: HeldSeat[]): Promise<string> {
  const groups = new Map<number, ApiTicketGroup[]>();
  for (const h of held)
    if (!groups.has(h.presentation.id))
      groups.set(h.presentation.id, (await ticketGroupsOf(request, h.presentation.id)).ticketGroups);
  const seats: CartSeat[] = held.map((h) => {
    const group = groupOf(groups.get(h.presentation.id)!, h.ticketGroupId);
    const ticket = group.tickets.find((t) => !t.code && t.multiplyFactor <= 1)!;
    return {
      prsntId: h.presentation.id,
      ticketGroupId: group.id,
      venueId: h.presentation.venueId,
      seatplanId: h.presentation.seatplanId,
      sectionId: h.sectionId,
      ticketId: ticket.id,
      amount: ticket.price,
      serviceCharge: ticket.serviceCharge,
      pricePolicyId: ticket.pricePolicyId,
      isMultiplyFactorSubTicket: false,
      XCoordinate: h.x,
      YCoordinate: h.y,
      SeatplanX: h.seatplanX,
      SeatplanY: h.seatplanY,
      RowName: h.rowName,
      SeatName: h.seatName,
    };
  });
  const recaptchaToken = await solveAltcha(base(), uuid);
  const response = await request.post('/api/cart', {
    headers: { uuid },
    data: { cart: { seats }, uuid, recaptchaToken },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as SaveCartResponse).resId;
}

/** A seat's status code as another visitor sees it (1 available, anything else taken). */
export async function seatStatus(request: APIRequestContext, seat: HeldSeat): Promise<number | undefined> {
  const p = seat.presentation;
  const reserved = seat.rowName !== null;
  const { seats } = await getJson<SeatsStatusResponse>(
    request,
    `/seats/seats-status?presentationId=${p.id}&venueTypeId=${p.venueTypeId}&isReserved=${reserved ? 1 : 0}`,
    '00000000-0000-4000-8000-00000000e2e0',
  );
  return seats.find((r) => r[0] === seat.sectionId && r[2] === seat.x && r[3] === seat.y)?.[6];
}

/** The ecommerce events the page pushed to window.dataLayer. */
export async function dataLayerEvents(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? [])
      .map((e) => e.event)
      .filter((e): e is string => Boolean(e)),
  );
}

/** Fills the SANDBOX hosted card page inside the payment dialog (docs/payment-sandbox.md test cards) and submits it. */
export async function payWithCard(page: Page, card: string) {
  const frame = page.frameLocator('iframe.payment-dialog__frame');
  await frame.locator('#cardNumber').fill(card);
  await frame.locator('#expiry').fill('12/35');
  await frame.locator('#cvv').fill('123');
  await frame.locator('#holderId').fill('000000018');
  await frame.locator('button[type=submit]').click();
}
