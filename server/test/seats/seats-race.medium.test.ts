import { SeatStatus } from '@hotline/shared';
import { createTestDatabase, startTestApp, type TestApp } from '../support/test-env';
import { loadPlan, lock, seatInput, status, statusOf, visitor, type PlanInfo } from './support/seat-kit';

jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('./support/bot-check-double'));

/**
 * 200 visitors (distinct uuids) go for the same 50 seats at once over HTTP,
 * five seats each in random order: 1,000 concurrent lock requests, about 20
 * contenders per seat. The atomic engine must give every seat exactly one owner
 * and every loser SEAT_NOT_AVAILABLE. The same run against the test-only
 * GET-then-SET store must produce double owners, or this test proves nothing.
 */
const VISITORS = 200;
const SEATS = 50;
const PER_VISITOR = 5;

interface RaceResult {
  winners: Map<string, string[]>;
  losers: { status: number; error: string }[];
  seats: { x: number; y: number }[];
  info: PlanInfo;
}

async function race(t: TestApp): Promise<RaceResult> {
  const info = await loadPlan(t.url, 1);
  // 50 ordinary seats (no couches) from rows 2..6.
  const seats = info.seats
    .filter((s) => !s.features.includes(1) && s.YCoordinate >= 2 && s.YCoordinate <= 6)
    .slice(0, SEATS)
    .map((s) => ({ x: s.XCoordinate, y: s.YCoordinate }));
  expect(seats).toHaveLength(SEATS);
  const visitors = Array.from({ length: VISITORS }, () => visitor());
  // Warm up: layout and live state loaded, connections open, so the race is about locking.
  await status(t.url, visitors[0]!, 1);
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const attempts = visitors.flatMap((v) => {
    const mine = [...seats].sort(() => rand() - 0.5).slice(0, PER_VISITOR);
    return mine.map((s) => ({ v, s }));
  });
  const results = await Promise.all(
    attempts.map(async ({ v, s }) => ({ v, s, r: await lock(t.url, v, seatInput(info, 1, s.x, s.y)) })),
  );
  const winners = new Map<string, string[]>();
  const losers: { status: number; error: string }[] = [];
  for (const { v, s, r } of results) {
    if (r.status === 200) {
      const key = `${s.x}:${s.y}`;
      winners.set(key, [...(winners.get(key) ?? []), v]);
    } else {
      losers.push({ status: r.status, error: r.body.error });
    }
  }
  return { winners, losers, seats, info };
}

describe('lock race over HTTP: 200 visitors, the same 50 seats', () => {
  test('atomic engine: every seat ends with exactly one owner; every loser gets SEAT_NOT_AVAILABLE', async () => {
    const t = await startTestApp();
    try {
      const { winners, losers, seats } = await race(t);
      for (const s of seats)
        expect({ seat: s, owners: winners.get(`${s.x}:${s.y}`)?.length ?? 0 }).toEqual({ seat: s, owners: 1 });
      expect(losers).toHaveLength(VISITORS * PER_VISITOR - SEATS);
      expect(new Set(losers.map((l) => `${l.status} ${l.error}`))).toEqual(new Set(['409 SEAT_NOT_AVAILABLE']));
      // The state agrees with the answers: each winner sees 2, an outsider sees 5.
      const outsider = (await status(t.url, visitor(), 1)).rows;
      for (const [key, [owner]] of winners) {
        const [x, y] = key.split(':').map(Number) as [number, number];
        expect(statusOf(outsider, 1, x, y)).toBe(SeatStatus.LockedByOther);
        expect(statusOf((await status(t.url, owner!, 1)).rows, 1, x, y)).toBe(SeatStatus.Selected);
      }
    } finally {
      await t.close();
    }
  });

  test('control: the GET-then-SET store (SEAT_ENGINE_UNSAFE_NONATOMIC) hands seats to several visitors', async () => {
    const t = await startTestApp({ SEAT_ENGINE_UNSAFE_NONATOMIC: 'true' });
    try {
      const { winners } = await race(t);
      const doubleOwned = [...winners.values()].filter((owners) => owners.length > 1);
      expect(doubleOwned.length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  test('the unsafe switch is refused outside tests', async () => {
    const db = await createTestDatabase();
    try {
      // A production configuration that is otherwise valid, so the refusal is the switch's own.
      const production = {
        NODE_ENV: 'production',
        ALTCHA_HMAC_KEY: 'a-production-altcha-secret-0123456789',
        TICKET_SIGNING_KEY: 'a-production-ticket-secret-0123456789',
        PUBLIC_BASE_URL: 'https://tickets.example.org',
        DEV_MESSAGES_ENABLED: 'false',
      };
      await expect(startTestApp({ SEAT_ENGINE_UNSAFE_NONATOMIC: 'true', ...production }, db)).rejects.toThrow(
        /test-only/,
      );
    } finally {
      await db.drop();
    }
  });
});
