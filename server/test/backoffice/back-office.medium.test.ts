import { Client } from 'pg';
import type Redis from 'ioredis';
import { SeatStatus, type ApiSeat } from '@hotline/shared';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { REDIS } from '../../src/redis/redis.module';
import { SeatStore } from '../../src/seats/seat-store.port';
import { startTestApp, type TestApp } from '../support/test-env';
import { UnsafeNonAtomicSeatStore } from '../support/unsafe-seat-store';
import { loadPlan, lock, seatInput, status, statusOf, visitor, type PlanInfo } from '../seats/support/seat-kit';
import { StaffBrowser, demoStaff, signedIn, totpFor } from './support/staff-kit';

jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('../seats/support/bot-check-double'));

/**
 * Back office: staff sign-in with password + TOTP, lockout, sessions revoked at
 * sign-out, permission and business scope on every back-office route, and the box office's
 * all-or-nothing lock-seats (one Lua script) with a race and its control run.
 */
const PATIENT = { REDIS_COMMAND_TIMEOUT_MS: '30000', DB_STATEMENT_TIMEOUT_MS: '30000', DB_CONNECT_TIMEOUT_MS: '30000' };

type Ref = { sectionId: number; x: number; y: number };

/** Ordinary single seats (no couches) of a reserved plan, in plan order. */
function singleSeats(info: PlanInfo): Ref[] {
  return info.seats
    .filter((s: ApiSeat) => s.togetherId === null && s.TicketGroupId > 0)
    .map((s) => ({ sectionId: s.VenueSectionId, x: s.XCoordinate, y: s.YCoordinate }));
}

async function presentationOf(sql: Client, businessId: number): Promise<number> {
  const r = await sql.query(
    `SELECT id FROM presentation WHERE business_id = $1 AND is_reserved AND NOT soldout AND date_time > now()
      ORDER BY id LIMIT 1`,
    [businessId],
  );
  return r.rows[0].id as number;
}

