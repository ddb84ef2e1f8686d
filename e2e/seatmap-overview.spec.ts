import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ApiSeatplan, ApiTicketGroup } from '@hotline/shared';
import { solveAltcha } from '../server/test/support/altcha';
import { findPresentation, openSeatMap, visitorId } from './seatmap-support';

/**
 * The seat-map bullets that had only unit tests (docs/seat-map-experience-audit.md): tapping a section zooms until seats are
 * tappable, a sold-out section looks sold out, the price filter, best available with a price preference.
 */

const base = () => process.env.E2E_BASE_URL ?? 'http://localhost:3000';

const shekels = (text: string | null): number => {
  const m = (text ?? '').replace(/,/g, '').match(/\d+(?:\.\d+)?/);
  expect(m, `a price in ${JSON.stringify(text)}`).not.toBeNull();
  return Number(m![0]);
};

interface Presentation {
  id: number;
  venueId: number;
  seatplanId: number;
}

async function presentationsOf(request: APIRequestContext, featureEn: string): Promise<Presentation[]> {
  const features = (await (await request.get('/api/features/')).json()) as {
    features: { id: number; nameEn: string }[];
  };
  const feature = features.features.find((f) => f.nameEn === featureEn)!;
  const list = (await (await request.get(`/api/presentations/?featureIds=${feature.id}`)).json()) as {
    presentations: (Presentation & { soldout: boolean; seatingPolicyId: number })[];
  };
  return list.presentations.filter((p) => !p.soldout && p.seatingPolicyId !== 3);
}

async function statusRows(request: APIRequestContext, presentationId: number, uuid: string): Promise<number[][]> {
  const res = await request.get(`/api/seats/seats-status?presentationId=${presentationId}`, { headers: { uuid } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { seats: number[][] }).seats;
}

/** Waits until the camera has come to rest (the same scale on two reads 150 ms apart). */
async function cameraAtRest(page: Page): Promise<void> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => window.__seatmap!.scale());
        const rested = now === last;
        last = now;
        return rested;
      },
      { intervals: [150], timeout: 10_000 },
    )
    .toBe(true);
}

/** Taps (or clicks) a reserved section of the arena's overview; returns the on-screen distance of two neighbouring seats. */
async function tapSectionAndMeasure(page: Page, tap: (x: number, y: number) => Promise<void>): Promise<number> {
  // The overview: seats too small to pick one (a tap zooms into the section under it).
  const seatPx = await page.evaluate(() => window.__seatmap!.seatPx());
  if (seatPx >= 4) await page.evaluate((k) => window.__seatmap!.setView(k), 3.5 / seatPx);
  const before = await page.evaluate(() => window.__seatmap!.scale());
  const section = await page.evaluate(() => window.__seatmap!.reservedSectionOnScreen());
  expect(section, 'a reserved section on screen').not.toBeNull();
  await tap(section!.x, section!.y);
  await cameraAtRest(page);
  expect(await page.evaluate(() => window.__seatmap!.scale())).toBeGreaterThan(before);

  // Two neighbouring seats (same row, next seat number) near the middle of the view, measured on the page.
  const gap = await page.evaluate(() => {
    const h = window.__seatmap!;
    const seat = h.findSeat(1) ?? h.findSeat(5) ?? h.findSeat(4);
    if (!seat) return null;
    const a = h.seatScreenPosition(seat.sectionId, seat.x, seat.y)!;
    const b =
      h.seatScreenPosition(seat.sectionId, seat.x + 1, seat.y) ??
      h.seatScreenPosition(seat.sectionId, seat.x - 1, seat.y);
    return b && Math.hypot(a.x - b.x, a.y - b.y);
  });
  expect(gap, 'two neighbouring seats on screen').not.toBeNull();
  return gap!;
}

test('clicking a section on the overview zooms until neighbouring seats are at least 24 px apart', async ({
  page,
  request,
}) => {
  const arena = await findPresentation(request, 'The Summer Concert');
  await openSeatMap(page, arena.id, 'lang=en');
  expect(await tapSectionAndMeasure(page, (x, y) => page.mouse.click(x, y))).toBeGreaterThanOrEqual(24);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });

  test('tapping a section on the overview zooms until neighbouring seats are at least 24 px apart', async ({
    page,
    request,
  }) => {
    const arena = await findPresentation(request, 'The Summer Concert');
    await openSeatMap(page, arena.id, 'lang=en');
    expect(await tapSectionAndMeasure(page, (x, y) => page.touchscreen.tap(x, y))).toBeGreaterThanOrEqual(24);
  });
});

