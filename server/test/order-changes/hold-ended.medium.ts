import { io, type Socket } from 'socket.io-client';
import { HoldEndedEvent, type HoldEndedMessage } from '@hotline/shared';
import { startTestApp, type TestApp } from '../support/test-env';
import { loadPlan, lock, seatInput, unlock, visitor, type PlanInfo } from '../seats/support/seat-kit';

jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('../seats/support/bot-check-double'));

/**
 * "Your hold ended": when the sweeper releases a visitor's expired locks, that visitor's own sockets
 * (every tab, proved by the uuid like any call) get seats:hold-ended at once; nobody else's socket does, and a
 * seat the visitor let go of themselves is not an ended hold.
 */
describe('hold-ended event (LOCK_TTL_SECONDS=2)', () => {
  let t: TestApp;
  let info: PlanInfo;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp({ LOCK_TTL_SECONDS: '2' });
    info = await loadPlan(t.url, 1);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  /** A connected socket for a visitor, proving the uuid through `auth` or through the uuid cookie. */
  async function socketOf(uuid: string, via: 'auth' | 'cookie'): Promise<{ socket: Socket; got: HoldEndedMessage[] }> {
    const socket = io(t.url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      ...(via === 'auth' ? { auth: { uuid } } : { extraHeaders: { cookie: `uuid=${uuid}` } }),
    });
    sockets.push(socket);
    const got: HoldEndedMessage[] = [];
    socket.on(HoldEndedEvent, (m: HoldEndedMessage) => got.push(m));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, got };
  }

  const until = async (check: () => boolean, timeoutMs = 6_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  test('only the owner’s sockets (both tabs) hear that their hold ended, right after the expiry', async () => {
    const owner = visitor();
    const other = visitor();
    const tab1 = await socketOf(owner, 'auth');
    const tab2 = await socketOf(owner, 'cookie');
    const stranger = await socketOf(other, 'auth');
    const anonymous = await socketOf('not-a-uuid', 'auth');
    const [s1, s2] = info.seats.filter((s) => s.YCoordinate === 6 && s.features.length === 0);
    const mine = await lock(t.url, owner, seatInput(info, s1!.VenueSectionId, s1!.XCoordinate, s1!.YCoordinate));
    expect(mine.status).toBe(200);
    // The stranger holds a seat too, released by themselves: that is not an ended hold.
    const theirs = seatInput(info, s2!.VenueSectionId, s2!.XCoordinate, s2!.YCoordinate);
    expect((await lock(t.url, other, theirs)).status).toBe(200);
    expect((await unlock(t.url, other, theirs)).status).toBe(200);

    await until(() => tab1.got.length > 0 && tab2.got.length > 0);
    const lateness = Date.now() - Date.parse(mine.body.expiresAt);
    expect(lateness).toBeLessThan(1_500);
    const expected: HoldEndedMessage = {
      presentationId: 1,
      seats: [`${s1!.VenueSectionId}:${s1!.XCoordinate}:${s1!.YCoordinate}`],
      reason: 'expired',
    };
    expect(tab1.got).toEqual([expected]);
    expect(tab2.got).toEqual([expected]);
    // Give any stray message time to arrive before asserting silence.
    await new Promise((r) => setTimeout(r, 400));
    expect(stranger.got).toEqual([]);
    expect(anonymous.got).toEqual([]);
  });
});
