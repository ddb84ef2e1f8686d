import { decodeSeatStatusBinary, SeatStatus } from '@hotline/shared';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SeatEngineService } from '../../src/seats/seat-engine.service';
import { SeatFeed } from '../../src/seats/seat-feed.service';
import { startTestApp, type TestApp } from '../support/test-env';
import { loadPlan, lock, seatInput, status, statusOf, unlock, visitor, type PlanInfo } from './support/seat-kit';

jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('./support/bot-check-double'));

/** GET seats-status with raw bytes: which encoding came back, and the JSON it decodes to. */
function rawStatus(base: string, uuid: string, pid: number, acceptEncoding?: string) {
  return rawBytes(base, uuid, pid, acceptEncoding).then((r) => ({
    ...r,
    body: JSON.parse(r.body.toString()) as { version: number; seats: number[][] },
  }));
}

/** The same with the body decoded from its content encoding but not parsed; `extra` is added to the query. */
function rawBytes(base: string, uuid: string, pid: number, acceptEncoding?: string, extra = '') {
  return new Promise<{ encoding?: string; type?: string; vary?: string; bytes: number; body: Buffer }>(
    (resolve, reject) => {
      const url = new URL(`${base}/api/seats/seats-status?presentationId=${pid}&venueTypeId=1&isReserved=1${extra}`);
      const headers: Record<string, string> = { uuid };
      if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
      httpRequest(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ encoding, type: res.headers['content-type'], vary: res.headers.vary, bytes: raw.length, body });
        });
      })
        .on('error', reject)
        .end();
    },
  );
}

let t: TestApp;
let cinema: PlanInfo;
beforeAll(async () => {
  t = await startTestApp();
  cinema = await loadPlan(t.url, 1);
});
afterAll(() => t?.close());

describe('seats-status: one shared answer for every visitor who holds no seat', () => {
  test('built once per version, the same JSON in brotli, gzip or plain; Vary names the encoding', async () => {
    const engine = t.app.get(SeatEngineService);
    await status(t.url, visitor(), 1); // the first call builds the live state (and is answered alone)
    const builds = jest.spyOn(engine, 'status');
    try {
      const plain = await rawStatus(t.url, visitor(), 1);
      const br = await rawStatus(t.url, visitor(), 1, 'gzip, deflate, br');
      const gzip = await rawStatus(t.url, visitor(), 1, 'gzip');
      expect([plain.encoding, br.encoding, gzip.encoding]).toEqual([undefined, 'br', 'gzip']);
      expect(br.vary).toContain('accept-encoding');
      expect(br.body).toEqual(plain.body);
      expect(gzip.body).toEqual(plain.body);
      expect(br.bytes).toBeLessThan(plain.bytes / 4);
      // Control: each visitor's answer used to be built for them; here three visitors, one build (the public view).
      expect(builds.mock.calls.map(([viewer]) => viewer)).toEqual([null]);
    } finally {
      builds.mockRestore();
    }
  });

  test('a visitor holding a seat gets their own answer (their seat 2, to others 5); after a change, a new version', async () => {
    const [me, other] = [visitor(), visitor()];
    const seat = cinema.seats.find((s) => !s.features.includes(1) && s.YCoordinate === 7)!;
    const before = await status(t.url, other, 1);
    expect((await lock(t.url, me, seatInput(cinema, 1, seat.XCoordinate, seat.YCoordinate))).status).toBe(200);
    const mine = await status(t.url, me, 1);
    const theirs = await status(t.url, other, 1);
    expect(statusOf(mine.rows, 1, seat.XCoordinate, seat.YCoordinate)).toBe(SeatStatus.Selected);
    expect(statusOf(theirs.rows, 1, seat.XCoordinate, seat.YCoordinate)).toBe(SeatStatus.LockedByOther);
    expect(theirs.version).toBeGreaterThan(before.version);
    await unlock(t.url, me, seatInput(cinema, 1, seat.XCoordinate, seat.YCoordinate));
    const after = await status(t.url, me, 1); // holds nothing now: the shared answer, at the new version
    expect(statusOf(after.rows, 1, seat.XCoordinate, seat.YCoordinate)).toBe(SeatStatus.Available);
  });

  test('format=binary: the same rows and version (shared and own answers), a fraction of the bytes', async () => {
    const json = await rawStatus(t.url, visitor(), 1, 'br');
    const binary = await rawBytes(t.url, visitor(), 1, 'br', '&format=binary');
    expect(binary.type).toBe('application/octet-stream');
    expect(binary.encoding).toBe('br');
    const decoded = decodeSeatStatusBinary(new Uint8Array(binary.body));
    expect(decoded.version).toBe(json.body.version);
    expect(Array.from(decoded.rows)).toEqual(json.body.seats.flat());
    expect(binary.bytes).toBeLessThan(json.bytes / 2);
    // A visitor who holds a seat: their own answer, in the binary form too (their seat 2).
    const me = visitor();
    const seat = cinema.seats.find((s) => !s.features.includes(1) && s.YCoordinate === 5)!;
    expect((await lock(t.url, me, seatInput(cinema, 1, seat.XCoordinate, seat.YCoordinate))).status).toBe(200);
    const mine = await rawBytes(t.url, me, 1, undefined, '&format=binary');
    const mineJson = await status(t.url, me, 1);
    const rows = decodeSeatStatusBinary(new Uint8Array(mine.body)).rows;
    expect(Array.from(rows)).toEqual(mineJson.rows.flat());
    expect(statusOf(mineJson.rows, 1, seat.XCoordinate, seat.YCoordinate)).toBe(SeatStatus.Selected);
    await unlock(t.url, me, seatInput(cinema, 1, seat.XCoordinate, seat.YCoordinate));
  });

  test('a query that narrows or changes the view is answered for the visitor alone', async () => {
    const engine = t.app.get(SeatEngineService);
    const builds = jest.spyOn(engine, 'status');
    try {
      await status(t.url, visitor(), 1, '&sectionId=1');
      await status(t.url, visitor(), 1, '&isHold=1');
      expect(builds.mock.calls.every(([viewer]) => viewer !== null)).toBe(true);
      expect(builds).toHaveBeenCalledTimes(2);
    } finally {
      builds.mockRestore();
    }
  });
});

