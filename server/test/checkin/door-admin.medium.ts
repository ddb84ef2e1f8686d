import { randomUUID } from 'node:crypto';
import {
  checkTicketCode,
  type CheckinKeysResponse,
  type CheckinUploadResponse,
  type DoorKeysResponse,
  type DoorPresentationsResponse,
  type DoorReport,
  type QueuedScan,
} from '@hotline/shared';
import { ed25519Verify } from '../../src/checkin/ed25519';
import { signedIn, type DemoStaffName } from '../backoffice/support/staff-kit';
import type { TestApp } from '../support/test-env';
import { codeOnETicket, scan, sellTickets, startDoor, type Door } from './door-kit';

/**
 * The doors in the back office (docs/door-checkin.md, "Back office"): a date's entries by gate and over time, refused
 * scans by reason, offline conflicts and their review, and the signing key's rotation; each within the staff
 * member's permission and businesses.
 */
describe('door back office', () => {
  let door: Door;
  beforeAll(async () => {
    door = await startDoor();
  });
  afterAll(async () => {
    await door?.close();
  });

  /** Signed in with the authenticator code of the servers' clock (the shared ManualClock this file moves). */
  const staffOn = (name: DemoStaffName, node: TestApp = door.a) => signedIn(node.url, door.sql, name, door.clock.ms);
  const doorStaff = (_door: Door, node: TestApp = door.a) => staffOn('admin', node);

  const report = async (presentationId = door.presentationId) =>
    (await doorStaff(door)).call<DoorReport>('GET', `/api/admin/doors/presentations/${presentationId}`);

  test('entries so far by gate and over time, refusals by reason with the latest refused scans', async () => {
    const before = (await report()).body;
    const [t1, t2, t3] = await sellTickets(door.sql, door.presentationId, 3);
    const staff = await doorStaff(door);
    const codes = await Promise.all([t1, t2, t3].map((t) => codeOnETicket(door.a, t!)));
    expect((await scan(staff, door, codes[0]!, { gate: 'North' })).body.outcome).toBe('admitted');
    expect((await scan(staff, door, codes[1]!, { gate: 'North' })).body.outcome).toBe('admitted');
    expect((await scan(staff, door, codes[2]!, { gate: 'South' })).body.outcome).toBe('admitted');
    expect((await scan(staff, door, codes[0]!, { gate: 'South' })).body.outcome).toBe('already-admitted');
    expect((await scan(staff, door, 'HLT2.forged.nothing', { gate: 'South' })).body.outcome).toBe('not-valid');
    await door.sql.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE id = $1`, [t2!.id]);
    expect((await scan(staff, door, codes[1]!, { gate: 'West' })).body.outcome).toBe('cancelled');

    const r = await report();
    expect(r.status).toBe(200);
    const after = r.body;
    expect(after.admitted - before.admitted).toBe(3);
    expect(after.inside - before.inside).toBe(3);
    // t1 and t3 are still valid; t2 was cancelled after it went in.
    expect(after.ticketsValid - before.ticketsValid).toBe(2);
    expect(after.capacity).toBeGreaterThan(0);
    const gate = (b: DoorReport, g: string) => b.byGate.find((x) => x.gate === g)?.admitted ?? 0;
    expect(gate(after, 'North') - gate(before, 'North')).toBe(2);
    expect(gate(after, 'South') - gate(before, 'South')).toBe(1);
    expect(after.overTime.reduce((n, b) => n + b.admitted, 0)).toBe(after.admitted);
    expect(after.overTime.every((b) => new Date(b.from).getTime() % (10 * 60_000) === 0)).toBe(true);
    const reason = (b: DoorReport, o: string) => b.refusalsByReason.find((x) => x.outcome === o)?.count ?? 0;
    expect(reason(after, 'already-admitted') - reason(before, 'already-admitted')).toBe(1);
    expect(reason(after, 'not-valid') - reason(before, 'not-valid')).toBe(1);
    expect(reason(after, 'cancelled') - reason(before, 'cancelled')).toBe(1);
    expect(after.recentRefusals.slice(0, 3).map((s) => [s.outcome, s.gate])).toEqual(
      expect.arrayContaining([
        ['already-admitted', 'South'],
        ['not-valid', 'South'],
        ['cancelled', 'West'],
      ]),
    );
    expect(after.recentRefusals.every((s) => s.outcome !== ('admitted' as string))).toBe(true);
    expect(new Date(after.doorsOpenAt).getTime()).toBe(door.showAt.getTime() - 120 * 60_000);

    const list = await staff.call<DoorPresentationsResponse>('GET', '/api/admin/doors/presentations');
    expect(list.body.presentations.map((p) => p.presentationId)).toContain(door.presentationId);
  });

  test('an offline conflict is listed with both gates, and marked reviewed once (audited)', async () => {
    const [ticket] = await sellTickets(door.sql, door.presentationId, 1);
    const code = await codeOnETicket(door.a, ticket!);
    const east = await doorStaff(door, door.a);
    const west = await doorStaff(door, door.b);
    const queued = (gate: string): QueuedScan => ({
      code,
      gate,
      scannedAt: new Date(door.clock.ms).toISOString(),
      nonce: randomUUID(),
      deviceOutcome: 'admitted',
    });
    await east.call('POST', '/api/checkin/uploads', {
      presentationId: door.presentationId,
      device: 'tablet-east',
      scans: [queued('East')],
    });
    const up = await west.call<CheckinUploadResponse>('POST', '/api/checkin/uploads', {
      presentationId: door.presentationId,
      device: 'tablet-west',
      scans: [queued('West')],
    });
    expect(up.body.results[0]).toMatchObject({ conflict: true });

    const conflict = (await report()).body.conflicts.find((c) => c.ticketIdentifier === ticket!.identifier)!;
    expect(conflict).toMatchObject({
      gate: 'West',
      device: 'tablet-west',
      admittedGate: 'East',
      outcome: 'already-admitted',
      reviewedAt: null,
      reviewedBy: null,
    });
    const reviewed = await east.call('POST', `/api/admin/doors/conflicts/${conflict.scanId}/review`);
    expect(reviewed.status).toBe(200);
    door.clock.ms += 60_000;
    const again = await west.call('POST', `/api/admin/doors/conflicts/${conflict.scanId}/review`);
    expect(again.body.reviewedAt).toBe(reviewed.body.reviewedAt);
    const listed = (await report()).body.conflicts.find((c) => c.scanId === conflict.scanId)!;
    expect(listed).toMatchObject({ reviewedAt: reviewed.body.reviewedAt, reviewedBy: 'admin' });
    const audit = await door.sql.query(
      `SELECT subject, detail FROM audit_log WHERE action = 'door-conflict-reviewed' AND detail->>'scanId' = $1`,
      [String(conflict.scanId)],
    );
    expect(audit.rows).toHaveLength(2);
    expect(audit.rows[0].subject).toBe(`presentation:${door.presentationId}`);

    const unknown = await east.call('POST', '/api/admin/doors/conflicts/2147483647/review?lang=he');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('DOOR_CONFLICT_NOT_FOUND');
    expect(unknown.body.message).toMatch(/[\u0590-\u05FF]/);
  });

  test('without the door permission 403; another business 403; an unknown date 404', async () => {
    const cashier = await staffOn('cashier');
    expect((await cashier.call('GET', `/api/admin/doors/presentations/${door.presentationId}`)).status).toBe(403);
    expect((await cashier.call('GET', '/api/admin/doors/presentations')).status).toBe(403);
    await door.sql.query(
      `INSERT INTO staff_permission (staff_user_id, permission) SELECT id, 293 FROM staff_user WHERE username = 'cashier'`,
    );
    try {
      const [arena] = (await door.sql.query(`SELECT id FROM presentation WHERE business_id = 2 LIMIT 1`)).rows;
      const other = await cashier.call('GET', `/api/admin/doors/presentations/${arena.id}`);
      expect([other.status, other.body.error]).toEqual([403, 'STAFF_BUSINESS_SCOPE']);
      const own = await cashier.call<DoorPresentationsResponse>('GET', '/api/admin/doors/presentations');
      expect(own.status).toBe(200);
      expect(own.body.presentations.map((p) => p.presentationId)).not.toContain(arena.id);
      // The keys are the installation's, not a business's: administrators only.
      expect((await cashier.call('POST', '/api/admin/doors/keys/rotate')).status).toBe(403);
      const missing = await (await doorStaff(door)).call('GET', '/api/admin/doors/presentations/2147483647');
      expect(missing.status).toBe(404);
    } finally {
      await door.sql.query(
        `DELETE FROM staff_permission WHERE permission = 293 AND staff_user_id = (SELECT id FROM staff_user WHERE username = 'cashier')`,
      );
    }
  });

  test('rotating the key from the back office: new codes carry the new key, old codes still admit, audited', async () => {
    const [old, fresh] = await sellTickets(door.sql, door.presentationId, 2);
    const oldCode = await codeOnETicket(door.a, old!);
    const admin = await doorStaff(door);
    const before = (await admin.call<DoorKeysResponse>('GET', '/api/admin/doors/keys')).body.keys;
    const activeBefore = before.find((k) => k.active)!;
    const rotated = await admin.call<DoorKeysResponse>('POST', '/api/admin/doors/keys/rotate');
    expect(rotated.status).toBe(200);
    const activeAfter = rotated.body.keys.find((k) => k.active)!;
    expect(activeAfter.keyId).toBeGreaterThan(activeBefore.keyId);
    const retired = rotated.body.keys.find((k) => k.keyId === activeBefore.keyId)!;
    expect(retired.active).toBe(false);
    // It verifies until the end of its last show, at least this one's start.
    expect(new Date(retired.verifiesUntil!).getTime()).toBeGreaterThan(door.showAt.getTime());

    // Node b still holds the old signer for up to a minute; a fresh read on either node signs with the new key.
    door.clock.ms += 61_000;
    const newCode = await codeOnETicket(door.a, fresh!);
    const { keys } = (await (await fetch(`${door.a.url}/api/checkin/keys`)).json()) as CheckinKeysResponse;
    const verdict = checkTicketCode(newCode, keys, new Date(door.clock.ms), ed25519Verify);
    expect(verdict).toMatchObject({ verdict: 'genuine', fields: { keyId: activeAfter.keyId } });
    expect((await scan(admin, door, oldCode, { gate: 'Rotation' })).body.outcome).toBe('admitted');
    expect((await scan(admin, door, newCode, { gate: 'Rotation' })).body.outcome).toBe('admitted');
    const audit = await door.sql.query(`SELECT detail FROM audit_log WHERE action = 'door-key-rotated'`);
    expect(audit.rows.at(-1).detail).toEqual({ retiredKeyId: activeBefore.keyId, activeKeyId: activeAfter.keyId });
  });
});
