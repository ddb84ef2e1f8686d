import { SeatStatus } from '@hotline/shared';
import { startTestApp, type TestApp } from '../support/test-env';
import { call, loadPlan, lock, seatInput, unlock, visitor, Watcher, type PlanInfo } from './support/seat-kit';

jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('./support/bot-check-double'));

/**
 * Live updates over socket.io: subscribe answers (snapshot, delta from the log),
 * lock expiry pushed within a second, and two server processes sharing one
 * Redis where a watcher on one sees every lock taken on the other, gap-free.
 */
describe('lock expiry (LOCK_TTL_SECONDS=2)', () => {
  let t: TestApp;
  let info: PlanInfo;
  beforeAll(async () => {
    t = await startTestApp({ LOCK_TTL_SECONDS: '2' });
    info = await loadPlan(t.url, 1);
  });
  afterAll(async () => t?.close());

  test('an expired lock is released and pushed to a watcher within ~1 s; the timer agreed with it to the second', async () => {
    const watcher = new Watcher(t.url, 1);
    try {
      await watcher.subscribe();
      expect(watcher.snapshots).toHaveLength(1);
      const v = visitor();
      const seat = info.seats.find((s) => s.YCoordinate === 4)!;
      const locked = await lock(t.url, v, seatInput(info, 1, seat.XCoordinate, seat.YCoordinate));
      expect(locked.status).toBe(200);
      const expiresAt = Date.parse(locked.body.expiresAt);
      const timer = (await call(t.url, 'GET', '/api/presentations/timer/1', v)).body.timer['1'];
      expect(Math.abs(Date.parse(timer.currentTime) + timer.timeInSeconds * 1000 - expiresAt)).toBeLessThanOrEqual(
        1000,
      );
      expect(timer.timeInSeconds).toBeGreaterThanOrEqual(1);
      await watcher.until(() => watcher.statusOf(1, seat.XCoordinate, seat.YCoordinate) === SeatStatus.LockedByOther);
      await watcher.until(
        () => watcher.statusOf(1, seat.XCoordinate, seat.YCoordinate) === SeatStatus.Available,
        5_000,
      );
      const released = watcher.deltas[watcher.deltas.length - 1]!;
      const lateness = released.at - expiresAt;
      expect(lateness).toBeGreaterThanOrEqual(-50);
      expect(lateness).toBeLessThan(1_000);
      expect(watcher.gaps).toEqual([]);
      const after = (await call(t.url, 'GET', '/api/presentations/timer/1', v)).body.timer['1'];
      expect(after.timeInSeconds).toBe(0);
    } finally {
      watcher.close();
    }
  });
});