test('a section whose seats are all taken looks sold out on the overview; one with seats left does not', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The theatre's side boxes: 4 rows of 10. The last theatre show, so the other specs' shows keep their boxes.
  const shows = await presentationsOf(request, 'The Dybbuk');
  const show = shows[shows.length - 1]!;
  const { seatplan } = (await (
    await request.get(`/api/seats/seatplan?venueId=${show.venueId}&seatplanId=${show.seatplanId}`)
  ).json()) as { seatplan: ApiSeatplan };
  const full = seatplan.sections.find((s) => s.SectionNameEn === 'Right side box')!;
  const open = seatplan.sections.find((s) => s.SectionNameEn === 'Left side box')!;
  expect(full && open, 'the theatre has its two side boxes').toBeTruthy();

  // Other visitors hold every seat of the right box: one visitor a row (the order maximum is 10), seat 1 to 10. They
  // are given back at the end, so a later spec (or a repeat of this one) finds the box free.
  const locks: { uuid: string; data: object }[] = [];
  try {
    for (const group of full.groups) {
      for (const row of group.rows) {
        const uuid = randomUUID();
        const token = await solveAltcha(base(), uuid);
        for (const s of [...row.seats].sort((a, b) => a.XCoordinate - b.XCoordinate)) {
          const data = {
            recaptchaToken: token,
            seat: {
              PresentationId: show.id,
              VenueId: show.venueId,
              VenueSeatplanId: show.seatplanId,
              VenueSectionId: s.VenueSectionId,
              TicketGroupId: s.TicketGroupId,
              XCoordinate: s.XCoordinate,
              YCoordinate: s.YCoordinate,
            },
          };
          const r = await request.put('/api/seats/lock-seat', { headers: { uuid }, data });
          expect(r.status(), `lock ${s.RowName}/${s.SeatName}: ${await r.text()}`).toBe(200);
          locks.push({ uuid, data });
        }
      }
    }

    await openSeatMap(page, show.id, 'lang=en');
    const labelsIn = async (name: string) =>
      page.evaluate((sectionName) => {
        const h = window.__seatmap!;
        const box = h.sectionsOnScreen().find((s) => s.name === sectionName)!;
        // Labels sit on or just above a small section (a name and its caption over the seats' box).
        const above = box.bottom - box.top;
        return h
          .labels()
          .filter((l) => l.x >= box.left && l.x <= box.right && l.y >= box.top - above && l.y <= box.bottom)
          .map((l) => ({ kind: l.kind, text: l.text }));
      }, name);
    const fullLabels = await labelsIn('Right side box');
    expect(fullLabels).toContainEqual({ kind: 'captionSoldOut', text: 'Sold out' });
    expect(fullLabels.some((l) => l.kind === 'sectionSoldOut')).toBe(true);
    const openLabels = await labelsIn('Left side box');
    expect(openLabels.some((l) => l.kind === 'section')).toBe(true);
    expect(openLabels.filter((l) => l.kind === 'sectionSoldOut' || l.kind === 'captionSoldOut')).toEqual([]);
  } finally {
    for (const { uuid, data } of locks) await request.put('/api/seats/unlock-seat', { headers: { uuid }, data });
  }
});

