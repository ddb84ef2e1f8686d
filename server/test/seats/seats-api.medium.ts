import { DataSource } from 'typeorm';
import { SeatStatus } from '@hotline/shared';
import { SeatEngineService } from '../../src/seats/seat-engine.service';
import { startTestApp, type TestApp } from '../support/test-env';
import { tokenFor } from './support/bot-check-double';
import { call, loadPlan, lock, seatInput, status, statusOf, unlock, visitor, type PlanInfo } from './support/seat-kit';

jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('./support/bot-check-double'));

/**
 * The seat engine's REST calls against real PostgreSQL and Redis: answers,
 * rules (couch, max seats, single-seat gap, policy 3, sold out, GA), and a table
 * of bad inputs that must be a clear 4xx without changing any state.
 */
let t: TestApp;
let cinema: PlanInfo; // presentation 1: policy 1, couches in row 11
let cinemaP3: PlanInfo; // presentation 3: seating policy 3
let theatre: PlanInfo; // presentation 22: no single-seat gap, premium seats
let arena: PlanInfo; // presentation 29: GA floor sections + reserved stands

beforeAll(async () => {
  t = await startTestApp();
  [cinema, cinemaP3, theatre, arena] = await Promise.all([
    loadPlan(t.url, 1),
    loadPlan(t.url, 3),
    loadPlan(t.url, 22),
    loadPlan(t.url, 29),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const rowSeats = (info: PlanInfo, sectionId: number, y: number) =>
  info.seats
    .filter((s) => s.VenueSectionId === sectionId && s.YCoordinate === y && !s.features.includes(1))
    .sort((a, b) => a.XCoordinate - b.XCoordinate);

describe('seats-status', () => {
  test('answers every seat as a 7-field row with a version; a fresh hall is all available', async () => {
    const s = await status(t.url, visitor(), 1);
    expect(s.rows).toHaveLength(cinema.seats.length);
    for (const row of s.rows) {
      expect(row).toHaveLength(7);
      expect(row[4]).toBe(-1);
      expect(row[6]).toBe(SeatStatus.Available);
    }
    const seat = cinema.seats[0]!;
    const row = s.rows.find(
      (r) => r[0] === seat.VenueSectionId && r[2] === seat.XCoordinate && r[3] === seat.YCoordinate,
    )!;
    expect(row[1]).toBe(seat.VenueSectionSeatGroupId);
    expect(row[5]).toBeGreaterThan(0);
    expect(s.version).toBeGreaterThan(0);
    expect(s.body).toMatchObject({ soldout: false, takenRatio: 0 });
  });

  test('my lock is 2 to me and 5 to everyone else; takenRatio counts it', async () => {
    const [me, other] = [visitor(), visitor()];
    const seat = rowSeats(cinema, 1, 5)[3]!;
    const r = await lock(t.url, me, seatInput(cinema, 1, seat.XCoordinate, seat.YCoordinate));
    expect(r.status).toBe(200);
    const mine = await status(t.url, me, 1);
    const theirs = await status(t.url, other, 1);
    expect(statusOf(mine.rows, 1, seat.XCoordinate, seat.YCoordinate)).toBe(SeatStatus.Selected);
    expect(statusOf(theirs.rows, 1, seat.XCoordinate, seat.YCoordinate)).toBe(SeatStatus.LockedByOther);
    expect(theirs.body.takenRatio).toBe(Math.round((1 / cinema.seats.length) * 1000) / 1000);
    expect(theirs.version).toBe(r.body.version);
    await unlock(t.url, me, seatInput(cinema, 1, seat.XCoordinate, seat.YCoordinate));
  });

  test('GA sections answer places 1..capacity (isReserved=0), ticket group from the section zone', async () => {
    const r = await call(
      t.url,
      'GET',
      '/api/seats/seats-status?presentationId=29&venueTypeId=1&isReserved=0&sectionId=6',
      visitor(),
    );
    expect(r.status).toBe(200);
    expect(r.body.seats).toHaveLength(1000);
    expect(r.body.seats[0]).toEqual([6, 0, 1, 0, -1, expect.any(Number), 1]);
    expect(r.body.seats[0][5]).toBeGreaterThan(0);
  });
});

describe('lock-seat / unlock-seat', () => {
  test('lock answers lockedSeat, seats, expiresAt and timeInSeconds; unlock frees it', async () => {
    const me = visitor();
    const seat = rowSeats(cinema, 1, 3)[2]!;
    const input = seatInput(cinema, 1, seat.XCoordinate, seat.YCoordinate);
    const r = await lock(t.url, me, input);
    expect(r.status).toBe(200);
    expect(r.body.lockedSeat).toEqual({ x: seat.XCoordinate, y: seat.YCoordinate });
    expect(r.body.seats).toEqual([
      expect.objectContaining({
        sectionId: 1,
        x: seat.XCoordinate,
        y: seat.YCoordinate,
        RowName: seat.RowName,
        SeatName: seat.SeatName,
      }),
    ]);
    expect(r.body.timeInSeconds).toBeGreaterThan(890);
    expect(Date.parse(r.body.expiresAt) - Date.now()).toBeGreaterThan(890_000);
    const again = await lock(t.url, visitor(), input);
    expect(again).toMatchObject({ status: 409, body: { error: 'SEAT_NOT_AVAILABLE' } });
    const u = await unlock(t.url, me, input);
    expect(u.status).toBe(200);
    expect((await lock(t.url, visitor(), input)).status).toBe(200);
  });

  test('a couch locks and unlocks whole, atomically, whichever half is named', async () => {
    const couch = cinema.seats.filter(
      (s) => s.features.includes(1) && s.togetherId === cinema.seats.find((x) => x.features.includes(1))!.togetherId,
    );
    expect(couch).toHaveLength(2);
    const [a, b] = couch as [(typeof couch)[0], (typeof couch)[0]];
    const me = visitor();
    const r = await lock(t.url, me, seatInput(cinema, a.VenueSectionId, b.XCoordinate, b.YCoordinate));
    expect(r.status).toBe(200);
    expect(r.body.seats.map((s: { x: number }) => s.x).sort()).toEqual([a.XCoordinate, b.XCoordinate].sort());
    const other = await lock(t.url, visitor(), seatInput(cinema, a.VenueSectionId, a.XCoordinate, a.YCoordinate));
    expect(other.body.error).toBe('SEAT_NOT_AVAILABLE');
    const u = await unlock(t.url, me, seatInput(cinema, a.VenueSectionId, a.XCoordinate, a.YCoordinate));
    expect(u.body.seats).toHaveLength(2);
    const s = await status(t.url, visitor(), 1);
    expect(statusOf(s.rows, a.VenueSectionId, a.XCoordinate, a.YCoordinate)).toBe(1);
    expect(statusOf(s.rows, b.VenueSectionId, b.XCoordinate, b.YCoordinate)).toBe(1);
  });

  test('a couch whose partner is already gone cannot be taken half (SEATS_MUST_BE_TOGETHER)', async () => {
    const couches = cinema.seats.filter((s) => s.features.includes(1));
    const last = couches[couches.length - 1]!;
    const partner = couches.find((s) => s.togetherId === last.togetherId && s !== last)!;
    await t.app
      .get(SeatEngineService)
      .setAdminState(1, 'b', [{ sectionId: 1, x: partner.XCoordinate, y: partner.YCoordinate }]);
    const r = await lock(t.url, visitor(), seatInput(cinema, 1, last.XCoordinate, last.YCoordinate));
    expect(r).toMatchObject({ status: 409, body: { error: 'SEATS_MUST_BE_TOGETHER' } });
    const s = await status(t.url, visitor(), 1);
    expect(statusOf(s.rows, 1, last.XCoordinate, last.YCoordinate)).toBe(SeatStatus.Available);
    expect(statusOf(s.rows, 1, partner.XCoordinate, partner.YCoordinate)).toBe(SeatStatus.Blocked);
  });

  test('max seats per order: the 11th seat is refused with the spec text', async () => {
    const me = visitor();
    const seats = rowSeats(cinema, 1, 8).slice(0, 11);
    for (const s of seats.slice(0, 10))
      expect((await lock(t.url, me, seatInput(cinema, 1, s.XCoordinate, s.YCoordinate))).status).toBe(200);
    const r = await call(t.url, 'PUT', '/api/seats/lock-seat?lang=en', me, {
      recaptchaToken: tokenFor(me),
      seat: seatInput(cinema, 1, seats[10]!.XCoordinate, seats[10]!.YCoordinate),
    });
    expect(r).toMatchObject({
      status: 409,
      body: { error: 'MAX_SEATS_EXCEEDED', message: 'Cannot select more than 10 seats' },
    });
    for (const s of seats.slice(0, 10)) await unlock(t.url, me, seatInput(cinema, 1, s.XCoordinate, s.YCoordinate));
  });

  test('no single-seat gap (theatre): judged on the whole selection, so pairs work in any order', async () => {
    const row = rowSeats(theatre, 2, 10);
    const at = (i: number) => seatInput(theatre, 2, row[i]!.XCoordinate, row[i]!.YCoordinate);
    const me = visitor();
    const engine = t.app.get(SeatEngineService);
    // The 2nd seat first leaves the 1st free beside it: the visitor can still take it, so this is allowed...
    expect((await lock(t.url, me, at(1))).status).toBe(200);
    // ...but as a finished selection it would leave that gap: the commit's check names it.
    expect(await engine.selectionGaps(22, me)).toEqual([
      { sectionId: 2, x: row[0]!.XCoordinate, y: row[0]!.YCoordinate },
    ]);
    expect((await lock(t.url, me, at(0))).status).toBe(200);
    expect(await engine.selectionGaps(22, me)).toEqual([]);
    // ...and skipping one seat (4th while the 3rd is free) is the "7 and 9" case: the 3rd closes it.
    expect((await lock(t.url, me, at(3))).status).toBe(200);
    expect((await lock(t.url, me, at(2))).status).toBe(200);
    for (const i of [0, 1, 2, 3]) await unlock(t.url, me, at(i));
  });

  test('no single-seat gap: refused once the visitor could no longer close the gap (order maximum reached)', async () => {
    // A row of at least 12 seats side by side (consecutive x, no couches) in the theatre.
    const rows = new Map<string, { sectionId: number; y: number }>();
    for (const s of theatre.seats)
      rows.set(`${s.VenueSectionId}:${s.YCoordinate}`, { sectionId: s.VenueSectionId, y: s.YCoordinate });
    const found = [...rows.values()]
      .map(({ sectionId, y }) => ({ sectionId, seats: rowSeats(theatre, sectionId, y) }))
      .find(
        ({ seats }) =>
          seats.length >= 12 && seats.slice(0, 12).every((s, i) => s.XCoordinate === seats[0]!.XCoordinate + i),
      );
    expect(found).toBeDefined();
    const { sectionId, seats: row } = found!;
    const at = (i: number) => seatInput(theatre, sectionId, row[i]!.XCoordinate, row[i]!.YCoordinate);
    const me = visitor();
    // Nine seats from the row start leave no gap; the 10th (the order's maximum) one seat further strands the 10th.
    for (let i = 0; i < 9; i++) expect((await lock(t.url, me, at(i))).status).toBe(200);
    const r = await lock(t.url, me, at(10));
    expect(r).toMatchObject({ status: 409, body: { error: 'SINGLE_SEAT_GAP' } });
    expect((await lock(t.url, me, at(9))).status).toBe(200);
    for (let i = 0; i < 10; i++) await unlock(t.url, me, at(i));
  });

  test('premium seats carry the flag in the lock answer', async () => {
    // A premium seat with two seats on each side, so the no-gap rule cannot get in the way.
    const has = (s: { VenueSectionId: number; YCoordinate: number }, x: number) =>
      theatre.seats.some(
        (o) => o.VenueSectionId === s.VenueSectionId && o.YCoordinate === s.YCoordinate && o.XCoordinate === x,
      );
    const premium = theatre.seats.find(
      (s) => s.features.includes(13) && [-2, -1, 1, 2].every((d) => has(s, s.XCoordinate + d)),
    )!;
    const r = await lock(
      t.url,
      visitor(),
      seatInput(theatre, premium.VenueSectionId, premium.XCoordinate, premium.YCoordinate),
    );
    expect(r.status).toBe(200);
    expect(r.body.seats[0]).toMatchObject({ isPremium: true, features: expect.arrayContaining([13]) });
  });

  test('seating policy 3: a free seat boxed in by taken seats shows 7 and cannot be locked', async () => {
    const row = rowSeats(cinemaP3, 1, 6);
    const [a, b] = [visitor(), visitor()];
    expect((await lock(t.url, a, seatInput(cinemaP3, 1, row[4]!.XCoordinate, row[4]!.YCoordinate))).status).toBe(200);
    expect((await lock(t.url, b, seatInput(cinemaP3, 1, row[6]!.XCoordinate, row[6]!.YCoordinate))).status).toBe(200);
    const s = await status(t.url, visitor(), 3);
    expect(statusOf(s.rows, 1, row[5]!.XCoordinate, row[5]!.YCoordinate)).toBe(SeatStatus.SingleSeatBlocked);
    const r = await lock(t.url, visitor(), seatInput(cinemaP3, 1, row[5]!.XCoordinate, row[5]!.YCoordinate));
    expect(r).toMatchObject({ status: 409, body: { error: 'SEAT_NOT_AVAILABLE' } });
    // The owner of a neighbour sees it as selectable (their own seat does not block it).
    const own = await status(t.url, a, 3);
    expect(statusOf(own.rows, 1, row[5]!.XCoordinate, row[5]!.YCoordinate)).toBe(SeatStatus.Available);
  });

  test('general admission: the server picks places 1.., coordinates null', async () => {
    const [a, b] = [visitor(), visitor()];
    const ra = await lock(t.url, a, seatInput(arena, 6, null, null));
    const rb = await lock(t.url, b, seatInput(arena, 6, null, null));
    expect(ra.status).toBe(200);
    expect([ra.body.lockedSeat, rb.body.lockedSeat]).toEqual([
      { x: 1, y: 0 },
      { x: 2, y: 0 },
    ]);
    const s = await call(t.url, 'GET', '/api/seats/seats-status?presentationId=29&isReserved=0&sectionId=6', a);
    expect(s.body.seats[0][6]).toBe(SeatStatus.Selected);
    expect(s.body.seats[1][6]).toBe(SeatStatus.LockedByOther);
    expect((await unlock(t.url, a, seatInput(arena, 6, null, null))).body.unlockedSeat).toEqual({ x: 1, y: 0 });
  });

  test('a sold-out presentation refuses locks with PRESENTATION_SOLD_OUT and says so in seats-status', async () => {
    await t.app.get(DataSource).query('UPDATE presentation SET soldout = true WHERE id = 2');
    const info = await loadPlan(t.url, 2);
    const seat = rowSeats(info, 1, 4)[0]!;
    const r = await lock(t.url, visitor(), seatInput(info, 1, seat.XCoordinate, seat.YCoordinate));
    expect(r).toMatchObject({ status: 409, body: { error: 'PRESENTATION_SOLD_OUT' } });
    expect((await status(t.url, visitor(), 2)).body.soldout).toBe(true);
  });
});

describe('bad input is a 4xx and changes nothing', () => {
  const body = (seat: Record<string, unknown>, token?: string) => (v: string) => ({
    recaptchaToken: token ?? tokenFor(v),
    seat,
  });
  const good = () => ({
    PresentationId: 1,
    VenueId: cinema.venueId,
    VenueSeatplanId: cinema.seatplanId,
    VenueSectionId: 1,
    TicketGroupId: 0,
    XCoordinate: rowSeats(cinema, 1, 2)[0]!.XCoordinate,
    YCoordinate: 2,
  });
  const cases: [string, number, string, (v: string) => unknown][] = [
    ['not JSON', 400, 'INVALID_BODY', () => '{"seat":'],
    ['no seat', 400, 'INVALID_BODY', (v) => ({ recaptchaToken: tokenFor(v) })],
    ['no token', 400, 'INVALID_BODY', () => ({ seat: good() })],
    ['wrong token', 403, 'INVALID_CAPTCHA', (v) => body(good(), 'forged')(v)],
    ['x is text', 400, 'INVALID_BODY', (v) => body({ ...good(), XCoordinate: 'abc' })(v)],
    ['negative presentation', 400, 'INVALID_BODY', (v) => body({ ...good(), PresentationId: -1 })(v)],
    ['unknown presentation', 404, 'PRESENTATION_NOT_FOUND', (v) => body({ ...good(), PresentationId: 999_999 })(v)],
    ['venue of another plan', 400, 'INVALID_BODY', (v) => body({ ...good(), VenueId: 999 })(v)],
    ['unknown section', 404, 'SECTION_NOT_FOUND', (v) => body({ ...good(), VenueSectionId: 999_999 })(v)],
    ['section of another venue', 404, 'SECTION_NOT_FOUND', (v) => body({ ...good(), VenueSectionId: 2 })(v)],
    ['unknown coordinates', 404, 'SEAT_NOT_FOUND', (v) => body({ ...good(), XCoordinate: 500, YCoordinate: 500 })(v)],
    [
      'reserved seat without coordinates',
      400,
      'INVALID_BODY',
      (v) => body({ ...good(), XCoordinate: null, YCoordinate: null })(v),
    ],
    [
      'ticket group that does not price the seat',
      400,
      'INVALID_BODY',
      (v) => body({ ...good(), TicketGroupId: 987_654 })(v),
    ],
  ];

  test.each(cases)('lock-seat with %s -> %i %s', async (_name, code, error, make) => {
    const v = visitor();
    const before = await status(t.url, v, 1);
    const r = await call(t.url, 'PUT', '/api/seats/lock-seat', v, make(v));
    expect(r.status).toBe(code);
    expect(r.body).toMatchObject({ error, message: expect.any(String) });
    expect((await status(t.url, v, 1)).version).toBe(before.version);
  });

  test('unlocking a seat someone else holds is NOT_LOCK_OWNER and leaves their lock', async () => {
    const [owner, thief] = [visitor(), visitor()];
    const seat = rowSeats(cinema, 1, 9)[1]!;
    const input = seatInput(cinema, 1, seat.XCoordinate, seat.YCoordinate);
    await lock(t.url, owner, input);
    const r = await unlock(t.url, thief, input);
    expect(r).toMatchObject({ status: 403, body: { error: 'NOT_LOCK_OWNER' } });
    expect(statusOf((await status(t.url, owner, 1)).rows, 1, seat.XCoordinate, seat.YCoordinate)).toBe(
      SeatStatus.Selected,
    );
  });

  test.each([
    ['no presentationId', '/api/seats/seats-status?isReserved=1', 400],
    ['presentationId text', '/api/seats/seats-status?presentationId=abc', 400],
    ['isReserved=2', '/api/seats/seats-status?presentationId=1&isReserved=2', 400],
    ['unknown presentation', '/api/seats/seats-status?presentationId=999999', 404],
    ['unknown section', '/api/seats/seats-status?presentationId=1&sectionId=999999', 404],
    ['best-available without quantity', '/api/seats/best-available?presentationId=1&recaptchaToken=x', 400],
    [
      'best-available maxMatches 6',
      '/api/seats/best-available?presentationId=1&quantity=2&maxMatches=6&recaptchaToken=x',
      400,
    ],
    ['best-available without presentation or feature', '/api/seats/best-available?quantity=2&recaptchaToken=x', 400],
    [
      'best-available with a text sectionId',
      '/api/seats/best-available?presentationId=1&quantity=2&sectionId=abc&recaptchaToken=x',
      400,
    ],
    ['timer of text id', '/api/presentations/timer/abc', 400],
  ])('GET with %s -> %s (%s)', async (_name, path, code) => {
    expect((await call(t.url, 'GET', path, visitor())).status).toBe(code);
  });
});

describe('best-available', () => {
  test('offers up to maxMatches blocks of adjacent seats in one row, best first', async () => {
    const v = visitor();
    const r = await call(
      t.url,
      'GET',
      `/api/seats/best-available?presentationId=29&quantity=4&maxMatches=5&resultsPerMatch=1&recaptchaToken=${tokenFor(v)}`,
      v,
    );
    expect(r.status).toBe(200);
    expect(r.body.matches.length).toBeGreaterThan(0);
    expect(r.body.matches.length).toBeLessThanOrEqual(5);
    for (const m of r.body.matches) {
      expect(m.presentationId).toBe(29);
      expect(m.seats).toHaveLength(4);
      const xs = m.seats.map((s: { x: number }) => s.x);
      expect(
        new Set(m.seats.map((s: { RowName: string; sectionId: number }) => `${s.sectionId}:${s.RowName}`)).size,
      ).toBe(1);
      expect(Math.max(...xs) - Math.min(...xs)).toBe(3);
    }
    const scores = r.body.matches.map((m: { score: number }) => m.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  test('sectionId is a zone preference: every match is in that section; an unknown section is 404', async () => {
    const v = visitor();
    const base = `/api/seats/best-available?presentationId=29&quantity=2&maxMatches=5&recaptchaToken=${tokenFor(v)}`;
    const all = await call(t.url, 'GET', base, v);
    expect(all.status).toBe(200);
    // A section other than the overall best one: the preference must move the answer there.
    const sections = [...new Set(arena.seats.map((s) => s.VenueSectionId))];
    const other = sections.find((id) => id !== all.body.matches[0].seats[0].sectionId)!;
    const r = await call(t.url, 'GET', `${base}&sectionId=${other}`, v);
    expect(r.status).toBe(200);
    expect(r.body.matches.length).toBeGreaterThan(0);
    for (const m of r.body.matches) for (const seat of m.seats) expect(seat.sectionId).toBe(other);
    const unknown = await call(t.url, 'GET', `${base}&sectionId=999999&lang=en`, v);
    expect(unknown).toMatchObject({ status: 404, body: { error: 'SECTION_NOT_FOUND' } });
  });

  test('ticketGroupId is a price preference: every match is in that price group’s zone', async () => {
    // Best available takes a price preference instead of always picking the front row.
    for (const info of [theatre, arena]) {
      const v = visitor();
      const id = info.presentationId;
      const groups = (await call(t.url, 'GET', `/api/presentations/${id}/ticketGroups`, v)).body.ticketGroups as {
        id: number;
        zoneId: number;
      }[];
      const zoneOfSeat = new Map(info.seats.map((s) => [`${s.VenueSectionId}/${s.XCoordinate}/${s.YCoordinate}`, s]));
      const zoneOf = (seat: { sectionId: number; x: number; y: number }) =>
        zoneOfSeat.get(`${seat.sectionId}/${seat.x}/${seat.y}`)?.TicketGroupId;
      const base = `/api/seats/best-available?presentationId=${id}&quantity=2&maxMatches=5&recaptchaToken=${tokenFor(v)}`;
      const all = await call(t.url, 'GET', base, v);
      expect(all.status).toBe(200);
      // A price group other than the overall best block's: the preference must move the answer there.
      const bestZone = zoneOf(all.body.matches[0].seats[0]);
      const zonesWithSeats = new Set(info.seats.map((s) => s.TicketGroupId));
      const other = groups.find((g) => g.zoneId !== bestZone && zonesWithSeats.has(g.zoneId));
      expect(other).toBeDefined();
      const r = await call(t.url, 'GET', `${base}&ticketGroupId=${other!.id}`, v);
      expect(r.status).toBe(200);
      expect(r.body.matches.length).toBeGreaterThan(0);
      for (const m of r.body.matches) for (const seat of m.seats) expect(zoneOf(seat)).toBe(other!.zoneId);
    }
  });

  test('isLock=1 locks the first match atomically; NOT_ENOUGH_SEATS when nothing fits', async () => {
    const v = visitor();
    const r = await call(
      t.url,
      'GET',
      `/api/seats/best-available?presentationId=1&quantity=3&isLock=1&recaptchaToken=${tokenFor(v)}`,
      v,
    );
    expect(r.status).toBe(200);
    expect(r.body.matches[0]).toMatchObject({ locked: true, timeInSeconds: expect.any(Number) });
    const s = await status(t.url, v, 1);
    for (const seat of r.body.matches[0].seats)
      expect(statusOf(s.rows, seat.sectionId, seat.x, seat.y)).toBe(SeatStatus.Selected);
    const w = visitor();
    const none = await call(
      t.url,
      'GET',
      `/api/seats/best-available?presentationId=1&quantity=40&recaptchaToken=${tokenFor(w)}`,
      w,
    );
    expect(none).toMatchObject({ status: 409, body: { error: 'NOT_ENOUGH_SEATS' } });
  });
});

describe('timer, payment extension and sale', () => {
  test('timer is 0 without locks and follows the earliest lock otherwise', async () => {
    const v = visitor();
    const empty = await call(t.url, 'GET', '/api/presentations/timer/4?lang=en', v);
    expect(empty.body).toEqual({
      timer: { '4': { timeInSeconds: 0, currentTime: expect.any(String), url: '/booking?lang=en' } },
    });
    const info = await loadPlan(t.url, 4);
    const seat = rowSeats(info, 1, 2)[0]!;
    const l = await lock(t.url, v, seatInput(info, 1, seat.XCoordinate, seat.YCoordinate));
    const timer = (await call(t.url, 'GET', '/api/presentations/timer/4', v)).body.timer['4'];
    const expected = (Date.parse(l.body.expiresAt) - Date.parse(timer.currentTime)) / 1000;
    expect(Math.abs(timer.timeInSeconds - expected)).toBeLessThanOrEqual(1);
    expect(timer.url).toBe('/booking?lang=he');
  });

  test('the payment claim extends the locks once; markSold turns the lock into a sale, owner-checked', async () => {
    const engine = t.app.get(SeatEngineService);
    const v = visitor();
    const info = await loadPlan(t.url, 5);
    const seat = rowSeats(info, 1, 2)[0]!;
    const l = await lock(t.url, v, seatInput(info, 1, seat.XCoordinate, seat.YCoordinate));
    const ref = { presentationId: 5, sectionId: 1, x: seat.XCoordinate, y: seat.YCoordinate };
    const timer = async () => (await call(t.url, 'GET', '/api/presentations/timer/5', v)).body.timer['5'].timeInSeconds;
    await engine.claimForPayment(v, 'cart-1', [5], [ref]);
    const extended = await timer();
    expect(extended * 1000 - (Date.parse(l.body.expiresAt) - Date.now())).toBeGreaterThan(280_000);
    // The same cart claiming again (a retried payment) does not extend a second time.
    await engine.claimForPayment(v, 'cart-1', [5], [ref]);
    expect(await timer()).toBeLessThanOrEqual(extended);
    await expect(
      engine.markSold(5, visitor(), [{ sectionId: 1, x: seat.XCoordinate, y: seat.YCoordinate }]),
    ).rejects.toMatchObject({ code: 'NOT_LOCK_OWNER' });
    await engine.markSold(5, v, [{ sectionId: 1, x: seat.XCoordinate, y: seat.YCoordinate }]);
    expect(statusOf((await status(t.url, v, 5)).rows, 1, seat.XCoordinate, seat.YCoordinate)).toBe(SeatStatus.Sold);
    expect((await call(t.url, 'GET', '/api/presentations/timer/5', v)).body.timer['5'].timeInSeconds).toBe(0);
  });
});