describe('back office', () => {
  let t: TestApp;
  let sql: Client;
  let home: number; // business 1 (cinema / theatre)
  let other: number; // business 2 (arena)

  beforeAll(async () => {
    t = await startTestApp(PATIENT);
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    home = await presentationOf(sql, 1);
    other = await presentationOf(sql, 2);
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  describe('sign-in', () => {
    test('password + authenticator code: an httpOnly SameSite=Strict session, the user and the menu their permissions allow', async () => {
      const admin = await signedIn(t.url, sql, 'admin');
      const me = await admin.call('GET', '/api/backoffice/me');
      expect(me.status).toBe(200);
      // The role is a stable id the client names in the reader's language; the name is a person's.
      expect(me.body.staff).toMatchObject({
        businessIds: [1, 2],
        permissions: [266, 267, 268, 269, 290, 291, 292, 293],
        role: 'administrator',
        FirstName: 'Michal',
      });
      expect(me.body.staff.menu.map((i: { id: string }) => i.id)).toEqual([
        'presentations-report',
        'producer-ticket-sale',
        'producer-reservations',
        'ticket-references',
        'on-sales',
        'venues',
        'events',
        'doors',
        'staff',
        'audit',
      ]);
      const producer = await signedIn(t.url, sql, 'producer');
      const pme = await producer.call('GET', '/api/backoffice/me');
      expect(pme.body.staff).toMatchObject({ businessIds: [1], permissions: [266], role: 'producer' });
      expect(pme.body.staff.menu.map((i: { id: string }) => i.id)).toEqual(['presentations-report']);
    });

    test('the session cookie is httpOnly, SameSite=Strict, and Secure on any host but localhost', async () => {
      await sql.query(`UPDATE staff_user SET last_totp_step = 0 WHERE username = 'cashier'`);
      const b = new StaffBrowser(t.url);
      const r = await b.signIn('cashier', demoStaff('cashier').password, totpFor('cashier'));
      const cookie = r.setCookies.find((c) => c.startsWith('staff_session='))!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).not.toMatch(/Secure/);
    });

    test.each([
      ['a wrong password', 'producer', 'not-the-password', () => totpFor('producer')],
      ['a wrong authenticator code', 'producer', demoStaff('producer').password, () => '000000'],
      ['an unknown user', 'nobody', 'whatever-password', () => totpFor('producer')],
    ])('%s gets the same refusal, in the visitor language', async (_name, username, password, code) => {
      await sql.query(`UPDATE staff_user SET failed_attempts = 0, locked_until = NULL, last_totp_step = 0`);
      const b = new StaffBrowser(t.url);
      const r = await b.signIn(username, password, code());
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('STAFF_SIGN_IN_FAILED');
      expect(r.setCookies.some((c) => c.startsWith('staff_session=') && !/Max-Age=0/.test(c))).toBe(false);
    });

    test('five failures lock the account: then even the right password and code are refused', async () => {
      await sql.query(`UPDATE staff_user SET failed_attempts = 0, locked_until = NULL, last_totp_step = 0`);
      await sql.query('DELETE FROM staff_sign_in_failure');
      const b = new StaffBrowser(t.url);
      for (let i = 0; i < 5; i++) {
        const r = await b.signIn('producer', 'wrong-password', totpFor('producer'));
        expect(r.body.error).toBe('STAFF_SIGN_IN_FAILED');
      }
      const right = await b.signIn('producer', demoStaff('producer').password, totpFor('producer'));
      expect(right.status).toBe(423);
      expect(right.body.error).toBe('STAFF_LOCKED');
      const audit = await sql.query(
        `SELECT count(*)::int AS n FROM audit_log a JOIN staff_user u ON u.id = a.staff_user_id
          WHERE u.username = 'producer' AND a.action = 'sign-in-failed'`,
      );
      expect(audit.rows[0].n).toBeGreaterThanOrEqual(5);
      // Only from the address that made the tries: the producer at their own desk still signs in.
      const desk = new StaffBrowser(t.url, { 'x-forwarded-for': '198.51.100.23' });
      const own = await desk.signIn('producer', demoStaff('producer').password, totpFor('producer'));
      expect(own.status).toBe(200);
      await sql.query('DELETE FROM staff_sign_in_failure');
    });

    test('a made-up name is refused and locked exactly as a real one: the lockout tells no names apart', async () => {
      await sql.query('DELETE FROM staff_sign_in_failure');
      const b = new StaffBrowser(t.url, { 'x-forwarded-for': '198.51.100.77' });
      const answers: [number, string][] = [];
      for (let i = 0; i < 6; i++) {
        const r = await b.signIn('nobody-at-all', 'wrong-password', '123456');
        answers.push([r.status, r.body.error]);
      }
      expect(answers).toEqual([...Array(5).fill([401, 'STAFF_SIGN_IN_FAILED']), [423, 'STAFF_LOCKED']]);
      await sql.query('DELETE FROM staff_sign_in_failure');
    });

    test('an authenticator code works once: the same code replayed is refused', async () => {
      await sql.query(`UPDATE staff_user SET last_totp_step = 0, failed_attempts = 0 WHERE username = 'cashier'`);
      const code = totpFor('cashier');
      const first = await new StaffBrowser(t.url).signIn('cashier', demoStaff('cashier').password, code);
      expect(first.status).toBe(200);
      const again = await new StaffBrowser(t.url).signIn('cashier', demoStaff('cashier').password, code);
      expect(again.status).toBe(401);
      expect(again.body.error).toBe('STAFF_SIGN_IN_FAILED');
    });

    test('sign-out revokes the session server-side: the copied cookie opens nothing afterwards', async () => {
      const b = await signedIn(t.url, sql, 'admin');
      const copied = b.sessionCookie;
      expect((await b.call('GET', '/api/backoffice/me')).status).toBe(200);
      expect((await b.call('POST', '/api/backoffice/sign-out')).status).toBe(200);
      const thief = new StaffBrowser(t.url);
      thief.sessionCookie = copied;
      const r = await thief.call('GET', '/api/backoffice/me');
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('STAFF_NOT_SIGNED_IN');
    });

    test('an idle session ends', async () => {
      const b = await signedIn(t.url, sql, 'admin');
      await sql.query(`UPDATE staff_session SET last_seen_at = now() - interval '2 hours'`);
      expect((await b.call('GET', '/api/backoffice/me')).status).toBe(401);
    });
  });

  describe('every back-office route checks the session, the permission and the business', () => {
    const block = (presentationId: number, seats: Ref[]) => ({ presentationId, seats });

    test('the table covers every back-office route of the OpenAPI document', async () => {
      const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as { paths: Record<string, object> };
      const routes = Object.entries(doc.paths)
        .filter(([p]) => p.startsWith('/api/backoffice/'))
        .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`))
        .sort();
      expect(routes).toEqual(
        [
          'GET /api/backoffice/me',
          // Any signed-in staff member, for their own account: authenticator.medium.ts.
          'POST /api/backoffice/authenticator',
          'POST /api/backoffice/authenticator/confirm',
          // Box-office holds (267): later-routes-scope.medium.ts.
          'GET /api/backoffice/holds',
          'POST /api/backoffice/holds/{resId}/pay',
          'POST /api/backoffice/sign-in',
          'POST /api/backoffice/sign-out',
          // The setup link's page, no session (the token is the credential): staff-admin.medium.ts.
          'POST /api/backoffice/setup/finish',
          'POST /api/backoffice/setup/start',
          'PUT /api/backoffice/lock-seats',
          'PUT /api/backoffice/seat-state',
          'PUT /api/backoffice/unlock-seats',
        ].sort(),
        // The report routes (/api/PRES-live/...) have their own table in reports.medium.ts.
      );
    });

    test.each([
      ['GET', '/api/backoffice/me', null],
      ['PUT', '/api/backoffice/lock-seats', 267],
      ['PUT', '/api/backoffice/unlock-seats', 267],
      ['PUT', '/api/backoffice/seat-state', 267],
    ] as const)(
      '%s %s: 401 without a session, 403 without permission %p, 403 on another business',
      async (method, path, perm) => {
        const info = await loadPlan(t.url, home);
        const seats = singleSeats(info).slice(0, 2);
        const body = path.endsWith('seat-state') ? { ...block(home, seats), state: 'hold' } : block(home, seats);
        const anonymous = await new StaffBrowser(t.url).call(method, path, method === 'GET' ? undefined : body);
        expect([anonymous.status, anonymous.body.error]).toEqual([401, 'STAFF_NOT_SIGNED_IN']);
        if (perm === null) return;
        const producer = await signedIn(t.url, sql, 'producer'); // 266 only
        const denied = await producer.call(method, path, body);
        expect([denied.status, denied.body.error]).toEqual([403, 'STAFF_PERMISSION_DENIED']);
        const cashier = await signedIn(t.url, sql, 'cashier'); // 267 + 268, business 1 only
        const otherInfo = await loadPlan(t.url, other);
        const otherSeats = singleSeats(otherInfo).slice(0, 2);
        const foreign = path.endsWith('seat-state')
          ? { ...block(other, otherSeats), state: 'hold' }
          : block(other, otherSeats);
        const scoped = await cashier.call(method, path, foreign);
        expect([scoped.status, scoped.body.error]).toEqual([403, 'STAFF_BUSINESS_SCOPE']);
        // Nothing changed on the other business's presentation.
        const rows = (await status(t.url, visitor(), other)).rows;
        for (const s of otherSeats) expect(statusOf(rows, s.sectionId, s.x, s.y)).toBe(SeatStatus.Available);
      },
    );
  });

  describe('lock-seats', () => {
    test('a block larger than the public per-order limit is locked in one call, and unlocked in one call', async () => {
      const info = await loadPlan(t.url, home);
      const seats = singleSeats(info).slice(0, 30);
      const cashier = await signedIn(t.url, sql, 'cashier');
      const r = await cashier.call('PUT', '/api/backoffice/lock-seats', { presentationId: home, seats });
      expect(r.status).toBe(200);
      expect(r.body.seats).toHaveLength(30);
      expect(r.body.timeInSeconds).toBeGreaterThan(0);
      const mine = (await status(t.url, cashier.visitorId, home)).rows;
      const theirs = (await status(t.url, visitor(), home)).rows;
      for (const s of seats) {
        expect(statusOf(mine, s.sectionId, s.x, s.y)).toBe(SeatStatus.Selected);
        expect(statusOf(theirs, s.sectionId, s.x, s.y)).toBe(SeatStatus.LockedByOther);
      }
      const audit = await sql.query(
        `SELECT detail FROM audit_log WHERE action = 'lock-seats' ORDER BY id DESC LIMIT 1`,
      );
      expect(audit.rows[0].detail).toEqual({ seats: 30 });
      const u = await cashier.call('PUT', '/api/backoffice/unlock-seats', { presentationId: home, seats });
      expect(u.status).toBe(200);
      const after = (await status(t.url, visitor(), home)).rows;
      for (const s of seats) expect(statusOf(after, s.sectionId, s.x, s.y)).toBe(SeatStatus.Available);
    });

    test('all or nothing: one seat of the block taken by a visitor refuses the block, naming that seat, and locks none', async () => {
      const info = await loadPlan(t.url, home);
      const seats = singleSeats(info).slice(40, 60);
      const taken = seats[7]!;
      const v = visitor();
      expect((await lock(t.url, v, seatInput(info, taken.sectionId, taken.x, taken.y))).status).toBe(200);
      const cashier = await signedIn(t.url, sql, 'cashier');
      const r = await cashier.call('PUT', '/api/backoffice/lock-seats', { presentationId: home, seats });
      expect(r.status).toBe(409);
      expect(r.body.error).toBe('BLOCK_SEAT_NOT_AVAILABLE');
      const seat = info.seats.find(
        (s) => s.XCoordinate === taken.x && s.YCoordinate === taken.y && s.VenueSectionId === taken.sectionId,
      )!;
      expect(r.body.message).toContain(seat.SeatName);
      const rows = (await status(t.url, visitor(), home)).rows;
      for (const s of seats) if (s !== taken) expect(statusOf(rows, s.sectionId, s.x, s.y)).toBe(SeatStatus.Available);
    });

    test('block, hold back and release for staff', async () => {
      const info = await loadPlan(t.url, home);
      const seats = singleSeats(info).slice(70, 73);
      const admin = await signedIn(t.url, sql, 'admin');
      const b = await admin.call('PUT', '/api/backoffice/seat-state', { presentationId: home, seats, state: 'block' });
      expect(b.status).toBe(200);
      let rows = (await status(t.url, visitor(), home)).rows;
      for (const s of seats) expect(statusOf(rows, s.sectionId, s.x, s.y)).not.toBe(SeatStatus.Available);
      const lockTry = await lock(t.url, visitor(), seatInput(info, seats[0]!.sectionId, seats[0]!.x, seats[0]!.y));
      expect(lockTry.status).toBe(409);
      const a = await admin.call('PUT', '/api/backoffice/seat-state', {
        presentationId: home,
        seats,
        state: 'release',
      });
      expect(a.status).toBe(200);
      rows = (await status(t.url, visitor(), home)).rows;
      for (const s of seats) expect(statusOf(rows, s.sectionId, s.x, s.y)).toBe(SeatStatus.Available);
    });

    test.each<[unknown, string]>([
      [{ presentationId: 1, seats: [] }, 'empty block'],
      [{ presentationId: 2147483648, seats: [{ sectionId: 1, x: 1, y: 1 }] }, 'id out of range'],
      [{ presentationId: 1, seats: [{ sectionId: 1, x: 'a', y: 1 }] }, 'not a number'],
    ])('bad input %j (%s) is a 400 for a signed-in cashier', async (body) => {
      const cashier = await signedIn(t.url, sql, 'cashier');
      const r = await cashier.call('PUT', '/api/backoffice/lock-seats', body);
      expect(r.status).toBe(400);
      expect(typeof r.body.message).toBe('string');
    });
  });
});

/**
 * 20 staff browsers lock overlapping 10-seat blocks of the same 40 seats at once. With the
 * atomic engine no seat ends with two owners and every block is whole or refused; the same
 * run against the test-only GET-then-SET store must share seats, or the test proves nothing.
 */
async function blockRace(t: TestApp, sql: Client) {
  const presentationId = await presentationOf(sql, 2);
  const info = await loadPlan(t.url, presentationId);
  const pool = singleSeats(info).slice(0, 40);
  // One sign-in (a code works once), its session cookie shared by 20 browsers with their own visitor ids.
  const cookie = (await signedIn(t.url, sql, 'admin')).sessionCookie;
  const staff = Array.from({ length: 20 }, () => {
    const b = new StaffBrowser(t.url);
    b.sessionCookie = cookie;
    return b;
  });
  const blocks = staff.map((_, i) => pool.slice((i * 3) % 31, ((i * 3) % 31) + 10));
  const results = await Promise.all(
    staff.map((b, i) => b.call('PUT', '/api/backoffice/lock-seats', { presentationId, seats: blocks[i] })),
  );
  const owners = new Map<string, string[]>();
  results.forEach((r, i) => {
    if (r.status !== 200) return;
    for (const s of blocks[i]!) {
      const key = `${s.sectionId}:${s.x}:${s.y}`;
      owners.set(key, [...(owners.get(key) ?? []), staff[i]!.visitorId]);
    }
  });
  return { presentationId, staff, blocks, results, owners };
}

describe('lock-seats race: 20 staff, overlapping blocks', () => {
  test('atomic engine: no seat has two owners, and every block is whole or refused', async () => {
    const t = await startTestApp(PATIENT);
    const sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    try {
      const { presentationId, staff, blocks, results, owners } = await blockRace(t, sql);
      expect(results.some((r) => r.status === 200)).toBe(true);
      for (const r of results) expect([200, 409]).toContain(r.status);
      for (const list of owners.values()) expect(list).toHaveLength(1);
      for (let i = 0; i < staff.length; i++) {
        const rows = (await status(t.url, staff[i]!.visitorId, presentationId)).rows;
        const held = blocks[i]!.filter((s) => statusOf(rows, s.sectionId, s.x, s.y) === SeatStatus.Selected).length;
        expect(held).toBe(results[i]!.status === 200 ? 10 : 0);
      }
    } finally {
      await sql.end();
      await t.close();
    }
  });

  test('control: the GET-then-SET store (test-only override) gives some seat to two staff', async () => {
    const t = await startTestApp(PATIENT, undefined, [
      {
        provide: SeatStore,
        inject: [REDIS, APP_CONFIG],
        useFactory: (redis: Redis, config: AppConfig) => new UnsafeNonAtomicSeatStore(redis, config),
      },
    ]);
    const sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    try {
      const { owners } = await blockRace(t, sql);
      expect([...owners.values()].some((list) => list.length > 1)).toBe(true);
    } finally {
      await sql.end();
      await t.close();
    }
  });
});