describe('subscribe protocol', () => {
  let t: TestApp;
  let info: PlanInfo;
  beforeAll(async () => {
    t = await startTestApp();
    info = await loadPlan(t.url, 2);
  });
  afterAll(async () => t?.close());

  test('snapshot without a version; delta from the log with a recent one; status 2 never on the room', async () => {
    const first = new Watcher(t.url, 2);
    await first.subscribe();
    const snap = first.snapshots[0]!;
    expect(snap.rows).toHaveLength(info.seats.length);
    const v = visitor();
    const seats = info.seats.filter((s) => s.YCoordinate === 7).slice(0, 3);
    for (const s of seats) await lock(t.url, v, seatInput(info, 1, s.XCoordinate, s.YCoordinate));
    await first.until(() =>
      seats.every((s) => first.statusOf(1, s.XCoordinate, s.YCoordinate) === SeatStatus.LockedByOther),
    );
    // A client that was at the snapshot's version gets only what changed since.
    const second = new Watcher(t.url, 2);
    second.version = snap.version;
    await second.subscribe(snap.version);
    expect(second.snapshots).toHaveLength(0);
    expect(second.deltas[0]).toMatchObject({ fromVersion: snap.version, toVersion: first.version });
    expect(second.deltas[0]!.rows.map((r) => r[6])).toEqual([5, 5, 5]);
    // Both keep following, no gaps; nothing ever says 2.
    await unlock(t.url, v, seatInput(info, 1, seats[0]!.XCoordinate, seats[0]!.YCoordinate));
    await second.until(() => second.statusOf(1, seats[0]!.XCoordinate, seats[0]!.YCoordinate) === SeatStatus.Available);
    await first.until(() => first.version === second.version);
    for (const w of [first, second]) {
      expect(w.gaps).toEqual([]);
      expect(w.deltas.flatMap((d) => d.rows).some((r) => r[6] === SeatStatus.Selected)).toBe(false);
    }
    // Resync asks for a snapshot.
    first.socket.emit('seats:resync', { presentationId: 2 });
    await first.until(() => first.snapshots.length === 2);
    expect(first.snapshots[1]!.version).toBe(first.version);
    first.close();
    second.close();
  });

  test('a websocket watcher (one prepared frame written per socket) and a long-polling one (socket.io the ordinary way) see the same deltas', async () => {
    const ws = new Watcher(t.url, 2);
    const polling = new Watcher(t.url, 2, ['polling']);
    await ws.subscribe();
    await polling.subscribe();
    const v = visitor();
    const seats = info.seats.filter((s) => s.YCoordinate === 9).slice(0, 4);
    for (const s of seats) await lock(t.url, v, seatInput(info, 1, s.XCoordinate, s.YCoordinate));
    const unlocked = await unlock(t.url, v, seatInput(info, 1, seats[0]!.XCoordinate, seats[0]!.YCoordinate));
    expect(unlocked.status).toBe(200);
    const last = seats[0]!;
    for (const w of [ws, polling]) {
      // Up to the unlock's version (the unlocked seat was free in the snapshot already: its status alone says nothing).
      await w.until(() => w.version >= (unlocked.body as { version: number }).version);
      expect(w.statusOf(1, last.XCoordinate, last.YCoordinate)).toBe(SeatStatus.Available);
      for (const s of seats.slice(1))
        expect(w.statusOf(1, s.XCoordinate, s.YCoordinate)).toBe(SeatStatus.LockedByOther);
      expect(w.gaps).toEqual([]);
    }
    await ws.until(() => ws.version === polling.version);
    expect(ws.state).toEqual(polling.state);
    ws.close();
    polling.close();
  });

  test('a version the log no longer covers, or a bad message, is answered sensibly', async () => {
    const w = new Watcher(t.url, 2);
    await w.subscribe(1);
    expect(w.snapshots).toHaveLength(1);
    w.socket.emit('seats:subscribe', { presentationId: 'x' });
    await w.until(() => w.errors.length === 1);
    expect(w.errors[0]).toMatchObject({ error: 'INVALID_BODY' });
    w.socket.emit('seats:subscribe', { presentationId: 999_999 });
    await w.until(() => w.errors.length === 2);
    expect(w.errors[1]).toMatchObject({ error: 'PRESENTATION_NOT_FOUND' });
    w.close();
  });
});

describe('two server processes on one database and one Redis prefix', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({ REDIS_PREFIX: a.config.REDIS_PREFIX }, a.db);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('watchers on node B see every lock taken on node A (and vice versa), with contiguous versions', async () => {
    const info = await loadPlan(a.url, 1);
    const onB = new Watcher(b.url, 1);
    const onA = new Watcher(a.url, 1);
    await Promise.all([onB.subscribe(), onA.subscribe()]);
    const seats = info.seats.filter((s) => !s.features.includes(1)).slice(0, 60);
    // 60 locks split over both nodes, fired concurrently, then half of them released.
    const owners = seats.map(() => visitor());
    await Promise.all(
      seats.map((s, i) => lock(i % 2 ? a.url : b.url, owners[i]!, seatInput(info, 1, s.XCoordinate, s.YCoordinate))),
    );
    await Promise.all(
      seats
        .filter((_, i) => i % 3 === 0)
        .map((s) => unlock(a.url, owners[seats.indexOf(s)]!, seatInput(info, 1, s.XCoordinate, s.YCoordinate))),
    );
    const expected = (i: number) => (i % 3 === 0 ? SeatStatus.Available : SeatStatus.LockedByOther);
    for (const w of [onA, onB]) {
      await w.until(() => seats.every((s, i) => w.statusOf(1, s.XCoordinate, s.YCoordinate) === expected(i)));
      expect(w.gaps).toEqual([]);
    }
    await onA.until(() => onA.version === onB.version);
    expect(onA.version).toBe(onB.version);
    // Every delta chains: fromVersion of batch n+1 == toVersion of batch n.
    for (const w of [onA, onB]) {
      for (let i = 1; i < w.deltas.length; i++) expect(w.deltas[i]!.fromVersion).toBe(w.deltas[i - 1]!.toVersion);
    }
    onA.close();
    onB.close();
  });
});
