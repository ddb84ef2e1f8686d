import { randomUUID } from 'node:crypto';
import type { CheckinConflictsResponse, CheckinManifest, CheckinUploadResponse, QueuedScan } from '@hotline/shared';
import { signedIn } from '../backoffice/support/staff-kit';
import { codeOnETicket, doorStaff, scan, sellTickets, startDoor, type Door } from './door-kit';

/**
 * Scanners without the network (docs/door-checkin.md, "Offline"): the manifest they take along, and their queued
 * scans uploaded later, each once by its nonce; a ticket let in offline at two gates is a conflict on record.
 */
describe('offline door', () => {
  let door: Door;
  beforeAll(async () => {
    door = await startDoor();
  });
  afterAll(async () => {
    await door?.close();
  });

  const queued = (code: string, o: Partial<QueuedScan> = {}): QueuedScan => ({
    code,
    gate: 'East',
    scannedAt: new Date(door.clock.ms).toISOString(),
    nonce: randomUUID(),
    deviceOutcome: 'admitted',
    ...o,
  });

  test('the manifest lists valid, cancelled and already admitted tickets, and the keys to verify codes with', async () => {
    const [valid, cancelled, inside] = await sellTickets(door.sql, door.presentationId, 3);
    await door.sql.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE id = $1`, [cancelled!.id]);
    const staff = await doorStaff(door);
    expect((await scan(staff, door, await codeOnETicket(door.a, inside!), { gate: 'West' })).body.outcome).toBe(
      'admitted',
    );
    const m = await staff.call<CheckinManifest>(
      'GET',
      `/api/checkin/presentations/${door.presentationId}/manifest?device=phone-9`,
    );
    expect(m.status).toBe(200);
    const byId = new Map(m.body.tickets.map((t) => [t.identifier, t]));
    expect(byId.get(valid!.identifier)).toMatchObject({
      state: 'valid',
      admittedAt: null,
      sectionId: valid!.sectionId,
    });
    expect(byId.get(cancelled!.identifier)).toMatchObject({ state: 'cancelled' });
    expect(byId.get(inside!.identifier)).toMatchObject({
      state: 'valid',
      gate: 'West',
      admittedAt: expect.any(String),
    });
    expect(m.body.keys.length).toBeGreaterThan(0);
    expect(Date.parse(m.body.doorsOpenAt)).toBe(door.showAt.getTime() - 120 * 60_000);
    // Staff without the door permission: refused.
    const cashier = await signedIn(door.a.url, door.sql, 'cashier', door.clock.ms);
    expect((await cashier.call('GET', `/api/checkin/presentations/${door.presentationId}/manifest`)).status).toBe(403);
  });

  test('queued scans upload once by nonce; a ticket let in offline at two gates is a conflict, listed', async () => {
    const [t1, t2] = await sellTickets(door.sql, door.presentationId, 2);
    const code1 = await codeOnETicket(door.a, t1!);
    const code2 = await codeOnETicket(door.a, t2!);
    const east = await doorStaff(door, door.a);
    const west = await doorStaff(door, door.b);
    const eastScans = [queued(code1, { gate: 'East' }), queued(code2, { gate: 'East', deviceOutcome: 'not-valid' })];
    const up = await east.call<CheckinUploadResponse>('POST', '/api/checkin/uploads', {
      presentationId: door.presentationId,
      device: 'tablet-east',
      scans: eastScans,
    });
    expect(up.status).toBe(200);
    expect(up.body.results.map((r) => [r.outcome, r.replayed, r.conflict])).toEqual([
      ['admitted', false, false],
      ['not-valid', false, false], // turned away at the gate: nobody let in after the fact
    ]);
    // The same queue again (the scanner never heard the answer): nothing recorded twice.
    const again = await east.call<CheckinUploadResponse>('POST', '/api/checkin/uploads', {
      presentationId: door.presentationId,
      device: 'tablet-east',
      scans: eastScans,
    });
    expect(again.body.results.map((r) => r.replayed)).toEqual([true, true]);
    expect(
      (
        await door.sql.query(`SELECT count(*)::int AS n FROM checkin_scan WHERE nonce = ANY($1::uuid[])`, [
          eastScans.map((s) => s.nonce),
        ])
      ).rows[0].n,
    ).toBe(2);
    expect(
      (await door.sql.query(`SELECT count(*)::int AS n FROM checkin_admission WHERE ticket_id = $1`, [t2!.id])).rows[0]
        .n,
    ).toBe(0);

    // The west gate, offline too, let the same first ticket in: the server keeps the east entry and the conflict.
    const west1 = await west.call<CheckinUploadResponse>('POST', '/api/checkin/uploads', {
      presentationId: door.presentationId,
      device: 'tablet-west',
      scans: [queued(code1, { gate: 'West' })],
    });
    expect(west1.body.results[0]).toMatchObject({ outcome: 'already-admitted', conflict: true });
    const c = await east.call<CheckinConflictsResponse>(
      'GET',
      `/api/checkin/presentations/${door.presentationId}/conflicts`,
    );
    expect(c.body.conflicts).toContainEqual(
      expect.objectContaining({
        ticketIdentifier: t1!.identifier,
        gate: 'West',
        device: 'tablet-west',
        admittedGate: 'East',
      }),
    );
  });

  test('a queue the scanner let in goes through the batched first entry: fewer transactions than scans, each ticket once, at its own moment, refusals and a repeat in order', async () => {
    const tickets = await sellTickets(door.sql, door.presentationId, 12);
    const [cancelled, twice] = tickets;
    await door.sql.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE id = $1`, [cancelled!.id]);
    // Typed at the gate (the e-ticket prints the number): the same path as a code, without the e-ticket page's limit.
    const codes = tickets.map((t) => t.identifier);
    const staff = await doorStaff(door);
    const at = (minutesAgo: number) => new Date(door.clock.ms - minutesAgo * 60_000).toISOString();
    const scans = [
      ...codes.map((code, i) => queued(code, { gate: 'North', scannedAt: at(30 - i) })),
      // The same ticket again later at the gate, which answered from its own list that it was in already.
      queued(codes[1]!, { gate: 'North', scannedAt: at(5), deviceOutcome: 'already-admitted' }),
    ];
    const up = await staff.call<CheckinUploadResponse>('POST', '/api/checkin/uploads', {
      presentationId: door.presentationId,
      device: 'tablet-north',
      scans,
    });
    expect(up.status).toBe(200);
    expect(up.body.results.map((r) => [r.nonce, r.outcome, r.conflict])).toEqual([
      [scans[0]!.nonce, 'cancelled', true], // let in at the gate, cancelled since the manifest: on record
      ...scans.slice(1, 12).map((s) => [s.nonce, 'admitted', false]),
      [scans[12]!.nonce, 'already-admitted', false], // after its own entry (the queue's order), at this gate
    ]);
    const admissions = (
      await door.sql.query(
        `SELECT count(*)::int AS rows, count(DISTINCT a.xmin::text)::int AS transactions,
                bool_and(a.admitted_at = s.scanned_at) AS "atTheirMoment", bool_and(s.offline) AS offline,
                bool_and(s.received_at = $2) AS "receivedAtTheUpload"
           FROM checkin_admission a JOIN checkin_scan s ON s.ticket_id = a.ticket_id AND s.outcome = 'admitted'
          WHERE a.ticket_id = ANY($1::bigint[])`,
        [tickets.map((t) => t.id), new Date(door.clock.ms)],
      )
    ).rows[0];
    expect(admissions).toMatchObject({ rows: 11, atTheirMoment: true, offline: true, receivedAtTheUpload: true });
    // Scan by scan, each admission was a transaction of its own: batched, they share them.
    expect(admissions.transactions).toBeLessThan(11);
    expect((await door.sql.query(`SELECT gate FROM checkin_admission WHERE ticket_id = $1`, [twice!.id])).rows).toEqual(
      [{ gate: 'North' }],
    );
    const again = await staff.call<CheckinUploadResponse>('POST', '/api/checkin/uploads', {
      presentationId: door.presentationId,
      device: 'tablet-north',
      scans,
    });
    expect(again.body.results.map((r) => [r.outcome, r.replayed, r.conflict])).toEqual(
      up.body.results.map((r) => [r.outcome, true, r.conflict]),
    );
  });

  test('someone else’s nonce in a queue: 409, the scans before it recorded, none after', async () => {
    const [t1, t2, t3] = await sellTickets(door.sql, door.presentationId, 3);
    const east = await doorStaff(door, door.a);
    const first = queued(t1!.identifier);
    await east.call('POST', '/api/checkin/uploads', {
      presentationId: door.presentationId,
      device: 'tablet-east',
      scans: [first],
    });
    await door.sql.query(
      `INSERT INTO staff_permission (staff_user_id, permission) SELECT id, 293 FROM staff_user WHERE username = 'cashier'`,
    );
    try {
      const other = await signedIn(door.a.url, door.sql, 'cashier', door.clock.ms);
      const before = queued(t2!.identifier);
      const after = queued(t3!.identifier);
      const up = await other.call<{ error: string }>('POST', '/api/checkin/uploads', {
        presentationId: door.presentationId,
        device: 'tablet-2',
        scans: [before, first, after],
      });
      expect([up.status, up.body.error]).toEqual([409, 'CHECKIN_NONCE_REUSED']);
      const stored = await door.sql.query(`SELECT nonce::text FROM checkin_scan WHERE nonce = ANY($1::uuid[])`, [
        [before.nonce, after.nonce],
      ]);
      expect(stored.rows).toEqual([{ nonce: before.nonce }]);
    } finally {
      await door.sql.query(
        `DELETE FROM staff_permission WHERE permission = 293 AND staff_user_id = (SELECT id FROM staff_user WHERE username = 'cashier')`,
      );
    }
  });

  test('a disabled staff member’s device is refused its uploads and its manifest', async () => {
    const [t] = await sellTickets(door.sql, door.presentationId, 1);
    await door.sql.query(
      `INSERT INTO staff_permission (staff_user_id, permission) SELECT id, 293 FROM staff_user WHERE username = 'cashier'`,
    );
    const cashier = await signedIn(door.a.url, door.sql, 'cashier', door.clock.ms);
    try {
      expect((await cashier.call('GET', `/api/checkin/presentations/${door.presentationId}/manifest`)).status).toBe(
        200,
      );
      await door.sql.query(`UPDATE staff_user SET active = false WHERE username = 'cashier'`);
      const up = await cashier.call('POST', '/api/checkin/uploads', {
        presentationId: door.presentationId,
        device: 'cashier-phone',
        scans: [queued(await codeOnETicket(door.a, t!))],
      });
      expect(up.status).toBe(401);
      expect((await cashier.call('GET', `/api/checkin/presentations/${door.presentationId}/manifest`)).status).toBe(
        401,
      );
      expect(
        (await door.sql.query(`SELECT count(*)::int AS n FROM checkin_admission WHERE ticket_id = $1`, [t!.id])).rows[0]
          .n,
      ).toBe(0);
    } finally {
      await door.sql.query(`UPDATE staff_user SET active = true WHERE username = 'cashier'`);
      await door.sql.query(
        `DELETE FROM staff_permission WHERE permission = 293 AND staff_user_id = (SELECT id FROM staff_user WHERE username = 'cashier')`,
      );
    }
  });
});