test('the price filter marks only the free seats at or under the chosen all-in price, and says how many', async ({
  page,
  request,
}) => {
  const theatre = await findPresentation(request, 'The Dybbuk');
  await openSeatMap(page, theatre.id, 'lang=en');
  const uuid = await visitorId(page);

  // The all-in price of each price group, as best available offers them ("Stalls · ₪189.00", value = group id).
  const best = page.getByRole('region', { name: 'Best available' });
  const groupOptions = await best
    .getByLabel('Price', { exact: true })
    .locator('option')
    .evaluateAll((os) => os.map((o) => ({ value: Number((o as HTMLOptionElement).value), text: o.textContent })));
  const groupPrice = new Map(groupOptions.filter((o) => o.value > 0).map((o) => [o.value, shekels(o.text)]));
  expect(groupPrice.size, 'the theatre has several price groups').toBeGreaterThan(1);

  const filter = page.getByTestId('filter-price');
  const caps = (await filter.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)))
    .filter((v) => v !== '')
    .map(Number);
  expect(caps.length).toBeGreaterThan(1);
  const counts: number[] = [];
  for (const cap of caps) {
    await filter.selectOption(String(cap));
    const rows = await statusRows(request, theatre.id, uuid);
    const expected = rows.filter((r) => r[6] === 1 && (groupPrice.get(r[5]!) ?? Infinity) <= cap + 1e-9).length;
    await expect(page.getByTestId('filter-count')).toHaveText(
      `${expected} free seat${expected === 1 ? '' : 's'} marked on the map`,
    );
    counts.push(expected);
  }
  // The cheapest cap marks fewer seats than the dearest (which marks every free seat on sale).
  expect(counts[0]!).toBeLessThan(counts[counts.length - 1]!);
  const rows = await statusRows(request, theatre.id, uuid);
  expect(counts[counts.length - 1]).toBe(rows.filter((r) => r[6] === 1 && groupPrice.has(r[5]!)).length);
  await filter.selectOption('');
  await expect(page.getByTestId('filter-count')).toHaveText('');
});

test('best available with a price choice holds seats of that price group', async ({ page, request }) => {
  const theatre = await findPresentation(request, 'The Dybbuk');
  await openSeatMap(page, theatre.id, 'lang=en');
  const uuid = await visitorId(page);
  const groups = (
    (await (await request.get(`/api/presentations/${theatre.id}/ticketGroups`)).json()) as {
      ticketGroups: ApiTicketGroup[];
    }
  ).ticketGroups;

  // The cheapest price group: never where best available goes without a preference (the front of the stalls).
  const best = page.getByRole('region', { name: 'Best available' });
  const price = best.getByLabel('Price', { exact: true });
  const options = await price
    .locator('option')
    .evaluateAll((os) => os.map((o) => ({ value: Number((o as HTMLOptionElement).value), text: o.textContent })));
  const cheapest = options
    .filter((o) => o.value > 0)
    .sort((a, b) => shekels(a.text) - shekels(b.text) || a.value - b.value)[0]!;
  const zone = groups.find((g) => g.id === cheapest.value)!.zoneId;
  await price.selectOption(String(cheapest.value));
  await best.getByLabel('Seats', { exact: true }).selectOption('2');
  await best.getByRole('button', { name: 'Find the best seats' }).click();
  await expect(page.getByTestId('order-timer')).toBeVisible({ timeout: 15_000 });

  // The server's view of this visitor's seats: two, both in the chosen group's zone.
  const zoneOfGroup = new Map(groups.map((g) => [g.id, g.zoneId]));
  await expect.poll(async () => (await statusRows(request, theatre.id, uuid)).filter((r) => r[6] === 2).length).toBe(2);
  const held = (await statusRows(request, theatre.id, uuid)).filter((r) => r[6] === 2);
  for (const r of held) expect(zoneOfGroup.get(r[5]!), `seat ${r[0]}/${r[2]}/${r[3]}`).toBe(zone);
});

test('best available with an area choice holds seats in that section', async ({ page, request }) => {
  // The same show findPresentation picks (the first on sale), with its seat plan's id.
  const theatre = (await presentationsOf(request, 'The Dybbuk'))[0]!;
  await openSeatMap(page, theatre.id, 'lang=en');
  const uuid = await visitorId(page);
  const { seatplan } = (await (
    await request.get(`/api/seats/seatplan?venueId=${theatre.venueId}&seatplanId=${theatre.seatplanId}`)
  ).json()) as { seatplan: ApiSeatplan };
  // The balcony: never where best available goes without a preference (the front of the stalls).
  const balcony = seatplan.sections.find((s) => s.SectionNameEn === 'Balcony')!;
  const best = page.getByRole('region', { name: 'Best available' });
  await best.getByLabel('Area', { exact: true }).selectOption({ label: 'Balcony' });
  await best.getByLabel('Seats', { exact: true }).selectOption('2');
  await best.getByRole('button', { name: 'Find the best seats' }).click();
  await expect(page.getByTestId('order-timer')).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => (await statusRows(request, theatre.id, uuid)).filter((r) => r[6] === 2).length).toBe(2);
  const held = (await statusRows(request, theatre.id, uuid)).filter((r) => r[6] === 2);
  for (const r of held) expect(r[0], `seat ${r[0]}/${r[2]}/${r[3]}`).toBe(balcony.VenueSectionId);
});
