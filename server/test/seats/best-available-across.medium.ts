import { Client } from 'pg';
import { inPartOfDay, PARTS_OF_DAY, type PartOfDay } from '@hotline/shared';
import { startTestApp, type TestApp } from '../support/test-env';
import { tokenFor } from './support/bot-check-double';
import { call, visitor } from './support/seat-kit';

jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('./support/bot-check-double'));

/**
 * Best-available beyond one reserved hall: general-admission places, and the best block across the
 * presentations of a feature (isBestPerPresentation, startDate/endDate, locationId, partOfDay). The ranking
 * rules themselves are pure and table-tested in shared/src/order-changes (GA) and shared rules (blocks).
 */
let t: TestApp;
let sql: Client;
beforeAll(async () => {
  t = await startTestApp();
  sql = new Client({ connectionString: t.db.url });
  await sql.connect();
});
afterAll(async () => {
  await sql.end();
  await t.close();
});

interface Show {
  id: number;
  locationId: number;
  hour: number;
  day: string;
}

/** The feature's coming presentations with their Jerusalem hour and day (what the filters look at). */
async function showsOf(featureId: number): Promise<Show[]> {
  const r = await sql.query(
    `SELECT id, location_id AS "locationId",
            extract(hour FROM date_time AT TIME ZONE 'Asia/Jerusalem')::int AS hour,
            to_char(date_time AT TIME ZONE 'Asia/Jerusalem', 'YYYY-MM-DD') AS day
       FROM presentation WHERE feature_id = $1 AND date_time > now() ORDER BY date_time`,
    [featureId],
  );
  return r.rows;
}

const best = (v: string, query: string) =>
  call(t.url, 'GET', `/api/seats/best-available?${query}&recaptchaToken=${tokenFor(v)}`, v);

describe('best-available across the presentations of a feature', () => {
  let featureId: number;
  let shows: Show[];
  beforeAll(async () => {
    featureId = (await sql.query(`SELECT feature_id FROM presentation WHERE id = 1`)).rows[0].feature_id;
    shows = await showsOf(featureId);
    expect(shows.length).toBeGreaterThan(2);
  });

  test('isBestPerPresentation=1: one match per presentation, every one of the feature, best first', async () => {
    const v = visitor();
    const r = await best(v, `featureId=${featureId}&quantity=2&maxMatches=5&isBestPerPresentation=1`);
    expect(r.status).toBe(200);
    const ids = r.body.matches.map((m: { presentationId: number }) => m.presentationId);
    expect(ids.length).toBeGreaterThan(1);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(shows.map((s) => s.id)).toContain(id);
    const scores = r.body.matches.map((m: { score: number }) => m.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  test.each<[string, (s: Show[]) => { query: string; allowed: (x: Show) => boolean }]>([
    [
      'startDate = endDate: only that day',
      (s) => ({ query: `startDate=${s[1]!.day}&endDate=${s[1]!.day}`, allowed: (x) => x.day === s[1]!.day }),
    ],
    [
      'locationId: only that location',
      (s) => ({ query: `locationId=${s[0]!.locationId}`, allowed: (x) => x.locationId === s[0]!.locationId }),
    ],
    [
      'partOfDay: only starts in that part of the day',
      (s) => {
        const part = PARTS_OF_DAY.find((p: PartOfDay) => s.some((x) => inPartOfDay(x.hour, p)))!;
        return { query: `partOfDay=${part}`, allowed: (x) => inPartOfDay(x.hour, part) };
      },
    ],
  ])('%s', async (_label, make) => {
    const { query, allowed } = make(shows);
    const v = visitor();
    const r = await best(v, `featureId=${featureId}&quantity=2&maxMatches=5&isBestPerPresentation=1&${query}`);
    expect(r.status).toBe(200);
    expect(r.body.matches.length).toBeGreaterThan(0);
    for (const m of r.body.matches as { presentationId: number }[]) {
      const show = shows.find((s) => s.id === m.presentationId)!;
      expect(show).toBeDefined();
      expect(allowed(show)).toBe(true);
    }
  });

  test('a part of the day with no presentation of the feature finds nothing: NOT_ENOUGH_SEATS', async () => {
    const empty = PARTS_OF_DAY.find((p) => !shows.some((x) => inPartOfDay(x.hour, p)));
    if (!empty) return; // every part has a show in the demo data: nothing to prove here
    const v = visitor();
    const r = await best(v, `featureId=${featureId}&quantity=2&partOfDay=${empty}`);
    expect(r).toMatchObject({ status: 409, body: { error: 'NOT_ENOUGH_SEATS' } });
  });
});

describe('best-available for general admission', () => {
  let ga: { presentationId: number; sectionId: number; capacity: number; ticketGroupId: number };
  beforeAll(async () => {
    const r = await sql.query(
      `SELECT p.id AS "presentationId", s.id AS "sectionId", s.capacity, tg.id AS "ticketGroupId"
         FROM presentation p JOIN section s ON s.seatplan_id = p.seatplan_id AND NOT s.is_reserved
         JOIN ticket_group tg ON tg.presentation_id = p.id AND tg.zone_id = s.zone_id
        WHERE p.date_time > now() AND s.capacity >= 10 ORDER BY p.id, s.id LIMIT 1`,
    );
    ga = r.rows[0];
    expect(ga).toBeDefined();
  });

  test('a GA price group answers GA sections with enough places, not seats', async () => {
    const v = visitor();
    const r = await best(v, `presentationId=${ga.presentationId}&ticketGroupId=${ga.ticketGroupId}&quantity=3`);
    expect(r.status).toBe(200);
    expect(r.body.matches.length).toBeGreaterThan(0);
    for (const m of r.body.matches) {
      expect(m.seats).toEqual([]);
      expect(m.generalAdmission.placesLeft).toBeGreaterThanOrEqual(3);
    }
    expect(
      r.body.matches.map((m: { generalAdmission: { sectionId: number } }) => m.generalAdmission.sectionId),
    ).toContain(ga.sectionId);
  });

  test('isLock=1 takes the party’s places in one section at once; more places than are left is NOT_ENOUGH_SEATS', async () => {
    const v = visitor();
    const r = await best(
      v,
      `presentationId=${ga.presentationId}&ticketGroupId=${ga.ticketGroupId}&sectionId=${ga.sectionId}&quantity=3&isLock=1`,
    );
    expect(r.status).toBe(200);
    const m = r.body.matches[0];
    expect(m).toMatchObject({ locked: true, generalAdmission: { sectionId: ga.sectionId } });
    expect(m.seats).toHaveLength(3);
    const s = await call(t.url, 'GET', `/api/seats/seats-status?presentationId=${ga.presentationId}&venueTypeId=1`, v);
    expect(s.status).toBe(200);
    for (const seat of m.seats) {
      expect(seat).toMatchObject({ sectionId: ga.sectionId, y: 0 });
      expect(
        (s.body.seats as number[][]).find((row) => row[0] === ga.sectionId && row[2] === seat.x && row[3] === 0)?.[6],
      ).toBe(2);
    }
    const w = visitor();
    const none = await best(
      w,
      `presentationId=${ga.presentationId}&sectionId=${ga.sectionId}&quantity=${Math.min(100, ga.capacity + 1)}`,
    );
    if (ga.capacity + 1 <= 100) expect(none).toMatchObject({ status: 409, body: { error: 'NOT_ENOUGH_SEATS' } });
  });
});