describe('seats-status while seats change (SEAT_STATUS_STALE_MS, production 1 s)', () => {
  let stale: TestApp;
  beforeAll(async () => {
    stale = await startTestApp({ SEAT_STATUS_STALE_MS: '10000' }, t.db);
  });
  afterAll(() => stale?.close());

  test('an answer older than the state is caught up by the subscription it starts from', async () => {
    await status(stale.url, visitor(), 2); // builds the live state
    const first = await status(stale.url, visitor(), 2);
    const plan2 = await loadPlan(stale.url, 2);
    const seat = plan2.seats.find((s) => !s.features.includes(1))!;
    expect(
      (await lock(stale.url, visitor(), seatInput(plan2, seat.VenueSectionId, seat.XCoordinate, seat.YCoordinate)))
        .status,
    ).toBe(200);
    const second = await status(stale.url, visitor(), 2);
    // Shared and not rebuilt within the window: the version it was built at.
    expect(second.version).toBe(first.version);
    expect(statusOf(second.rows, seat.VenueSectionId, seat.XCoordinate, seat.YCoordinate)).toBe(SeatStatus.Available);
    // The storefront subscribes from that version: it is sent the change (the lock) at once.
    const delta = await new Promise<{ event: string; payload: { fromVersion: number; rows: number[][] } }>(
      (resolve) => void stale.app.get(SeatFeed).subscribe(2, second.version, (reply) => resolve(reply as never)),
    );
    expect(delta.event).toBe('seats:delta');
    expect(delta.payload.fromVersion).toBe(second.version);
    const row = delta.payload.rows.find(
      (r) => r[0] === seat.VenueSectionId && r[2] === seat.XCoordinate && r[3] === seat.YCoordinate,
    );
    expect(row?.[6]).toBe(SeatStatus.LockedByOther);
  });
});
