import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { ReportsChangedEvent, STAFF_NAMESPACE, STAFF_SOCKET_PATH, type ReportsChangedMessage } from '@hotline/shared';
import { startTestApp, type TestApp } from '../support/test-env';
import { loadPlan, type PlanInfo } from '../seats/support/seat-kit';
import { signedIn, StaffBrowser, type DemoStaffName } from './support/staff-kit';

jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('../seats/support/bot-check-double'));

/**
 * Live reports: the seat engine's change stream tells the open report screens of the presentation's
 * business that something moved (socket.io namespace /staff, staff session cookie), at most once per window.
 * Only staff with the report permission listen, and only to their own businesses.
 */
async function presentationOf(sql: Client, businessId: number): Promise<number> {
  const r = await sql.query(
    `SELECT id FROM presentation WHERE business_id = $1 AND is_reserved AND NOT soldout AND date_time > now()
      ORDER BY id LIMIT 1`,
    [businessId],
  );
  return r.rows[0].id as number;
}

interface Listener {
  socket: Socket;
  heard: ReportsChangedMessage[];
  disconnected: Promise<boolean>;
}

describe('live reports', () => {
  let t: TestApp;
  let sql: Client;
  let home: PlanInfo; // business 1
  let other: PlanInfo; // business 2
  let cashier: StaffBrowser; // locks seats on business 1
  let admin: StaffBrowser; // locks seats on business 2 (and listens to both)
  const sockets: Socket[] = [];
  let nextSeat = 0;

  function listen(cookie: string): Promise<Listener> {
    const socket = io(`${t.url}${STAFF_NAMESPACE}`, {
      path: STAFF_SOCKET_PATH,
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: cookie ? { cookie } : {},
    });
    sockets.push(socket);
    const heard: ReportsChangedMessage[] = [];
    socket.on(ReportsChangedEvent, (m: ReportsChangedMessage) => heard.push(m));
    const disconnected = new Promise<boolean>((resolve) => {
      socket.on('disconnect', () => resolve(true));
      setTimeout(() => resolve(false), 1500);
    });
    return new Promise((resolve, reject) => {
      socket.on('connect', () => resolve({ socket, heard, disconnected }));
      socket.on('connect_error', reject);
    });
  }

  async function staffListener(name: DemoStaffName): Promise<Listener> {
    const b = await signedIn(t.url, sql, name);
    return listen(b.sessionCookie);
  }

  async function lockOne(by: StaffBrowser, plan: PlanInfo): Promise<void> {
    const seat = plan.seats.filter((s) => s.togetherId === null && s.TicketGroupId > 0)[nextSeat++]!;
    const r = await by.call('PUT', '/api/backoffice/lock-seats', {
      presentationId: plan.presentationId,
      seats: [{ sectionId: seat.VenueSectionId, x: seat.XCoordinate, y: seat.YCoordinate }],
    });
    expect(r.status).toBe(200);
  }

  async function until(check: () => boolean, ms = 5000): Promise<void> {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('not heard in time');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  beforeAll(async () => {
    t = await startTestApp({ REPORTS_PUSH_MS: '200' });
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    home = await loadPlan(t.url, await presentationOf(sql, 1));
    other = await loadPlan(t.url, await presentationOf(sql, 2));
    cashier = await signedIn(t.url, sql, 'cashier');
    admin = await signedIn(t.url, sql, 'admin');
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await sql.end();
    await t.close();
  });

  test("a sale or lock on your business's show reaches your open report; another business's does not", async () => {
    const producer = await staffListener('producer'); // business 1, report permission
    const everyone = await staffListener('admin'); // businesses 1 and 2
    await lockOne(cashier, home);
    await until(() => producer.heard.length > 0 && everyone.heard.length > 0);
    expect(producer.heard).toEqual([{ businessId: 1 }]);
    await lockOne(admin, other);
    await until(() => everyone.heard.some((m) => m.businessId === 2));
    // The producer's window for business 2 would have closed by now: nothing came.
    await new Promise((r) => setTimeout(r, 400));
    expect(producer.heard.every((m) => m.businessId === 1)).toBe(true);
  });

  test('a burst of eight changes is one or two events (one per window), not eight', async () => {
    const producer = await staffListener('producer');
    await Promise.all(Array.from({ length: 8 }, () => lockOne(cashier, home)));
    await until(() => producer.heard.length > 0);
    await new Promise((r) => setTimeout(r, 500));
    // Eight locks within one or two windows: one or two events, never eight.
    expect(producer.heard.length).toBeGreaterThanOrEqual(1);
    expect(producer.heard.length).toBeLessThanOrEqual(2);
  });

  test.each([
    ['no session', ''],
    ['a forged cookie', 'staff_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ])('%s: the socket is disconnected at once', async (_what, cookie) => {
    const l = await listen(cookie);
    expect(await l.disconnected).toBe(true);
  });

  test('staff without the report permission (the cashier) are disconnected', async () => {
    const l = await listen(cashier.sessionCookie);
    expect(await l.disconnected).toBe(true);
  });

  test('a signed-out session can no longer listen', async () => {
    const b = await signedIn(t.url, sql, 'producer');
    const cookie = b.sessionCookie;
    expect((await b.call('POST', '/api/backoffice/sign-out')).status).toBeLessThan(300);
    const l = await listen(cookie);
    expect(await l.disconnected).toBe(true);
  });
});
